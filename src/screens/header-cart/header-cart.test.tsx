import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import { makeCart } from '../../../mocks/fixtures.ts';
import { handlers, routeUrl, variants } from '../../../mocks/handlers.ts';
import { cartOverApi, cartSettings } from '../../../tests/support/cart-over-api.ts';
import { HeaderCart } from './header-cart.tsx';
import { preloadHeaderCartPanel } from './header-cart-view.tsx';

const server = setupServer(...handlers);
beforeAll(async () => {
  server.listen({ onUnhandledRequest: 'error' });
  await preloadHeaderCartPanel();
});
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const NOW = Date.parse('2026-03-04T10:00:00Z');

function start(now = () => NOW) {
  // The cart's timers (the 600 ms pause after typing, the countdown's ticks) run on this clock.
  const clock = new SimulatedClock();
  const cart = createActor(cartOverApi(), { clock, input: { siteId: 1, settings: cartSettings, now } });
  cart.start();
  render(<HeaderCart cart={cart} />);
  /** Moves the simulated time on by `ms`, firing the timers that fall due. */
  const elapse = (ms: number) => act(() => clock.increment(ms));
  return { cart, elapse };
}

async function openCart(name: RegExp | string = /^Cart, /) {
  await userEvent.click(await screen.findByRole('button', { name }));
  return screen.getByRole('dialog');
}

