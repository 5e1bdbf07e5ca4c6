import styles from './spinner.module.css';

export interface SpinnerProps {
  /** What is loading, read by screen readers (e.g. "Loading your cart"). */
  label: string;
  size?: 'small' | 'large';
  /** Show the label next to the ring, not only to screen readers. */
  showLabel?: boolean;
  className?: string;
}

export function Spinner({ label, size = 'small', showLabel = false, className }: SpinnerProps) {
  const classes = [styles.spinner, size === 'large' ? styles.large : '', className ?? ''].filter(Boolean).join(' ');
  return (
    <span role="status" className={classes}>
      <span className={styles.ring} aria-hidden="true" />
      <span className={showLabel ? undefined : 'visually-hidden'}>{label}</span>
    </span>
  );
}
