import { useId, type ReactNode } from 'react';
import { Checkbox as AriaCheckbox, type CheckboxProps as AriaCheckboxProps } from 'react-aria-components';
import styles from './checkbox.module.css';

export interface CheckboxProps extends Omit<AriaCheckboxProps, 'children' | 'className' | 'isInvalid'> {
  children: ReactNode;
  error?: string | null;
  className?: string;
}

export function Checkbox({ children, error, className, ...props }: CheckboxProps) {
  const errorId = `checkbox-error-${useId()}`;
  return (
    <div className={[styles.wrapper, className ?? ''].filter(Boolean).join(' ')}>
      {error ? (
        <p id={errorId} className={styles.error}>
          {error}
        </p>
      ) : null}
      <AriaCheckbox
        {...props}
        className={styles.checkbox}
        isInvalid={Boolean(error)}
        aria-describedby={error ? errorId : props['aria-describedby']}
      >
        {({ isSelected }) => (
          <>
            <span className={styles.box} aria-hidden="true">
              {isSelected ? (
                <svg className={styles.tick} viewBox="0 0 16 16" fill="none" stroke="currentColor" strokeWidth="2.5">
                  <path d="M3 8.5l3 3 7-7" />
                </svg>
              ) : null}
            </span>
            <span>{children}</span>
          </>
        )}
      </AriaCheckbox>
    </div>
  );
}
