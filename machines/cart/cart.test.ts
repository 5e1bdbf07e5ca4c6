import { describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, fromPromise, SimulatedClock, waitFor, type AnyEventObject } from 'xstate';
import { systemWithRecorders } from '../../tests/support/system-recorder.ts';
import type { Cart } from '#domain/contract/cart.ts';
import { cartLine, makeCart } from '../../tests/support/cart-fixtures.ts';
import { cartMachine } from './cart.machine.ts';
import { selectCartLines, selectCartNotice, selectCountdownRef } from './cart.selectors.ts';
import { selectViewCartRules } from './view-cart.selectors.ts';
import type { CartSettings } from './cart.types.ts';

const BASE = Date.parse('2025-06-02T10:00:00Z');
const settings: CartSettings = { isPartner: false, showBuybackGuarantee: true, showRefundGuarantee: true };
const siteProducts = [
  { siteId: 1, productId: 1 as const, minSpend: 100, maxSpend: 2500 },
  { siteId: 1, productId: 2 as const, minSpend: 50, maxSpend: 2500 },
  { siteId: 1, productId: 3 as const, minSpend: 0, maxSpend: 0 },
];
const status = (code: number) => Object.assign(new Error(`HTTP ${code}`), { status: code });

function startCart(initial: Cart | null | Error, overrides: { api?: Partial<Record<string, (input: never) => Promise<unknown>>> } = {}) {
  const clock = new SimulatedClock();
  const api = {
    fetchCart: vi.fn(async () => (initial instanceof Error ? Promise.reject(initial) : initial)),
    createCart: vi.fn(async (_input: unknown) => makeCart({ lines: [] })),
    addLine: vi.fn(async (_input: unknown) => makeCart()),
    updateLine: vi.fn(async (_input: unknown) => makeCart()),
    removeLine: vi.fn(async (_input: unknown) => makeCart({ lines: [] })),
    setBuyback: vi.fn(async (_input: unknown) => makeCart()),
    setRefund: vi.fn(async (_input: unknown) => makeCart()),
    recreateCart: vi.fn(async (_input: unknown) => makeCart({ id: 'recreated' })),
    abandonCart: vi.fn(async (): Promise<void> => {}),
    checkoutCart: vi.fn(async () => ({ orderId: 'order-1', externalOrderId: 'TM-0001' })),
    extendCart: vi.fn(async () => makeCart()),
  };
  for (const [name, fn] of Object.entries(overrides.api ?? {})) {
    (api as Record<string, unknown>)[name] = vi.fn(fn);
  }
  const machine = cartMachine.provide({
    actors: {
      fetchCart: fromPromise(() => api.fetchCart()),
      createCart: fromPromise(({ input }) => api.createCart(input as never) as Promise<Cart>),
      addLine: fromPromise(({ input }) => api.addLine(input as never) as Promise<Cart>),
      updateLine: fromPromise(({ input }) => api.updateLine(input as never) as Promise<Cart>),
      removeLine: fromPromise(({ input }) => api.removeLine(input as never) as Promise<Cart>),
      setBuyback: fromPromise(({ input }) => api.setBuyback(input as never) as Promise<Cart>),
      setRefund: fromPromise(({ input }) => api.setRefund(input as never) as Promise<Cart>),
      recreateCart: fromPromise(({ input }) => api.recreateCart(input as never) as Promise<Cart>),
      abandonCart: fromPromise(() => api.abandonCart()),
      checkoutCart: fromPromise(() => api.checkoutCart()),
      extendCart: fromPromise(() => api.extendCart() as Promise<Cart>),
    },
  });
  const emitted: AnyEventObject[] = [];
  // What it tells the other actors of the shop lands in `emitted` too.
  const parent = systemWithRecorders(['checkout'], emitted as AnyEventObject[], clock);
  const actor = createActor(machine, {
    clock,
    parent,
    input: { siteId: 1, settings, siteProducts, affiliateCode: 'AFF', now: () => BASE + clock.now() },
  });
  actor.on('*', (e) => emitted.push(e));
  actor.start();
  const settled = () => waitFor(actor, (s) => !s.hasTag('loading') && !s.hasTag('saving') && !s.hasTag('checkingOut'));
  return { actor, clock, api, emitted, settled };
}

