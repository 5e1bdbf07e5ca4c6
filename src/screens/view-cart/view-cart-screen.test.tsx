import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createActor, enqueueActions, SimulatedClock, type ActorRefFrom } from 'xstate';
import type { ViewCartRequest } from '#domain/cart-link.ts';
import type { Cart } from '#domain/contract/cart.ts';
import { formatMessage, messages } from '#domain/messages.ts';
import { lineOf } from '#machines/cart/new-line.machine.ts';
import { provideNewLine } from '#src/app/on-demand/checkout.ts';
import { makeCart, makeFixtures, withTotals } from '../../../mocks/fixtures.ts';
import { createHandlers, routeUrl, variants } from '../../../mocks/handlers.ts';
import { cartOverApi, cartSettings } from '../../../tests/support/cart-over-api.ts';
import { startCheckout, testServices } from '../../../tests/support/checkout-over-api.ts';
import { ViewCartScreen } from './view-cart-screen.tsx';

const NOW = new Date('2026-11-27T10:00:00Z');
const fx = makeFixtures(NOW);
const server = setupServer(...createHandlers({ fixtures: fx }));
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

function open(options: { cart?: Cart | null; request?: ViewCartRequest; path?: string; now?: () => number } = {}) {
  if (options.cart === null) server.use(...variants.noCart());
  else if (options.cart) server.use(...variants.withCart(options.cart));
  // Every timer (the boxes' 500 ms pause, the 1 s redirect) runs on this clock: time moves only when a test says.
  const clock = new SimulatedClock();
  const run = startCheckout(options.path ?? '/checkout/view-cart', { clock });
  // In the app both are in the shop's system, where the cart tells the checkout its order is created.
  const logic = cartOverApi().provide({ actions: { announceCheckout: enqueueActions(({ enqueue }) => enqueue.sendTo(run.checkout, { type: 'cart.checkedOut' })) } });
  const cart = createActor(logic, { clock, input: { siteId: 1, settings: cartSettings, siteProducts: fx.siteProducts, now: options.now ?? (() => NOW.getTime()) } });
  const cartNavigations: string[] = [];
  cart.on('navigation.requested', (event) => cartNavigations.push(event.to));
  cart.start();
  // What the address asks of the cart as the page opens (the shop tells it so in the app).
  cart.send({ type: 'cart.viewOpened', request: options.request ?? { kind: 'view' } });
  const newLine = startNewLine(cart, clock);
  render(<ViewCartScreen cart={cart} checkout={run.checkout} newLine={newLine} />);
  /** Moves the simulated time on by `ms`, firing the timers that fall due. */
  const elapse = (ms: number) => act(() => clock.increment(ms));
  return { cart, newLine, cartNavigations, elapse, ...run, navigationsOf: () => run.navigations };
}

/**
 * The 'Add new currency' form's actor over the API. The app's shop system carries its line to the
 * cart and the cart's lines, branch and product back; here they are tied by hand.
 */
function startNewLine(cart: ActorRefFrom<ReturnType<typeof cartOverApi>>, clock: SimulatedClock) {
  const services = testServices();
  const logic = provideNewLine(services).provide({
    actions: { requestLine: ({ context }) => cart.send({ type: 'cart.lineAdded', line: lineOf(context) }) },
  });
  const newLine = createActor(logic, { clock, input: { siteId: 1, storeId: 1, productId: 2, lines: [], maxOrderValue: fx.siteSettings.maxOrderValue } });
  cart.subscribe((s) => {
    const current = s.context.cart;
    if (current) newLine.send({ type: 'cart.linesChanged', lines: current.lines, storeId: current.store.id, productId: current.product.id });
  });
  return newLine.start();
}

const proceed = () => screen.getByRole('button', { name: 'Proceed to checkout' });

