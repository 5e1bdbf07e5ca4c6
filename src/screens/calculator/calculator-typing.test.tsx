import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { SimulatedClock } from 'xstate';
import { usePageActor } from '#src/app/use-machines.ts';
import { handlers, variants } from '../../../mocks/handlers.ts';
import { renderShop } from '../../../tests/support/render-shop.tsx';
import { AmountField, CalculatorView } from './calculator-view.tsx';
import type * as CalculatorViewModule from './calculator-view.tsx';
import { Calculator } from './calculator.tsx';

// The form and the amount boxes, counted as React renders them (decision 036).
vi.mock('./calculator-view.tsx', async (importOriginal) => {
  const original = await importOriginal<typeof CalculatorViewModule>();
  return { ...original, CalculatorView: vi.fn(original.CalculatorView), AmountField: vi.fn(original.AmountField) };
});

const server = setupServer(...handlers);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

function Page() {
  const calculator = usePageActor('calculator');
  return calculator ? <Calculator calculator={calculator} /> : null;
}

describe('Calculator, typing', () => {
  it('re-renders the amount boxes for each key and the form only once the amount is priced', async () => {
    server.use(...variants.noCart());
    // The amount's 500 ms pause runs on simulated time, moved on only here.
    const clock = new SimulatedClock();
    renderShop(<Page />, { clock });
    await screen.findByTestId('rate-line', {}, { timeout: 3000 });
    const box = screen.getByRole('textbox', { name: 'You pay (£)' });
    await userEvent.clear(box);
    await userEvent.type(box, '300');
    act(() => clock.increment(500));
    await waitFor(() => expect(screen.getByTestId('tier-hint')).toHaveTextContent(/^Better rate over £500: /));
    vi.mocked(CalculatorView).mockClear();
    vi.mocked(AmountField).mockClear();

    await userEvent.clear(box);
    await userEvent.type(box, '600');
    expect(box).toHaveValue('600');
    // Both boxes re-render for each key (the one typed in shows the text); the form does not.
    expect(vi.mocked(AmountField).mock.calls.length).toBeGreaterThanOrEqual(8);
    expect(CalculatorView).not.toHaveBeenCalled();

    // Not yet at 499 ms; after the 500 ms pause the amount is priced: the form shows what it says about the new amount.
    act(() => clock.increment(499));
    expect(CalculatorView).not.toHaveBeenCalled();
    expect(screen.getByTestId('tier-hint')).toHaveTextContent(/^Better rate over £500: /);
    act(() => clock.increment(1));
    await waitFor(() => expect(screen.getByTestId('tier-hint')).toHaveTextContent(/^Better rate over £1,000: /));
    expect(CalculatorView).toHaveBeenCalled();
  });

  it('re-renders the currency picker and not the form for a key typed in the currency search', async () => {
    server.use(...variants.noCart());
    renderShop(<Page />);
    await screen.findByTestId('rate-line', {}, { timeout: 3000 });
    const box = screen.getByRole('combobox', { name: 'Currency' });
    await userEvent.click(box);
    vi.mocked(CalculatorView).mockClear();

    await userEvent.keyboard('dollar');
    expect(box).toHaveValue('dollar');
    // The list narrowed to the dollars.
    await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(3));
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([expect.stringMatching(/US Dollars$/), expect.stringMatching(/Australian Dollars$/), expect.stringMatching(/Canadian Dollars$/)]);
    expect(CalculatorView).not.toHaveBeenCalled();

    // Choosing one is a change the form shows (the rate, the notices): it re-renders then.
    await userEvent.click(screen.getByRole('option', { name: /US Dollars/ }));
    expect(box).toHaveValue('US Dollars (USD)');
    expect(CalculatorView).toHaveBeenCalled();
  });
});