describe('loading the cart (spec 4.3, 8)', () => {
  it('has none when the session has no cart', async () => {
    const { actor, settled } = startCart(null);
    await settled();
    expect(actor.getSnapshot().hasTag('empty')).toBe(true);
    expect(selectCountdownRef(actor.getSnapshot())).toBeUndefined();
  });

  it('opens a cart and starts its countdown', async () => {
    const { actor, settled } = startCart(makeCart({ expiresAt: new Date(BASE + 20 * 60_000).toISOString() }));
    await settled();
    expect(actor.getSnapshot().matches('open')).toBe(true);
    expect(selectCountdownRef(actor.getSnapshot())?.getSnapshot().context.view.text).toBe('20:00');
  });

  it.each([
    [404, 'empty', null],
    [401, 'empty', null],
    [403, 'empty', null],
    [500, 'unavailable', "We couldn't get your cart"],
  ])('reads a %i as %s', async (code, tag, notice) => {
    const { actor, settled } = startCart(status(code));
    await settled();
    expect(actor.getSnapshot().hasTag(tag as 'empty')).toBe(true);
    expect(selectCartNotice(actor.getSnapshot())).toBe(notice);
  });

  it("says 'We couldn't get your cart' for a network failure", async () => {
    const { actor, settled } = startCart(new TypeError('Failed to fetch'));
    await settled();
    expect(selectCartNotice(actor.getSnapshot())).toBe("We couldn't get your cart");
  });
});

describe('view-cart page (spec 2.6, 4.3)', () => {
  it("says 'You have no cart' and goes to / 1 second after the page shows it", async () => {
    const { actor, clock, emitted, settled } = startCart(null);
    actor.send({ type: 'cart.viewOpened', request: { kind: 'view' } });
    await settled();
    expect(selectCartNotice(actor.getSnapshot())).toBe('You have no cart');
    // The page's code is still on its way: the second has not started.
    clock.increment(5_000);
    expect(emitted).toEqual([]);
    actor.send({ type: 'cart.noCartShown' });
    clock.increment(999);
    expect(emitted).toEqual([]);
    clock.increment(1);
    expect(emitted).toEqual([{ type: 'navigation.requested', to: '/' }]);
    expect(selectCartNotice(actor.getSnapshot())).toBeNull();
  });

  it('creates the cart with the first line of the link', async () => {
    const { actor, api, settled } = startCart(null);
    await settled();
    actor.send({
      type: 'cart.viewOpened',
      request: { kind: 'line', line: { currencyCode: 'USD', amount: 300, productId: 1, storeId: 12, affiliateId: null } },
    });
    await settled();
    expect(api.createCart).toHaveBeenCalledWith({ storeId: 12, productId: 1, affiliateCode: 'AFF' });
    expect(api.addLine).toHaveBeenCalledWith({ currencyCode: 'USD', qty: 300 });
    expect(actor.getSnapshot().matches({ open: { lines: 'editable' } })).toBe(true);
  });

  it("shows why the link's cart could not be created, says 'You have no cart' and goes to / 1 second after the page shows it", async () => {
    const refused = Object.assign(new Error('HTTP 422'), {
      status: 422,
      problem: { title: 'Unprocessable request', detail: 'Choose a branch for this product.', status: 422 },
    });
    const { actor, api, clock, emitted, settled } = startCart(null, { api: { createCart: () => Promise.reject(refused) } });
    await settled();
    actor.send({
      type: 'cart.viewOpened',
      request: { kind: 'line', line: { currencyCode: 'USD', amount: 500, productId: 2, storeId: 1, affiliateId: null } },
    });
    expect(actor.getSnapshot().matches('creatingFromLink')).toBe(true);
    await settled();
    expect(api.addLine).not.toHaveBeenCalled();
    const s = actor.getSnapshot();
    expect(s.context.problem).toMatchObject({ detail: 'Choose a branch for this product.' });
    expect(s.context.pendingLine).toBeNull();
    expect(selectCartNotice(s)).toBe('You have no cart');
    actor.send({ type: 'cart.noCartShown' });
    clock.increment(999);
    expect(emitted).toEqual([]);
    clock.increment(1);
    expect(emitted).toEqual([{ type: 'navigation.requested', to: '/' }]);
    expect(actor.getSnapshot().hasTag('empty')).toBe(true);
  });

  it("keeps the calculator's refused first line as a problem, without leaving the page", async () => {
    const { actor, clock, emitted, settled } = startCart(null, {
      api: { createCart: () => Promise.reject(Object.assign(new Error('x'), { problem: { title: 'Branch closed', status: 422 } })) },
    });
    await settled();
    actor.send({ type: 'cart.lineAdded', line: { currencyCode: 'EUR', qty: 250, productId: 2, storeId: 7 } });
    await settled();
    expect(actor.getSnapshot().matches('none')).toBe(true);
    expect(actor.getSnapshot().context.problem).toMatchObject({ title: 'Branch closed' });
    expect(selectCartNotice(actor.getSnapshot())).toBeNull();
    clock.increment(5000);
    expect(emitted).toEqual([]);
  });

  it('adds the line of the link to an existing cart', async () => {
    const { actor, api, settled } = startCart(makeCart());
    actor.send({
      type: 'cart.viewOpened',
      request: { kind: 'line', line: { currencyCode: 'USD', amount: 300, productId: 2, storeId: 1, affiliateId: null } },
    });
    await settled();
    expect(api.createCart).not.toHaveBeenCalled();
    expect(api.addLine).toHaveBeenCalledWith({ currencyCode: 'USD', qty: 300 });
  });

  it('recreates a web cart from its id', async () => {
    const { actor, api, settled } = startCart(null);
    await settled();
    actor.send({ type: 'cart.viewOpened', request: { kind: 'recreate', webCartId: 'web-9' } });
    await settled();
    expect(api.recreateCart).toHaveBeenCalledWith({ webCartId: 'web-9' });
    expect(actor.getSnapshot().context.cart?.id).toBe('recreated');
  });
});

