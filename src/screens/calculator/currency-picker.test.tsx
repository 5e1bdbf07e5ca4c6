import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { searchCurrencies } from '#domain/currency-search.ts';
import { messages } from '#domain/messages.ts';
import { currencies } from '../../../mocks/fixtures.ts';
import type { Currency } from '#domain/contract/catalogue.ts';
import { CurrencyPicker, FIRST_ROWS } from './currency-picker.tsx';

/** What an option says, its decorative flag left out. */
function optionText(option: HTMLElement): string {
  const copy = option.cloneNode(true) as HTMLElement;
  copy.querySelectorAll('[aria-hidden="true"]').forEach((e) => e.remove());
  return copy.textContent ?? '';
}

/** The picker over the domain's search, as the calculator chart runs it. */
function Harness({ onSelect = () => {}, buying = false, list = currencies, chosen = 'EUR' }: { onSelect?: (code: string) => void; buying?: boolean; list?: Currency[]; chosen?: string }) {
  const [search, setSearch] = useState('');
  const [code, setCode] = useState(chosen);
  const found = searchCurrencies(list, search);
  return (
    <CurrencyPicker
      options={found.currencies}
      noResults={found.noResults}
      selected={list.find((c) => c.code === code) ?? null}
      onSearch={setSearch}
      onSelect={(c) => {
        setCode(c);
        onSelect(c);
      }}
      buying={buying}
    />
  );
}

