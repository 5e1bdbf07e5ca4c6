import { messages } from '#domain/messages.ts';
import styles from './order-timeline.module.css';

/** One step of the order's journey after payment, as the page shows it. */
export interface TimelineStepView {
  label: string;
  /** When it happened ('Friday 27 November, 10:05am', London) and its ISO instant; null: still to come. */
  time: { text: string; iso: string } | null;
  /** 'Courier tracking reference: JD0001 2345 6789'. */
  detail: string | null;
}

/** The order's progress: each step done with its time, the rest still to come. */
export function OrderTimeline({ steps }: { steps: TimelineStepView[] }) {
  return (
    <section className={styles.timeline} aria-labelledby="manage-progress" data-testid="order-timeline">
      <h2 id="manage-progress">{messages.orderProgressTitle}</h2>
      <ol className={styles.steps}>
        {steps.map((step) => (
          <li key={step.label} className={step.time === null ? styles.toCome : styles.done}>
            <span className={styles.marker} aria-hidden="true" />
            <span className={styles.label}>{step.label}</span>
            <span className={styles.when}>
              {step.time === null ? (
                messages.stepToCome
              ) : (
                <>
                  <span className={styles.visuallyHidden}>{messages.stepDone}: </span>
                  <time dateTime={step.time.iso}>{step.time.text}</time>
                </>
              )}
            </span>
            {step.detail === null ? null : <span className={styles.detail}>{step.detail}</span>}
          </li>
        ))}
      </ol>
    </section>
  );
}
