import { memo, useMemo, useState } from 'react';
import { Button as AriaButton, ComboBox, Input, Label, ListBox, ListBoxItem, Popover, type Key } from 'react-aria-components';
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
 * Memoised, with its list built once per search result: typing an amount beside it re-renders
 * the calculator on every key, and rebuilding a 100-currency collection each time made long tasks.
 */
export const CurrencyPicker = memo(function CurrencyPicker({ options, selected, onSearch, onSelect, noResults, isDisabled, buying = false }: CurrencyPickerProps) {
  const selectedText = selected ? currencyText(selected) : '';
  const items = useMemo(() => options.map((c) => ({ id: c.code, ...c })), [options]);
  const [text, setText] = useState<string | null>(null);
  const reset = () => {
    setText(null);
    onSearch('');
  };
  const onSelectionChange = (key: Key | null) => {
    if (key === null) return;
    reset();
    if (String(key) !== selected?.code) onSelect(String(key));
  };
  return (
    <ComboBox
      className={styles.combobox}
      items={items}
      inputValue={text ?? selectedText}
      onInputChange={(value) => {
        // Choosing an option writes its text into the box: that is not a search.
        if (value === selectedText && text === null) return;
        setText(value);
        onSearch(value === selectedText ? '' : value);
      }}
      selectedKey={selected?.code ?? null}
      onSelectionChange={onSelectionChange}
      onOpenChange={(open) => {
        if (!open && text !== null) reset();
      }}
      allowsEmptyCollection
      menuTrigger="focus"
      isDisabled={isDisabled}
    >
      <Label className={styles.label}>{messages.currencyLabel}</Label>
      <div className={styles.inputRow}>
        <Input
          className={styles.input}
          placeholder={messages.currencySearchPlaceholder}
          // Typing replaces the chosen currency's name; once searching, focus keeps the text.
          onFocus={(e) => {
            if (text === null) e.currentTarget.select();
          }}
        />
        <AriaButton className={styles.toggle} aria-label={messages.showCurrencies}>
          <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2">
            <path d="M3 6l5 5 5-5" />
          </svg>
        </AriaButton>
      </div>
      <Popover className={styles.popover} offset={4}>
        <ListBox className={styles.listbox} renderEmptyState={() => <div className={styles.empty}>{noResults ?? messages.noResults}</div>}>
          {(item: CurrencyOption & { id: string }) => (
            <ListBoxItem id={item.id} textValue={currencyText(item)} className={styles.option}>
              <CurrencyFlag code={item.code} className={styles.flag} />
              <span className={styles.code}>{item.code}</span>
              <span className={styles.name}>{item.pluralName}</span>
              {buying && isSellBackOnly(item) ? <span className={styles.hint}>{messages.currencySellBackOnly}</span> : null}
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
    </ComboBox>
  );
});
