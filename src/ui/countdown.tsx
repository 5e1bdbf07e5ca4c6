import type { CountdownView } from '#domain/countdown.ts';
import styles from './countdown.module.css';

export interface CountdownProps {
  /**
   * The readout decided by the cart rules: `countdownView(msLeft)` / `countdownAt(expiresAt, now)`
   * from domain/countdown.ts (mm:ss, expiring under 300 s, shake at each full minute, 'Cart expired').
   */
  view: CountdownView;
  /** Accessible name of the timer, e.g. "Time left to check out". */
  label: string;
  className?: string;
}

/**
 * The cart timer. role="timer" is not announced on every tick; only expiry is announced, through
 * the alert that replaces the readout.
 */
export function Countdown({ view, label, className }: CountdownProps) {
  const status = view.expired ? 'expired' : view.expiring ? 'expiring' : 'running';
  const classes = [styles.countdown, view.expired ? styles.expired : view.expiring ? styles.expiring : '', className ?? '']
    .filter(Boolean)
    .join(' ');
  if (view.expired) {
    return (
      <span className={classes} role="alert" data-status={status}>
        {view.text}
      </span>
    );
  }
  return (
    <span className={classes} role="timer" aria-label={label} data-status={status}>
      {/* The key restarts the animation at each shaking minute. */}
      <span
        key={view.shake ? view.seconds : 'still'}
        className={[styles.readout, view.shake ? styles.shake : ''].filter(Boolean).join(' ')}
        data-shake={view.shake || undefined}
      >
        {view.text}
      </span>
    </span>
  );
}
