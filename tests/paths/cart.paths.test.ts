import { expect } from 'vitest';
import { emit, enqueueActions, type AnyActorRef, type AnyEventObject } from 'xstate';
import type { CheckoutResponse } from '#domain/contract/cart.ts';
import type { ViewCartRequest } from '#domain/cart-link.ts';
import type { ProductId } from '#domain/contract/catalogue.ts';
import { cartMachine, type CartSnapshot } from '#machines/cart/cart.machine.ts';
import { selectCartNotice, selectCountdownRef } from '#machines/cart/cart.selectors.ts';
import { selectViewCartRules } from '#machines/cart/view-cart.selectors.ts';
import { actorDone, actorFailed, definePathSuite, INIT_EVENT } from '../support/graph-coverage.ts';
import { cartLine, makeCart } from '../support/cart-fixtures.ts';
import { CART_SCREEN_TAGS, LINE_REFUSED, LINE_SAVED, OPEN_SCREENS, TIME_TAGS, cartOracle, noticeOf, type CartSeen } from './oracles/cart.oracle.ts';

const NOW = Date.parse('2025-06-02T10:00:00Z');
const large = [cartLine('line-1', 'EUR', 250, 212.35)];
// Guarantees answered and spend met: Proceed goes ahead.
// In its last 5 minutes with one extension left: "Need more time?" is offered.
const answered = makeCart({ id: 'answered', lines: large, buyBackGuarantee: false, refundGuarantee: false, expiresAt: '2025-06-02T10:03:00.000Z', extensionsLeft: 1 });
// The server's answer to "Need more time?" (carts of one minute: still in the last 5 minutes).
const extended = makeCart({ id: 'extended', lines: large, buyBackGuarantee: false, refundGuarantee: false, expiresAt: '2025-06-02T10:04:00.000Z', extensionsLeft: 1 });
// Both questions still open.
const unanswered = makeCart({ id: 'unanswered', lines: large });
// Below product 1's £100 minimum: Proceed is disabled.
const blocked = makeCart({ id: 'blocked', productId: 1, lines: [cartLine('line-1', 'EUR', 60, 50)], buyBackGuarantee: false, refundGuarantee: false });
const created = makeCart({ id: 'created', lines: [] });
// Past its expiry ('Cart expired'): neither checkout nor the header's review goes ahead.
const expired = makeCart({ id: 'expired', lines: large, buyBackGuarantee: false, refundGuarantee: false, expiresAt: '2025-06-02T09:59:00.000Z' });

const requests: ViewCartRequest[] = [
  { kind: 'view' },
  { kind: 'line', line: { currencyCode: 'USD', amount: 300, productId: 2, storeId: 1, affiliateId: null } },
  { kind: 'recreate', webCartId: 'web-1' },
];
const CALCULATOR = { id: 'calculator' } as unknown as AnyActorRef;
const problem = (status: number) => Object.assign(new Error(`HTTP ${status}`), { status, problem: { title: `Failed ${status}`, status } });

// What the guards read, and no more, so the state space stays small.
const serializeState = (s: CartSnapshot): string => {
  const c = s.context;
  return JSON.stringify([s.value, c.cart?.id ?? null, c.request?.kind ?? null, Object.keys(c.lineEdits).length > 0, c.proceedRequested, c.queuedLine !== null, c.lineRequester !== null]);
};

const SITE_PRODUCTS: Array<{ siteId: number; productId: ProductId; minSpend: number; maxSpend: number }> = [
  { siteId: 1, productId: 1, minSpend: 100, maxSpend: 2500 },
  { siteId: 1, productId: 2, minSpend: 50, maxSpend: 2500 },
];
const SHOP_PAGE = {
  siteId: 1,
  settings: { isPartner: false, showBuybackGuarantee: true, showRefundGuarantee: true },
  siteProducts: SITE_PRODUCTS,
  affiliateCode: 'AFF',
  now: () => NOW,
};
// What the spec says the shopper sees after each step of the path being replayed.
const oracle = cartOracle({ now: NOW, siteProducts: SITE_PRODUCTS, showBuybackGuarantee: true, showRefundGuarantee: true });
let seen: CartSeen;
const sorted = (events: readonly AnyEventObject[]): string[] => events.map((e) => JSON.stringify(e)).sort();

