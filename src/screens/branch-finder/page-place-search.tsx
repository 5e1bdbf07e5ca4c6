import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { messages } from '#domain/messages.ts';
import { fetchedOnce } from '#src/ui/fetched-once.ts';
import { whenIdle } from '#src/ui/when-idle.ts';
import { usePlaceQuery, type BranchFinderRef } from '#src/screens/branch-modal/use-branch-finder.ts';
import type { FinderPlaceSearch } from './finder-place-search.tsx';
import styles from './place-search.module.css';

type Search = typeof FinderPlaceSearch;

const combobox = fetchedOnce<Search>(() => import('./finder-place-search.tsx').then((module) => module.FinderPlaceSearch));

/** The place search's combobox (react-aria's, about 50 KB gzip with its popover), fetched once. */
export const loadPagePlaceSearch = combobox.load;

/**
 * The branch finder page's place search (decision 065). The page draws it first as a plain form
 * of the same look: the label, a text box and Search, wired to the finder as the combobox is (what
 * is typed is the finder's query; Search or Enter submits it). The combobox, with its suggestions,
 * replaces it once its code is here: fetched when the browser is next idle after the page is
 * drawn, or as soon as the shopper goes to the box. The text typed so far stays (it is the
 * finder's), and so does the focus.
 */
export function PagePlaceSearch({ finder }: { finder: BranchFinderRef }) {
  // The combobox once here, and whether the plain box had the focus when it came.
  const [arrived, setArrived] = useState<{ Combobox: Search; focus: boolean } | null>(() => {
    const here = combobox.now();
    return here ? { Combobox: here, focus: false } : null;
  });
  const input = useRef<HTMLInputElement>(null);
  const query = usePlaceQuery(finder);
  const id = useId();
  const load = useCallback(
    () =>
      void loadPagePlaceSearch().then(
        (Combobox) => {
          const focus = input.current !== null && input.current === input.current.ownerDocument.activeElement;
          setArrived((now) => now ?? { Combobox, focus });
        },
        () => undefined,
      ),
    [],
  );
  useEffect(() => (arrived ? undefined : whenIdle(load)), [arrived, load]);
  if (arrived) return <arrived.Combobox finder={finder} focusOnMount={arrived.focus} />;
  return (
    <form
      role="search"
      className={styles.form}
      onSubmit={(e) => {
        e.preventDefault();
        finder.send({ type: 'place.submitted' });
      }}
    >
      <div className={styles.combobox}>
        <label htmlFor={id} className={styles.label}>
          {messages.placeSearchLabel}
        </label>
        <div className={styles.inputRow}>
          <input
            ref={input}
            id={id}
            className={`${styles.input} ${styles.plainInput}`}
            placeholder={messages.placeSearchPlaceholder}
            autoComplete="off"
            value={query}
            onChange={(e) => finder.send({ type: 'place.typed', text: e.target.value })}
            onFocus={load}
          />
        </div>
      </div>
      <button type="submit" className={styles.submit}>
        {messages.placeSearchSubmit}
      </button>
    </form>
  );
}
