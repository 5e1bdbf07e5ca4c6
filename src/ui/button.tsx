import type { ButtonHTMLAttributes, ReactNode, Ref } from 'react';
import { Spinner } from './spinner.tsx';
import styles from './button.module.css';

export type ButtonVariant = 'primary' | 'secondary' | 'link';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  /** Shows a spinner and blocks further presses until the work finishes. */
  loading?: boolean;
  /** Announced while loading; defaults to the button's own text when that is a string. */
  loadingLabel?: string;
  fullWidth?: boolean;
  children: ReactNode;
  ref?: Ref<HTMLButtonElement>;
  /**
   * Unavailable but still focusable (aria-disabled, presses ignored): for a button focus returns
   * to, such as the one that opened a dialog, which a disabled button would drop to the page's
   * body (WCAG 2.4.3).
   */
  focusableWhenDisabled?: boolean;
}

export function Button({
  variant = 'primary',
  loading = false,
  loadingLabel,
  fullWidth = false,
  type = 'button',
  disabled,
  focusableWhenDisabled = false,
  className,
  children,
  onClick,
  ...rest
}: ButtonProps) {
  const classes = [
    styles.button,
    styles[variant],
    loading ? styles.loading : '',
    fullWidth ? styles.fullWidth : '',
    className ?? '',
  ]
    .filter(Boolean)
    .join(' ');
  const label = loadingLabel ?? (typeof children === 'string' ? children : '');
  const unavailable = Boolean(disabled) || loading;
  const soft = focusableWhenDisabled && unavailable;
  return (
    <button
      {...rest}
      type={type}
      className={classes}
      disabled={unavailable && !soft}
      aria-disabled={soft || undefined}
      aria-busy={loading || undefined}
      onClick={soft ? (event) => event.preventDefault() : onClick}
    >
      {loading ? <Spinner label={label} /> : null}
      <span aria-hidden={loading || undefined}>{children}</span>
    </button>
  );
}
