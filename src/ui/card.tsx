import type { ReactNode } from 'react';
import styles from './card.module.css';

export interface CardProps {
  as?: 'div' | 'section' | 'article' | 'aside' | 'li';
  title?: ReactNode;
  /** The heading level of the title, to keep the page outline right. */
  headingLevel?: 2 | 3 | 4;
  /** Outline the card as the chosen one (e.g. a selected delivery slot). */
  selected?: boolean;
  className?: string;
  children: ReactNode;
  'aria-label'?: string;
}

export function Card({ as: Element = 'div', title, headingLevel = 2, selected = false, className, children, ...aria }: CardProps) {
  const Heading = `h${headingLevel}` as const;
  const classes = [styles.card, selected ? styles.selected : '', className ?? ''].filter(Boolean).join(' ');
  return (
    <Element className={classes} {...aria}>
      {title ? <Heading className={styles.title}>{title}</Heading> : null}
      {children}
    </Element>
  );
}
