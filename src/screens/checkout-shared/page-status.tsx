import { messages } from '#domain/messages.ts';
import { Button } from '#src/ui/button.tsx';
import { Notice } from '#src/ui/notice.tsx';
import type { ProblemSummary } from '#src/ui/problem-dialog.tsx';
import { Spinner } from '#src/ui/spinner.tsx';
import styles from './page-status.module.css';

/**
 * Progress while a page's data is on its way. On a phone the page's aside (the order summary, below
 * the page) waits with it (checkout-page.module.css), so the two arrive together and the aside is
 * never pushed down the screen as the page fills in.
 */
export function PageLoading({ label = messages.loadingOrder }: { label?: string }) {
  return (
    <div className={styles.loading} aria-busy="true" data-page-loading="">
      <Spinner label={label} size="large" showLabel />
    </div>
  );
}

/** A page whose data could not be read: the problem's title and detail and a way to try again. */
export function PageLoadFailed({ problem, onRetry }: { problem: ProblemSummary | null; onRetry: () => void }) {
  return (
    <div className={styles.failed}>
      <Notice tone="error" title={problem?.title ?? messages.somethingWentWrong}>
        {problem?.detail ? <p>{problem.detail}</p> : null}
      </Notice>
      <Button variant="secondary" onClick={onRetry}>
        {messages.retry}
      </Button>
    </div>
  );
}
