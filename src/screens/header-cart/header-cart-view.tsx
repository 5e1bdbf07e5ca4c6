import { useEffect, useId, useLayoutEffect, useRef, useState, type FocusEvent, type KeyboardEvent, type MouseEvent } from 'react';
import type { CountdownView } from '#domain/countdown.ts';
import { formatMessage, messages } from '#domain/messages.ts';
import { Button } from '#src/ui/button.tsx';
import { Countdown } from '#src/ui/countdown.tsx';
import { Notice } from '#src/ui/notice.tsx';
import { Skeleton } from '#src/ui/skeleton.tsx';
import { Spinner } from '#src/ui/spinner.tsx';
import styles from './header-cart.module.css';

export interface HeaderCartLineView {
  id: string;
  code: string;
  /** What the amount box holds: the shopper's draft while typing, else the line's quantity. */
  amount: string;
  /** The line's GBP price, e.g. '£212.35'. */
  price: string;
  /** 'Amount should be greater than 0' when the draft is not above 0. */
  error: string | null;
  /** The line's change or removal is on its way to the server. */
  saving: boolean;
  canRemove: boolean;
}

export type HeaderCartStatus = 'loading' | 'empty' | 'ready' | 'error';

export interface HeaderCartViewProps {
  status: HeaderCartStatus;
  lines: readonly HeaderCartLineView[];
  /** '2 currencies in your cart'. */
  summary: string;
  /** '£1,234.56'. */
  total: string;
  countdown: CountdownView | null;
  /** The view-cart page of the cart's product. */
  checkoutHref: string;
  canCheckout: boolean;
  canEmpty: boolean;
  emptying: boolean;
  /** A failure in the spec's words ("We couldn't get your cart") or the server's message. */
  error: string | null;
  /** "We've cleared your cart". */
  notice?: string | null;
  onAmountChange: (lineId: string, text: string) => void;
  /** The shopper left the amount box. */
  onAmountCommit?: (lineId: string) => void;
  onRemove: (lineId: string) => void;
  onEmpty: () => void;
  /** 'Review & checkout' clicked: the app goes there without reloading the page. */
  onCheckout?: () => void;
  /** Stories open the dropdown from the start. */
  defaultOpen?: boolean;
}

function BasketIcon() {
  return (
    <svg width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
      <path d="M3 9h18l-2 11H5L3 9z" strokeLinejoin="round" />
      <path d="M8 9l4-6 4 6" strokeLinejoin="round" />
    </svg>
  );
}

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
        <label htmlFor={inputId} className="visually-hidden">
          {formatMessage(messages.lineAmountLabel, { code: line.code })}
        </label>
        <input
          ref={input}
          id={inputId}
          className={styles.amountInput}
          inputMode="decimal"
          autoComplete="off"
          value={line.amount}
          aria-invalid={line.error ? true : undefined}
          aria-describedby={line.error ? errorId : undefined}
          onChange={(e) => onAmountChange(line.id, e.target.value)}
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

/** The space kept between the dropdown and the window's edge, in CSS pixels. */
const EDGE = 12;

/**
 * The basket icon with its line count, opening the mini cart: a button that discloses a
 * non-modal dialog under it. Opening moves focus into the dialog; Escape closes it and gives focus
 * back to the button; a press outside it, or focus leaving it, closes it.
 */
export function HeaderCartView(props: HeaderCartViewProps) {
  const id = useId();
  const dialogId = `${id}-dialog`;
  const titleId = `${id}-title`;
  const [open, setOpen] = useState(props.defaultOpen ?? false);
  const wrapper = useRef<HTMLDivElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const dialog = useRef<HTMLDivElement>(null);
  const count = props.status === 'ready' ? props.lines.length : 0;
  const summary = props.status === 'ready' ? props.summary : messages.headerCartEmpty;
  // The badge's number is part of the button's name, so voice control users can say what they see (WCAG 2.5.3).
  const buttonSummary = count === 0 ? formatMessage(messages.cartLineCount, { count }) : summary;

  // Opened under the button's right edge; moved right if that would cut it off at the window's left edge.
  useLayoutEffect(() => {
    const panel = dialog.current;
    if (!open || panel === null) return;
    panel.style.right = '';
    const left = panel.getBoundingClientRect().left;
    if (left < EDGE) panel.style.right = `${left - EDGE}px`;
    panel.focus();
  }, [open]);

  // A press anywhere else closes it.
  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!(event.target instanceof Node) || !wrapper.current?.contains(event.target)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || !open) return;
    event.stopPropagation();
    setOpen(false);
    trigger.current?.focus();
  };
  const onBlur = (event: FocusEvent) => {
    const next = event.relatedTarget;
    if (next instanceof Node && !wrapper.current?.contains(next)) setOpen(false);
  };

  return (
    // Not a control: it hears Escape and focus leaving from the button and the dialog inside it.
    // eslint-disable-next-line jsx-a11y/no-static-element-interactions
    <div ref={wrapper} className={styles.wrapper} onKeyDown={onKeyDown} onBlur={onBlur}>
      <button
        ref={trigger}
        type="button"
        className={styles.trigger}
        aria-label={formatMessage(messages.cartButtonLabel, { summary: buttonSummary })}
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? dialogId : undefined}
        onClick={() => setOpen((o) => !o)}
      >
        <BasketIcon />
        <span className={styles.badge} aria-hidden="true" data-testid="header-cart-count">
          {count}
        </span>
      </button>
      {open ? (
        <div ref={dialog} id={dialogId} role="dialog" aria-labelledby={titleId} tabIndex={-1} className={`${styles.popover} ${styles.dialog}`}>
          <h2 id={titleId} className="visually-hidden">
            {summary}
          </h2>
          <HeaderCartPanel {...props} />
        </div>
      ) : null}
    </div>
  );
}
