import { memo, useId, useRef, type ReactNode } from 'react';
import type { ProductId, TransactionType } from '#domain/contract/catalogue.ts';
import { formatMessage, messages } from '#domain/messages.ts';
import { formatCount } from '#domain/money.ts';
import { Button } from '#src/ui/button.tsx';
import { Notice } from '#src/ui/notice.tsx';
import { Radio, RadioGroup } from '#src/ui/radio-group.tsx';
import { Skeleton } from '#src/ui/skeleton.tsx';
import { Spinner } from '#src/ui/spinner.tsx';
import { Tabs } from '#src/ui/tabs.tsx';
import { Toast } from '#src/ui/toast.tsx';
import styles from './calculator.module.css';

export interface AmountInputView {
  /** Which picker this is, for the chart ('gbp', 'foreign' or 'sellBack'). */
  id: string;
  label: string;
  value: string;
  /** The text after a key, and that key (the chart ignores Tab). */
  onChange: (text: string, key: string | undefined) => void;
  /** Spec 5.1: the GBP box of the buy flow takes at most 4 characters. */
  maxLength?: number;
  readOnly?: boolean;
}

export interface CalculatorViewProps {
  status: 'loading' | 'ready' | 'error';
  /** A failure to load the calculator (server message or the generic text). */
  loadError?: string | null;
  /** Loads the calculator again after a failure; absent when the chart cannot retry. */
  onRetry?: (() => void) | undefined;
  /** Tab titles from content ('Buy travel money' / 'Sell travel money'). */
  tabTitles: Record<TransactionType, string>;
  /**
   * The calculator's heading: the page's h1 where the calculator is the page (the sell page, the
   * embedded calculator), an h2 under the home page's own h1 (WCAG 1.3.1).
   */
  headingLevel?: 1 | 2;
  /** The transaction types offered: the sell tab (customer sells back) only with enableSelling. */
  transactionTypes: readonly TransactionType[];
  transactionType: TransactionType;
  onTransactionTypeChange: (type: TransactionType) => void;
  /** Optional content under the tabs. */
  intro?: string | null;

  /**
   * The currency picker (a `CurrencyPicker`). Its own container renders it, subscribed to the
   * search, so a key typed in its box re-renders the picker and not the whole form.
   */
  currencyPicker: ReactNode;
  /** The currency's restriction messages, and the not-sellable / not-buyable notice. */
  restrictions: readonly string[];
  unavailable: string | null;

  /**
   * The amount boxes (an `AmountField` for each picker, in the order the flow reads), told whether
   * they are invalid and what describes them. Their own container renders them, so a key typed in a
   * box re-renders the boxes and not the whole form.
   */
  amountFields: (describe: { invalid: boolean; describedBy: string | undefined }) => ReactNode;
  /** 'Maximum order value is £2,500' or 'Amount should be greater than 0'. */
  amountError: string | null;
  /** "Due to your chosen location, we've rounded the amount to the nearest €5". */
  roundingWarning: string | null;

  quoteStatus: 'idle' | 'loading' | 'ready' | 'error';
  /** '£1 = €1.1423'. */
  rateLine: string | null;
  /** 'Better rate over £500: €1.1800' under the rate line, when the quote has tiers. */
  tierHint?: { text: string; reached: boolean } | null;
  /** The server's message when the quote failed. */
  quoteError: string | null;

  /**
   * Delivery option radios: the buy flow only (null otherwise). An option is disabled on its own
   * when the embedded calculator's store does not fulfil it.
   */
  products: { options: readonly { id: ProductId; label: string; disabled?: boolean }[]; selected: ProductId; disabled: boolean } | null;
  onProductChange: (id: ProductId) => void;

  /**
   * "Order within 2 h 14 m for delivery on Tuesday 25 November" (or collection from a date); null:
   * none; undefined: not known yet (its place is kept under the delivery options, so nothing
   * below moves when it appears).
   */
  cutOff?: string | null | undefined;
  /** The branch entry for click and collect; null hides it (other products, embedded mode). */
  branch: { name: string | null; onOpen: () => void; canOpen: boolean; bindButton?: (element: HTMLButtonElement | null) => void } | null;

  /** A button in the page, or a link in embedded iframe mode. */
  addToCart: { kind: 'button'; onPress: () => void; enabled: boolean; busy: boolean } | { kind: 'link'; href: string | null };
  /** Return to cart, when a cart exists. */
  onReturnToCart: (() => void) | null;
  /** Reason adding failed (server message). */
  cartError: string | null;

