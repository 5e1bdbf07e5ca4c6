import type { ReactNode } from 'react';
import styles from './toast.module.css';

export interface ToastProps {
  /** The message to show; null shows nothing but keeps the live region in the page. */
  message: ReactNode | null;
  tone?: 'info' | 'success' | 'error';
  onDismiss?: () => void;
  /** Text of the dismiss control; the control is drawn only with onDismiss and this label. */
  dismissLabel?: string;
}

/**
 * A short message in a polite live region. The region stays mounted so screen readers announce
 * each new message; how long a message stays is decided by the caller.
 */
export function Toast({ message, tone = 'info', onDismiss, dismissLabel }: ToastProps) {
  return (
    <div className={styles.region} role="status" aria-live="polite" aria-atomic="true">
      {message ? (
        <div className={[styles.toast, styles[tone]].join(' ')}>
          <span className={styles.message}>{message}</span>
          {onDismiss && dismissLabel ? (
            <button type="button" className={styles.dismiss} onClick={onDismiss}>
              {dismissLabel}
            </button>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
