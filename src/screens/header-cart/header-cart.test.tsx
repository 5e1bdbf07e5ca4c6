import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { makeCart } from '../../../mocks/fixtures.ts';
import { handlers, routeUrl, variants } from '../../../mocks/handlers.ts';
import { cartOverApi, cartSettings } from '../../../tests/support/cart-over-api.ts';
import { HeaderCart } from './header-cart.tsx';

const server = setupServer(...handlers);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const NOW = Date.parse('2026-03-04T10:00:00Z');

function start(now = () => NOW) {
  const cart = createActor(cartOverApi(), { input: { siteId: 1, settings: cartSettings, now } });
  cart.start();
  render(<HeaderCart cart={cart} />);
  return cart;
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

  it('sends an edited amount and shows the new price', async () => {
    const sent: unknown[] = [];
    server.use(
      ...variants.withCart(makeCart(new Date(NOW), { lines: [{ code: 'EUR', qty: 500 }] })),
      http.put(routeUrl('cartLineUpdate'), async ({ request }) => {
        const body = (await request.json()) as { qty: number };
        sent.push(body);
        return HttpResponse.json(makeCart(new Date(NOW), { lines: [{ code: 'EUR', qty: body.qty }] }));
      }),
    );
    start();
    const dialog = await openCart('Cart, 1 currency in your cart');
    const amount = within(dialog).getByRole('textbox', { name: 'Amount of EUR' });
    await userEvent.clear(amount);
    await userEvent.type(amount, '600');
    // Sent once, 600 ms after the typing stopped; the line and the total follow the server.
    expect(await within(dialog).findAllByText('£525.26', {}, { timeout: 3000 })).toHaveLength(2);
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
    const cart = start();
    const navigations: string[] = [];
    cart.on('navigation.requested', (event) => navigations.push(event.to));
    const dialog = await openCart();
    await userEvent.click(within(dialog).getByRole('link', { name: 'Review & checkout' }));
    expect(navigations).toEqual(['/checkout/view-cart']);
  });

  it('turns to expiring under 5 minutes and to Cart expired at the end', async () => {
    server.use(...variants.withCart(makeCart(new Date(NOW), { expiresInSeconds: 241 })));
    let now = NOW;
    const cart = start(() => now);
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