describe('cart lines (spec 4.3, 5.1)', () => {
  it('creates the cart with the first line added', async () => {
    const { actor, api, settled } = startCart(null);
    await settled();
    actor.send({ type: 'cart.lineAdded', line: { currencyCode: 'EUR', qty: 250, productId: 2, storeId: 7 } });
    expect(actor.getSnapshot().hasTag('saving')).toBe(true);
    await settled();
    expect(api.createCart).toHaveBeenCalledWith({ storeId: 7, productId: 2, affiliateCode: 'AFF' });
    expect(api.addLine).toHaveBeenCalledWith({ currencyCode: 'EUR', qty: 250 });
    expect(selectCartLines(actor.getSnapshot())).toHaveLength(1);
  });

  it('sends a line update 600 ms after typing stops, with the last amount', async () => {
    const { actor, clock, api, settled } = startCart(makeCart());
    await settled();
    actor.send({ type: 'cart.lineChanged', lineId: 'line-1', qty: 30 });
    clock.increment(400);
    actor.send({ type: 'cart.lineChanged', lineId: 'line-1', qty: 300 });
    expect(selectCartLines(actor.getSnapshot())[0]).toMatchObject({ shownQty: 300, saving: true });
    clock.increment(599);
    expect(api.updateLine).not.toHaveBeenCalled();
    clock.increment(1);
    expect(api.updateLine).toHaveBeenCalledTimes(1);
    expect(api.updateLine).toHaveBeenCalledWith({ lineId: 'line-1', line: { currencyCode: 'EUR', qty: 300 } });
    await settled();
    expect(selectCartLines(actor.getSnapshot())[0]).toMatchObject({ saving: false });
  });

  it('sends nothing when the amount typed is then refused before the 600 ms are up', async () => {
    const { actor, clock, api, settled } = startCart(makeCart());
    await settled();
    actor.send({ type: 'cart.lineChanged', lineId: 'line-1', qty: 300 });
    clock.increment(300);
    actor.send({ type: 'cart.lineChanged', lineId: 'line-1', qty: 0 });
    clock.increment(1000);
    expect(api.updateLine).not.toHaveBeenCalled();
    expect(actor.getSnapshot().hasTag('saving')).toBe(false);
    expect(selectCartLines(actor.getSnapshot())[0]).toMatchObject({ error: 'Amount should be greater than 0', saving: false });
  });

  it.each([0, -5, null])("refuses %s: 'Amount should be greater than 0', focus back on the line", async (qty) => {
    const { actor, clock, api, settled } = startCart(makeCart());
    await settled();
    actor.send({ type: 'cart.lineChanged', lineId: 'line-1', qty });
    clock.increment(1000);
    expect(api.updateLine).not.toHaveBeenCalled();
    expect(selectCartLines(actor.getSnapshot())[0]?.error).toBe('Amount should be greater than 0');
    // Focus returns to the line's box.
    expect(actor.getSnapshot().context.invalidLine).toEqual({ lineId: 'line-1' });
    actor.send({ type: 'cart.lineChanged', lineId: 'line-1', qty: 100 });
    expect(selectCartLines(actor.getSnapshot())[0]?.error).toBeNull();
  });

  it('deletes a line', async () => {
    const { actor, api, settled } = startCart(makeCart());
    await settled();
    actor.send({ type: 'cart.lineRemoved', lineId: 'line-1' });
    await settled();
    expect(api.removeLine).toHaveBeenCalledWith({ lineId: 'line-1' });
    expect(selectCartLines(actor.getSnapshot())).toEqual([]);
  });

  it('restarts the countdown from the expiry each write brings', async () => {
    const later = new Date(BASE + 29 * 60_000).toISOString();
    const { actor, settled } = startCart(makeCart({ expiresAt: new Date(BASE + 60_000).toISOString() }), {
      api: { removeLine: async () => makeCart({ lines: [], expiresAt: later }) },
    });
    await settled();
    expect(selectCountdownRef(actor.getSnapshot())?.getSnapshot().context.view.text).toBe('01:00');
    actor.send({ type: 'cart.lineRemoved', lineId: 'line-1' });
    await settled();
    expect(selectCountdownRef(actor.getSnapshot())?.getSnapshot().context.view.text).toBe('29:00');
  });

  it('keeps a failed write as a problem to show', async () => {
    const { actor, settled } = startCart(makeCart(), {
      api: { removeLine: () => Promise.reject(Object.assign(new Error('x'), { problem: { title: 'Line locked', status: 409 } })) },
    });
    await settled();
    actor.send({ type: 'cart.lineRemoved', lineId: 'line-1' });
    await settled();
    expect(actor.getSnapshot().context.problem).toMatchObject({ title: 'Line locked' });
    actor.send({ type: 'problem.dismissed' });
    expect(actor.getSnapshot().context.problem).toBeNull();
  });
});

