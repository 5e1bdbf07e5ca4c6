import { useEffect, useRef, type ReactNode } from 'react';
import type { IdentificationNotice } from '#domain/identification.ts';
import { formatMessage, messages } from '#domain/messages.ts';
import { Button } from '#src/ui/button.tsx';
import { LineAmountInput } from '#src/ui/line-amount-input.tsx';
import { Notice } from '#src/ui/notice.tsx';
import { Radio, RadioGroup } from '#src/ui/radio-group.tsx';
import { Spinner } from '#src/ui/spinner.tsx';
import { PageLoading } from '../checkout-shared/page-status.tsx';
import { NewLineForm, type NewLineFormProps } from './new-line-form.tsx';
import styles from './view-cart.module.css';

export interface ReviewLine {
  id: string;
  code: string;
  name: string;
  /** What the amount box holds: the shopper's draft while typing, else the line's quantity. */
  amount: string;
  /** '€5'. */
  roundedUpTo: string;
  /** '1.1423'. */
  rate: string;
  /** '£437.72'. */
  cost: string;
  /** 'Amount should be greater than 0'. */
  error: string | null;
  saving: boolean;
  canRemove: boolean;
  removing: boolean;
}

export interface GuaranteeQuestions {
  buybackOffered: boolean;
  buybackEligible: boolean;
  /** 'Your cart is too small to use the Buyback Guarantee. It's available on carts of £150 or more.' */
  buybackNotice: string | null;
  buybackChoice: boolean | null;
  buybackError: string | null;
  refundOffered: boolean;
  refundChoice: boolean | null;
  refundError: string | null;
  canChoose: boolean;
}

export type ViewCartStatus = 'loading' | 'noCart' | 'unavailable' | 'cleared' | 'empty' | 'ready';

export interface ViewCartViewProps {
  status: ViewCartStatus;
  sellBack: boolean;
  lines: readonly ReviewLine[];
  /** The line whose amount was last refused (and when): focus goes back to it (spec 5.1). */
  /** Focus returns to this line's box (a new object each time it is refused). */
  invalidLine: { lineId: string } | null;
  onLineAmount: (lineId: string, text: string) => void;
  onLineAmountDone: (lineId: string) => void;
  onRemove: (lineId: string) => void;
  /** The 'Add new currency' form, while there is a cart to add to. */
  newLine: NewLineFormProps | null;
  guarantees: GuaranteeQuestions | null;
  onBuyback: (choice: boolean) => void;
  onRefund: (choice: boolean) => void;
  /** '£869.34'. */
  total: string;
  /** What changed without the shopper typing it: 'Your answer is saved. Total: £505.43'. */
  announcement?: string | null;
  /** 'Minimum spend of £100 has not been met', or null. */
  spendMessage: string | null;
  canProceed: boolean;
  proceeding: boolean;
  onProceed: () => void;
  /** What the order will need at the counter or before it is sent: said before payment, not at the counter. */
  identification?: IdentificationNotice | null;
  /** The notes you want (issue 45), under the lines of a purchase. */
  notes?: ReactNode;
}

const yesNo = (choice: boolean | null) => (choice === null ? null : choice ? 'yes' : 'no');

