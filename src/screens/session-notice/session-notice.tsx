/**
 * The notice that a refused session was replaced (spec 4.4, docs/decisions/011): at the top of
 * the page, announced politely, until the shopper dismisses it. It says whether the cart came
 * along, so a shopper mid-checkout knows nothing was lost.
 */
import { messages } from '#domain/messages.ts';
import type { SessionNotice } from '#machines/session/session.machine.ts';
import { useSessionNotice } from '#src/app/use-machines.ts';
import { Button } from '#src/ui/button.tsx';
import { Notice } from '#src/ui/notice.tsx';
import styles from './session-notice.module.css';

export interface SessionNoticeViewProps {
  notice: SessionNotice | null;
  onDismiss: () => void;
  /** No session could be started; Try again asks for one again. */
  failed?: boolean;
  onRetry?: () => void;
}

export function SessionNoticeView({ notice, onDismiss, failed = false, onRetry }: SessionNoticeViewProps) {
  // The live region stays in the page so the notice is announced when it appears.
  return (
    <div role="status" aria-live="polite">
      {failed ? (
        <Notice tone="error" live={false} className={styles.notice}>
          <div className={styles.row}>
            <p className={styles.text}>{messages.sessionFailed}</p>
            {onRetry ? (
              <Button variant="secondary" onClick={onRetry}>
                {messages.retry}
              </Button>
            ) : null}
          </div>
        </Notice>
      ) : null}
      {notice ? (
        <Notice tone="info" live={false} className={styles.notice}>
          <div className={styles.row}>
            <p className={styles.text}>
              {messages.sessionEnded}
              {notice.keptCart ? ` ${messages.sessionEndedCartKept}` : ''}
            </p>
            <Button variant="secondary" onClick={onDismiss}>
              {messages.dismissNotice}
            </Button>
          </div>
        </Notice>
      ) : null}
    </div>
  );
}

/** The session actor's notice, for the shop's and the checkout's layouts. */
export function SessionNoticeBanner() {
  const { notice, dismiss, failed, retry } = useSessionNotice();
  return <SessionNoticeView notice={notice} onDismiss={dismiss} failed={failed} onRetry={retry} />;
}
