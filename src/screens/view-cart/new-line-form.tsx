import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { Currency } from '#domain/contract/catalogue.ts';
import { formatMessage, messages } from '#domain/messages.ts';
import {
  selectAmountError,
  selectBoxes,
  selectCanAdd,
  selectCanType,
  selectChosenCurrency,
  selectNewLineProblem,
  selectOfferedCurrencies,
  type NewLineMachine,
} from '#machines/cart/new-line.machine.ts';
import { Button } from '#src/ui/button.tsx';
import { Field } from '#src/ui/field.tsx';
import { Notice } from '#src/ui/notice.tsx';
import { Spinner } from '#src/ui/spinner.tsx';
import { TextInput } from '#src/ui/text-input.tsx';
import styles from './view-cart.module.css';

export type NewLineActorRef = ActorRefFrom<NewLineMachine>;

export interface NewLineFormProps {
  /** The form's actor (machines/cart/new-line.machine.ts). */
  newLine: NewLineActorRef;
  /** Sell-back: 'You will receive (£)' instead of 'Cost (£)'. */
  sellBack: boolean;
  /** The cart is adding a line: Add shows 'Adding to cart'. */
  adding: boolean;
  /** The cart takes lines now (it exists and is not checking out). */
  cartTakesLines: boolean;
}

const sameCurrencies = (a: readonly Currency[], b: readonly Currency[]) => a.length === b.length && a.every((c, i) => c === b[i]);
const sameBoxes = (a: { amount: string; cost: string }, b: { amount: string; cost: string }) => a.amount === b.amount && a.cost === b.cost;

/** 'Add new currency': a currency, its amount and its cost, each working out the other. */
export function NewLineForm({ newLine, sellBack, adding, cartTakesLines }: NewLineFormProps) {
  const currencies = useSelector(newLine, selectOfferedCurrencies, sameCurrencies);
  const currencyCode = useSelector(newLine, selectChosenCurrency);
  const boxes = useSelector(newLine, selectBoxes, sameBoxes);
  const error = useSelector(newLine, selectAmountError);
  const problem = useSelector(newLine, selectNewLineProblem);
  const loadingRate = useSelector(newLine, (s) => s.hasTag('quoteLoading'));
  const canType = useSelector(newLine, selectCanType);
  const canAdd = useSelector(newLine, selectCanAdd) && cartTakesLines && !adding;

  return (
    <section className={styles.newLine} aria-labelledby="new-line-title">
      <h2 id="new-line-title" className={styles.newLineTitle}>
        {messages.addNewCurrency}
      </h2>
      <form
        className={styles.newLineForm}
        onSubmit={(event) => {
          event.preventDefault();
          if (canAdd) newLine.send({ type: 'newLine.addRequested' });
        }}
      >
        <Field label={messages.newLineCurrency} className={styles.newLineField}>
          {(control) => (
            <select
              {...control}
              className={styles.select}
              value={currencyCode ?? ''}
              onChange={(event) => newLine.send({ type: 'newLine.currencyChosen', currencyCode: event.target.value })}
            >
              <option value="" disabled>
                {messages.chooseCurrency}
              </option>
              {currencies.map((c) => (
                <option key={c.code} value={c.code}>
                  {`${c.code} - ${c.pluralName}`}
                </option>
              ))}
            </select>
          )}
        </Field>
        <TextInput
          label={formatMessage(messages.newLineAmount, { code: currencyCode ?? '' }).replace(' ()', '')}
          inputMode="decimal"
          autoComplete="off"
          value={boxes.amount}
          onChange={(event) => newLine.send({ type: 'amount.typed', picker: 'foreign', text: event.target.value })}
          onBlur={() => newLine.send({ type: 'amount.settled' })}
          disabled={!canType}
          fieldClassName={styles.newLineField}
        />
        <TextInput
          label={sellBack ? messages.newLineReceive : messages.newLineCost}
          inputMode="decimal"
          autoComplete="off"
          value={boxes.cost}
          onChange={(event) => newLine.send({ type: 'amount.typed', picker: 'gbp', text: event.target.value })}
          onBlur={() => newLine.send({ type: 'amount.settled' })}
          error={error}
          disabled={!canType}
          fieldClassName={styles.newLineField}
        />
        <div className={styles.newLineAction}>
          <Button type="submit" variant="secondary" disabled={!canAdd} loading={adding} loadingLabel={messages.addingToCart}>
            {messages.addCurrency}
          </Button>
        </div>
      </form>
      {loadingRate ? <Spinner label={messages.gettingRate} showLabel /> : null}
      {problem ? <Notice tone="error">{problem}</Notice> : null}
    </section>
  );
}
