import type { ReactNode } from 'react';
import styles from './notice.module.css';

export type NoticeTone = 'info' | 'warning' | 'error' | 'success';

export interface NoticeProps {
  tone?: NoticeTone;
  title?: ReactNode;
  children?: ReactNode;
  /**
   * Announce the notice when it appears: errors as an alert, the rest politely. Turn off for
   * notices that are part of the page from the start (e.g. a delivery caveat).
   */
  live?: boolean;
  className?: string;
}

export function Notice({ tone = 'info', title, children, live = true, className }: NoticeProps) {
  const role = live ? (tone === 'error' ? 'alert' : 'status') : undefined;
  return (
    <div role={role} className={[styles.notice, styles[tone], className ?? ''].filter(Boolean).join(' ')} data-tone={tone}>
      {title ? <p className={styles.title}>{title}</p> : null}
      {children ? <div className={styles.body}>{children}</div> : null}
    </div>
  );
}
