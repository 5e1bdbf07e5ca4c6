import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import { checkoutSteps } from '#domain/checkout-steps.ts';
import { countdownView } from '#domain/countdown.ts';
import { countdownMachine } from '#machines/cart/countdown.machine.ts';
import { makeFixtures } from '../../../mocks/fixtures.ts';
import { createHandlers, routeUrl } from '../../../mocks/handlers.ts';
import { startCheckout } from '../../../tests/support/checkout-over-api.ts';
import { CheckoutFrame } from '../checkout-shared/checkout-frame.tsx';
import { CheckoutHeaderView } from './checkout-header-view.tsx';

const NOW = new Date('2026-11-27T10:00:00Z');
const fx = makeFixtures(NOW);
const server = setupServer(...createHandlers({ fixtures: fx }));
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const stepLabels = () =>
  within(screen.getByRole('navigation', { name: 'Checkout progress' }))
    .getAllByRole('listitem')
    // A step already done says so in words after its label.
    .map((li) => li.textContent?.replace(/, completed$/, ''));

describe('CheckoutHeaderView', () => {
  it.each([
    [2, ['Review', 'Delivery', 'Details', 'Payment', 'Confirmation']],
    [1, ['Review', 'Delivery', 'Details', 'Payment', 'Confirmation']],
    [3, ['Review', 'Collection', 'Details', 'Confirmation']],
  ] as const)('product %i has the steps %j with one active', (productId, labels) => {
    render(
      <CheckoutHeaderView
        steps={checkoutSteps(productId)}
        activeStep="details"
        countdown={countdownView(125_000)}
        closeMode="abandon"
        canClose
        closing={false}
        onClose={() => undefined}
      />,
    );
    expect(stepLabels()).toEqual(labels);
    expect(screen.getAllByRole('listitem')[0]).toHaveTextContent(`${labels[0]}, completed`);
    const current = screen.getAllByRole('listitem').filter((li) => li.getAttribute('aria-current') === 'step');
    expect(current.map((li) => li.textContent)).toEqual(['Details']);
    expect(screen.getByRole('timer', { name: 'Time left to check out' })).toHaveTextContent('02:05');
  });

  it('closes with a button that abandons, and shows a spinner while it does', async () => {
    const onClose = vi.fn();
    const { rerender } = render(
      <CheckoutHeaderView steps={checkoutSteps(2)} activeStep="review" countdown={null} closeMode="abandon" canClose closing={false} onClose={onClose} />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Close checkout' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    rerender(<CheckoutHeaderView steps={checkoutSteps(2)} activeStep="review" countdown={null} closeMode="abandon" canClose closing onClose={onClose} />);
    expect(screen.queryByRole('button', { name: 'Close checkout' })).not.toBeInTheDocument();
    expect(screen.getByText('Clearing your cart')).toBeInTheDocument();
  });

  it("reads 'Cart expired' once the countdown has run out", () => {
    render(
      <CheckoutHeaderView steps={checkoutSteps(2)} activeStep="review" countdown={countdownView(0)} closeMode="abandon" canClose closing={false} onClose={() => undefined} />,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Cart expired');
  });
});

describe('CheckoutHeader over the checkout actor', () => {
  it("abandons the cart on close, says \"We've cleared your cart\" and goes to / after a second", async () => {
    let abandoned = 0;
    server.use(
      http.delete(routeUrl('cartAbandon'), () => {
        abandoned += 1;
        return new HttpResponse(null, { status: 204 });
      }),
    );
    // The chart's timers (the 1 s redirect, the countdown's ticks) run on simulated time, moved on only here.
    const clock = new SimulatedClock();
    const run = startCheckout('/checkout/delivery-options', { clock });
    const countdown = createActor(countdownMachine, { clock, input: { expiresAt: fx.cart.expiresAt, now: () => NOW.getTime() } }).start();
    render(
      <CheckoutFrame checkout={run.checkout} countdown={countdown} page="delivery" title="Delivery">
        <p>content</p>
      </CheckoutFrame>,
    );
    expect(screen.getByRole('timer')).toHaveTextContent('18:45');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Close checkout' })).toBeEnabled());
    await userEvent.click(screen.getByRole('button', { name: 'Close checkout' }));
    expect(await screen.findByText("We've cleared your cart")).toBeInTheDocument();
    expect(abandoned).toBe(1);
    // The step bar stays on the page being left.
    expect(within(screen.getByRole('navigation', { name: 'Checkout progress' })).getByText('Delivery').closest('li')).toHaveAttribute('aria-current', 'step');
    act(() => clock.increment(999));
    expect(run.navigations).toEqual([]);
    act(() => clock.increment(1));
    expect(run.navigations).toEqual(['/']);
    countdown.stop();
  });
});
