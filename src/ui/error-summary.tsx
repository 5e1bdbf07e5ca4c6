import type { MouseEvent } from 'react';
import styles from './error-summary.module.css';

export interface ErrorSummaryItem {
  /** The invalid field's element id, for the link's address. */
  id: string;
  message: string;
}

export interface ErrorSummaryProps {
  title: string;
  items: readonly ErrorSummaryItem[];
  /** Moves focus to the field of the chosen link (its element may be a widget the id misses). */
  onSelect: (id: string) => void;
}

/**
 * The error summary at the top of a form after a failed submit (the GOV.UK pattern): announced as
 * an alert, one link per invalid field, each link moving focus to its field.
 */
export function ErrorSummary({ title, items, onSelect }: ErrorSummaryProps) {
  if (items.length === 0) return null;
  const follow = (id: string) => (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    onSelect(id);
  };
  return (
    <div className={styles.summary} role="alert" aria-labelledby="error-summary-title">
      <h2 id="error-summary-title" className={styles.title}>
        {title}
      </h2>
      <ul className={styles.list}>
        {items.map((item) => (
          <li key={item.id}>
            <a href={`#${item.id}`} onClick={follow(item.id)}>
              {item.message}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
