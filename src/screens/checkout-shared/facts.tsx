import type { ReactNode } from 'react';

export interface Fact {
  term: ReactNode;
  detail: ReactNode;
  detailClassName?: string;
}

/** An order's facts as a description list (the confirmation's reference and date, a managed order's). */
export function Facts({ facts, className }: { facts: readonly Fact[]; className?: string }) {
  return (
    <dl className={className}>
      {facts.map((fact, index) => (
        <div key={index}>
          <dt>{fact.term}</dt>
          <dd className={fact.detailClassName}>{fact.detail}</dd>
        </div>
      ))}
    </dl>
  );
}