describe('abandoning (spec 4.3)', () => {
  it("clears the cart, says 'We've cleared your cart' and goes to / after 1 second", async () => {
    const { actor, clock, api, emitted, settled } = startCart(makeCart());
    await settled();
    actor.send({ type: 'cart.abandonRequested' });
    await waitFor(actor, (s) => s.hasTag('cleared'));
    expect(api.abandonCart).toHaveBeenCalledTimes(1);
    expect(selectCartNotice(actor.getSnapshot())).toBe("We've cleared your cart");
    expect(actor.getSnapshot().context.cart).toBeNull();
    clock.increment(999);
    expect(emitted).toEqual([]);
    clock.increment(1);
    expect(emitted).toEqual([{ type: 'navigation.requested', to: '/' }]);
    expect(actor.getSnapshot().hasTag('empty')).toBe(true);
  });

  it('forgets a cart the checkout abandoned', async () => {
    const { actor, settled } = startCart(makeCart());
    await settled();
    actor.send({ type: 'cart.abandoned' });
    expect(actor.getSnapshot().hasTag('empty')).toBe(true);
    expect(selectCountdownRef(actor.getSnapshot())).toBeUndefined();
  });
});

describe('guarantees and spend on the view-cart page (spec 5.1)', () => {
  const small = makeCart({ lines: [cartLine('line-1', 'EUR', 120, 100)] });
  const large = makeCart({ lines: [cartLine('line-1', 'EUR', 250, 212.35)] });

  it.each([
    ['£100', false, "Your cart is too small to use the Buyback Guarantee. It's available on carts of £150 or more.", small],
    ['£212.35', true, null, large],
    ['£150', true, null, makeCart({ lines: [cartLine('line-1', 'EUR', 180, 150)] })],
  ])('a %s cart: Buyback eligible %s, notice %s', async (_label, eligible, notice, cart) => {
    const { actor, api, settled } = startCart(cart);
    await settled();
    expect(selectViewCartRules(actor.getSnapshot())).toMatchObject({ buybackEligible: eligible, buybackNotice: notice });
    actor.send({ type: 'cart.buybackChosen', choice: true });
    await settled();
    expect(api.setBuyback).toHaveBeenCalledTimes(eligible ? 1 : 0);
  });

  it('asks both questions before checkout', async () => {
    const { actor, api, settled } = startCart(large, {
      api: {
        setBuyback: async () => makeCart({ lines: large.lines, buyBackGuarantee: false }),
        setRefund: async () => makeCart({ lines: large.lines, buyBackGuarantee: false, refundGuarantee: true }),
      },
    });
    await settled();
    expect(selectViewCartRules(actor.getSnapshot())?.guaranteeErrors).toEqual({ buyback: null, refund: null });
    actor.send({ type: 'cart.checkoutRequested' });
    expect(api.checkoutCart).not.toHaveBeenCalled();
    expect(selectViewCartRules(actor.getSnapshot())?.guaranteeErrors).toEqual({
      buyback: 'Please select your Buyback guarantee option',
      refund: 'Please select your Refund guarantee option',
    });
    actor.send({ type: 'cart.buybackChosen', choice: false });
    await settled();
    actor.send({ type: 'cart.refundChosen', choice: true });
    await settled();
    expect(api.setRefund).toHaveBeenCalledWith({ choice: true });
    expect(selectViewCartRules(actor.getSnapshot())?.guaranteeErrors).toEqual({ buyback: null, refund: null });
    actor.send({ type: 'cart.checkoutRequested' });
    await settled();
    expect(api.checkoutCart).toHaveBeenCalledTimes(1);
  });

  it('asks nothing for sell-back', async () => {
    const { actor, api, settled } = startCart(makeCart({ productId: 3, lines: [cartLine('line-1', 'USD', 300, 220)] }));
    await settled();
    expect(selectViewCartRules(actor.getSnapshot())).toMatchObject({ buybackOffered: false, refundOffered: false });
    actor.send({ type: 'cart.refundChosen', choice: true });
    actor.send({ type: 'cart.checkoutRequested' });
    await settled();
    expect(api.setRefund).not.toHaveBeenCalled();
    expect(api.checkoutCart).toHaveBeenCalledTimes(1);
  });

  it.each([
    ['below the minimum', 1, [cartLine('line-1', 'EUR', 60, 50)], 'Minimum spend of £100 has not been met'],
    ['above the maximum', 1, [cartLine('line-1', 'EUR', 2000, 1700), cartLine('line-2', 'USD', 1200, 900)], 'Maximum spend of £2,500 has been exceeded'],
    ['empty', 2, [], null],
  ] as const)('disables Proceed for a cart %s (product %i)', async (_label, productId, lines, message) => {
    const { actor, api, settled } = startCart(makeCart({ productId, lines: [...lines], buyBackGuarantee: false, refundGuarantee: false }));
    await settled();
    expect(selectViewCartRules(actor.getSnapshot())?.spend).toMatchObject({ canProceed: false, message });
    expect(actor.getSnapshot().can({ type: 'cart.checkoutRequested' })).toBe(false);
    actor.send({ type: 'cart.checkoutRequested' });
    expect(api.checkoutCart).not.toHaveBeenCalled();
  });
});

