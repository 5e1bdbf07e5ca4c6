import type { BranchAccessFact } from '#domain/branch-access.ts';
import styles from './branch-access-facts.module.css';

export interface BranchAccessFactsProps {
  facts: readonly BranchAccessFact[];
  /** The list's name: 'Access and collection'. */
  label?: string;
  labelledBy?: string;
  className?: string;
  /** 'inline' in a branch card, one under another ('column') on the branch's page. */
  layout?: 'inline' | 'column';
}

/** A branch's access facts and today's ready time, each with a tick or a cross (the text says which). */
export function BranchAccessFacts({ facts, label, labelledBy, className, layout = 'inline' }: BranchAccessFactsProps) {
  return (
    <ul className={[styles.facts, layout === 'column' ? styles.column : '', className ?? ''].filter(Boolean).join(' ')} aria-label={label} aria-labelledby={labelledBy} data-testid="branch-access">
      {facts.map((fact) => (
        <li key={fact.kind} className={fact.has ? styles.has : styles.hasNot} data-fact={fact.kind} data-has={fact.has}>
          <span className={styles.mark} aria-hidden="true">
            {fact.kind === 'ordersReady' ? '◷' : fact.has ? '✓' : '✕'}
          </span>
          {fact.text}
        </li>
      ))}
    </ul>
  );
}
