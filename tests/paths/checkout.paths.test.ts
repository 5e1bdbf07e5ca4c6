import { expect } from 'vitest';
import { emit, type AnyEventObject } from 'xstate';
import { checkoutPagePath } from '#domain/checkout-steps.ts';
import type { CollectionBranches } from '#domain/contract/collection-switch.ts';
import type { CustomerInfoRequest, DeliverySlot, Order, OrderStateValue } from '#domain/contract/order.ts';
import { checkoutMachine } from '#machines/checkout/checkout.machine.ts';
import { selectPage } from '#machines/checkout/checkout.selectors.ts';
import type { CheckoutEmitted } from '#machines/checkout/checkout.types.ts';
import { actorDone, actorFailed, definePathSuite, INIT_EVENT } from '../support/graph-coverage.ts';
import { CARD_RETRY_SCREENS, checkoutOracle, SCREEN_TAGS, type Seen } from './oracles/checkout.oracle.ts';

const ABANDON_CART_URL = 'https://www.shop.example/come-back-soon';
const order = (state: OrderStateValue) => ({ id: 'ord_1', product: { id: 1, name: 'Home delivery' }, state: { value: state } }) as Order;
// Issue 45 part 1: a click-and-collect order, the only one a reservation at the branch is offered to.
const collection = (state: OrderStateValue) => ({ id: 'ord_1', product: { id: 2, name: 'Click and collect' }, state: { value: state } }) as Order;
const providerDown = { title: 'Card payments are not working right now', status: 503, type: 'payment-provider-unavailable' };
const timedOut = Object.assign(new Error('The payment intent timed out'), { name: 'TimeoutError' });
const slots = [{ id: 'slot_1' }] as DeliverySlot[];
// The first date's cut-off long passed (the page was left open): the dates are asked for again.
const passedSlots = [{ id: 'slot_0', orderBy: '2000-01-07T14:00:00.000Z' }, { id: 'slot_1' }] as DeliverySlot[];
// The dates after a cut-off, without the one chosen.
const laterSlots = [{ id: 'slot_2' }] as DeliverySlot[];
const details = { firstName: 'Ada' } as CustomerInfoRequest;
// Issue 45 part 1: the branches a home delivery may be collected from instead.
const branches: CollectionBranches = { near: 'LS1 6LY', items: [{ storeId: 10, name: 'Leeds Briggate', address: ['1 Briggate', 'Leeds', 'LS1 6HD'], distanceInMiles: 0.3, availableFrom: '2026-11-30', total: 351.2 }] };
const problem = { title: 'Conflict', detail: 'The order changed.', status: 409 };
const ORDER_STATES = [0, 1, 3, 16, 18] as const;

const PATHS = [
  '/checkout/view-cart',
  '/checkout/delivery-options',
  '/checkout/customer-information',
  '/checkout/payment',
  '/checkout/order-confirmation',
  '/checkout/payment-unsuccessful',
  '/branches',
];

const TRACKED = { details: 'information', payment: 'payment', confirmation: 'confirmation' } as const;

// The page before each step, to check what the step asked the app to do.
let previousPage: ReturnType<typeof selectPage> = null;

// What the spec says the shopper sees after each step of the path being replayed.
const INPUT_PATH = '/checkout/view-cart';
const oracle = checkoutOracle({ abandonCartUrl: ABANDON_CART_URL });
let seen: Seen;
const sorted = (events: readonly AnyEventObject[]): string[] => events.map((e) => JSON.stringify(e)).sort();

