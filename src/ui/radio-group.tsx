import type { ReactNode } from 'react';
import {
  Label,
  Radio as AriaRadio,
  RadioGroup as AriaRadioGroup,
  Text,
  type RadioGroupProps as AriaRadioGroupProps,
  type RadioProps as AriaRadioProps,
} from 'react-aria-components';
import styles from './radio-group.module.css';

export interface RadioGroupProps extends Omit<AriaRadioGroupProps, 'children' | 'className' | 'isInvalid'> {
  label: ReactNode;
  hint?: ReactNode;
  error?: string | null;
  /** Lay the options out in a row (wraps on narrow screens). */
  horizontal?: boolean;
  className?: string;
  children: ReactNode;
}

/** A labelled set of radios: arrow keys move between options, Tab leaves the group. */
export function RadioGroup({ label, hint, error, horizontal = false, className, children, ...props }: RadioGroupProps) {
  const classes = [styles.group, horizontal ? styles.horizontal : '', className ?? ''].filter(Boolean).join(' ');
  return (
    <AriaRadioGroup {...props} isInvalid={Boolean(error)} className={classes}>
      <Label className={styles.label}>{label}</Label>
      {hint ? (
        <Text slot="description" className={styles.hint}>
          {hint}
        </Text>
      ) : null}
      {error ? (
        <Text slot="errorMessage" className={styles.error}>
          {error}
        </Text>
      ) : null}
      <div className={styles.options}>{children}</div>
    </AriaRadioGroup>
  );
}

export interface RadioProps extends Omit<AriaRadioProps, 'children' | 'className'> {
  children: ReactNode;
  /** A second line under the option's label (e.g. a price or a date). */
  description?: ReactNode;
  className?: string;
}

export function Radio({ children, description, className, ...props }: RadioProps) {
  return (
    <AriaRadio {...props} className={[styles.radio, className ?? ''].filter(Boolean).join(' ')}>
      <span className={styles.dot} aria-hidden="true" />
      <span className={styles.content}>
        <span>{children}</span>
        {description ? <span className={styles.description}>{description}</span> : null}
      </span>
    </AriaRadio>
  );
}