describe('CurrencyPicker', () => {
  it('is a combobox showing the chosen currency, searched by code', async () => {
    const onSelect = vi.fn();
    render(<Harness onSelect={onSelect} />);
    const box = screen.getByRole('combobox', { name: 'Currency' });
    expect(box).toHaveValue('Euros (EUR)');
    await userEvent.click(box);
    await userEvent.keyboard('usd');
    expect(screen.getAllByRole('option').map((o) => optionText(o))).toEqual(['USDUS Dollars']);
    await userEvent.keyboard('{ArrowDown}{Enter}');
    expect(onSelect).toHaveBeenCalledWith('USD');
    expect(box).toHaveValue('US Dollars (USD)');
  });

  it('lists the popular currencies first, each with its flag, and on the buy tab marks one the shop only buys back', async () => {
    render(<Harness buying />);
    await userEvent.click(screen.getByRole('combobox', { name: 'Currency' }));
    const options = screen.getAllByRole('option');
    expect(options.slice(0, 3).map(optionText)).toEqual(['EUREuros', 'USDUS Dollars', `AEDUAE Dirhams${messages.currencySellBackOnly}`]);
    expect(options[0]?.querySelector('[aria-hidden="true"][data-country="EU"]')).not.toBeNull();
    const sellBackOnly = currencies.filter((c) => !c.purchaseAllowed && c.sellBackAllowed);
    expect(sellBackOnly.length).toBeGreaterThan(0);
    for (const c of sellBackOnly) {
      expect(options.find((o) => optionText(o).startsWith(c.code))?.textContent).toContain(messages.currencySellBackOnly);
    }
    expect(options.filter((o) => o.textContent?.includes(messages.currencySellBackOnly))).toHaveLength(sellBackOnly.length);
  });

  it("says nothing of selling back on the sell tab", async () => {
    render(<Harness />);
    await userEvent.click(screen.getByRole('combobox', { name: 'Currency' }));
    expect(screen.queryByText(messages.currencySellBackOnly)).toBeNull();
  });

  it('is searched by plural name', async () => {
    render(<Harness />);
    await userEvent.click(screen.getByRole('combobox', { name: 'Currency' }));
    await userEvent.keyboard('dollars');
    expect(screen.getAllByRole('option').map((o) => optionText(o))).toEqual(['USDUS Dollars', 'AUDAustralian Dollars', 'CADCanadian Dollars']);
  });

  it("shows 'No results found' as the list's row when nothing matches, and puts the choice back on leaving", async () => {
    render(<Harness />);
    const box = screen.getByRole('combobox', { name: 'Currency' });
    await userEvent.click(box);
    await userEvent.keyboard('zzz');
    expect(screen.getAllByRole('option').map((o) => optionText(o))).toEqual(['No results found']);
    await userEvent.keyboard('{Escape}');
    await userEvent.tab();
    expect(box).toHaveValue('Euros (EUR)');
  });

  it('moves through the list with Down and Up, marks the chosen currency, and chooses with the pointer', async () => {
    const onSelect = vi.fn();
    render(<Harness onSelect={onSelect} />);
    const box = screen.getByRole('combobox', { name: 'Currency' });
    expect(box).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(box);
    expect(box).toHaveAttribute('aria-expanded', 'true');
    const list = screen.getByRole('listbox', { name: 'Currency' });
    expect(box).toHaveAttribute('aria-controls', list.id);
    // Opened on the chosen currency.
    const euros = screen.getByRole('option', { name: /Euros/ });
    expect(euros).toHaveAttribute('aria-selected', 'true');
    expect(box).toHaveAttribute('aria-activedescendant', euros.id);
    await userEvent.keyboard('{ArrowDown}');
    expect(box).toHaveAttribute('aria-activedescendant', screen.getByRole('option', { name: /US Dollars/ }).id);
    await userEvent.keyboard('{ArrowUp}{ArrowUp}');
    expect(box).toHaveAttribute('aria-activedescendant', euros.id);
    await userEvent.keyboard('{Escape}');
    expect(box).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('listbox')).toBeNull();
    await userEvent.keyboard('{ArrowDown}');
    await userEvent.click(screen.getByRole('option', { name: /Japanese Yen/ }));
    expect(onSelect).toHaveBeenCalledWith('JPY');
    expect(box).toHaveValue('Japanese Yen (JPY)');
    expect(box).toHaveFocus();
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('lists every currency when opened from its button', async () => {
    render(<Harness />);
    await userEvent.click(screen.getByRole('button', { name: /Show currencies/ }));
    expect(screen.getAllByRole('option')).toHaveLength(currencies.length);
  });

  describe('a long list (the shop sells more currencies than fit in the list)', () => {
    /** The fixtures and 30 more, as many as the shop's catalogue. */
    const many: Currency[] = [
      ...currencies,
      ...Array.from({ length: 30 }, (_, i) => ({
        ...currencies[0]!,
        code: `X${String.fromCharCode(65 + Math.floor(i / 26))}${String.fromCharCode(65 + (i % 26))}`,
        pluralName: `Test Units ${String(i + 1).padStart(2, '0')}`,
      })),
    ];
    const ids = () => screen.getAllByRole('option').map((o) => o.id);

    it('opens on its first rows and lists the rest from the next frame, in the same order', async () => {
      render(<Harness list={many} />);
      const box = screen.getByRole('combobox', { name: 'Currency' });
      // Focus opens the list; no frame has been drawn yet.
      act(() => box.focus());
      expect(box).toHaveAttribute('aria-expanded', 'true');
      const first = ids();
      expect(first).toHaveLength(FIRST_ROWS);
      expect(box).toHaveAttribute('aria-activedescendant', first[0]);
      await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(many.length));
      expect(ids().slice(0, FIRST_ROWS)).toEqual(first);
    });

    it('opens with the chosen currency among its first rows, however far down the list it is', async () => {
      const far = many[25]!;
      render(<Harness list={many} chosen={far.code} />);
      const box = screen.getByRole('combobox', { name: 'Currency' });
      act(() => box.focus());
      const chosen = screen.getByRole('option', { name: new RegExp(far.pluralName) });
      expect(chosen).toHaveAttribute('aria-selected', 'true');
      expect(box).toHaveAttribute('aria-activedescendant', chosen.id);
      await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(many.length));
    });

    it('starts from its first rows again each time it opens, and Down reaches the last row', async () => {
      const user = userEvent.setup();
      render(<Harness list={many} />);
      const box = screen.getByRole('combobox', { name: 'Currency' });
      await user.click(box);
      await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(many.length));
      await user.keyboard('{Escape}');
      expect(screen.queryByRole('listbox')).toBeNull();
      act(() => {
        box.blur();
        box.focus();
      });
      expect(screen.getAllByRole('option')).toHaveLength(FIRST_ROWS);
      await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(many.length));
      await user.keyboard(`{ArrowDown>${many.length}/}`);
      expect(box).toHaveAttribute('aria-activedescendant', screen.getAllByRole('option').at(-1)?.id);
      await user.keyboard('{Enter}');
      expect(box).toHaveValue(`${many.at(-1)!.pluralName} (${many.at(-1)!.code})`);
    });
  });
});

