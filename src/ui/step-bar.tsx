import styles from './step-bar.module.css';

export interface Step {
  id: string;
  label: string;
}

export interface StepBarProps {
  /** The steps to show, in order (the caller leaves out hidden ones, e.g. Payment for sell-back). */
  steps: readonly Step[];
  /** The id of the one active step. */
  currentId: string;
  /** Accessible name of the list, e.g. "Checkout progress". */
  label: string;
  /** Said after each step already done ("Review, completed"); the tick beside it is drawn only. */
  completedLabel?: string;
  className?: string;
}

export function StepBar({ steps, currentId, label, completedLabel, className }: StepBarProps) {
  const currentIndex = steps.findIndex((s) => s.id === currentId);
  return (
    <nav aria-label={label} className={[styles.bar, className ?? ''].filter(Boolean).join(' ')}>
      <ol className={styles.steps}>
        {steps.map((step, index) => {
          const state = index === currentIndex ? 'current' : index < currentIndex ? 'done' : 'todo';
          return (
            <li
              key={step.id}
              className={[styles.step, state === 'current' ? styles.current : '', state === 'done' ? styles.done : ''].filter(Boolean).join(' ')}
              aria-current={state === 'current' ? 'step' : undefined}
              data-state={state}
            >
              <span className={styles.label}>
                {step.label}
                {state === 'done' && completedLabel ? <span className="visually-hidden">, {completedLabel}</span> : null}
              </span>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
