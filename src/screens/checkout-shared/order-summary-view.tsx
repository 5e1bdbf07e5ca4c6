import { messages } from '#domain/messages.ts';
import { Card } from '#src/ui/card.tsx';
import { Skeleton } from '#src/ui/skeleton.tsx';
import type { OrderSummary } from '#domain/order-summary.ts';
import styles from './order-summary.module.css';

export interface OrderSummaryViewProps {
  /** null while the order loads. */
  summary: OrderSummary | null;
  className?: string;
}

/** The order's currency lines, fees, delivery charge and total, beside a checkout step. */
export function OrderSummaryView({ summary, className }: OrderSummaryViewProps) {
  return (
    <Card as="aside" title={messages.orderSummary} headingLevel={2} className={className} aria-label={messages.orderSummary}>
      {summary === null ? (
        <Skeleton lines={4} />
      ) : (
        <>
          <ul className={styles.lines}>
            {summary.lines.map((line) => (
              <li key={line.code} className={styles.line}>
                <span className={styles.what}>
                  <span className={styles.amount}>{line.amount}</span>
                  <span className={styles.name}>{line.name}</span>
                </span>
                <span className={styles.cost}>{line.cost}</span>
              </li>
            ))}
            {summary.extras.map((extra) => (
              <li key={extra.label} className={styles.line}>
                <span className={styles.what}>{extra.label}</span>
                <span className={styles.cost}>{extra.amount}</span>
              </li>
            ))}
          </ul>
          <p className={styles.total}>
            <span>{summary.totalLabel}</span>
            <span data-testid="summary-total">{summary.total}</span>
          </p>
        </>
      )}
    </Card>
  );
}
