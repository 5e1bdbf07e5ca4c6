import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { currencies } from '../../../mocks/fixtures.ts';
import { CurrencyPicker } from './currency-picker.tsx';

describe('CurrencyPicker', () => {
  it('is a combobox searched by code', async () => {
    const onSelect = vi.fn();
    render(<CurrencyPicker currencies={currencies} selectedCode="EUR" onSelect={onSelect} />);
    const box = screen.getByRole('combobox', { name: 'Currency' });
    expect(box).toHaveValue('Euros (EUR)');
    await userEvent.clear(box);
    await userEvent.type(box, 'usd');
    const options = screen.getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['USDUS Dollars']);
    await userEvent.keyboard('{ArrowDown}{Enter}');
    expect(onSelect).toHaveBeenCalledWith('USD');
  });

  it('is searched by plural name', async () => {
    render(<CurrencyPicker currencies={currencies} selectedCode="EUR" onSelect={() => {}} />);
    const box = screen.getByRole('combobox', { name: 'Currency' });
    await userEvent.clear(box);
    await userEvent.type(box, 'dollars');
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
      'USDUS Dollars',
      'AUDAustralian Dollars',
      'CADCanadian Dollars',
    ]);
  });

  it("shows 'No results found' when nothing matches", async () => {
    render(<CurrencyPicker currencies={currencies} selectedCode="EUR" onSelect={() => {}} />);
    const box = screen.getByRole('combobox', { name: 'Currency' });
    await userEvent.clear(box);
    await userEvent.type(box, 'zzz');
    // The empty state is the listbox's one row, so screen readers hear it too.
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['No results found']);
  });
});
