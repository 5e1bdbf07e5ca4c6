import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { searchCurrencies } from '#domain/currency-search.ts';
import { messages } from '#domain/messages.ts';
import { currencies } from '../../../mocks/fixtures.ts';
import { CurrencyPicker } from './currency-picker.tsx';

/** What an option says, its decorative flag left out. */
function optionText(option: HTMLElement): string {
  const copy = option.cloneNode(true) as HTMLElement;
  copy.querySelectorAll('[aria-hidden="true"]').forEach((e) => e.remove());
  return copy.textContent ?? '';
}

/** The picker over the domain's search, as the calculator chart runs it. */
function Harness({ onSelect = () => {}, buying = false }: { onSelect?: (code: string) => void; buying?: boolean }) {
  const [search, setSearch] = useState('');
  const [code, setCode] = useState('EUR');
  const found = searchCurrencies(currencies, search);
  return (
    <CurrencyPicker
      options={found.currencies}
      noResults={found.noResults}
      selected={currencies.find((c) => c.code === code) ?? null}
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
});