  reviews: { rating: number; count: number; text: string } | null;
  signedIn: boolean;
  toast: string | null;
  onDismissToast: () => void;
  /** The loyalty sign-in address when the CTA is on and the visitor has no profile. */
  loyaltyHref: string | null;
  /** Starts the sign-in instead of following the link (the session token stays out of the address). */
  onLoyaltySignIn?: (() => void) | undefined;
  /** The branch selection modal, rendered by its own container. */
  branchModal?: ReactNode;
}

/** An amount box (the boxes read GBP then foreign when buying, foreign then GBP when selling back). */
export function AmountField({ amount, invalid, describedBy }: { amount: AmountInputView; invalid: boolean; describedBy: string | undefined }) {
  const id = useId();
  const lastKey = useRef<string | undefined>(undefined);
  return (
    <div className={styles.amount}>
      <label htmlFor={id} className={styles.fieldLabel}>
        {amount.label}
      </label>
      <input
        id={id}
        className={styles.amountInput}
        inputMode="decimal"
        autoComplete="off"
        value={amount.value}
        maxLength={amount.maxLength}
        readOnly={amount.readOnly}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        onKeyDown={(e) => {
          lastKey.current = e.key;
        }}
        onChange={(e) => {
          amount.onChange(e.target.value, lastKey.current);
          lastKey.current = undefined;
        }}
      />
    </div>
  );
}

type ProductChoiceProps = { products: NonNullable<CalculatorViewProps['products']>; onChange: CalculatorViewProps['onProductChange'] };

/** Home delivery or click and collect; memoised, as the form re-renders for every repricing. */
const ProductChoice = memo(function ProductChoice({ products, onChange }: ProductChoiceProps) {
  return (
    <RadioGroup
      label={messages.deliveryOptionLabel}
      value={String(products.selected)}
      onChange={(v) => onChange(Number(v) as ProductId)}
      isDisabled={products.disabled}
      horizontal
    >
      {products.options.map((o) => (
        <Radio key={o.id} value={String(o.id)} isDisabled={o.disabled}>
          {o.label}
        </Radio>
      ))}
    </RadioGroup>
  );
});

function CalculatorForm(props: CalculatorViewProps) {
  const errorId = useId();
  const warningId = useId();
  const describedBy = [props.amountError ? errorId : null, props.roundingWarning ? warningId : null].filter(Boolean).join(' ') || undefined;
  const add = props.addToCart;
  return (
    <div className={styles.form}>
      {props.intro ? <p className={styles.intro}>{props.intro}</p> : null}
      {props.currencyPicker}
      {props.unavailable ? <Notice tone="warning">{props.unavailable}</Notice> : null}
      {props.restrictions.map((text) => (
        <Notice key={text} tone="info">
          {text}
        </Notice>
      ))}
      <div className={styles.amounts}>{props.amountFields({ invalid: Boolean(props.amountError), describedBy })}</div>
      {props.amountError ? (
        <p id={errorId} className={styles.error} role="alert">
          {props.amountError}
        </p>
      ) : null}
      {props.roundingWarning ? (
        <p id={warningId} className={styles.warning} role="status">
          {props.roundingWarning}
        </p>
      ) : null}
      <div className={styles.rate} aria-live="polite">
        {props.quoteStatus === 'loading' ? (
          <Spinner label={messages.gettingRate} showLabel />
        ) : props.quoteStatus === 'error' ? (
          <Notice tone="error">{props.quoteError ?? messages.somethingWentWrong}</Notice>
        ) : props.rateLine ? (
          <>
            <span className={styles.rateLine} data-testid="rate-line">
              {props.rateLine}
            </span>
            {props.tierHint ? (
              <span className={props.tierHint.reached ? `${styles.tierHint} ${styles.tierReached}` : styles.tierHint} data-testid="tier-hint">
                {props.tierHint.text}
              </span>
            ) : null}
          </>
        ) : null}
      </div>
      {props.products ? <ProductChoice products={props.products} onChange={props.onProductChange} /> : null}
      {props.branch ? (
        <div className={styles.branch}>
          <span className={styles.fieldLabel}>{props.transactionType === 'buy' ? messages.dropOffBranch : messages.collectionBranch}</span>
          <span className={styles.branchName}>{props.branch.name ?? messages.noBranchChosen}</span>
          <BranchButton {...props.branch} />
        </div>
      ) : null}
      {props.cutOff ? (
        <p className={styles.cutOff} data-testid="cut-off">
          {props.cutOff}
        </p>
      ) : props.cutOff === undefined && props.products ? (
        <p className={styles.cutOffPlace} aria-hidden="true" />
      ) : null}
      {props.cartError ? <Notice tone="error">{props.cartError}</Notice> : null}
      <div className={styles.actions}>
        {add.kind === 'button' ? (
          <Button onClick={add.onPress} disabled={!add.enabled} loading={add.busy} loadingLabel={messages.addingToCart} fullWidth>
            {messages.addToCart}
          </Button>
        ) : add.href ? (
          <a className={styles.linkButton} href={add.href} target="_top">
            {messages.addToCart}
          </a>
        ) : (
          <span className={`${styles.linkButton} ${styles.linkDisabled}`} role="link" aria-disabled="true">
            {messages.addToCart}
          </span>
        )}
        {props.onReturnToCart ? (
          <Button variant="link" onClick={props.onReturnToCart}>
            {messages.returnToCart}
          </Button>
        ) : null}
      </div>
    </div>
  );
}

