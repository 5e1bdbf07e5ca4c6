import styles from './countdown.module.css';

export type CountdownStatus = 'running' | 'expiring' | 'expired';

export interface CountdownProps {
  /** Whole seconds left; shown as mm:ss. */
  secondsLeft: number;
  /** Decided by the cart rules (domain/countdown.ts): expiring under 300 s, expired under 1 s. */
  status: CountdownStatus;
  /** True at the moment the readout should shake (each full minute at or below 300 s). */
  shake?: boolean;
  /** Accessible name of the timer, e.g. "Time left to check out". */
  label: string;
  /** Shown instead of the readout once expired (messages.cartExpired). */
  expiredText: string;
  className?: string;
}

export function formatMmSs(totalSeconds: number): string {
  const s = Math.max(0, Math.floor(totalSeconds));
  const minutes = Math.floor(s / 60);
  const seconds = s % 60;
  return `${String(minutes).padStart(2, '0')}:${String(seconds).padStart(2, '0')}`;
}

/**
 * The cart timer. role="timer" is not announced on every tick; only expiry is announced, through
 * the alert that replaces the readout.
 */
export function Countdown({ secondsLeft, status, shake = false, label, expiredText, className }: CountdownProps) {
  const classes = [
    styles.countdown,
    status === 'expiring' ? styles.expiring : '',
    status === 'expired' ? styles.expired : '',
    className ?? '',
  ]
    .filter(Boolean)
    .join(' ');
  if (status === 'expired') {
    return (
      <span className={classes} role="alert" data-status={status}>
        {expiredText}
      </span>
    );
  }
  return (
    <span className={classes} role="timer" aria-label={label} data-status={status}>
      <span className={[styles.readout, shake ? styles.shake : ''].filter(Boolean).join(' ')} data-shake={shake || undefined}>
        {formatMmSs(secondsLeft)}
      </span>
    </span>
  );
}
