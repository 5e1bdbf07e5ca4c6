import type { Ref } from 'react';
import { formatMessage, messages } from '#domain/messages.ts';

export interface LineAmountInputProps {
  /** The box's id; its error, where the line shows one, has this id with '-error'. */
  id: string;
  /** The line as the cart's selectors show it: its currency code, the amount typed and its error. */
  line: { code: string; amount: string; error?: string | null | undefined };
  className?: string;
  inputRef?: Ref<HTMLInputElement>;
  onChange: (amount: string) => void;
  onBlur: () => void;
}

/** The amount box of a cart line, labelled for screen readers with the line's currency. */
export function LineAmountInput({ id, line: { code, amount, error }, className, inputRef, onChange, onBlur }: LineAmountInputProps) {
  return (
    <>
      <label htmlFor={id} className="visually-hidden">
        {formatMessage(messages.lineAmountLabel, { code })}
      </label>
      <input
        ref={inputRef}
        id={id}
        className={className}
        inputMode="decimal"
        autoComplete="off"
        value={amount}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => onChange(event.target.value)}
        onBlur={onBlur}
      />
    </>
  );
}
