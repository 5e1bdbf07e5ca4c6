import type { MoreTimeView } from '#machines/cart/cart.selectors.ts';
import { messages } from '#domain/messages.ts';
import { useRef, useState } from 'react';
import { Button } from './button.tsx';
import { useFocusWhenGone } from './focus-kept.ts';
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
  // Pressed, the offer goes once its work is done: focus moves to what came of it, not the body.
  const [pressed, setPressed] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  useFocusWhenGone(pressed && view.offer === null && !view.extending, box);
  return (
    <div ref={box} tabIndex={-1} className={styles.moreTime} data-testid="more-time">
      {view.offer !== null ? (
        <p className={styles.offer}>
          <span>{messages.needMoreTime}</span>
          <Button
            variant="secondary"
            onClick={() => {
              setPressed(true);
              onExtend();
            }}
            loading={view.extending}
            loadingLabel={messages.addingMoreTime}
            focusableWhenDisabled
          >
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