describe('checkout (spec 4.3, 7.4)', () => {
  const ready = makeCart({ lines: [cartLine('line-1', 'EUR', 250, 212.35)], buyBackGuarantee: false, refundGuarantee: false });

  it('creates the order and tells the checkout; the countdown runs on until confirmation', async () => {
    const { actor, clock, emitted, settled } = startCart(ready);
    await settled();
    actor.send({ type: 'cart.checkoutRequested' });
    await settled();
    expect(actor.getSnapshot().hasTag('checkedOut')).toBe(true);
    expect(emitted).toContainEqual({ type: 'cart.checkedOut', orderId: 'order-1', externalOrderId: 'TM-0001' });
    const countdown = selectCountdownRef(actor.getSnapshot());
    clock.increment(1000);
    expect(countdown?.getSnapshot().context.view.text).toBe('29:59');
    actor.send({ type: 'countdown.stopRequested' });
    expect(countdown?.getSnapshot().status).toBe('done');
  });

  it('keeps a stop asked for before the cart is read, and stops the countdown as soon as it runs', async () => {
    const { actor, emitted, settled } = startCart(ready);
    // The confirmation opens while the cart is still being read.
    actor.send({ type: 'countdown.stopRequested' });
    expect(actor.getSnapshot().hasTag('loading')).toBe(true);
    await settled();
    expect(actor.getSnapshot().matches('open')).toBe(true);
    expect(selectCountdownRef(actor.getSnapshot())?.getSnapshot().status).toBe('done');
    expect(emitted.filter((e) => e.type === 'error.reported')).toEqual([]);
  });

  it('sends typed amounts before checking out', async () => {
    const { actor, api, settled } = startCart(ready, {
      api: { updateLine: async () => makeCart({ lines: [cartLine('line-1', 'EUR', 300, 254.82)], buyBackGuarantee: false, refundGuarantee: false }) },
    });
    await settled();
    actor.send({ type: 'cart.lineChanged', lineId: 'line-1', qty: 300 });
    actor.send({ type: 'cart.checkoutRequested' });
    await settled();
    expect(api.updateLine).toHaveBeenCalledWith({ lineId: 'line-1', line: { currencyCode: 'EUR', qty: 300 } });
    expect(api.checkoutCart).toHaveBeenCalledTimes(1);
    expect(api.updateLine.mock.invocationCallOrder[0]).toBeLessThan(api.checkoutCart.mock.invocationCallOrder[0]!);
  });

  it("refuses checkout once the countdown says 'Cart expired', and views asking can() hear it then", async () => {
    const checkout = { type: 'cart.checkoutRequested' } as const;
    const { actor, api, clock, settled } = startCart(ready);
    await settled();
    const canCheckOut: boolean[] = [];
    actor.subscribe((s) => canCheckOut.push(s.can(checkout)));
    expect(actor.getSnapshot().can(checkout)).toBe(true);
    clock.increment(29 * 60_000 + 59_000);
    expect(actor.getSnapshot().can(checkout)).toBe(true);
    clock.increment(1000);
    expect(selectCountdownRef(actor.getSnapshot())?.getSnapshot().context.view.text).toBe('Cart expired');
    expect(canCheckOut.at(-1)).toBe(false);
    actor.send(checkout);
    expect(actor.getSnapshot().matches({ open: { lines: { editable: 'idle' } } })).toBe(true);
    expect(api.checkoutCart).not.toHaveBeenCalled();
  });

  it('calls off a checkout waiting for typed amounts when the cart expires meanwhile', async () => {
    let saved: (cart: Cart) => void = () => {};
    const { actor, api, clock, settled } = startCart(makeCart({ lines: ready.lines, buyBackGuarantee: false, refundGuarantee: false, expiresAt: new Date(BASE + 1000).toISOString() }), {
      api: { updateLine: () => new Promise<Cart>((resolve) => (saved = resolve)) },
    });
    await settled();
    actor.send({ type: 'cart.lineChanged', lineId: 'line-1', qty: 300 });
    actor.send({ type: 'cart.checkoutRequested' });
    expect(actor.getSnapshot().context.proceedRequested).toBe(true);
    clock.increment(1000);
    expect(actor.getSnapshot().context.proceedRequested).toBe(false);
    saved(ready);
    await settled();
    expect(api.checkoutCart).not.toHaveBeenCalled();
  });

  it("goes to the cart's view-cart page for 'Review & checkout', refused when empty or expired", async () => {
    const review = { type: 'cart.reviewRequested' } as const;
    const buying = startCart(ready);
    await buying.settled();
    buying.actor.send(review);
    expect(buying.emitted).toContainEqual({ type: 'navigation.requested', to: '/checkout/view-cart' });
    buying.clock.increment(30 * 60_000);
    expect(buying.actor.getSnapshot().can(review)).toBe(false);

    const selling = startCart(makeCart({ productId: 3 }));
    await selling.settled();
    selling.actor.send(review);
    expect(selling.emitted).toContainEqual({ type: 'navigation.requested', to: '/selling/view-cart' });

    const empty = startCart(makeCart({ lines: [] }));
    await empty.settled();
    expect(empty.actor.getSnapshot().can(review)).toBe(false);
  });

  it('stays on the cart with the problem when the order cannot be created', async () => {
    const { actor, settled } = startCart(ready, { api: { checkoutCart: () => Promise.reject({ title: 'Rates changed', status: 409 }) } });
    await settled();
    actor.send({ type: 'cart.checkoutRequested' });
    await settled();
    expect(actor.getSnapshot().matches({ open: { lines: 'editable' } })).toBe(true);
    expect(actor.getSnapshot().context.problem?.title).toBe('Rates changed');
  });
});

