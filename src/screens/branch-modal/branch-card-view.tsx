import type { ReactNode } from 'react';
import { messages } from '#domain/messages.ts';
import { OpeningTimesTable } from '#src/ui/opening-times-table.tsx';
import { BranchAccessFacts } from './branch-access-facts.tsx';
import type { BranchCardView } from './branch-card.ts';
import styles from './branch-card.module.css';

export interface BranchCardProps {
  branch: BranchCardView;
  /** The card's action: Confirm in the selection modal, View Details in the branch finder. */
  action: ReactNode;
  selected?: boolean;
}

/** One branch: name, brand, distance, availability, access facts, and its opening times and address on demand. */
export function BranchCard({ branch, action, selected = false }: BranchCardProps) {
  const headingId = `branch-${branch.id}-name`;
  return (
    <li className={[styles.card, selected ? styles.selected : ''].filter(Boolean).join(' ')} aria-labelledby={headingId} data-testid="branch-card">
      <div className={styles.head}>
        <h3 id={headingId} className={styles.name}>
          {branch.name}
        </h3>
        {branch.distance ? <span className={styles.distance}>{branch.distance}</span> : null}
      </div>
      <p className={styles.brand}>{branch.brandAdvisory}</p>
      {branch.availability ? (
        <p className={branch.closed ? styles.closed : styles.availability} data-closed={branch.closed || undefined}>
          {branch.availability}
        </p>
      ) : null}
      <BranchAccessFacts facts={branch.facts} label={`${messages.branchAccessTitle}: ${branch.name}`} className={styles.facts} />
      <div className={styles.more}>
        <details className={styles.details}>
          <summary className={styles.summary}>{messages.openingTimes}</summary>
          <OpeningTimesTable rows={branch.openingTimes.rows} caption={`${messages.openingTimes}: ${branch.name}`} className={styles.times} />
          {branch.openingTimes.comment ? <p className={styles.comment}>{branch.openingTimes.comment}</p> : null}
        </details>
        <details className={styles.details}>
          <summary className={styles.summary}>{messages.collectionAddress}</summary>
          <address className={styles.address}>
            {branch.address.map((line) => (
              <span key={line}>{line}</span>
            ))}
          </address>
        </details>
      </div>
      <div className={styles.action}>{action}</div>
    </li>
  );
}
