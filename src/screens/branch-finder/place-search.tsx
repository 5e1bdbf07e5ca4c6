import { useLayoutEffect, useRef, useState } from 'react';
import { ComboBox, Input, Label, ListBox, ListBoxItem, Popover, Text, type Key } from 'react-aria-components';
import type { Place } from '#domain/contract/branches.ts';
import { messages } from '#domain/messages.ts';
import { Spinner } from '#src/ui/spinner.tsx';
import styles from './place-search.module.css';

export interface PlaceSearchProps {
  /** What the shopper typed. */
  query: string;
  onQueryChange: (query: string) => void;
  /** Great Britain places matching the query, as the server found them. */
  places: readonly Place[];
  searching: boolean;
  onSelect: (place: Place) => void;
  /** The typed text was submitted without picking a suggestion. */
  onSubmit: () => void;
  /** 'Sorry, we could not find a location based on your search', or a failure. */
  error?: string | null;
  label?: string;
  /** Take the focus when shown: the branch modal opens on its search, as the dialog pattern asks. */
  focusOnMount?: boolean;
  className?: string;
}

const keyOf = (place: Place) => `${place.name}|${place.latitude}|${place.longitude}`;
const nameOf = (place: Place) => (place.region ? `${place.name}, ${place.region}` : place.name);

/**
 * The place search: a real combobox over the server's Great Britain places, and a Search button
 * for the typed text. The server filters, so the list shows the places as given.
 */
export function PlaceSearch({ query, onQueryChange, places, searching, onSelect, onSubmit, error, label, focusOnMount = false, className }: PlaceSearchProps) {
  const input = useRef<HTMLInputElement>(null);
  // In the commit that draws it: the branch finder page's plain box hands over its focus here
  // (page-place-search.tsx), and a key typed in between would otherwise fall on the page.
  useLayoutEffect(() => {
    if (focusOnMount) input.current?.focus();
  }, [focusOnMount]);
  const byKey = new Map(places.map((p) => [keyOf(p), p]));
  // The name of the place just picked: the box shows it, but it is not a new search.
  const [picked, setPicked] = useState<string | null>(null);
  const onSelectionChange = (key: Key | null) => {
    const place = key === null ? undefined : byKey.get(String(key));
    if (!place) return;
    setPicked(nameOf(place));
    onSelect(place);
  };
  return (
    <form
      role="search"
      className={[styles.form, className ?? ''].filter(Boolean).join(' ')}
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit();
      }}
    >
      <ComboBox
        className={styles.combobox}
        items={places.map((p) => ({ id: keyOf(p), place: p }))}
        inputValue={picked ?? query}
        onInputChange={(text) => {
          if (text === picked) return;
          setPicked(null);
          onQueryChange(text);
        }}
        onSelectionChange={onSelectionChange}
        allowsCustomValue
        allowsEmptyCollection={picked === null && query.trim().length > 1}
        menuTrigger="input"
        isInvalid={Boolean(error)}
      >
        <Label className={styles.label}>{label ?? messages.placeSearchLabel}</Label>
        <div className={styles.inputRow}>
          <Input ref={input} className={styles.input} placeholder={messages.placeSearchPlaceholder} autoComplete="off" />
          {searching ? <Spinner label={messages.searchingPlaces} className={styles.spinner} /> : null}
        </div>
        {error ? (
          <Text slot="errorMessage" className={styles.error}>
            {error}
          </Text>
        ) : null}
        <Popover className={styles.popover} offset={4}>
          <ListBox
            className={styles.listbox}
            renderEmptyState={() => <div className={styles.empty}>{searching ? messages.searchingPlaces : messages.placeNotFound}</div>}
          >
            {(item: { id: string; place: Place }) => (
              <ListBoxItem id={item.id} textValue={nameOf(item.place)} className={styles.option}>
                {nameOf(item.place)}
              </ListBoxItem>
            )}
          </ListBox>
        </Popover>
      </ComboBox>
      <button type="submit" className={styles.submit}>
        {messages.placeSearchSubmit}
      </button>
    </form>
  );
}
