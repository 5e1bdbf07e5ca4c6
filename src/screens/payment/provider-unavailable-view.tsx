import { formatMessage, messages } from '#domain/messages.ts';
import { Button } from '#src/ui/button.tsx';
import { Notice } from '#src/ui/notice.tsx';
import styles from './payment.module.css';

export interface ProviderUnavailableViewProps {
  /** 'reserve': a collection, offered to reserve now and pay at the branch; 'retry': a home delivery, the card only. */
  offer: 'reserve' | 'retry';
  /** The order's branch, named in the reservation offer. */
  branchName: string;
  /** The reservation is on its way. */
  reserving: boolean;
  canReserve: boolean;
  canRetry: boolean;
  onReserve: () => void;
  onRetry: () => void;
}

/**
 * Issue 45 part 1: the card provider is unavailable. A collection is offered 'Reserve now, pay at
 * the branch' (and the card again); a home delivery, which needs a card payment, the card again.
 * A refused reservation's problem shows in the checkout frame's problem dialog, as every failed write's.
 */
export function ProviderUnavailableView({ offer, branchName, reserving, canReserve, canRetry, onReserve, onRetry }: ProviderUnavailableViewProps) {
  return (
    <div className={styles.payment}>
      <Notice tone="warning" title={messages.providerUnavailableTitle} className={styles.notice}>
        <p>{messages.providerUnavailableBody}</p>
      </Notice>
      <p>{offer === 'reserve' ? formatMessage(messages.reserveAtBranchOffer, { branch: branchName }) : messages.switchToCollectionOffer}</p>
      <div className={styles.actions}>
        {offer === 'reserve' ? (
          <Button onClick={onReserve} disabled={!canReserve && !reserving} loading={reserving} loadingLabel={messages.reservingAtBranch}>
            {messages.reserveAtBranch}
          </Button>
        ) : null}
        <Button variant={offer === 'reserve' ? 'secondary' : 'primary'} onClick={onRetry} disabled={!canRetry}>
          {messages.providerUnavailableTryAgain}
        </Button>
      </div>
    </div>
  );
}
