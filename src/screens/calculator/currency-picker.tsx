import { Button as AriaButton, ComboBox, Input, Label, ListBox, ListBoxItem, Popover, type Key } from 'react-aria-components';
import type { Currency } from '#domain/contract/catalogue.ts';
import { messages } from '#domain/messages.ts';
import styles from './currency-picker.module.css';

export interface CurrencyPickerProps {
  currencies: readonly Pick<Currency, 'code' | 'pluralName'>[];
  selectedCode: string | null;
  onSelect: (code: string) => void;
  isDisabled?: boolean;
}

/** 'Euros (EUR)': what the box shows once chosen and what the search matches. */
export const currencyText = (c: Pick<Currency, 'code' | 'pluralName'>) => `${c.pluralName} (${c.code})`;

/** Matches the typed text against the code or the plural name, ignoring case (spec 2.1). */
export function matchesCurrency(textValue: string, typed: string): boolean {
  const q = typed.trim().toLowerCase();
  return q === '' || textValue.toLowerCase().includes(q);
}

/** The currency picker: a combobox searched by code or plural name, with a 'No results found' row. */
export function CurrencyPicker({ currencies, selectedCode, onSelect, isDisabled }: CurrencyPickerProps) {
  const onSelectionChange = (key: Key | null) => {
    if (key !== null && String(key) !== selectedCode) onSelect(String(key));
  };
  return (
    <ComboBox
      className={styles.combobox}
      defaultItems={currencies.map((c) => ({ id: c.code, ...c }))}
      selectedKey={selectedCode}
      onSelectionChange={onSelectionChange}
      defaultFilter={matchesCurrency}
      allowsEmptyCollection
      menuTrigger="focus"
      isDisabled={isDisabled}
    >
      <Label className={styles.label}>{messages.currencyLabel}</Label>
      <div className={styles.inputRow}>
        <Input className={styles.input} placeholder={messages.currencySearchPlaceholder} />
        <AriaButton className={styles.toggle} aria-label={messages.showCurrencies}>
          <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2">
            <path d="M3 6l5 5 5-5" />
          </svg>
        </AriaButton>
      </div>
      <Popover className={styles.popover} offset={4}>
        <ListBox className={styles.listbox} renderEmptyState={() => <div className={styles.empty}>{messages.noResults}</div>}>
          {(item: { id: string; code: string; pluralName: string }) => (
            <ListBoxItem id={item.id} textValue={currencyText(item)} className={styles.option}>
              <span className={styles.code}>{item.code}</span>
              <span>{item.pluralName}</span>
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
    </ComboBox>
  );
}
