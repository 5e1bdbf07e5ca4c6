import { useEffect, useId, useLayoutEffect, useRef, useState, type ComponentType, type FocusEvent, type KeyboardEvent } from 'react';
import type { CountdownView } from '#domain/countdown.ts';
import { formatMessage, messages } from '#domain/messages.ts';
import { Button } from '#src/ui/button.tsx';
import { fetchedOnce } from '#src/ui/fetched-once.ts';
import { useFocusWhenGone } from '#src/ui/focus-kept.ts';
import { MoreTimeAnnouncer } from '#src/ui/more-time-announcer.tsx';
import type { MoreTimeView } from '#machines/cart/cart.selectors.ts';
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
  /** "Need more time?" in the countdown's last 5 minutes; null while there is no open cart. */
  moreTime?: MoreTimeView | null;
  onMoreTime?: () => void;
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

type Panel = ComponentType<HeaderCartViewProps>;
const panel = fetchedOnce<Panel>(() => import('./header-cart-panel.tsx').then((m) => m.HeaderCartPanel));

/** Loads the dropdown's body (once); the basket asks for it as soon as the pointer or focus reaches it. */
export const preloadHeaderCartPanel = panel.load;

const preloadQuietly = () => {
  preloadHeaderCartPanel().catch(() => undefined);
};

/** The dropdown's body, or 'Loading your cart' for the moment it takes to arrive. */
function HeaderCartPanel(props: HeaderCartViewProps) {
  const [Loaded, setLoaded] = useState<Panel | null>(() => panel.now());
  useEffect(() => {
    if (Loaded !== null) return;
    let live = true;
    preloadHeaderCartPanel().then(
      (panel) => live && setLoaded(() => panel),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [Loaded]);
  if (Loaded === null) {
    return (
      <div className={styles.loading} aria-busy="true">
        <Spinner label={messages.loadingCart} showLabel />
      </div>
    );
  }
  return <Loaded {...props} />;
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
  // "Need more time?" beside the basket goes once its work is done: focus back on the basket, not the body.
  const [shortcutPressed, setShortcutPressed] = useState(false);
  useFocusWhenGone(shortcutPressed && !props.moreTime?.offer && !props.moreTime?.extending, trigger);
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
        onPointerEnter={preloadQuietly}
        onFocus={preloadQuietly}
      >
        <BasketIcon />
        <span className={styles.badge} aria-hidden="true" data-testid="header-cart-count">
          {count}
        </span>
      </button>
      {!open && props.moreTime?.offer && props.onMoreTime ? (
        // Closed, the cart still offers more time beside the basket, so the warning is seen too.
        <Button
          variant="secondary"
          className={styles.moreTimeShortcut}
          onClick={() => {
            setShortcutPressed(true);
            props.onMoreTime?.();
          }}
          loading={props.moreTime.extending}
          loadingLabel={messages.addingMoreTime}
          focusableWhenDisabled
        >
          {messages.needMoreTime}
        </Button>
      ) : null}
      {/* Mounted with the open cart, before its text changes, so the change is announced. */}
      {props.moreTime ? <MoreTimeAnnouncer text={props.moreTime.announcement} /> : null}
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
