/**
 * The mini cart's dropdown body, loaded when the shopper first reaches for the basket (it is not
 * needed to show the page): the countdown with "Need more time?", the lines, summary, total and
 * the two actions.
 */
import { useEffect, useRef, type MouseEvent } from 'react';
import { formatMessage, messages } from '#domain/messages.ts';
import { Button } from '#src/ui/button.tsx';
import { Countdown } from '#src/ui/countdown.tsx';
import { LineAmountInput } from '#src/ui/line-amount-input.tsx';
import { MoreTime } from '#src/ui/more-time.tsx';
import { Notice } from '#src/ui/notice.tsx';
import { Skeleton } from '#src/ui/skeleton.tsx';
import { Spinner } from '#src/ui/spinner.tsx';
import type { HeaderCartLineView, HeaderCartViewProps } from './header-cart-view.tsx';
import styles from './header-cart.module.css';

function LineRow({
  line,
  onAmountChange,
  onAmountCommit,
  onRemove,
}: { line: HeaderCartLineView } & Pick<HeaderCartViewProps, 'onAmountChange' | 'onAmountCommit' | 'onRemove'>) {
  const input = useRef<HTMLInputElement>(null);
  const inputId = `header-cart-line-${line.id}`;
  const errorId = `${inputId}-error`;
  // Spec 5.1: a quantity not above 0 sends focus back to the field.
  useEffect(() => {
    if (line.error) input.current?.focus();
  }, [line.error]);
  return (
    <li className={styles.line} data-testid="header-cart-line">
      <span className={styles.code}>{line.code}</span>
      <div className={styles.amount}>
        <LineAmountInput
          id={inputId}
          line={line}
          className={styles.amountInput}
          inputRef={input}
          onChange={(amount) => onAmountChange(line.id, amount)}
          onBlur={() => onAmountCommit?.(line.id)}
        />
      </div>
      <span className={styles.price}>
        {line.saving ? <Spinner label={messages.loadingCart} /> : null}
        {line.price}
      </span>
      <button
        type="button"
        className={styles.remove}
        aria-label={formatMessage(messages.removeLine, { code: line.code })}
        disabled={!line.canRemove}
        onClick={() => onRemove(line.id)}
      >
        <svg width="18" height="18" viewBox="0 0 20 20" stroke="currentColor" strokeWidth="2" aria-hidden="true">
          <path d="M5 5l10 10M15 5L5 15" />
        </svg>
      </button>
      {line.error ? (
        <p id={errorId} className={styles.lineError} role="alert">
          {line.error}
        </p>
      ) : null}
    </li>
  );
}

/** The dropdown's body: the countdown, lines, summary, total and the two actions. */
export function HeaderCartPanel(props: HeaderCartViewProps) {
  const { status, lines, summary, total, countdown, checkoutHref, canCheckout, canEmpty, emptying, error, onCheckout } = props;
  const onCheckoutClick = (event: MouseEvent<HTMLAnchorElement>) => {
    // The link works without script and in a new tab; a plain click stays in the app.
    if (!onCheckout || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    onCheckout();
  };
  if (status === 'loading') {
    return (
      <div className={styles.loading} aria-busy="true">
        <Spinner label={messages.loadingCart} showLabel />
        <Skeleton lines={3} />
      </div>
    );
  }
  if (status === 'error') {
    return <Notice tone="error">{error ?? messages.cartFetchFailed}</Notice>;
  }
  if (status === 'empty') {
    return (
      <>
        {props.notice ? <Notice tone="info">{props.notice}</Notice> : null}
        {error ? <Notice tone="error">{error}</Notice> : null}
        <p className={styles.empty}>{messages.headerCartEmpty}</p>
      </>
    );
  }
  return (
    <div className={styles.panelBody}>
      {countdown ? (
        <div className={styles.countdown}>
          <Countdown view={countdown} label={messages.timeLeft} />
          {props.moreTime && props.onMoreTime ? <MoreTime view={props.moreTime} onExtend={props.onMoreTime} /> : null}
        </div>
      ) : null}
      {props.notice ? <Notice tone="info">{props.notice}</Notice> : null}
      {error ? <Notice tone="error">{error}</Notice> : null}
      <ul className={styles.lines} aria-label={summary}>
        {lines.map((line) => (
          <LineRow
            key={line.id}
            line={line}
            onAmountChange={props.onAmountChange}
            onAmountCommit={props.onAmountCommit}
            onRemove={props.onRemove}
          />
        ))}
      </ul>
      <p className={styles.summary}>{summary}</p>
      <p className={styles.total}>
        <span>{messages.total}</span>
        <strong>{total}</strong>
      </p>
      <div className={styles.actions}>
        {canCheckout ? (
          <a className={styles.checkout} href={checkoutHref} onClick={onCheckoutClick}>
            {messages.reviewAndCheckout}
          </a>
        ) : (
          <span className={`${styles.checkout} ${styles.checkoutDisabled}`} aria-disabled="true" role="link">
            {messages.reviewAndCheckout}
          </span>
        )}
        <Button variant="link" onClick={props.onEmpty} disabled={!canEmpty} loading={emptying}>
          {messages.emptyCart}
        </Button>
      </div>
    </div>
  );
}