/** The review step (spec 2.6): lines, 'Add new currency', the guarantees, total and proceed. */
export function ViewCartView(props: ViewCartViewProps) {
  const { status, sellBack, guarantees } = props;
  if (status === 'loading') return <PageLoading label={messages.loadingCart} />;
  if (status === 'noCart') return <Notice tone="warning">{messages.noCart}</Notice>;
  if (status === 'cleared') return <Notice tone="info">{messages.cartCleared}</Notice>;
  if (status === 'unavailable') return <Notice tone="error">{messages.cartFetchFailed}</Notice>;

  return (
    <div className={styles.review}>
      {status === 'empty' ? (
        <div className={styles.empty}>
          <Notice tone="info" live={false}>
            {messages.viewCartEmpty}
          </Notice>
          <a href="/" className={styles.leave}>
            {messages.leaveCheckout}
          </a>
        </div>
      ) : (
        <LinesTable {...props} />
      )}

      {status === 'ready' && props.notes ? props.notes : null}

      {props.newLine ? <NewLineForm {...props.newLine} /> : null}

      {guarantees && status === 'ready' ? (
        <section className={styles.guarantees} aria-label={`${messages.buybackGuaranteeTitle}, ${messages.refundGuaranteeTitle}`}>
          {guarantees.buybackOffered ? (
            <div className={styles.question}>
              <h2 className={styles.questionTitle}>{messages.buybackGuaranteeTitle}</h2>
              <p className={styles.promise}>{messages.buybackGuaranteePromise}</p>
              {guarantees.buybackNotice ? (
                <Notice tone="warning" live={false}>
                  {guarantees.buybackNotice}
                </Notice>
              ) : null}
              <RadioGroup
                label={messages.buybackQuestion}
                horizontal
                value={yesNo(guarantees.buybackChoice)}
                onChange={(value) => props.onBuyback(value === 'yes')}
                isDisabled={!guarantees.buybackEligible}
                isBusy={!guarantees.canChoose}
                isRequired
                error={guarantees.buybackError}
              >
                <Radio value="yes">{messages.yes}</Radio>
                <Radio value="no">{messages.no}</Radio>
              </RadioGroup>
            </div>
          ) : null}
          {guarantees.refundOffered ? (
            <div className={styles.question}>
              <h2 className={styles.questionTitle}>{messages.refundGuaranteeTitle}</h2>
              <p className={styles.promise}>{messages.refundGuaranteePromise}</p>
              <RadioGroup
                label={messages.refundQuestion}
                horizontal
                value={yesNo(guarantees.refundChoice)}
                onChange={(value) => props.onRefund(value === 'yes')}
                isBusy={!guarantees.canChoose}
                isRequired
                error={guarantees.refundError}
              >
                <Radio value="yes">{messages.yes}</Radio>
                <Radio value="no">{messages.no}</Radio>
              </RadioGroup>
            </div>
          ) : null}
        </section>
      ) : null}

      {props.identification && status === 'ready' ? (
        <section className={styles.identification} aria-label={props.identification.title} data-testid="identification-notice">
          {/* Polite: it appears, or goes, as the shopper changes an amount across the threshold. */}
          <Notice tone={props.identification.kind === 'identification' ? 'warning' : 'info'} title={props.identification.title}>
            {props.identification.lines.map((line) => (
              <p key={line}>{line}</p>
            ))}
          </Notice>
        </section>
      ) : null}

      {status === 'ready' ? (
        <div className={styles.footer}>
          <p className={styles.total}>
            <span>{sellBack ? messages.totalYoullReceive : messages.total}</span>
            <span data-testid="cart-total">{props.total}</span>
          </p>
          {/* Polite, once: a saved answer and the total it changed, which the shopper did not type (WCAG 4.1.3). */}
          <p className="visually-hidden" role="status" aria-live="polite" aria-atomic="true" data-testid="review-announcer">
            {props.announcement ?? ''}
          </p>
          {props.spendMessage ? (
            <Notice tone="error" className={styles.spend}>
              {props.spendMessage}
            </Notice>
          ) : null}
          <Button
            onClick={props.onProceed}
            disabled={!props.canProceed}
            loading={props.proceeding}
            loadingLabel={messages.proceedingToCheckout}
            className={styles.proceed}
          >
            {messages.proceedToCheckout}
          </Button>
        </div>
      ) : null}
    </div>
  );
}

function LinesTable({ sellBack, lines, invalidLine, onLineAmount, onLineAmountDone, onRemove }: ViewCartViewProps) {
  const inputs = useRef<Record<string, HTMLInputElement | null>>({});
  useEffect(() => {
    if (invalidLine) inputs.current[invalidLine.lineId]?.focus();
  }, [invalidLine]);
  return (
    <div className={styles.tableWrap}>
      <table className={styles.table}>
        <thead>
          <tr>
            <th scope="col">{messages.currencyColumn}</th>
            <th scope="col">{messages.amountColumn}</th>
            <th scope="col">{messages.roundedUpToColumn}</th>
            <th scope="col">{messages.rateColumn}</th>
            <th scope="col" className={styles.number}>
              {sellBack ? messages.youWillReceive : messages.cost}
            </th>
            <th scope="col">
              <span className="visually-hidden">{messages.delete}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {lines.map((line) => {
            const inputId = `view-cart-line-${line.id}`;
            const errorId = `${inputId}-error`;
            return (
              <tr key={line.id} data-testid="review-line">
                <th scope="row" data-label={messages.currencyColumn}>
                  <span className={styles.code}>{line.code}</span> <span className={styles.muted}>{line.name}</span>
                </th>
                <td data-label={messages.amountColumn}>
                  <LineAmountInput
                    id={inputId}
                    line={line}
                    className={styles.amountInput}
                    inputRef={(element) => {
                      inputs.current[line.id] = element;
                    }}
                    onChange={(amount) => onLineAmount(line.id, amount)}
                    onBlur={() => onLineAmountDone(line.id)}
                  />
                  {line.saving ? <Spinner label={messages.savingCart} className={styles.lineSpinner} /> : null}
                  {line.error ? (
                    <p id={errorId} className={styles.lineError}>
                      {line.error}
                    </p>
                  ) : null}
                </td>
                <td data-label={messages.roundedUpToColumn}>{line.roundedUpTo}</td>
                <td data-label={messages.rateColumn}>{line.rate}</td>
                <td data-label={sellBack ? messages.youWillReceive : messages.cost} className={styles.number}>
                  {line.cost}
                </td>
                <td className={styles.actions}>
                  <Button
                    variant="link"
                    onClick={() => onRemove(line.id)}
                    disabled={!line.canRemove}
                    loading={line.removing}
                    loadingLabel={formatMessage(messages.deletingLine, { code: line.code })}
                    aria-label={formatMessage(messages.deleteLine, { code: line.code })}
                  >
                    {messages.delete}
                  </Button>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
