import type { MouseEvent } from 'react';
import type { CheckoutStep, CheckoutStepId } from '#domain/checkout-steps.ts';
import type { CountdownView } from '#domain/countdown.ts';
import { messages } from '#domain/messages.ts';
import { Countdown } from '#src/ui/countdown.tsx';
import { MoreTime } from '#src/ui/more-time.tsx';
import { MoreTimeAnnouncer } from '#src/ui/more-time-announcer.tsx';
import type { MoreTimeView } from '#machines/cart/cart.selectors.ts';
import { Spinner } from '#src/ui/spinner.tsx';
import { StepBar } from '#src/ui/step-bar.tsx';
import styles from './checkout-header.module.css';

export interface CheckoutHeaderViewProps {
  /** Review, Delivery (Collection for sell-back), Details, Payment (not for sell-back), Confirmation. */
  steps: readonly CheckoutStep[];
  /** The one active step; null while no checkout page is open. */
  activeStep: CheckoutStepId | null;
  /** The cart countdown; null when there is none (stopped at confirmation, or no cart yet). */
  countdown: CountdownView | null;
  /** "Need more time?" in the countdown's last 5 minutes; null without an open cart. */
  moreTime?: MoreTimeView | null;
  onMoreTime?: () => void;
  /**
   * 'abandon': the close button abandons the cart. 'home': the order is placed, the close
   * control is a plain link to /.
   */
  closeMode: 'abandon' | 'home';
  canClose: boolean;
  /** The cart is being abandoned. */
  closing: boolean;
  onClose: () => void;
}

function CloseIcon() {
  return (
    <svg width="20" height="20" viewBox="0 0 20 20" aria-hidden="true" stroke="currentColor" strokeWidth="2" fill="none">
      <path d="M4 4l12 12M16 4L4 16" />
    </svg>
  );
}

/** The checkout's own header: step bar, cart countdown and the close control (spec 2.5). */
export function CheckoutHeaderView({ steps, activeStep, countdown, moreTime, onMoreTime, closeMode, canClose, closing, onClose }: CheckoutHeaderViewProps) {
  const onHomeLink = (event: MouseEvent<HTMLAnchorElement>) => {
    // The link works without script; with it, the checkout actor leaves and the router navigates.
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    onClose();
  };
  return (
    <header className={styles.header}>
      <div className={styles.top}>
        <p className={styles.title}>{messages.checkoutTitle}</p>
        <div className={styles.tools}>
          {countdown ? <Countdown view={countdown} label={messages.timeLeft} /> : null}
          {closeMode === 'home' ? (
            <a href="/" className={styles.close} onClick={onHomeLink} aria-label={messages.closeCheckout}>
              <CloseIcon />
            </a>
          ) : closing ? (
            <span className={styles.closing}>
              <Spinner label={messages.clearingCart} />
            </span>
          ) : (
            <button type="button" className={styles.close} onClick={onClose} disabled={!canClose} aria-label={messages.closeCheckout}>
              <CloseIcon />
            </button>
          )}
        </div>
      </div>
      {countdown && moreTime && onMoreTime ? <MoreTime view={moreTime} onExtend={onMoreTime} /> : null}
      {moreTime ? <MoreTimeAnnouncer text={countdown ? moreTime.announcement : ''} /> : null}
      {activeStep ? <StepBar steps={steps} currentId={activeStep} label={messages.checkoutProgress} completedLabel={messages.stepCompleted} className={styles.steps} /> : null}
    </header>
  );
}
