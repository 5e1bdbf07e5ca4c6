import type { InputHTMLAttributes, Ref } from 'react';
import { Field, type FieldProps } from './field.tsx';
import styles from './text-input.module.css';

export interface TextInputProps
  extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'children'>,
    Pick<FieldProps, 'label' | 'hint' | 'error' | 'notice' | 'labelSuffix' | 'id'> {
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
