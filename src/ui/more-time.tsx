import type { MoreTimeView } from '#machines/cart/cart.selectors.ts';
import { messages } from '#domain/messages.ts';
import { Button } from './button.tsx';
import styles from './more-time.module.css';

export interface MoreTimeProps {
  view: MoreTimeView;
  onExtend: () => void;
}

/**
 * "Need more time?" beside the cart countdown (WCAG 2.2.1 Timing Adjustable): the offer in the
 * countdown's last 5 minutes, what came of it, or that no more time can be added.
 */
export function MoreTime({ view, onExtend }: MoreTimeProps) {
  return (
    <div className={styles.moreTime} data-testid="more-time">
      {view.offer !== null ? (
        <p className={styles.offer}>
          <span>{messages.needMoreTime}</span>
          <Button variant="secondary" onClick={onExtend} loading={view.extending} loadingLabel={messages.addingMoreTime}>
            {view.offer}
          </Button>
        </p>
      ) : null}
      {view.added !== null ? <p className={styles.note}>{view.added}</p> : null}
      {view.refusal !== null ? <p className={styles.refusal}>{view.refusal}</p> : null}
      {view.usedUp ? <p className={styles.note}>{messages.moreTimeUsedUp}</p> : null}
    </div>
  );
}