describe('HeaderCart', () => {
  it('counts the lines and lists them with the countdown, total and actions', async () => {
    server.use(...variants.withCart(makeCart(new Date(NOW), { lines: [{ code: 'EUR', qty: 500 }, { code: 'USD', qty: 300 }] })));
    start();
    const dialog = await openCart('Cart, 2 currencies in your cart');
    expect(screen.getByTestId('header-cart-count')).toHaveTextContent('2');
    expect(within(dialog).getByRole('timer', { name: 'Time left to check out' })).toHaveTextContent('18:45');
    expect(within(dialog).getByRole('textbox', { name: 'Amount of EUR' })).toHaveValue('500');
    expect(within(dialog).getByRole('textbox', { name: 'Amount of USD' })).toHaveValue('300');
    expect(dialog).toHaveTextContent('£437.72');
    expect(dialog).toHaveTextContent('2 currencies in your cart');
    expect(dialog).toHaveTextContent('Total£676.56');
    expect(within(dialog).getByRole('link', { name: 'Review & checkout' })).toHaveAttribute('href', '/checkout/view-cart');
    expect(within(dialog).getByRole('button', { name: 'Empty cart' })).toBeEnabled();
  });

  it("says 'No currency in your cart' without a cart", async () => {
    server.use(...variants.noCart());
    start();
    const dialog = await openCart('Cart, 0 currencies in your cart');
    expect(dialog).toHaveTextContent('No currency in your cart');
    expect(screen.getByTestId('header-cart-count')).toHaveTextContent('0');
  });

  it("says 'We couldn't get your cart' when the cart cannot be read", async () => {
    server.use(...variants.cartFetchError());
    start();
    const dialog = await openCart();
    expect(await within(dialog).findByRole('alert')).toHaveTextContent("We couldn't get your cart");
  });

  it('sends an edited amount 600 ms after the typing stops and shows the new price', async () => {
    const sent: unknown[] = [];
    server.use(
      ...variants.withCart(makeCart(new Date(NOW), { lines: [{ code: 'EUR', qty: 500 }] })),
      http.put(routeUrl('cartLineUpdate'), async ({ request }) => {
        const body = (await request.json()) as { qty: number };
        sent.push(body);
        return HttpResponse.json(makeCart(new Date(NOW), { lines: [{ code: 'EUR', qty: body.qty }] }));
      }),
    );
    const { cart, elapse } = start();
    const dialog = await openCart('Cart, 1 currency in your cart');
    const amount = within(dialog).getByRole('textbox', { name: 'Amount of EUR' });
    await userEvent.clear(amount);
    await userEvent.type(amount, '600');
    elapse(599);
    expect(cart.getSnapshot().hasTag('saving')).toBe(false);
    // Sent once, 600 ms after the typing stopped; the line and the total follow the server.
    elapse(1);
    expect(cart.getSnapshot().hasTag('saving')).toBe(true);
    expect(await within(dialog).findAllByText('£525.26')).toHaveLength(2);
    expect(sent).toEqual([{ currencyCode: 'EUR', qty: 600 }]);
  });

  it("refuses an amount that is not above 0 with 'Amount should be greater than 0' and keeps focus there", async () => {
    server.use(...variants.withCart(makeCart(new Date(NOW), { lines: [{ code: 'EUR', qty: 500 }] })));
    start();
    const dialog = await openCart();
    const amount = within(dialog).getByRole('textbox', { name: 'Amount of EUR' });
    await userEvent.clear(amount);
    await userEvent.type(amount, '0');
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Amount should be greater than 0');
    expect(amount).toHaveFocus();
    expect(amount).toHaveValue('0');
  });

  it('removes a line', async () => {
    server.use(...variants.withCart(makeCart(new Date(NOW))));
    start();
    const dialog = await openCart('Cart, 2 currencies in your cart');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove USD' }));
    expect(await screen.findByTestId('header-cart-count')).toHaveTextContent('1');
    expect(within(dialog).queryByRole('textbox', { name: 'Amount of USD' })).not.toBeInTheDocument();
  });

  it("empties the cart and says 'We've cleared your cart'", async () => {
    server.use(...variants.withCart(makeCart(new Date(NOW))));
    start();
    const dialog = await openCart();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Empty cart' }));
    expect(await within(dialog).findByText("We've cleared your cart")).toBeInTheDocument();
    expect(dialog).toHaveTextContent('No currency in your cart');
  });

  it("goes to the view-cart page through the app's navigation, not a page load", async () => {
    server.use(...variants.withCart(makeCart(new Date(NOW))));
    const { cart } = start();
    const navigations: string[] = [];
    cart.on('navigation.requested', (event) => navigations.push(event.to));
    const dialog = await openCart();
    await userEvent.click(within(dialog).getByRole('link', { name: 'Review & checkout' }));
    expect(navigations).toEqual(['/checkout/view-cart']);
  });

  it('turns to expiring under 5 minutes and to Cart expired at the end', async () => {
    server.use(...variants.withCart(makeCart(new Date(NOW), { expiresInSeconds: 241 })));
    let now = NOW;
    const { cart } = start(() => now);
    const dialog = await openCart();
    const timer = within(dialog).getByRole('timer');
    expect(timer).toHaveTextContent('04:01');
    expect(timer).toHaveAttribute('data-status', 'expiring');
    now += 241_000;
    act(() => cart.getSnapshot().children.countdown?.send({ type: 'countdown.reset', expiresAt: cart.getSnapshot().context.cart!.expiresAt }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Cart expired');
    const review = within(dialog).getByRole('link', { name: 'Review & checkout' });
    expect(review).toHaveAttribute('aria-disabled', 'true');
    expect(review).not.toHaveAttribute('href');
    expect(cart.getSnapshot().can({ type: 'cart.reviewRequested' })).toBe(false);
    expect(cart.getSnapshot().can({ type: 'cart.checkoutRequested' })).toBe(false);
  });
});

describe('"Need more time?" (WCAG 2.2.1 Timing Adjustable)', () => {
  it('warns once, politely, as the countdown enters its last 5 minutes, and extends the hold when asked', async () => {
    const clock = new SimulatedClock();
    const cartNow = () => NOW + clock.now();
    const expiring = makeCart(new Date(NOW), { lines: [{ code: 'EUR', qty: 500 }], expiresInSeconds: 302 });
    const extended = { ...expiring, expiresAt: new Date(Date.parse(expiring.expiresAt) + 30 * 60_000).toISOString(), extensionsLeft: 1 };
    server.use(...variants.withCart(expiring), http.post(routeUrl('cartExtend'), () => HttpResponse.json(extended)));
    const cart = createActor(cartOverApi(), { clock, input: { siteId: 1, settings: cartSettings, now: cartNow } });
    cart.start();
    render(<HeaderCart cart={cart} />);
    const announcer = await screen.findByTestId('more-time-announcer');
    expect(announcer).toHaveAttribute('aria-live', 'polite');
    expect(announcer).toHaveTextContent(/^$/);
    expect(screen.queryByRole('button', { name: 'Need more time?' })).toBeNull();

    const said: string[] = [];
    const observer = new MutationObserver(() => said.push(announcer.textContent ?? ''));
    observer.observe(announcer, { childList: true, characterData: true, subtree: true });
    for (let second = 0; second < 20; second++) {
      act(() => clock.increment(1000));
    }
    await act(async () => undefined);
    observer.disconnect();
    // Twenty seconds of countdown, one announcement.
    expect(said).toEqual(['Your cart will expire in under 5 minutes. Need more time? You can add 30 minutes.']);

    // Closed, the basket offers it too; the mini cart says how much.
    await userEvent.click(screen.getByRole('button', { name: 'Need more time?' }));
    await screen.findByText(/^We've added 30 minutes\. Your cart is now held until \d\d:\d\d\.$/);
    expect(announcer).toHaveTextContent(/^We've added 30 minutes\./);
    const dialog = await openCart();
    expect(within(dialog).getByRole('timer', { name: 'Time left to check out' })).toHaveTextContent('34:42');
    cart.stop();
  });

  it('shows the server\'s reason when it refuses', async () => {
    const expiring = makeCart(new Date(NOW), { lines: [{ code: 'EUR', qty: 500 }], expiresInSeconds: 120 });
    server.use(...variants.withCart(expiring));
    server.use(http.post(routeUrl('cartExtend'), () => HttpResponse.json(
      { type: 'cart-extension-limit', title: 'No more time can be added', status: 409, detail: 'This cart has already had all the extra time we can give it (twice).' },
      { status: 409, headers: { 'Content-Type': 'application/problem+json' } },
    )));
    start();
    const dialog = await openCart();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add 30 minutes' }));
    expect(await within(dialog).findByText('This cart has already had all the extra time we can give it (twice).')).toBeInTheDocument();
  });
});
