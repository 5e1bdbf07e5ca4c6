import { memo, startTransition, useDeferredValue, useEffect, useId, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';
import type { Currency } from '#domain/contract/catalogue.ts';
import { messages } from '#domain/messages.ts';
import { CurrencyFlag } from '#src/ui/currency-flag.tsx';
import { useKeptInSight } from '#src/ui/keep-in-sight.ts';
import { useFromNextFrame } from '#src/ui/next-frame.ts';
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

/**
 * The rows laid out when the list opens: a little more than its height (20rem, about eight rows)
 * shows. The rest follow in a background render, so opening the list is not one long task on a
 * slow phone.
 */
export const FIRST_ROWS = 10;

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
 * Memoised: the form around it re-renders for what does not concern it. The list renders behind
 * the box: a key typed in the search shows in the box at once and the narrowed list follows
 * in a background render; each row is memoised, so narrowing the search or moving the highlight
 * re-renders only the rows that changed. Opening the list lays out its first rows only, the rest
 * a moment later (FIRST_ROWS).
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
  /** The highlighted option's index in the list shown, -1 for none. */
  const [active, setActive] = useState(-1);
  /** The list as shown: the search's answer, a render behind the box while the shopper types. */
  const shown = useDeferredValue(options);
  /** False while the list shows its first rows only (it has just opened). */
  const allRows = useFromNextFrame(open);
  const rows = allRows ? shown : shown.slice(0, Math.max(FIRST_ROWS, active + 1));
  const activeCode = open && active >= 0 ? shown[active]?.code : undefined;

  // The highlighted option stays in sight as Down and Up move past the list's edge.
  useKeptInSight(activeCode === undefined ? undefined : optionId(activeCode));

  // A list shorter than before keeps the highlight inside it.
  useEffect(() => {
    if (active >= shown.length) setActive(shown.length - 1);
  }, [active, shown.length]);

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
      // The list is drawn behind the event that opens it (the box's focus, a click, Down).
      startTransition(() => {
        setOpen(true);
        // Opened on the chosen currency, as a native select does.
        setActive(text === null ? shown.findIndex((c) => c.code === selected?.code) : -1);
      });
    }
  };
  /** The code of the row an event in the list happened on. */
  const rowCode = (event: MouseEvent<HTMLElement>) => (event.target as Element).closest<HTMLElement>('[data-code]')?.dataset.code;

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        if (!open) openList();
        else setActive((i) => Math.min(i + 1, shown.length - 1));
        return;
      case 'ArrowUp':
        event.preventDefault();
        if (!open) openList();
        else setActive((i) => Math.max(i - 1, 0));
        return;
      case 'Enter': {
        const code = open && active >= 0 ? shown[active]?.code : undefined;
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
            startTransition(() => {
              setOpen(true);
              setActive(shown.findIndex((c) => c.code === selected?.code));
            });
          }}
        >
          <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2">
            <path d="M3 6l5 5 5-5" />
          </svg>
        </button>
      </div>
      {open ? (
        // The keyboard works through the box (Down, Up, Enter on its active descendant), as the
        // combobox pattern has it; the pointer is followed here, for every row at once.
        // eslint-disable-next-line jsx-a11y/click-events-have-key-events
        <ul
          id={listId}
          role="listbox"
          aria-labelledby={labelId}
          // Scrollable, so a browser would make it a tab stop: Tab from the box then moved into the
          // list, whose box's blur closed it, and focus fell to the page's body (WCAG 2.4.3).
          tabIndex={-1}
          className={styles.popover}
          // Choosing with the pointer keeps focus in the box.
          onMouseDown={(e) => e.preventDefault()}
          onClick={(e) => {
            const code = rowCode(e);
            if (code !== undefined) choose(code);
          }}
          onMouseMove={(e) => {
            const code = rowCode(e);
            const index = code === undefined ? -1 : shown.findIndex((c) => c.code === code);
            if (index >= 0 && index !== active) setActive(index);
          }}
        >
          {shown.length === 0 ? (
            <li role="option" aria-selected={false} aria-disabled="true" className={styles.empty}>
              {noResults ?? messages.noResults}
            </li>
          ) : (
            rows.map((item, index) => (
              <OptionRow
                key={item.code}
                id={optionId(item.code)}
                item={item}
                selected={item.code === selected?.code}
                focused={index === active}
                sellBackOnly={buying && isSellBackOnly(item)}
              />
            ))
          )}
        </ul>
      ) : null}
    </div>
  );
});

interface OptionRowProps {
  id: string;
  item: CurrencyOption;
  selected: boolean;
  /** Highlighted: the box's active descendant. */
  focused: boolean;
  sellBackOnly: boolean;
}

/** One currency of the list: its flag, code and name, and 'Sell back only' where that applies. */
const OptionRow = memo(function OptionRow({ id, item, selected, focused, sellBackOnly }: OptionRowProps) {
  return (
    <li id={id} role="option" aria-selected={selected} data-focused={focused ? '' : undefined} data-code={item.code} className={styles.option}>
      <CurrencyFlag code={item.code} className={styles.flag} />
      <span className={styles.code}>{item.code}</span>
      <span className={styles.name}>{item.pluralName}</span>
      {sellBackOnly ? <span className={styles.hint}>{messages.currencySellBackOnly}</span> : null}
    </li>
  );
});
