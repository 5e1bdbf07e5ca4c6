import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SimulatedClock } from 'xstate';
import { makeFixtures } from '../../../mocks/fixtures.ts';
import { createHandlers, routeUrl, variants } from '../../../mocks/handlers.ts';
import { startCheckout } from '../../../tests/support/checkout-over-api.ts';
import { PaymentUnsuccessfulScreen } from './payment-unsuccessful-screen.tsx';

const fx = makeFixtures(new Date('2026-11-27T10:00:00Z'));
const server = setupServer(...createHandlers({ fixtures: fx }));
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

function open(state: 0 | 1 | 3 | 16 | 18) {
  server.use(...variants.orderState(state, { fixtures: fx }));
  // The chart's timers (the 1 s redirect) run on simulated time, moved on only by `elapse`.
  const clock = new SimulatedClock();
  const run = startCheckout('/checkout/payment-unsuccessful', { clock });
  render(<PaymentUnsuccessfulScreen checkout={run.checkout} />);
  return Object.assign(run, { elapse: (ms: number) => act(() => clock.increment(ms)) });
}

describe('PaymentUnsuccessfulScreen', () => {
  it.each([3, 18] as const)("offers 'Try again?' for an order in state %i, which goes back to payment", async (state) => {
    const run = open(state);
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent('Your payment was unsuccessful');
    await userEvent.click(await screen.findByRole('button', { name: 'Try again?' }));
    expect(run.navigations[0]).toBe('/checkout/payment');
  });

  it.each([0, 16] as const)("offers only 'Leave checkout' for an order in state %i", async (state) => {
    open(state);
    expect(await screen.findByRole('button', { name: 'Leave checkout' })).toBeEnabled();
    expect(screen.queryByRole('button', { name: 'Try again?' })).not.toBeInTheDocument();
  });

  it("'Leave checkout' abandons the checkout, says the cart is cleared, then goes to the abandon-cart address", async () => {
    let abandoned = 0;
    server.use(
      http.delete(routeUrl('cartAbandon'), () => {
        abandoned += 1;
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const run = open(16);
    await userEvent.click(await screen.findByRole('button', { name: 'Leave checkout' }));
    expect(await screen.findByText("We've cleared your cart")).toBeInTheDocument();
    expect(abandoned).toBe(1);
    run.elapse(999);
    expect(run.navigations).toEqual([]);
    run.elapse(1);
    expect(run.navigations).toEqual(['/']);
  });

  it('opens the velocity modal for an order in state 1; Escape closes it and the page stays', async () => {
    open(1);
    const dialog = await screen.findByRole('alertdialog', { name: "You've reached today's order limit" });
    expect(dialog).toHaveTextContent("You've exceeded the amount of orders you can process through our website today");
    expect(dialog).toHaveTextContent('proof of ID');
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Leave checkout' })).toBeInTheDocument();
    // No payment was ever asked for: the page says what happened and the step bar stays on Details.
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent("You've reached today's order limit");
    const steps = screen.getByRole('navigation', { name: 'Checkout progress' });
    expect(within(steps).getByText('Details').closest('li')).toHaveAttribute('aria-current', 'step');
  });

  it("the velocity modal's 'Return to the homepage' abandons the checkout, then goes to /", async () => {
    let abandoned = 0;
    server.use(
      http.delete(routeUrl('cartAbandon'), () => {
        abandoned += 1;
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const run = open(1);
    const dialog = await screen.findByRole('alertdialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Return to the homepage' }));
    expect(await screen.findByText("We've cleared your cart")).toBeInTheDocument();
    expect(abandoned).toBe(1);
    // A second after the cart is cleared.
    run.elapse(999);
    expect(run.navigations).toEqual([]);
    run.elapse(1);
    expect(run.navigations).toEqual(['/']);
  });

  it('pops up the problem when the cart cannot be abandoned and stays on the page', async () => {
    server.use(...variants.problem('cartAbandon', { title: 'We could not clear your cart', detail: 'Please try again.' }, 500));
    const run = open(16);
    await userEvent.click(await screen.findByRole('button', { name: 'Leave checkout' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'We could not clear your cart' });
    expect(dialog).toHaveTextContent('Please try again.');
    expect(run.navigations).toEqual([]);
  });
});
