/**
 * Tabs (WAI-ARIA tabs pattern, automatic activation): one tab stop for the tab list, arrow keys,
 * Home and End move between tabs and select the one they reach; only the selected panel holds
 * its content.
 *
 * Plain elements and one keyboard handler: the calculator's panel re-renders on every key typed
 * in an amount box, and a panel that walks its own DOM for tabbable children after every render
 * made those keys long tasks.
 */
import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';

export interface TabItem<K extends string> {
  id: K;
  title: string;
}

export interface TabsProps<K extends string> {
  /** The tab list's accessible name. */
  label: string;
  tabs: readonly TabItem<K>[];
  selected: K;
  onSelect: (id: K) => void;
  /** The selected tab's panel. */
  children: ReactNode;
  classNames?: { root?: string; list?: string; tab?: string; panel?: string };
}

const step: Record<string, (index: number, count: number) => number> = {
  ArrowRight: (i, n) => (i + 1) % n,
  ArrowLeft: (i, n) => (i - 1 + n) % n,
  Home: () => 0,
  End: (_, n) => n - 1,
};

export function Tabs<K extends string>({ label, tabs, selected, onSelect, children, classNames = {} }: TabsProps<K>) {
  const base = useId();
  const tabRefs = useRef(new Map<K, HTMLButtonElement>());
  const tabId = (id: K) => `${base}-tab-${id}`;
  const panelId = (id: K) => `${base}-panel-${id}`;

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const move = step[event.key];
    if (move === undefined) return;
    event.preventDefault();
    const next = tabs[move(index, tabs.length)];
    if (next === undefined) return;
    tabRefs.current.get(next.id)?.focus();
    if (next.id !== selected) onSelect(next.id);
  };

  return (
    <div className={classNames.root}>
      <div role="tablist" aria-label={label} aria-orientation="horizontal" className={classNames.list}>
        {tabs.map((tab, index) => {
          const isSelected = tab.id === selected;
          return (
            <button
              key={tab.id}
              ref={(element) => {
                if (element) tabRefs.current.set(tab.id, element);
                else tabRefs.current.delete(tab.id);
              }}
              type="button"
              role="tab"
              id={tabId(tab.id)}
              aria-selected={isSelected}
              aria-controls={panelId(tab.id)}
              tabIndex={isSelected ? 0 : -1}
              data-selected={isSelected || undefined}
              className={classNames.tab}
              onClick={() => {
                if (!isSelected) onSelect(tab.id);
              }}
              onKeyDown={(event) => onKeyDown(event, index)}
            >
              {tab.title}
            </button>
          );
        })}
      </div>
      {tabs.map((tab) =>
        tab.id === selected ? (
          <div key={tab.id} role="tabpanel" id={panelId(tab.id)} aria-labelledby={tabId(tab.id)} className={classNames.panel}>
            {children}
          </div>
        ) : (
          <div key={tab.id} role="tabpanel" id={panelId(tab.id)} aria-labelledby={tabId(tab.id)} hidden />
        ),
      )}
    </div>
  );
}
