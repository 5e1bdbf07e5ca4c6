import { memo, useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import type { Currency } from '#domain/contract/catalogue.ts';
import { messages } from '#domain/messages.ts';
import { CurrencyFlag } from '#src/ui/currency-flag.tsx';
import styles from './currency-picker.module.css';

type CurrencyOption = Pick<Currency, 'code' | 'pluralName'> & Partial<Pick<Currency, 'purchaseAllowed' | 'sellBackAllowed'>>;

/** On the buy tab, a currency the shop only buys back says so in the list: the shopper can sell it instead. */
const isSellBackOnly = (c: CurrencyOption) => c.purchaseAllowed === false && c.sellBackAllowed === true;

export interface CurrencyPickerProps {
  /** The currencies matching the search (the chart searches by code or plural name). */
  options: readonly CurrencyOption[];
  /** The chosen currency, shown in the box when the shopper is not searching. */
  selected: CurrencyOption | null;
  /** The search text is the shopper's: it is sent as typed ('' when the box is reset). */
  onSearch: (text: string) => void;
  onSelect: (code: string) => void;
  /** 'No results found', shown as the list's one row when nothing matches. */
  noResults: string | null;
  isDisabled?: boolean;
  /** The shopper is buying: a currency the shop only buys back is marked 'Sell back only'. */
  buying?: boolean;
}

/** 'Euros (EUR)': what the box shows once a currency is chosen. */
export const currencyText = (c: CurrencyOption) => `${c.pluralName} (${c.code})`;

/**
 * The currency picker: a combobox whose list is the chart's search result (the popular currencies
 * first), each with its flag. The box shows the chosen currency; typing searches; leaving without
 * a choice puts the chosen one back. On the buy tab a currency the shop only buys back says so.
 *
 * The WAI-ARIA combobox pattern with a list popup (ARIA 1.2): focus stays in the box, the
 * highlighted option is its active descendant; Down and Up move through the list, Enter chooses,
 * Escape closes it and puts the chosen currency back. Written for the page rather than taken from
 * a component library, which cost the calculator page's first load about a sixth of its script.
 *
 * Memoised: typing an amount beside it re-renders the calculator on every key.
 */
export const CurrencyPicker = memo(function CurrencyPicker({ options, selected, onSearch, onSelect, noResults, isDisabled, buying = false }: CurrencyPickerProps) {
  const id = useId();
  const labelId = `${id}-label`;
  const listId = `${id}-list`;
  const optionId = (code: string) => `${id}-option-${code}`;
  const input = useRef<HTMLInputElement>(null);
  const selectedText = selected ? currencyText(selected) : '';
  /** The shopper's search; null while the box shows the chosen currency. */
  const [text, setText] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  /** The highlighted option's index in options, -1 for none. */
  const [active, setActive] = useState(-1);
  const activeCode = open && active >= 0 ? options[active]?.code : undefined;

  // The highlighted option stays in sight as Down and Up move past the list's edge.
  useEffect(() => {
    if (activeCode !== undefined) document.getElementById(optionId(activeCode))?.scrollIntoView?.({ block: 'nearest' });
    // optionId is derived from id, which never changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [activeCode]);

  // A list shorter than before keeps the highlight inside it.
  useEffect(() => {
    if (active >= options.length) setActive(options.length - 1);
  }, [active, options.length]);

  const close = () => {
    setOpen(false);
    setActive(-1);
    if (text !== null) {
      setText(null);
      onSearch('');
    }
  };
  const choose = (code: string) => {
    setOpen(false);
    setActive(-1);
    setText(null);
    onSearch('');
    if (code !== selected?.code) onSelect(code);
  };
  const openList = () => {
    if (isDisabled) return;
    if (!open) {
      setOpen(true);
      // Opened on the chosen currency, as a native select does.
      setActive(text === null ? options.findIndex((c) => c.code === selected?.code) : -1);
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        if (!open) openList();
        else setActive((i) => Math.min(i + 1, options.length - 1));
        return;
      case 'ArrowUp':
        event.preventDefault();
        if (!open) openList();
        else setActive((i) => Math.max(i - 1, 0));
        return;
      case 'Enter': {
        const code = open && active >= 0 ? options[active]?.code : undefined;
        if (code === undefined) return;
        event.preventDefault();
        choose(code);
        return;
      }
      case 'Escape':
        if (!open && text === null) return;
        event.preventDefault();
        close();
        return;
      default:
    }
  };

  return (
    <div className={styles.combobox}>
      <label id={labelId} htmlFor={`${id}-input`} className={styles.label}>
        {messages.currencyLabel}
      </label>
      <div className={styles.inputRow}>
        <input
          ref={input}
          id={`${id}-input`}
          className={styles.input}
          type="text"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={open}
          aria-controls={open ? listId : undefined}
          aria-activedescendant={activeCode === undefined ? undefined : optionId(activeCode)}
          autoComplete="off"
          autoCorrect="off"
          spellCheck={false}
          placeholder={messages.currencySearchPlaceholder}
          disabled={isDisabled}
          value={text ?? selectedText}
          onChange={(e) => {
            const value = e.target.value;
            setText(value);
            setOpen(true);
            setActive(-1);
            onSearch(value);
          }}
          onFocus={(e) => {
            // Typing replaces the chosen currency's name; once searching, focus keeps the text.
            if (text === null) e.currentTarget.select();
            openList();
          }}
          onClick={openList}
          onBlur={close}
          onKeyDown={onKeyDown}
        />
        <button
          type="button"
          className={styles.toggle}
          aria-label={messages.showCurrencies}
          aria-expanded={open}
          aria-controls={open ? listId : undefined}
          tabIndex={-1}
          disabled={isDisabled}
          // The box keeps focus: pressing the button must not blur it (which would close the list).
          onMouseDown={(e) => e.preventDefault()}
          onClick={() => {
            if (open) {
              close();
              return;
            }
            if (document.activeElement !== input.current) input.current?.focus();
            if (text !== null) {
              setText(null);
              onSearch('');
            }
            setOpen(true);
            setActive(options.findIndex((c) => c.code === selected?.code));
          }}
        >
          <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2">
            <path d="M3 6l5 5 5-5" />
          </svg>
        </button>
      </div>
      {open ? (
        <ul
          id={listId}
          role="listbox"
          aria-labelledby={labelId}
          className={styles.popover}
          // Choosing with the pointer keeps focus in the box.
          onMouseDown={(e) => e.preventDefault()}
        >
          {options.length === 0 ? (
            <li role="option" aria-selected={false} aria-disabled="true" className={styles.empty}>
              {noResults ?? messages.noResults}
            </li>
          ) : (
            options.map((item, index) => (
              // The keyboard works through the box (Down, Up, Enter on its active descendant), as the combobox pattern has it.
              // eslint-disable-next-line jsx-a11y/click-events-have-key-events
              <li
                key={item.code}
                id={optionId(item.code)}
                role="option"
                aria-selected={item.code === selected?.code}
                data-focused={index === active ? '' : undefined}
                className={styles.option}
                onClick={() => choose(item.code)}
                onMouseMove={() => {
                  if (index !== active) setActive(index);
                }}
              >
                <CurrencyFlag code={item.code} className={styles.flag} />
                <span className={styles.code}>{item.code}</span>
                <span className={styles.name}>{item.pluralName}</span>
                {buying && isSellBackOnly(item) ? <span className={styles.hint}>{messages.currencySellBackOnly}</span> : null}
              </li>
            ))
          )}
        </ul>
      ) : null}
    </div>
  );
});