definePathSuite({
  name: 'checkout',
  machine: checkoutMachine,
  // Alone here, the chart has no other actors to tell: what it tells them is recorded as emitted.
  provide: { actions: { stopCountdown: emit({ type: 'countdown.stopRequested' }), announceAbandonedCart: emit({ type: 'cart.abandoned' }) } },
  input: { path: INPUT_PATH, appOrigin: 'https://shop.example', abandonCartUrl: ABANDON_CART_URL, productId: 1 },
  events: [
    ...PATHS.map((path) => ({ type: 'checkout.pageOpened', path })),
    { type: 'cart.checkedOut' },
    { type: 'deliverySlot.chosen', slotId: 'slot_1' },
    { type: 'delivery.submitted' },
    { type: 'details.submitted', details },
    { type: 'deliverySlot.changeRequested' },
    { type: 'identification.continued' },
    { type: 'identification.homeRequested' },
    { type: 'identification.dismissed' },
    { type: 'frame.messageReceived', origin: 'https://shop.example', data: null },
    { type: 'payment.retried' },
    { type: 'checkout.left' },
    { type: 'velocity.homeRequested' },
    { type: 'checkout.closed' },
    { type: 'order.reloadRequested' },
    { type: 'problem.dismissed' },
    { type: 'reservation.requested' },
    { type: 'collection.switchRequested' },
    { type: 'collection.branchChosen', storeId: 10 },
    // A branch the list did not offer: refused by the chart, never asked of the server.
    { type: 'collection.branchChosen', storeId: 99 },
    { type: 'collection.switchCancelled' },
    { type: 'details.emailEntered', email: ' ada@example.com ' },
    { type: 'details.emailEntered', email: 'ada@' },
    ...ORDER_STATES.map((state) => actorDone('loadOrder', order(state))),
    actorDone('loadOrder', collection(3)),
    actorDone('loadOrder', order(5)),
    actorFailed('loadOrder', problem),
    actorDone('loadDeliverySlots', slots),
    actorDone('loadDeliverySlots', passedSlots),
    actorDone('loadDeliverySlots', laterSlots),
    actorFailed('loadDeliverySlots', problem),
    actorDone('saveDeliverySlot', order(0)),
    actorFailed('saveDeliverySlot', problem),
    actorDone('saveCustomerInfo', 'NoStock'),
    actorDone('saveCustomerInfo', { showAMLPopup: true, state: { value: 3 } }),
    actorDone('saveCustomerInfo', { showAMLPopup: true, state: { value: 18 } }),
    actorDone('saveCustomerInfo', { showAMLPopup: false, state: { value: 3 } }),
    actorDone('saveCustomerInfo', { showAMLPopup: false, state: { value: 18 } }),
    actorDone('saveCustomerInfo', { showAMLPopup: false, state: { value: 1 } }),
    actorDone('saveCustomerInfo', { showAMLPopup: false, state: { value: 16 } }),
    actorFailed('saveCustomerInfo', problem),
    actorDone('createPaymentIntent', { url: 'https://psp.example/pay/abc' }),
    actorDone('createPaymentIntent', { url: 'javascript:alert(1)' }),
    actorFailed('createPaymentIntent', problem),
    actorFailed('createPaymentIntent', providerDown),
    actorFailed('createPaymentIntent', timedOut),
    actorDone('paymentFrame', { outcome: 'received' }),
    actorDone('paymentFrame', { outcome: 'providerUnavailable' }),
    actorDone('reserveAtBranch', collection(5)),
    actorFailed('reserveAtBranch', problem),
    actorDone('loadCollectionBranches', branches),
    actorFailed('loadCollectionBranches', problem),
    actorDone('switchToCollection', collection(0)),
    actorFailed('switchToCollection', problem),
    actorDone('paymentFrame', { outcome: 'failed' }),
    actorFailed('paymentFrame', new Error('frame stopped')),
    actorDone('abandonCart', undefined),
    actorFailed('abandonCart', problem),
  ],
  // What the guards read: the answered state (the additional-identification modal), the dates'
  // first cut-off and the date chosen (the delivery page's timer and refresh).
  serializeState: (s) =>
    JSON.stringify([
      s.value,
      s.matches({ inCheckout: { details: 'identificationRequired' } }) ? s.context.submitResult?.state.value : null,
      s.context.slots[0]?.orderBy ?? null,
      s.context.slots.some((slot) => slot.id === s.context.selectedSlotId),
      // The tracking of the details form's email address (spec 7.6).
      s.context.order !== null,
      s.context.trackedEmail,
      // What the provider-unavailable offer reads (issue 45 part 1).
      s.context.order?.product.id ?? null,
      // The branches offered instead of a home delivery.
      s.context.collectionBranches?.items.map((b) => b.storeId) ?? null,
    ]),
  assertState: (s, step) => {
    seen = step.event.type === INIT_EVENT ? oracle.start(INPUT_PATH) : oracle.next(seen, step.event);
    const after = `after ${step.event.type}`;
    expect(selectPage(s), `the page ${after}`).toBe(seen.page);
    expect([...s.tags].sort(), `what the page shows ${after}`).toEqual([...SCREEN_TAGS[seen.screen]].sort());
    expect(sorted(step.emitted), `what the shop is asked to do ${after}`).toEqual(sorted(seen.effects));
    expect(s.context.problem !== null, `a problem shown ${after}`).toBe(seen.problem);
    expect(s.can({ type: 'delivery.submitted' }), `Next on the delivery page ${after}`).toBe(seen.screen === 'slotChosen');
    expect(s.can({ type: 'payment.retried' }), `'Try again?' ${after}`).toBe(CARD_RETRY_SCREENS.includes(seen.screen));
    expect(s.can({ type: 'reservation.requested' }), `'Reserve now, pay at the branch' ${after}`).toBe(seen.screen === 'reserveOffer');
    expect(s.can({ type: 'collection.switchRequested' }), `'Collect from a branch instead' ${after}`).toBe(seen.screen === 'switchOffer');
    expect(s.can({ type: 'collection.branchChosen', storeId: 10 }), `a listed branch chosen ${after}`).toBe(seen.screen === 'branchChoice' && seen.branchIds.includes(10));
    expect(s.can({ type: 'collection.branchChosen', storeId: 99 }), `a branch not listed ${after}`).toBe(false);

    const page = selectPage(s);
    // With what the chart tells the cart (recorded as emitted, see `provide`).
    const emitted = step.emitted as Array<CheckoutEmitted | { type: 'countdown.stopRequested' } | { type: 'cart.abandoned' }>;
    const navigations = emitted.flatMap((e) => (e.type === 'navigation.requested' ? [e.to] : []));
    const event: AnyEventObject = step.event;
    const opened = event.type === INIT_EVENT || event.type === 'checkout.pageOpened';

    // The chart asks the app to navigate exactly when it moves the visitor; never when the
    // visitor opened the address themselves or when a failed abandon returns to the page.
    if (opened || event.type === 'xstate.error.actor.abandonCart') {
      expect(navigations).toEqual([]);
    } else if (page !== null && page !== previousPage) {
      expect(navigations).toEqual([checkoutPagePath(page, s.context.productId)]);
    } else if (s.matches('left') && previousPage !== null) {
      expect(navigations).toHaveLength(1);
      expect(['/', ABANDON_CART_URL]).toContain(navigations[0]);
    } else if (!s.matches('left')) {
      expect(navigations).toEqual([]);
    }

    // Tracking hears of the information and payment pages as they are entered, and of the
    // confirmation once it shows a completed order.
    const tracked = emitted.flatMap((e) => (e.type === 'tracking.stepViewed' ? [e.step] : []));
    const confirmed = emitted.flatMap((e) => (e.type === 'order.confirmed' ? [e.order] : []));
    if (tracked.length > 0) {
      expect(page === 'details' || page === 'payment' || page === 'confirmation').toBe(true);
      expect(tracked.at(-1)).toBe(TRACKED[page as keyof typeof TRACKED]);
      // A reservation to pay at the branch (issue 45 part 1) is confirmed but never reported as a completed order.
      if (page === 'confirmation') expect(confirmed).toHaveLength(s.hasTag('reserved') ? 0 : 1);
    } else if (page !== previousPage || opened) {
      // A page with nothing to announce yet.
      expect(page === 'details' || page === 'payment').toBe(false);
    }

    // Only a completed order is reported (the marketing tracker, the stored transaction), on the
    // confirmation page, and the countdown stops with it.
    expect(confirmed.every((o) => o.state.value === 18)).toBe(true);
    if (confirmed.length > 0) expect(page).toBe('confirmation');
    expect(emitted.some((e) => e.type === 'countdown.stopRequested')).toBe(tracked.includes('confirmation'));

    expect(s.hasTag('retryOffered') || s.hasTag('switchOffered') || (s.hasTag('reserveOffered') && !s.hasTag('reserving'))).toBe(s.can({ type: 'payment.retried' }));
    previousPage = page;
  },
  states: {
    'inCheckout.delivery.choosingSlot': (s) => expect(s.can({ type: 'delivery.submitted' })).toBe(false),
    'inCheckout.delivery.slotChosen': (s) => expect(s.can({ type: 'delivery.submitted' })).toBe(true),
    'inCheckout.details.submitting': (s) => expect(s.hasTag('submitting')).toBe(true),
    'inCheckout.details.editing': (s, step) => {
      if (step.event.type === 'xstate.error.actor.saveCustomerInfo') expect(s.context.problem).toEqual(problem);
    },
    'leaving.cartCleared': (s, step) => {
      expect(s.hasTag('cartCleared')).toBe(true);
      expect(step.emitted).toEqual([{ type: 'cart.abandoned' }]);
    },
  },
});