describe('ViewCartScreen', () => {
  it('lists each line with its amount, rounding, rate, cost and delete, and the total', async () => {
    open();
    const rows = await screen.findAllByTestId('review-line');
    expect(rows).toHaveLength(2);
    const eur = rows[0]!;
    expect(within(eur).getByRole('rowheader')).toHaveTextContent('EUR Euros');
    expect(within(eur).getByRole('textbox', { name: 'Amount of EUR' })).toHaveValue('500');
    expect(eur).toHaveTextContent('€5');
    expect(eur).toHaveTextContent('1.1423');
    expect(eur).toHaveTextContent('£437.72');
    expect(within(eur).getByRole('button', { name: 'Delete EUR' })).toBeEnabled();
    expect(screen.getByRole('columnheader', { name: 'Cost' })).toBeInTheDocument();
    expect(screen.getByTestId('cart-total')).toHaveTextContent('£676.56');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Review your order');
  });

  it("never offers a currency already in the cart, and keeps 'Add currency' disabled at 0", async () => {
    open();
    const form = (await screen.findByRole('heading', { name: 'Add new currency' })).closest('section')!;
    const select = within(form).getByRole('combobox', { name: 'New currency' });
    await waitFor(() => expect(within(select).getAllByRole('option').length).toBeGreaterThan(1));
    const codes = within(select).getAllByRole('option').map((o) => (o as HTMLOptionElement).value);
    expect(codes).not.toContain('EUR');
    expect(codes).not.toContain('USD');
    expect(codes).toContain('CHF');
    expect(within(form).getByRole('button', { name: 'Add currency' })).toBeDisabled();
    await userEvent.selectOptions(select, 'CHF');
    const amount = await within(form).findByRole('textbox', { name: 'Amount (CHF)' });
    await waitFor(() => expect(amount).toBeEnabled());
    await userEvent.type(amount, '0');
    expect(within(form).getByRole('button', { name: 'Add currency' })).toBeDisabled();
  });

  it('works out the cost from the amount and adds the line', async () => {
    const added: unknown[] = [];
    server.use(
      http.post(routeUrl('cartAdd'), async ({ request }) => {
        added.push(await request.json());
        return HttpResponse.json(withTotals({ ...fx.cart }));
      }),
    );
    open();
    const form = (await screen.findByRole('heading', { name: 'Add new currency' })).closest('section')!;
    const select = within(form).getByRole('combobox', { name: 'New currency' });
    await waitFor(() => expect(within(select).getAllByRole('option').length).toBeGreaterThan(1));
    await userEvent.selectOptions(select, 'CHF');
    const amount = await within(form).findByRole('textbox', { name: 'Amount (CHF)' });
    await waitFor(() => expect(amount).toBeEnabled());
    await userEvent.type(amount, '195');
    // Rounded up to the branch's CHF 10 notes once the box is left.
    await userEvent.tab();
    expect(amount).toHaveValue('200');
    expect(within(form).getByRole('textbox', { name: 'Cost (£)' })).toHaveValue('181');
    await userEvent.click(within(form).getByRole('button', { name: 'Add currency' }));
    await waitFor(() => expect(added).toEqual([{ currencyCode: 'CHF', qty: 200 }]));
  });

  it('caps a cost above the maximum order value with its message, 500 ms after the last key', async () => {
    const { elapse } = open();
    const form = (await screen.findByRole('heading', { name: 'Add new currency' })).closest('section')!;
    const select = within(form).getByRole('combobox', { name: 'New currency' });
    await waitFor(() => expect(within(select).getAllByRole('option').length).toBeGreaterThan(1));
    await userEvent.selectOptions(select, 'CHF');
    const cost = within(form).getByRole('textbox', { name: 'Cost (£)' });
    await waitFor(() => expect(cost).toBeEnabled());
    await userEvent.type(cost, '3000');
    elapse(499);
    expect(cost).not.toHaveAccessibleDescription('Maximum order value is £2,500');
    // After the 500 ms pause that follows the last key.
    elapse(1);
    await waitFor(() => expect(cost).toHaveAccessibleDescription('Maximum order value is £2,500'));
  });

  it('works out the other box 500 ms after the last key (spec 5.1), not while the shopper types', async () => {
    const { elapse } = open();
    const form = (await screen.findByRole('heading', { name: 'Add new currency' })).closest('section')!;
    const select = within(form).getByRole('combobox', { name: 'New currency' });
    await waitFor(() => expect(within(select).getAllByRole('option').length).toBeGreaterThan(1));
    await userEvent.selectOptions(select, 'CHF');
    const amount = await within(form).findByRole('textbox', { name: 'Amount (CHF)' });
    await waitFor(() => expect(amount).toBeEnabled());
    const cost = within(form).getByRole('textbox', { name: 'Cost (£)' });
    await userEvent.type(amount, '19');
    elapse(300);
    await userEvent.type(amount, '5');
    // The first keys are 799 ms old, the last one 499 ms: still waiting.
    elapse(499);
    expect(cost).toHaveValue('');
    elapse(1);
    await waitFor(() => expect(cost).toHaveValue('181'));
    expect(amount).toHaveValue('195');
  });

  it('offers sell-back only the currencies the shop buys back, with the cost as what the shopper receives', async () => {
    open({ cart: fx.sellBackCart, path: '/selling/view-cart' });
    const form = (await screen.findByRole('heading', { name: 'Add new currency' })).closest('section')!;
    const select = within(form).getByRole('combobox', { name: 'New currency' });
    await waitFor(() => expect(within(select).getAllByRole('option').length).toBeGreaterThan(1));
    const codes = within(select).getAllByRole('option').map((o) => (o as HTMLOptionElement).value);
    expect(codes).toContain('AED');
    expect(codes).not.toContain('TRY');
    expect(codes).not.toContain('USD');
    expect(within(form).getByRole('textbox', { name: 'You will receive (£)' })).toBeDisabled();
  });

  it("says why the rate could not be read, in the server's words, and keeps the boxes closed", async () => {
    server.use(http.get(routeUrl('quote'), () => HttpResponse.json({ title: 'Not found', detail: 'This branch has no Swiss Francs today.', status: 404 }, { status: 404 })));
    open();
    const form = (await screen.findByRole('heading', { name: 'Add new currency' })).closest('section')!;
    const select = within(form).getByRole('combobox', { name: 'New currency' });
    await waitFor(() => expect(within(select).getAllByRole('option').length).toBeGreaterThan(1));
    await userEvent.selectOptions(select, 'CHF');
    expect(await within(form).findByText('This branch has no Swiss Francs today.')).toBeInTheDocument();
    expect(within(form).getByRole('textbox', { name: 'Amount (CHF)' })).toBeDisabled();
    expect(within(form).getByRole('button', { name: 'Add currency' })).toBeDisabled();
  });

  it('shows Getting your rate while the rate is read', async () => {
    server.use(http.get(routeUrl('quote'), () => new Promise<never>(() => undefined)));
    open();
    const form = (await screen.findByRole('heading', { name: 'Add new currency' })).closest('section')!;
    const select = within(form).getByRole('combobox', { name: 'New currency' });
    await waitFor(() => expect(within(select).getAllByRole('option').length).toBeGreaterThan(1));
    await userEvent.selectOptions(select, 'CHF');
    expect(await within(form).findByText('Getting your rate')).toBeInTheDocument();
    expect(within(form).getByRole('textbox', { name: 'Amount (CHF)' })).toBeDisabled();
  });

  it('adds what was typed at once with Enter, then starts again without the added currency', async () => {
    const added: unknown[] = [];
    const withChf = withTotals({ ...fx.cart, lines: [...fx.cart.lines, { ...fx.cart.lines[0]!, id: 'line-3', qty: 300, currency: fx.currencies.find((c) => c.code === 'CHF')! }] });
    server.use(
      http.post(routeUrl('cartAdd'), async ({ request }) => {
        added.push(await request.json());
        return HttpResponse.json(withChf);
      }),
    );
    open();
    const form = (await screen.findByRole('heading', { name: 'Add new currency' })).closest('section')!;
    const select = within(form).getByRole('combobox', { name: 'New currency' });
    await waitFor(() => expect(within(select).getAllByRole('option').length).toBeGreaterThan(1));
    await userEvent.selectOptions(select, 'CHF');
    const amount = await within(form).findByRole('textbox', { name: 'Amount (CHF)' });
    await waitFor(() => expect(amount).toBeEnabled());
    // Enter inside the 500 ms pause: the typed amount counts.
    await userEvent.type(amount, '300{Enter}');
    await waitFor(() => expect(added).toEqual([{ currencyCode: 'CHF', qty: 300 }]));
    await waitFor(() => expect(select).toHaveValue(''));
    const codes = within(select).getAllByRole('option').map((o) => (o as HTMLOptionElement).value);
    expect(codes).not.toContain('CHF');
    expect(within(form).getByRole('textbox', { name: 'Amount' })).toHaveValue('');
  });

  it('asks both guarantee questions and requires an answer before checkout', async () => {
    open();
    await screen.findAllByTestId('review-line');
    expect(screen.getByRole('radiogroup', { name: 'Would you like to add the Buyback Guarantee?' })).toHaveAttribute('aria-required', 'true');
    expect(screen.getByRole('radiogroup', { name: 'Would you like to add the Refund Guarantee?' })).toHaveAttribute('aria-required', 'true');
    await userEvent.click(proceed());
    expect(await screen.findByText('Please select your Buyback guarantee option')).toBeInTheDocument();
    expect(screen.getByText('Please select your Refund guarantee option')).toBeInTheDocument();
  });

  it('sends the answers and creates the order, which moves the checkout to the delivery step', async () => {
    const answered: string[] = [];
    server.use(
      http.get(routeUrl('cartBuyback'), ({ request }) => {
        answered.push(new URL(request.url).search);
        return HttpResponse.json(withTotals({ ...fx.cart, buyBackGuarantee: false }));
      }),
      http.get(routeUrl('cartRefund'), ({ request }) => {
        answered.push(new URL(request.url).search);
        return HttpResponse.json(withTotals({ ...fx.cart, buyBackGuarantee: false, refundGuarantee: true }));
      }),
    );
    const run = open();
    await screen.findAllByTestId('review-line');
    const buyback = screen.getByRole('radiogroup', { name: 'Would you like to add the Buyback Guarantee?' });
    await userEvent.click(within(buyback).getByRole('radio', { name: 'No' }));
    await waitFor(() => expect(within(buyback).getByRole('radio', { name: 'No' })).toBeChecked());
    const refund = screen.getByRole('radiogroup', { name: 'Would you like to add the Refund Guarantee?' });
    await waitFor(() => expect(within(refund).getByRole('radio', { name: 'Yes' })).toBeEnabled());
    await userEvent.click(within(refund).getByRole('radio', { name: 'Yes' }));
    await waitFor(() => expect(screen.getByTestId('cart-total')).toHaveTextContent('£679.56'));
    expect(answered).toEqual(['?isBuyBack=false', '?isRefund=true']);
    await userEvent.click(proceed());
    await waitFor(() => expect(run.navigationsOf()).toEqual(['/checkout/delivery-options']));
  });

  it('keeps focus on an answer while it is saved, then announces the saved answer and the new total once (WCAG 2.4.3, 4.1.3)', async () => {
    server.use(
      http.get(routeUrl('cartBuyback'), async () => {
        await delay(50);
        return HttpResponse.json(withTotals({ ...fx.cart, buyBackGuarantee: true }));
      }),
    );
    open();
    await screen.findAllByTestId('review-line');
    const before = screen.getByTestId('cart-total').textContent;
    const buyback = screen.getByRole('radiogroup', { name: 'Would you like to add the Buyback Guarantee?' });
    const yes = within(buyback).getByRole('radio', { name: 'Yes' });
    await userEvent.click(yes);
    // While it is saved the answers are unavailable but keep the focus: never disabled.
    await waitFor(() => expect(buyback).toHaveAttribute('aria-busy', 'true'));
    expect(yes).toHaveFocus();
    expect(yes).toBeEnabled();
    expect(yes).toHaveAttribute('aria-disabled', 'true');
    await waitFor(() => expect(screen.getByTestId('cart-total').textContent).not.toBe(before));
    await waitFor(() => expect(buyback).not.toHaveAttribute('aria-busy'));
    expect(yes).toHaveFocus();
    const total = screen.getByTestId('cart-total').textContent ?? '';
    const announcer = screen.getByTestId('review-announcer');
    expect(announcer).toHaveAttribute('role', 'status');
    expect(announcer).toHaveTextContent(`Your answer is saved. Total: ${total}`);
  });

  it('disables the Buyback answers below £150 with the warning', async () => {
    open({ cart: makeCart(NOW, { lines: [{ code: 'EUR', qty: 100 }] }) });
    expect(await screen.findByText("Your cart is too small to use the Buyback Guarantee. It's available on carts of £150 or more.")).toBeInTheDocument();
    const buyback = screen.getByRole('radiogroup', { name: 'Would you like to add the Buyback Guarantee?' });
    for (const radio of within(buyback).getAllByRole('radio')) expect(radio).toBeDisabled();
  });

  it.each([
    [[{ code: 'EUR', qty: 40 }], 'Minimum spend of £50 has not been met'],
    [[{ code: 'EUR', qty: 2500 }, { code: 'USD', qty: 1000 }], 'Maximum spend of £2,500 has been exceeded'],
  ])('disables Proceed for %j with %s', async (lines, message) => {
    open({ cart: makeCart(NOW, { lines }) });
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(proceed()).toBeDisabled();
  });

  it('says before payment that an order of £1,000 or more needs identification, and what to bring to the branch', async () => {
    open({ cart: makeCart(NOW, { lines: [{ code: 'EUR', qty: 1500 }] }) });
    const notice = await screen.findByRole('region', { name: messages.identificationTitle });
    expect(notice).toHaveTextContent(formatMessage(messages.identificationBody, { threshold: '£1,000' }));
    expect(notice).toHaveTextContent(messages.identificationCollect);
  });

  it('says nothing of identification below £1,000', async () => {
    open();
    await screen.findAllByTestId('review-line');
    expect(screen.queryByTestId('identification-notice')).toBeNull();
  });

  it('tells a home delivery over £1,000 when identification is asked for', async () => {
    open({ cart: makeCart(NOW, { productId: 1, lines: [{ code: 'EUR', qty: 1500 }] }) });
    expect(await screen.findByRole('region', { name: messages.identificationTitle })).toHaveTextContent(messages.identificationDelivery);
  });

  it('tells a sell-back shopper what the branch will check', async () => {
    open({ cart: fx.sellBackCart, path: '/selling/view-cart' });
    const notice = await screen.findByRole('region', { name: messages.sellBackChecksTitle });
    expect(notice).toHaveTextContent(messages.sellBackChecksBody);
  });

  it("reads 'You will receive' for sell-back, with no guarantee questions", async () => {
    open({ cart: fx.sellBackCart, path: '/selling/view-cart' });
    await screen.findAllByTestId('review-line');
    expect(screen.getByRole('columnheader', { name: 'You will receive' })).toBeInTheDocument();
    expect(screen.getByText("Total you'll receive")).toBeInTheDocument();
    expect(screen.queryByRole('radiogroup')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Review your sell back');
    expect(screen.getByRole('navigation', { name: 'Checkout progress' })).toHaveTextContent('Collection');
    expect(screen.getByRole('navigation', { name: 'Checkout progress' })).not.toHaveTextContent('Payment');
  });

  it("says 'Your cart is empty, add some currency to continue' with 'Leave checkout' to /", async () => {
    open({ cart: fx.emptyCart });
    expect(await screen.findByText('Your cart is empty, add some currency to continue')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Leave checkout' })).toHaveAttribute('href', '/');
  });

  it("says 'You have no cart', then goes to / after a second", async () => {
    const { cartNavigations, elapse } = open({ cart: null });
    expect(await screen.findByText('You have no cart')).toBeInTheDocument();
    elapse(999);
    expect(cartNavigations).toEqual([]);
    elapse(1);
    expect(cartNavigations).toEqual(['/']);
  });

  it("shows why the link's cart was refused, leaves 'Loading your cart' for 'You have no cart', then goes to /", async () => {
    server.use(
      http.post(routeUrl('cartCreate'), () =>
        HttpResponse.json(
          { type: 'store-not-available', title: 'Unprocessable request', status: 422, detail: 'Choose a branch for this product.' },
          { status: 422, headers: { 'content-type': 'application/problem+json' } },
        ),
      ),
    );
    const { cartNavigations, elapse } = open({
      cart: null,
      request: { kind: 'line', line: { currencyCode: 'USD', amount: 500, productId: 2, storeId: 1, affiliateId: null } },
    });
    const popup = await screen.findByRole('alertdialog');
    expect(popup).toHaveTextContent('Unprocessable request');
    expect(popup).toHaveTextContent('Choose a branch for this product.');
    expect(screen.getByText('You have no cart')).toBeInTheDocument();
    expect(screen.queryByText('Loading your cart')).not.toBeInTheDocument();
    elapse(999);
    expect(cartNavigations).toEqual([]);
    elapse(1);
    expect(cartNavigations).toEqual(['/']);
  });

  it("says 'We couldn't get your cart' when it cannot be read", async () => {
    server.use(...variants.cartFetchError());
    open();
    expect(await screen.findByText("We couldn't get your cart")).toBeInTheDocument();
  });

  it("refuses an amount of 0 with 'Amount should be greater than 0' and keeps focus on it", async () => {
    open();
    const amount = (await screen.findAllByRole('textbox', { name: 'Amount of EUR' }))[0]!;
    await userEvent.clear(amount);
    await userEvent.type(amount, '0');
    expect(await screen.findByText('Amount should be greater than 0')).toBeInTheDocument();
    expect(amount).toHaveFocus();
    expect(amount).toHaveAccessibleDescription('Amount should be greater than 0');
  });

  it('deletes a line', async () => {
    const deleted: string[] = [];
    server.use(
      http.delete(routeUrl('cartLineDelete'), ({ params }) => {
        deleted.push(String(params.id));
        return HttpResponse.json(makeCart(NOW, { lines: [{ code: 'EUR', qty: 500 }] }));
      }),
    );
    open();
    await userEvent.click(await screen.findByRole('button', { name: 'Delete USD' }));
    await waitFor(() => expect(screen.getAllByTestId('review-line')).toHaveLength(1));
    expect(deleted).toEqual(['line-2']);
  });

  it("adds the address's line when it carries currency, amount and product", async () => {
    const added: unknown[] = [];
    server.use(
      http.post(routeUrl('cartAdd'), async ({ request }) => {
        added.push(await request.json());
        return HttpResponse.json(fx.cart);
      }),
    );
    open({ request: { kind: 'line', line: { currencyCode: 'AUD', amount: 300, productId: 2, storeId: 12 } } });
    await waitFor(() => expect(added).toEqual([{ currencyCode: 'AUD', qty: 300 }]));
  });

  it('recreates a web cart from its id', async () => {
    const asked: string[] = [];
    server.use(
      http.get(routeUrl('cartRecreate'), ({ request }) => {
        asked.push(new URL(request.url).searchParams.get('id') ?? '');
        return HttpResponse.json(fx.cart);
      }),
    );
    open({ request: { kind: 'recreate', webCartId: 'web-42' } });
    await screen.findAllByTestId('review-line');
    expect(asked).toEqual(['web-42']);
  });

  it("disables Proceed once the countdown reads 'Cart expired'", async () => {
    let now = NOW.getTime();
    const { cart } = open({
      cart: makeCart(NOW, { expiresInSeconds: 241, buyBackGuarantee: false, refundGuarantee: false }),
      now: () => now,
    });
    await screen.findAllByTestId('review-line');
    expect(proceed()).toBeEnabled();
    now += 241_000;
    // The countdown reads the clock again, as its next tick would.
    act(() => cart.getSnapshot().children.countdown?.send({ type: 'countdown.reset', expiresAt: cart.getSnapshot().context.cart!.expiresAt }));
    expect(proceed()).toBeDisabled();
    await userEvent.click(proceed());
    expect(cart.getSnapshot().hasTag('checkingOut')).toBe(false);
  });

  it('pops up a failed checkout\'s problem', async () => {
    server.use(...variants.problem('cartCheckout', { title: 'Your cart has expired', detail: 'Please add your currency again.' }, 409));
    const { cart } = open({ cart: withTotals({ ...fx.cart, buyBackGuarantee: false, refundGuarantee: false }) });
    await screen.findAllByTestId('review-line');
    await userEvent.click(proceed());
    const dialog = await screen.findByRole('alertdialog', { name: 'Your cart has expired' });
    expect(dialog).toHaveTextContent('Please add your currency again.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    act(() => undefined);
    expect(cart.getSnapshot().context.problem).toBeNull();
  });
});
