import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { searchCurrencies } from '#domain/currency-search.ts';
import { currencies } from '../../../mocks/fixtures.ts';
import { CurrencyPicker } from './currency-picker.tsx';

/** The picker over the domain's search, as the calculator chart runs it. */
function Harness({ onSelect = () => {} }: { onSelect?: (code: string) => void }) {
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
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['USDUS Dollars']);
    await userEvent.keyboard('{ArrowDown}{Enter}');
    expect(onSelect).toHaveBeenCalledWith('USD');
    expect(box).toHaveValue('US Dollars (USD)');
  });

  it('is searched by plural name', async () => {
    render(<Harness />);
    await userEvent.click(screen.getByRole('combobox', { name: 'Currency' }));
    await userEvent.keyboard('dollars');
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['USDUS Dollars', 'AUDAustralian Dollars', 'CADCanadian Dollars']);
  });

  it("shows 'No results found' as the list's row when nothing matches, and puts the choice back on leaving", async () => {
    render(<Harness />);
    const box = screen.getByRole('combobox', { name: 'Currency' });
    await userEvent.click(box);
    await userEvent.keyboard('zzz');
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['No results found']);
    await userEvent.keyboard('{Escape}');
    await userEvent.tab();
    expect(box).toHaveValue('Euros (EUR)');
  });

  it('lists every currency when opened from its button', async () => {
    render(<Harness />);
    await userEvent.click(screen.getByRole('button', { name: /Show currencies/ }));
    expect(screen.getAllByRole('option')).toHaveLength(currencies.length);
  });
});