describe('add to cart as a conversation (spec 2.3, 4.3, 8)', () => {
  const line = { currencyCode: 'EUR', qty: 250, productId: 2 as const, storeId: 7 };
  const refusal = (title: string, code: number) => Object.assign(new Error('x'), { problem: { title, status: code } });
  /** The calculator (or the 'Add new currency' form), waiting for the cart's answer. */
  function requester() {
    const answers: AnyEventObject[] = [];
    const ref = createActor(fromCallback(({ receive }) => receive((e) => answers.push(e)))).start();
    return { ref, answers };
  }
  let release: (cart: Cart | null) => void = () => {};
  const slowFetch = () => new Promise<Cart | null>((resolve) => (release = resolve));

  it.each([
    ['no cart: it is created with the line', null, {}, [{ type: 'cart.lineSaved' }]],
    ['an open cart takes the line', makeCart(), {}, [{ type: 'cart.lineSaved' }]],
    ['the line refused: the server problem', makeCart(), { addLine: () => Promise.reject(refusal('Currency not available', 422)) }, [{ type: 'cart.lineRefused', problem: { title: 'Currency not available', status: 422 } }]],
    ['no cart, and none could be created: the server problem', null, { createCart: () => Promise.reject(refusal('Branch closed', 422)) }, [{ type: 'cart.lineRefused', problem: { title: 'Branch closed', status: 422 } }]],
    ['a cart that could not be read refuses with its problem', status(500), {}, [{ type: 'cart.lineRefused', problem: { title: 'Something went wrong' } }]],
  ] as const)('%s', async (_name, initial, api, expected) => {
    const { actor, settled } = startCart(initial instanceof Error ? initial : (initial as Cart | null), { api: api as never });
    await settled();
    const { ref, answers } = requester();
    actor.send({ type: 'cart.lineAdded', line, replyTo: ref });
    await settled();
    expect(answers).toEqual(expected);
  });

  it('a cart still being read takes the line once it is settled, and answers then', async () => {
    const { actor, api, settled } = startCart(null, { api: { fetchCart: slowFetch } });
    const { ref, answers } = requester();
    actor.send({ type: 'cart.lineAdded', line, replyTo: ref });
    expect(actor.getSnapshot().hasTag('loading')).toBe(true);
    expect(answers).toEqual([]);
    release(makeCart());
    await settled();
    expect(api.addLine).toHaveBeenCalledWith({ currencyCode: 'EUR', qty: 250 });
    expect(answers).toEqual([{ type: 'cart.lineSaved' }]);
  });

  it('a cart read as unavailable after the line was asked for refuses it', async () => {
    const { actor, settled } = startCart(null, { api: { fetchCart: () => Promise.reject(status(500)) } });
    const { ref, answers } = requester();
    actor.send({ type: 'cart.lineAdded', line, replyTo: ref });
    await settled();
    expect(actor.getSnapshot().hasTag('unavailable')).toBe(true);
    expect(answers).toEqual([{ type: 'cart.lineRefused', problem: { title: 'Something went wrong' } }]);
  });

  it.each([
    ['read again (cart.refreshRequested)', { type: 'cart.refreshRequested' } as const],
    ['dropped (cart.abandoned)', { type: 'cart.abandoned' } as const],
  ])('a line being saved when the cart is %s is asked for again, and its requester answered', async (_name, event) => {
    let saveLine: () => void = () => {};
    let first = true;
    const addLine = () =>
      first
        ? ((first = false), new Promise<Cart>((resolve) => (saveLine = () => resolve(makeCart()))))
        : Promise.resolve(makeCart());
    const { actor, api, settled } = startCart(makeCart(), { api: { addLine } as never });
    await settled();
    const { ref, answers } = requester();
    actor.send({ type: 'cart.lineAdded', line, replyTo: ref });
    expect(actor.getSnapshot().hasTag('saving')).toBe(true);
    actor.send(event);
    saveLine();
    await settled();
    expect(answers).toEqual([{ type: 'cart.lineSaved' }]);
    // Read again: added to the cart as read; dropped: a new cart is created for it.
    if (event.type === 'cart.abandoned') expect(api.createCart).toHaveBeenCalledTimes(1);
    else expect(api.addLine).toHaveBeenCalledTimes(2);
  });

  it('a checked-out cart refuses the line', async () => {
    const { actor, settled } = startCart(makeCart({ buyBackGuarantee: false, refundGuarantee: false }));
    await settled();
    actor.send({ type: 'cart.checkoutRequested' });
    await settled();
    expect(actor.getSnapshot().hasTag('checkedOut')).toBe(true);
    const { ref, answers } = requester();
    actor.send({ type: 'cart.lineAdded', line, replyTo: ref });
    expect(answers).toEqual([{ type: 'cart.lineRefused', problem: { title: "We couldn't get your cart" } }]);
  });
});

