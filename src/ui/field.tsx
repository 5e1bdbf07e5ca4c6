import { useId, type ReactNode } from 'react';
import styles from './field.module.css';

/** What a Field hands to its control so label, hint and error are tied to it. */
export interface FieldControlProps {
  id: string;
  'aria-describedby': string | undefined;
  'aria-invalid': true | undefined;
}

export interface FieldProps {
  label: ReactNode;
  hint?: ReactNode;
  /** The error text; when present the control is marked invalid and the error is announced with it. */
  error?: string | null;
  /**
   * A note on the value that is not an error (e.g. the box is full): tied to the control and
   * announced politely as it appears, without marking the control invalid.
   */
  notice?: string | null;
  /** Shown after the label, e.g. "(optional)". */
  labelSuffix?: ReactNode;
  /** A fixed id for the control (to focus it from outside); generated when omitted. */
  id?: string;
  className?: string;
  children: (control: FieldControlProps) => ReactNode;
}

export function Field({ label, hint, error, notice, labelSuffix, id, className, children }: FieldProps) {
  const generated = useId();
  const controlId = id ?? `field-${generated}`;
  const hintId = hint ? `${controlId}-hint` : undefined;
  const errorId = error ? `${controlId}-error` : undefined;
  const noticeId = notice ? `${controlId}-notice` : undefined;
  const describedBy = [errorId, noticeId, hintId].filter(Boolean).join(' ') || undefined;
  const classes = [styles.field, error ? styles.invalid : '', className ?? ''].filter(Boolean).join(' ');
  return (
    <div className={classes}>
      <label className={styles.label} htmlFor={controlId}>
        {label}
        {labelSuffix ? <span className={styles.optional}> {labelSuffix}</span> : null}
      </label>
      {hint ? (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className={styles.error}>
          {error}
        </p>
      ) : null}
      {notice ? (
        <p id={noticeId} role="status" className={styles.notice}>
          {notice}
        </p>
      ) : null}
      {children({ id: controlId, 'aria-describedby': describedBy, 'aria-invalid': error ? true : undefined })}
    </div>
  );
}