definePathSuite({
  name: 'cart',
  // Alone here, the chart has no other actors to tell: what it tells them (the checkout, the asker
  // of a line) is recorded as emitted, in the model too.
  machine: cartMachine.provide({
    actions: {
      announceCheckout: emit((_, params: { order: CheckoutResponse }) => ({ type: 'cart.checkedOut', orderId: params.order.orderId, externalOrderId: params.order.externalOrderId })),
      answerLineSaved: enqueueActions(({ context, enqueue }) => {
        if (context.lineRequester) enqueue.emit(LINE_SAVED);
      }),
      answerLineRefused: enqueueActions(({ context, enqueue }) => {
        if (context.lineRequester) enqueue.emit(LINE_REFUSED);
      }),
      refuseLine: emit(LINE_REFUSED),
      refuseQueuedLine: enqueueActions(({ context, enqueue }) => {
        if (context.queuedLine === null) return;
        enqueue.emit(LINE_REFUSED);
        enqueue.assign({ queuedLine: null });
      }),
    },
    // The answers are recorded as emitted here, outside the cart's own emitted events' type.
  } as never) as typeof cartMachine,
  inputs: {
    'a page of the shop': SHOP_PAGE,
    "the payment provider's return page, reached with the cart checked out": { ...SHOP_PAGE, checkedOut: true },
  },
  events: [
    ...requests.map((request) => ({ type: 'cart.viewOpened' as const, request })),
    // From the calculator, which waits for the answer (a stand-in: the answers are recorded as emitted).
    { type: 'cart.lineAdded', line: { currencyCode: 'EUR', qty: 250, productId: 2, storeId: 1 }, replyTo: CALCULATOR },
    // The view-cart page shows 'You have no cart' (its effect).
    { type: 'cart.noCartShown' },
    { type: 'cart.lineChanged', lineId: 'line-1', qty: 300 },
    { type: 'cart.lineChanged', lineId: 'line-1', qty: 0 },
    { type: 'cart.lineChanged', lineId: 'ghost', qty: 5 },
    { type: 'cart.lineRemoved', lineId: 'line-1' },
    { type: 'cart.lineRemoved', lineId: 'ghost' },
    { type: 'cart.buybackChosen', choice: false },
    { type: 'cart.refundChosen', choice: false },
    { type: 'cart.checkoutRequested' },
    { type: 'cart.reviewRequested' },
    { type: 'countdown.expired' },
    { type: 'cart.abandonRequested' },
    { type: 'cart.abandoned' },
    { type: 'cart.refreshRequested' },
    { type: 'countdown.stopRequested' },
    { type: 'problem.dismissed' },
    { type: 'cart.extendRequested' },
    actorDone('extendCart', extended),
    actorFailed('extendCart', problem(409)),
    actorDone('fetchCart', null),
    actorDone('fetchCart', answered),
    actorDone('fetchCart', unanswered),
    actorDone('fetchCart', blocked),
    actorDone('fetchCart', expired),
    actorFailed('fetchCart', problem(404)),
    actorFailed('fetchCart', problem(500)),
    actorDone('createCart', created),
    actorFailed('createCart', problem(500)),
    actorDone('addLine', answered),
    actorFailed('addLine', problem(422)),
    actorDone('updateLine', answered),
    actorFailed('updateLine', problem(422)),
    actorDone('removeLine', created),
    actorFailed('removeLine', problem(500)),
    actorDone('setBuyback', answered),
    actorFailed('setBuyback', problem(500)),
    actorDone('setRefund', answered),
    actorFailed('setRefund', problem(500)),
    actorDone('recreateCart', unanswered),
    actorFailed('recreateCart', problem(404)),
    actorDone('abandonCart', undefined),
    actorFailed('abandonCart', problem(500)),
    actorDone('checkoutCart', { orderId: 'order-1', externalOrderId: 'TM-1' }),
    actorFailed('checkoutCart', problem(409)),
    actorFailed('countdown', new Error('countdown crashed')),
  ],
  serializeState,
  assertState: (s, step) => {
    // The oracle is given the same input: whether the page opened is reached only once checked out.
    seen = step.event.type === INIT_EVENT ? oracle.start({ checkedOut: s.context.checkedOutOnOpening }) : oracle.next(seen, step.event);
    const after = `after ${step.event.type}`;
    expect([...s.tags].sort(), `what the cart shows ${after}`).toEqual([...CART_SCREEN_TAGS[seen.screen], ...TIME_TAGS[seen.time]].sort());
    expect(s.can({ type: 'cart.extendRequested' }), `"Need more time?" ${after}`).toBe(oracle.canAskForTime(seen));
    if (seen.time === 'refused') expect(s.context.extensionProblem, `why no time was added ${after}`).not.toBeNull();
    expect(selectCartNotice(s), `the notice ${after}`).toBe(noticeOf(seen.screen));
    expect(s.context.cart?.id ?? null, `the cart shown ${after}`).toBe(seen.cart?.id ?? null);
    expect(selectCountdownRef(s) !== undefined, `the countdown running ${after}`).toBe(OPEN_SCREENS.includes(seen.screen));
    expect(sorted(step.emitted), `what the shop is asked to do ${after}`).toEqual(sorted(seen.effects));
    expect(s.context.problem !== null, `a problem shown ${after}`).toBe(seen.problem);
    expect(s.context.lineErrors, `the line messages ${after}`).toEqual(seen.lineErrors);
    expect(Object.keys(s.context.lineEdits).sort(), `the amounts typed and unsaved ${after}`).toEqual([...seen.typed].sort());
    const r = oracle.rules(seen);
    const viewRules = selectViewCartRules(s);
    if (r && viewRules) {
      expect(viewRules.guaranteeErrors, `the required-answer messages ${after}`).toEqual(seen.answersDemanded ? r.errors : { buyback: null, refund: null });
    }
    const editable = oracle.isEditable(seen);
    expect(s.can({ type: 'cart.buybackChosen', choice: true }), `the Buyback radios ${after}`).toBe(editable && r !== null && r.buybackEligible);
    expect(s.can({ type: 'cart.refundChosen', choice: true }), `the Refund radios ${after}`).toBe(editable && r !== null && r.refundOffered);
    expect(s.can({ type: 'cart.reviewRequested' }), `'Review & checkout' ${after}`).toBe(
      OPEN_SCREENS.includes(seen.screen) && r !== null && r.hasLines && !r.expired,
    );

    const hasCart = s.context.cart !== null;
    expect(selectCountdownRef(s) !== undefined).toBe(s.matches('open'));
    if (s.matches('open')) expect(hasCart).toBe(true);
    if (s.hasTag('empty')) expect(hasCart).toBe(false);
    expect(selectCartNotice(s)).toBe(
      s.matches('cleared') ? "We've cleared your cart" : s.matches('noCart') ? 'You have no cart' : s.matches('unavailable') ? "We couldn't get your cart" : null,
    );
    const rules = selectViewCartRules(s);
    if (rules && s.context.cart?.id === 'blocked') expect(rules.spend.message).toBe('Minimum spend of £100 has not been met');
    if (rules && !s.context.showGuaranteeErrors) expect(rules.guaranteeErrors).toEqual({ buyback: null, refund: null });

    // What leaves the chart, and when.
    const types = step.emitted.map((e) => e.type);
    const redirected = /^xstate\.after\.REDIRECT\./.test(step.event.type);
    const reviewed = step.event.type === 'cart.reviewRequested' && s.context.cart !== null && s.context.cart.lines.length > 0 && s.context.cart.id !== 'expired';
    expect(types.includes('navigation.requested')).toBe(redirected || reviewed);
    if (s.context.cart?.id === 'expired') {
      expect(s.can({ type: 'cart.checkoutRequested' })).toBe(false);
      expect(s.can({ type: 'cart.reviewRequested' })).toBe(false);
    }
    expect(types.includes('cart.checkedOut')).toBe(step.event.type === 'xstate.done.actor.checkoutCart');
    if (step.event.type === 'cart.checkoutRequested' && s.context.cart?.id === 'expired') expect(s.hasTag('checkingOut')).toBe(false);
    // A refused first line leaves a problem to show and no cart: the link's page says 'You have no cart'.
    if (s.matches('creatingFromLink')) expect(s.context.pendingLine?.currencyCode).toBe('USD');
    if (step.event.type === 'xstate.error.actor.createCart') {
      expect(s.context.problem).not.toBeNull();
      // ...unless a line asked for meanwhile starts a cart of its own.
      expect(s.matches('noCart') || s.matches('none') || (s.matches('creating') && !step.expected.context.queuedLine)).toBe(true);
    }
    if (seen.focus !== null) expect(s.context.invalidLine, `the box the focus returns to ${after}`).toEqual({ lineId: seen.focus });
  },
});
