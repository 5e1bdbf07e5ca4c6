import { messages } from '#domain/messages.ts';
import { Button } from '#src/ui/button.tsx';
import type { ProblemSummary } from '#src/ui/problem-dialog.tsx';
import { PageLoadFailed, PageLoading } from '../checkout-shared/page-status.tsx';
import { VelocityModal } from '../checkout-shared/velocity-modal.tsx';
import styles from './payment-unsuccessful.module.css';

export interface PaymentUnsuccessfulViewProps {
  status: 'loading' | 'loadFailed' | 'ready';
  /** 'Try again?' shows only for a payment-pending or completed order (spec 2.11). */
  canTryAgain: boolean;
  canLeave: boolean;
  /** The checkout is being abandoned after 'Leave checkout'. */
  leaving: boolean;
  /** ... after the velocity modal's 'Return to the homepage'. */
  leavingHome: boolean;
  /** The velocity-limit modal is open (order state 1). */
  velocityModalOpen: boolean;
  loadProblem: ProblemSummary | null;
  onTryAgain: () => void;
  onLeave: () => void;
  onVelocityHome: () => void;
  /** Escape or the close control: the modal closes, the page stays. */
  onVelocityDismiss: () => void;
  onRetryLoad: () => void;
}

export function PaymentUnsuccessfulView(props: PaymentUnsuccessfulViewProps) {
  const { status, canTryAgain, canLeave, leaving, leavingHome, velocityModalOpen, loadProblem } = props;
  if (status === 'loading') return <PageLoading />;
  if (status === 'loadFailed') return <PageLoadFailed problem={loadProblem} onRetry={props.onRetryLoad} />;
  return (
    <>
      <p>{messages.unsuccessfulBody}</p>
      <div className={styles.actions}>
        {canTryAgain ? <Button onClick={props.onTryAgain}>{messages.tryAgain}</Button> : null}
        <Button variant="secondary" onClick={props.onLeave} disabled={!canLeave} loading={leaving} loadingLabel={messages.clearingCart}>
          {messages.leaveCheckout}
        </Button>
      </div>
      <VelocityModal isOpen={velocityModalOpen} leavingHome={leavingHome} onHome={props.onVelocityHome} onDismiss={props.onVelocityDismiss} />
    </>
  );
}
