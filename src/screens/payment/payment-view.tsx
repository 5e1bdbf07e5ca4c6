import { messages } from '#domain/messages.ts';
import { Notice } from '#src/ui/notice.tsx';
import type { ProblemSummary } from '#src/ui/problem-dialog.tsx';
import { PageLoadFailed, PageLoading } from '../checkout-shared/page-status.tsx';
import styles from './payment.module.css';

export interface PaymentViewProps {
  /** 'loading' until the hosted card page's address arrives. */
  status: 'loading' | 'loadFailed' | 'ready';
  paymentUrl: string | null;
  /** 'Unable to check status of your payment, please wait whilst we retry', or null. */
  notice: string | null;
  loadProblem: ProblemSummary | null;
  onRetry: () => void;
}

/** The provider's hosted card form in its iframe (spec 2.9). */
export function PaymentView({ status, paymentUrl, notice, loadProblem, onRetry }: PaymentViewProps) {
  if (status === 'loadFailed') return <PageLoadFailed problem={loadProblem} onRetry={onRetry} />;
  if (status === 'loading' || paymentUrl === null) return <PageLoading label={messages.loadingPaymentForm} />;
  return (
    <div className={styles.payment}>
      {notice ? (
        <Notice tone="warning" className={styles.notice}>
          {notice}
        </Notice>
      ) : null}
      <iframe className={styles.frame} src={paymentUrl} title={messages.paymentFrameTitle} allow="payment" />
    </div>
  );
}
