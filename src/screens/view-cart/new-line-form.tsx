import { messages } from '#domain/messages.ts';
import { Button } from '#src/ui/button.tsx';
import { Field } from '#src/ui/field.tsx';
import { Notice } from '#src/ui/notice.tsx';
import { Spinner } from '#src/ui/spinner.tsx';
import { TextInput } from '#src/ui/text-input.tsx';
import styles from './view-cart.module.css';

export interface NewLineFormProps {
  /** The currencies on offer: none already in the cart (spec 5.1). */
  currencies: readonly { code: string; label: string }[];
  currencyCode: string | null;
  onCurrency: (code: string) => void;
  /** 'Amount (EUR)'. */
  amountLabel: string;
  amount: string;
  onAmount: (text: string) => void;
  /** 'Cost (£)', or 'You will receive (£)' for sell-back. */
  costLabel: string;
  cost: string;
  onCost: (text: string) => void;
  /** Leaving either box shows the amounts as they will be added (rounded to the increment). */
  onSettle: () => void;
  loadingRate: boolean;
  /** The rate could not be read: the server's message. */
  rateProblem: string | null;
  /** 'Maximum order value is £2,500'. */
  error: string | null;
  /** Disabled while the amount to add is 0 (spec 5.1). */
  canAdd: boolean;
  adding: boolean;
  onAdd: () => void;
}

/** 'Add new currency': a currency, its amount and its cost, each working out the other. */
export function NewLineForm(props: NewLineFormProps) {
  const { currencies, currencyCode } = props;
  return (
    <section className={styles.newLine} aria-labelledby="new-line-title">
      <h2 id="new-line-title" className={styles.newLineTitle}>
        {messages.addNewCurrency}
      </h2>
      <form
        className={styles.newLineForm}
        onSubmit={(event) => {
          event.preventDefault();
          if (props.canAdd && !props.adding) props.onAdd();
        }}
      >
        <Field label={messages.newLineCurrency} className={styles.newLineField}>
          {(control) => (
            <select
              {...control}
              className={styles.select}
              value={currencyCode ?? ''}
              onChange={(event) => props.onCurrency(event.target.value)}
            >
              <option value="" disabled>
                {messages.chooseCurrency}
              </option>
              {currencies.map((c) => (
                <option key={c.code} value={c.code}>
                  {c.label}
                </option>
              ))}
            </select>
          )}
        </Field>
        <TextInput
          label={props.amountLabel}
          inputMode="decimal"
          autoComplete="off"
          value={props.amount}
          onChange={(event) => props.onAmount(event.target.value)}
          onBlur={props.onSettle}
          disabled={currencyCode === null || props.loadingRate || props.rateProblem !== null}
          fieldClassName={styles.newLineField}
        />
        <TextInput
          label={props.costLabel}
          inputMode="decimal"
          autoComplete="off"
          value={props.cost}
          onChange={(event) => props.onCost(event.target.value)}
          onBlur={props.onSettle}
          error={props.error}
          disabled={currencyCode === null || props.loadingRate || props.rateProblem !== null}
          fieldClassName={styles.newLineField}
        />
        <div className={styles.newLineAction}>
          <Button type="submit" variant="secondary" disabled={!props.canAdd} loading={props.adding} loadingLabel={messages.addingToCart}>
            {messages.addCurrency}
          </Button>
        </div>
      </form>
      {props.loadingRate ? <Spinner label={messages.gettingRate} showLabel /> : null}
      {props.rateProblem ? <Notice tone="error">{props.rateProblem}</Notice> : null}
    </section>
  );
}