/**
 * Choose or change the branch. Focusable while the new branch's quote loads (aria-disabled, not
 * disabled): focus comes back here as the branch dialog closes (WCAG 2.4.3).
 */
function BranchButton({ name, onOpen, canOpen, bindButton }: NonNullable<CalculatorViewProps['branch']>) {
  return (
    <Button ref={bindButton} variant="secondary" onClick={onOpen} disabled={!canOpen} focusableWhenDisabled>
      {name ? messages.changeBranch : messages.chooseBranch}
    </Button>
  );
}

/** The calculator widget (spec 2.1). */
export function CalculatorView(props: CalculatorViewProps) {
  if (props.status === 'loading') {
    return (
      <section className={styles.calculator} aria-busy="true" aria-label={props.tabTitles.sell}>
        <Spinner label={messages.loadingCalculator} showLabel />
        <Skeleton lines={6} />
      </section>
    );
  }
  if (props.status === 'error') {
    return (
      <section className={styles.calculator} aria-label={props.tabTitles.sell}>
        <Notice tone="error">{props.loadError ?? messages.somethingWentWrong}</Notice>
        {props.onRetry ? (
          <Button variant="secondary" onClick={props.onRetry}>
            {messages.retry}
          </Button>
        ) : null}
      </section>
    );
  }
  const form = <CalculatorForm {...props} />;
  const Title = props.headingLevel === 2 ? 'h2' : 'h1';
  return (
    <section className={styles.calculator} aria-label={props.tabTitles[props.transactionType]}>
      <Toast message={props.toast} tone="success" onDismiss={props.onDismissToast} dismissLabel={messages.close} />
      {props.signedIn ? (
        <p className={styles.signedIn} data-testid="signed-in">
          {messages.signedIn}
        </p>
      ) : null}
      {props.transactionTypes.length > 1 ? (
        <Title className="visually-hidden">{props.tabTitles[props.transactionType]}</Title>
      ) : null}
      {props.transactionTypes.length > 1 ? (
        <Tabs
          label={messages.transactionTypeLabel}
          tabs={props.transactionTypes.map((type) => ({ id: type, title: props.tabTitles[type] }))}
          selected={props.transactionType}
          onSelect={props.onTransactionTypeChange}
          classNames={{ root: styles.tabs, list: styles.tabList, tab: styles.tab, panel: styles.panel }}
        >
          {form}
        </Tabs>
      ) : (
        <>
          <Title className={styles.title}>{props.tabTitles[props.transactionType]}</Title>
          <div className={styles.panel}>{form}</div>
        </>
      )}
      {props.reviews ? (
        <p className={styles.reviews}>
          <strong>{props.reviews.text}</strong>{' '}
          {formatMessage(messages.reviewsSummary, { rating: props.reviews.rating, count: formatCount(props.reviews.count) })}
        </p>
      ) : null}
      {props.loyaltyHref ? (
        <a
          className={styles.loyalty}
          href={props.loyaltyHref}
          onClick={(event) => {
            if (props.onLoyaltySignIn === undefined) return;
            event.preventDefault();
            props.onLoyaltySignIn();
          }}
        >
          {messages.loyaltyCta}
        </a>
      ) : null}
      {props.branchModal}
    </section>
  );
}