describe('"Need more time?" (WCAG 2.2.1 Timing Adjustable)', () => {
  const at = (ms: number) => new Date(BASE + ms).toISOString();
  const timeTags = (s: { hasTag: (tag: 'extending' | 'extended' | 'extensionRefused') => boolean }) =>
    (['extending', 'extended', 'extensionRefused'] as const).filter((tag) => s.hasTag(tag));

  it('is not offered before the countdown\'s last 5 minutes, nor once the server allows no more', async () => {
    for (const cart of [makeCart({ expiresAt: at(10 * 60_000) }), makeCart({ expiresAt: at(60_000), extensionsLeft: 0 })]) {
      const { actor, settled, api } = startCart(cart);
      await settled();
      expect(actor.getSnapshot().can({ type: 'cart.extendRequested' })).toBe(false);
      actor.send({ type: 'cart.extendRequested' });
      expect(api.extendCart).not.toHaveBeenCalled();
    }
  });

  it('extends the hold: the countdown reads the new expiry, and a second request waits for the first', async () => {
    const later = makeCart({ expiresAt: at(4 * 60_000 + 30 * 60_000), extensionsLeft: 1 });
    let answer: (cart: Cart) => void = () => undefined;
    const { actor, settled, api, clock } = startCart(makeCart({ expiresAt: at(4 * 60_000) }), {
      api: { extendCart: () => new Promise<Cart>((resolve) => (answer = resolve)) },
    });
    await settled();
    const countdown = selectCountdownRef(actor.getSnapshot());
    expect(countdown?.getSnapshot().hasTag('expiring')).toBe(true);
    actor.send({ type: 'cart.extendRequested' });
    expect(timeTags(actor.getSnapshot())).toEqual(['extending']);
    actor.send({ type: 'cart.extendRequested' });
    expect(api.extendCart).toHaveBeenCalledTimes(1);
    answer(later);
    await waitFor(actor, (s) => s.hasTag('extended'));
    expect(actor.getSnapshot().context.cart?.expiresAt).toBe(later.expiresAt);
    clock.increment(1000);
    expect(countdown?.getSnapshot().context.view.text).toBe('33:59');
    expect(countdown?.getSnapshot().hasTag('expiring')).toBe(false);
  });

  it('keeps the refusal to show beside the offer, not as the cart\'s problem, and may be asked again', async () => {
    const refusal = Object.assign(new Error('HTTP 409'), {
      status: 409,
      problem: { type: 'cart-extension-limit', title: 'No more time can be added', status: 409, detail: 'This cart has already had all the extra time we can give it (twice).' },
    });
    const { actor, settled, api } = startCart(makeCart({ expiresAt: at(2 * 60_000) }), { api: { extendCart: () => Promise.reject(refusal) } });
    await settled();
    actor.send({ type: 'cart.extendRequested' });
    await waitFor(actor, (s) => s.hasTag('extensionRefused'));
    expect(actor.getSnapshot().context.extensionProblem).toMatchObject({ title: 'No more time can be added' });
    expect(actor.getSnapshot().context.problem).toBeNull();
    actor.send({ type: 'cart.extendRequested' });
    expect(timeTags(actor.getSnapshot())).toEqual(['extending']);
    expect(actor.getSnapshot().context.extensionProblem).toBeNull();
    expect(api.extendCart).toHaveBeenCalledTimes(2);
  });
});
