import { useEffect, useRef, type ReactNode } from 'react';
import { messages } from '#domain/messages.ts';
import { ProblemDialog, type ProblemSummary } from '#src/ui/problem-dialog.tsx';
import { Toast } from '#src/ui/toast.tsx';
import styles from './checkout-page.module.css';

export interface CheckoutPageProps {
  /** The checkout header (step bar, countdown, close). */
  header: ReactNode;
  /** The page's heading, the first thing read after the step bar. */
  title: ReactNode;
  /** The order summary or other side content; the page is one column without it. */
  aside?: ReactNode;
  /** A failed call's problem document, shown as a popup until dismissed (spec 8). */
  problem?: ProblemSummary | null;
  onProblemDismissed?: () => void;
  /** "We've cleared your cart", while the checkout leaves after abandoning. */
  cartCleared?: boolean;
  /** Printing shows this page's heading and content only, without any surrounding chrome. */
  printable?: boolean;
  children: ReactNode;
}

/** The frame every checkout step shares: header, heading, content and summary column. */
export function CheckoutPage({ header, title, aside, problem = null, onProblemDismissed, cartCleared = false, printable = false, children }: CheckoutPageProps) {
  const heading = useRef<HTMLHeadingElement>(null);
  // A new step replaces the old one: focus, lost with the old page, goes to the new page's heading
  // (and brings it into view), so keyboard and screen reader users start at the top of the step.
  useEffect(() => {
    const active = document.activeElement;
    if (active === null || active === document.body) heading.current?.focus();
  }, []);
  return (
    <div className={styles.page}>
      {header}
      <div className={[styles.body, aside ? styles.withAside : ''].filter(Boolean).join(' ')}>
        <div className={[styles.main, printable ? styles.printable : ''].filter(Boolean).join(' ')}>
          <h1 ref={heading} tabIndex={-1} className={styles.title}>
            {title}
          </h1>
          {children}
        </div>
        {aside ? <div className={styles.aside}>{aside}</div> : null}
      </div>
      <ProblemDialog problem={problem} onClose={() => onProblemDismissed?.()} closeLabel={messages.close} />
      <Toast message={cartCleared ? messages.cartCleared : null} />
    </div>
  );
}
