/**
 * A labelled set of radios built on native inputs sharing one name: the browser gives the group
 * one tab stop and arrow keys that move and choose, and forms read them as usual. The group is
 * a `radiogroup` named by its label and described by its hint and error.
 */
import { createContext, useContext, useId, useState, type FocusEvent, type ReactNode } from 'react';
import styles from './radio-group.module.css';

export interface RadioGroupProps {
  label: ReactNode;
  hint?: ReactNode;
  error?: string | null;
  /** The chosen option's value (controlled); with `defaultValue`, the group keeps its own. */
  value?: string | null;
  defaultValue?: string | null;
  onChange?: (value: string) => void;
  isDisabled?: boolean;
  /**
   * The answer is being saved: the radios are unavailable (aria-disabled, changes ignored) but
   * keep the focus, which a disabled radio would drop to the page's body (WCAG 2.4.3).
   */
  isBusy?: boolean;
  isRequired?: boolean;
  /** The inputs' form name (a generated one when absent). */
  name?: string;
  /** Lay the options out in a row (wraps on narrow screens). */
  horizontal?: boolean;
  className?: string;
  children: ReactNode;
}

interface GroupState {
  name: string;
  value: string | null;
  isDisabled: boolean;
  isBusy: boolean;
  isInvalid: boolean;
  isRequired: boolean;
  choose: (value: string) => void;
}

const GroupContext = createContext<GroupState | null>(null);

export function RadioGroup({
  label,
  hint,
  error,
  value,
  defaultValue = null,
  onChange,
  isDisabled = false,
  isBusy = false,
  isRequired = false,
  name,
  horizontal = false,
  className,
  children,
}: RadioGroupProps) {
  const id = useId();
  const [own, setOwn] = useState<string | null>(defaultValue);
  const chosen = value === undefined ? own : value;
  const labelId = `${id}-label`;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ') || undefined;
  const classes = [styles.group, horizontal ? styles.horizontal : '', className ?? ''].filter(Boolean).join(' ');
  const state: GroupState = {
    name: name ?? id,
    value: chosen,
    isDisabled,
    isBusy,
    isInvalid: Boolean(error),
    isRequired,
    choose: (next) => {
      if (isBusy) return;
      if (value === undefined) setOwn(next);
      onChange?.(next);
    },
  };
  return (
    <div
      role="radiogroup"
      aria-labelledby={labelId}
      aria-describedby={describedBy}
      aria-invalid={error ? true : undefined}
      aria-disabled={isDisabled || isBusy || undefined}
      aria-busy={isBusy || undefined}
      aria-required={isRequired || undefined}
      className={classes}
    >
      <span id={labelId} className={styles.label}>
        {label}
      </span>
      {hint ? (
        <span id={hintId} className={styles.hint}>
          {hint}
        </span>
      ) : null}
      {error ? (
        <span id={errorId} className={styles.error}>
          {error}
        </span>
      ) : null}
      <div className={styles.options}>
        <GroupContext.Provider value={state}>{children}</GroupContext.Provider>
      </div>
    </div>
  );
}

export interface RadioProps {
  value: string;
  children: ReactNode;
  /** A second line under the option's label (e.g. a price or a date). */
  description?: ReactNode;
  isDisabled?: boolean;
  className?: string;
}

/** Keyboard focus only (not a click): the ring shows as with :focus-visible. */
const focusVisible = (event: FocusEvent<HTMLInputElement>) => {
  try {
    return event.currentTarget.matches(':focus-visible');
  } catch {
    // Older engines without :focus-visible show the ring on every focus.
    return true;
  }
};

export function Radio({ value, children, description, isDisabled = false, className }: RadioProps) {
  const group = useContext(GroupContext);
  const [focused, setFocused] = useState(false);
  const descriptionId = useId();
  if (group === null) throw new Error('Radio must be inside a RadioGroup');
  const disabled = group.isDisabled || isDisabled;
  const busy = group.isBusy && !disabled;
  const selected = group.value === value;
  return (
    <label
      className={[styles.radio, className ?? ''].filter(Boolean).join(' ')}
      data-selected={selected || undefined}
      data-disabled={disabled || busy || undefined}
      data-invalid={group.isInvalid || undefined}
      data-focus-visible={focused || undefined}
    >
      <input
        type="radio"
        className="visually-hidden"
        name={group.name}
        value={value}
        checked={selected}
        disabled={disabled}
        aria-disabled={busy || undefined}
        required={group.isRequired}
        aria-describedby={description ? descriptionId : undefined}
        onChange={(event) => {
          if (event.currentTarget.checked) group.choose(value);
        }}
        // While busy a press changes nothing: the chosen answer stays checked.
        onClick={busy ? (event) => event.preventDefault() : undefined}
        onFocus={(event) => setFocused(focusVisible(event))}
        onBlur={() => setFocused(false)}
      />
      <span className={styles.dot} aria-hidden="true" />
      <span className={styles.content}>
        <span>{children}</span>
        {description ? (
          <span id={descriptionId} className={styles.description}>
            {description}
          </span>
        ) : null}
      </span>
    </label>
  );
}
