import type { InputHTMLAttributes, ReactNode, Ref } from 'react';
import { Field } from './field.tsx';
import styles from './text-input.module.css';

export interface TextInputProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'children'> {
  label: ReactNode;
  hint?: ReactNode;
  error?: string | null;
  /** A note that is not an error, e.g. that the box is full. */
  notice?: string | null;
  labelSuffix?: ReactNode;
  id?: string;
  /** Size the box to `size` characters instead of the full width. */
  narrow?: boolean;
  fieldClassName?: string;
  ref?: Ref<HTMLInputElement>;
}

/** A labelled text box; the label, hint and error are wired to it by Field. */
export function TextInput({ label, hint, error, notice, labelSuffix, id, narrow, fieldClassName, className, ref, ...input }: TextInputProps) {
  const classes = [styles.input, narrow ? styles.narrow : '', className ?? ''].filter(Boolean).join(' ');
  return (
    <Field label={label} hint={hint} error={error} notice={notice} labelSuffix={labelSuffix} id={id} className={fieldClassName}>
      {(control) => <input type="text" {...input} {...control} ref={ref} className={classes} />}
    </Field>
  );
}
