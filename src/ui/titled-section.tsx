import type { ReactNode } from 'react';

export interface TitledSectionProps {
  /** The heading's id, which names the section for screen readers. */
  id: string;
  title: ReactNode;
  className?: string;
  titleClassName?: string;
  children?: ReactNode;
}

/** A section of a page named by its own h2. */
export function TitledSection({ id, title, className, titleClassName, children }: TitledSectionProps) {
  return (
    <section className={className} aria-labelledby={id}>
      <h2 id={id} className={titleClassName}>
        {title}
      </h2>
      {children}
    </section>
  );
}
