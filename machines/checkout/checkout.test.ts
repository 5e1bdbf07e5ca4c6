import { describe, expect, it, vi } from 'vitest';
import { SimulatedClock, createActor, fromPromise, type AnyEventObject } from 'xstate';
import { systemWithRecorders } from '../../tests/support/system-recorder.ts';
import type { ProductId } from '#domain/contract/catalogue.ts';
import type {
  CustomerInfoRequest,
  CustomerInfoResponse,
  DeliverySlot,
  Order,
  OrderStateValue,
  PaymentIntentResponse,
} from '#domain/contract/order.ts';
import { checkoutMachine } from './checkout.machine.ts';
import { selectPage, selectPaymentFrame, selectStepBar } from './checkout.selectors.ts';
import type { CheckoutEmitted } from './checkout.types.ts';
import { selectSlotCutOff } from './slot-cut-off.ts';

const APP_ORIGIN = 'https://shop.example';
const ABANDON_CART_URL = 'https://www.shop.example/come-back-soon';
const PAYMENT_URL = 'https://psp.example/pay/abc';

const flush = () => new Promise((resolve) => setImmediate(resolve));
const never = <T>() => new Promise<T>(() => {});

export function order(state: OrderStateValue, productId: ProductId = 1): Order {
  return {
    id: 'ord_1',
    externalOrderId: 'TM-000123',
    cartId: 'cart_1',
    siteId: 1,
    product: { id: productId, name: productId === 3 ? 'Sell back' : 'Home delivery' },
    state: { value: state },
    lines: [{ currency: { code: 'EUR', name: 'Euro', symbol: '€' }, price: 0.86, rate: 1.1628, qty: 500, total: 430 }],
    total: 430,
    expiresAt: '2026-06-01T10:30:00.000Z',
    createdAt: '2026-06-01T10:00:00.000Z',
    deliverySlot: null,
    store: { id: 1, isMeta: true, brand: 'tm', brandName: 'Travel Money', name: 'Online' },
    deliveryAddress: null,
    customer: null,
    buyBackGuarantee: false,
    refundGuarantee: false,
    ClickAndCollect: productId === 2,
    paymentAttempt: null,
  };
}

const slots: DeliverySlot[] = [
  { id: 'slot_1', date: '2026-06-03', price: 4.99, isInStock: true, isFirstDay: true, deliveryMethodName: 'Next day' },
  { id: 'slot_2', date: '2026-06-04', price: 0, isInStock: true, isFirstDay: false, deliveryMethodName: 'Standard' },
];

const details: CustomerInfoRequest = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  emailAddress: 'ada@example.com',
  phoneNumber: '07700900123',
  dateOfBirth: '1990-12-10',
  terms: true,
  marketing: false,
  address: {
    houseNameNumber: '12',
    addressLine1: 'High Street',
    townCity: 'London',
    postcodeZip: 'SW1A 1AA',
    country: 'United Kingdom',
  },
};

const problem = { title: 'Invalid details', detail: 'The phone number is not valid.', status: 422 };

interface Fakes {
  loadOrder?: () => Promise<Order>;
  loadDeliverySlots?: () => Promise<DeliverySlot[]>;
  saveDeliverySlot?: (input: { slotId: string }) => Promise<Order>;
  saveCustomerInfo?: (input: { details: CustomerInfoRequest }) => Promise<CustomerInfoResponse>;
  createPaymentIntent?: () => Promise<PaymentIntentResponse>;
  abandonCart?: () => Promise<void>;
}

function start(path: string, fakes: Fakes = {}, productId: ProductId | null = null, startAt?: number) {
  const calls = {
    loadOrder: vi.fn(fakes.loadOrder ?? (() => never<Order>())),
    loadDeliverySlots: vi.fn(fakes.loadDeliverySlots ?? (async () => slots)),
    saveDeliverySlot: vi.fn(fakes.saveDeliverySlot ?? (async () => order(0))),
    saveCustomerInfo: vi.fn(fakes.saveCustomerInfo ?? (async () => ({ showAMLPopup: false, state: { value: 3 as const } }))),
    createPaymentIntent: vi.fn(fakes.createPaymentIntent ?? (async () => ({ url: PAYMENT_URL }))),
    abandonCart: vi.fn(fakes.abandonCart ?? (async () => undefined)),
  };
  const clock = new SimulatedClock();
  const machine = checkoutMachine.provide({
    actors: {
      loadOrder: fromPromise(() => calls.loadOrder()),
      loadDeliverySlots: fromPromise(() => calls.loadDeliverySlots()),
      saveDeliverySlot: fromPromise(({ input }) => calls.saveDeliverySlot(input)),
      saveCustomerInfo: fromPromise(({ input }) => calls.saveCustomerInfo(input)),
      createPaymentIntent: fromPromise(() => calls.createPaymentIntent()),
      abandonCart: fromPromise(() => calls.abandonCart()),
    },
  });
  const emitted: Array<CheckoutEmitted | { type: 'countdown.stopRequested' } | { type: 'cart.abandoned' }> = [];
  // What it tells the other actors of the shop lands in `emitted` too.
  const parent = systemWithRecorders(['cart'], emitted as AnyEventObject[], clock);
  const actor = createActor(machine, {
    clock,
    parent,
    input: {
      path,
      appOrigin: APP_ORIGIN,
      abandonCartUrl: ABANDON_CART_URL,
      productId,
      ...(startAt === undefined ? {} : { now: () => startAt + clock.now() }),
    },
  });
  actor.on('*', (e) => emitted.push(e));
  actor.start();
  const navigations = () => emitted.flatMap((e) => (e.type === 'navigation.requested' ? [e.to] : []));
  const tracked = () => emitted.flatMap((e) => (e.type === 'tracking.stepViewed' ? [e.step] : []));
  return { actor, clock, calls, emitted, navigations, tracked, snapshot: () => actor.getSnapshot() };
}

/** Answers every GET /api/order with the orders given, in turn, repeating the last. */
function orders(...list: Order[]) {
  let i = 0;
  return async () => list[Math.min(i++, list.length - 1)]!;
}

describe('opening the checkout on an address', () => {
  it.each([
    ['/checkout/view-cart', 'review'],
    ['/selling/view-cart', 'review'],
    ['/checkout/delivery-options', 'delivery'],
    ['/checkout/customer-information', 'details'],
    ['/checkout/payment', 'payment'],
    ['/checkout/order-confirmation', 'confirmation'],
    ['/checkout/payment-unsuccessful', 'unsuccessful'],
  ] as const)('%s opens the %s page', (path, page) => {
    const { snapshot, navigations } = start(path);
    expect(selectPage(snapshot())).toBe(page);
    expect(navigations()).toEqual([]);
  });

  it('an address outside the checkout opens nothing', () => {
    const { snapshot } = start('/branches');
    expect(snapshot().value).toBe('left');
    expect(selectPage(snapshot())).toBeNull();
  });

  it('opens the page the visitor moved to with the browser, reloading it', async () => {
    const { actor, snapshot, calls } = start('/checkout/payment-unsuccessful', { loadOrder: orders(order(0)) });
    await flush();
    actor.send({ type: 'checkout.pageOpened', path: '/checkout/customer-information' });
    expect(snapshot().matches({ inCheckout: { details: 'loadingOrder' } })).toBe(true);
    await flush();
    expect(snapshot().matches({ inCheckout: { details: 'editing' } })).toBe(true);
    expect(calls.loadOrder).toHaveBeenCalledTimes(2);
  });
});

describe('step bar (spec 2.5)', () => {
  it('shows the buy steps with the active one', async () => {
    const { snapshot } = start('/checkout/delivery-options', { loadOrder: orders(order(0, 1)) });
    await flush();
    const bar = selectStepBar(snapshot());
    expect(bar.steps.map((s) => s.label)).toEqual(['Review', 'Delivery', 'Details', 'Payment', 'Confirmation']);
    expect(bar.active).toBe('delivery');
  });

  it('for sell-back labels Collection and has no Payment step', async () => {
    const { snapshot } = start('/checkout/delivery-options', { loadOrder: orders(order(0, 3)) });
    await flush();
    const bar = selectStepBar(snapshot());
    expect(bar.steps.map((s) => s.label)).toEqual(['Review', 'Collection', 'Details', 'Confirmation']);
  });

  it('knows the product before any order from the input (the sell-back view-cart page)', () => {
    const { snapshot } = start('/selling/view-cart', {}, 3);
    expect(selectStepBar(snapshot())).toEqual({
      steps: [
        { id: 'review', label: 'Review' },
        { id: 'delivery', label: 'Collection' },
        { id: 'details', label: 'Details' },
        { id: 'confirmation', label: 'Confirmation' },
      ],
      active: 'review',
    });
  });
});

describe('review page', () => {
  it('goes to the delivery page once the cart is checked out', () => {
    const { actor, snapshot, navigations } = start('/checkout/view-cart');
    actor.send({ type: 'cart.checkedOut' });
    expect(selectPage(snapshot())).toBe('delivery');
    expect(navigations()).toEqual(['/checkout/delivery-options']);
  });
});

describe('delivery page (spec 2.7, 4.1)', () => {
  it.each([
    [18, 'left', ['/']],
    [1, 'unsuccessful', ['/checkout/payment-unsuccessful']],
    [3, 'unsuccessful', ['/checkout/payment-unsuccessful']],
    [16, 'unsuccessful', ['/checkout/payment-unsuccessful']],
    [0, 'delivery', []],
  ] as const)('on load, an order in state %i: %s', async (state, where, to) => {
    const { snapshot, navigations, calls } = start('/checkout/delivery-options', { loadOrder: orders(order(state)) });
    expect(snapshot().hasTag('loading')).toBe(true);
    await flush();
    expect(selectPage(snapshot()) ?? snapshot().value).toBe(where);
    expect(navigations()).toEqual(to);
    expect(calls.loadDeliverySlots).toHaveBeenCalledTimes(where === 'delivery' ? 1 : 0);
  });

  it('loads the slots, saves the chosen one, then Next goes to the details page', async () => {
    const { actor, snapshot, navigations, calls } = start('/checkout/delivery-options', {
      loadOrder: orders(order(0)),
      saveDeliverySlot: async () => ({ ...order(0), deliverySlot: { date: '2026-06-04', price: 0, deliveryMethodName: 'Standard' } }),
    });
    await flush();
    expect(snapshot().matches({ inCheckout: { delivery: 'choosingSlot' } })).toBe(true);
    expect(snapshot().context.slots).toEqual(slots);
    expect(snapshot().can({ type: 'delivery.submitted' })).toBe(false);

    actor.send({ type: 'deliverySlot.chosen', slotId: 'slot_2' });
    expect(snapshot().hasTag('savingSlot')).toBe(true);
    expect(snapshot().context.pendingSlotId).toBe('slot_2');
    await flush();
    expect(calls.saveDeliverySlot).toHaveBeenCalledWith({ slotId: 'slot_2' });
    expect(snapshot().context.selectedSlotId).toBe('slot_2');
    expect(snapshot().context.order?.deliverySlot?.deliveryMethodName).toBe('Standard');

    actor.send({ type: 'deliverySlot.chosen', slotId: 'slot_1' });
    await flush();
    expect(snapshot().context.selectedSlotId).toBe('slot_1');
    expect(snapshot().can({ type: 'delivery.submitted' })).toBe(true);

    actor.send({ type: 'delivery.submitted' });
    expect(selectPage(snapshot())).toBe('details');
    expect(navigations()).toEqual(['/checkout/customer-information']);
  });

  it('coming back to the page (after NoStock, say) shows no date as chosen until one is chosen again', async () => {
    const { actor, snapshot } = start('/checkout/delivery-options', { loadOrder: orders(order(0)) });
    await flush();
    actor.send({ type: 'deliverySlot.chosen', slotId: 'slot_1' });
    await flush();
    expect(snapshot().can({ type: 'delivery.submitted' })).toBe(true);
    actor.send({ type: 'checkout.pageOpened', path: '/checkout/delivery-options' });
    await flush();
    expect(snapshot().matches({ inCheckout: { delivery: 'choosingSlot' } })).toBe(true);
    // Next waits for a choice, so no radio may look chosen.
    expect(snapshot().context.selectedSlotId ?? snapshot().context.pendingSlotId).toBeNull();
    expect(snapshot().can({ type: 'delivery.submitted' })).toBe(false);
    actor.send({ type: 'deliverySlot.chosen', slotId: 'slot_1' });
    await flush();
    expect(snapshot().can({ type: 'delivery.submitted' })).toBe(true);
  });

  it('keeps the visitor choosing when the slot cannot be saved, with the problem to show', async () => {
    const { actor, snapshot } = start('/checkout/delivery-options', {
      loadOrder: orders(order(0)),
      saveDeliverySlot: () => Promise.reject(problem),
    });
    await flush();
    actor.send({ type: 'deliverySlot.chosen', slotId: 'slot_1' });
    await flush();
    expect(snapshot().matches({ inCheckout: { delivery: 'choosingSlot' } })).toBe(true);
    expect(snapshot().context.selectedSlotId).toBeNull();
    expect(snapshot().context.problem).toEqual(problem);
    actor.send({ type: 'problem.dismissed' });
    expect(snapshot().context.problem).toBeNull();
  });

  it.each([
    ['the order', { loadOrder: () => Promise.reject(problem) }],
    ['the slots', { loadOrder: orders(order(0)), loadDeliverySlots: () => Promise.reject(problem) }],
  ])('shows the problem when %s cannot be loaded, and tries again on request', async (_label, fakes) => {
    const { actor, snapshot, calls } = start('/checkout/delivery-options', fakes);
    await flush();
    expect(snapshot().hasTag('loadFailed')).toBe(true);
    expect(snapshot().context.problem).toEqual(problem);
    actor.send({ type: 'order.reloadRequested' });
    expect(snapshot().hasTag('loading')).toBe(true);
    expect(calls.loadOrder.mock.calls.length).toBe(2);
  });
});

describe('information page on load (spec 4.1)', () => {
  it.each([
    [3, 'payment', ['/checkout/payment']],
    [18, 'confirmation', ['/checkout/order-confirmation']],
    [16, 'unsuccessful', ['/checkout/payment-unsuccessful']],
    [0, 'details', []],
    [1, 'details', []],
  ] as const)('an order in state %i: %s', async (state, page, to) => {
    const { snapshot, navigations } = start('/checkout/customer-information', { loadOrder: orders(order(state)) });
    await flush();
    expect(selectPage(snapshot())).toBe(page);
    expect(navigations()).toEqual(to);
  });
});

describe('information page submit (spec 4.1, 7.5, 8)', () => {
  async function submitWith(response: CustomerInfoResponse | Error) {
    let loads = 0;
    const run = start('/checkout/customer-information', {
      // The next page's order stays on its way, so the test sees where the submit led.
      loadOrder: () => (loads++ === 0 ? Promise.resolve(order(0)) : never<Order>()),
      saveCustomerInfo: async () => {
        if (response instanceof Error) throw response;
        return response;
      },
    });
    await flush();
    run.actor.send({ type: 'details.submitted', details });
    expect(run.snapshot().hasTag('submitting')).toBe(true);
    await flush();
    expect(run.calls.saveCustomerInfo).toHaveBeenCalledWith({ details });
    return run;
  }

  it.each([
    [{ showAMLPopup: false, state: { value: 3 } }, 'payment', ['/checkout/payment']],
    [{ showAMLPopup: false, state: { value: 18 } }, 'confirmation', ['/checkout/order-confirmation']],
    [{ showAMLPopup: false, state: { value: 0 } }, 'unsuccessful', ['/checkout/payment-unsuccessful']],
    [{ showAMLPopup: false, state: { value: 16 } }, 'unsuccessful', ['/checkout/payment-unsuccessful']],
  ] as const)('the answer %j goes to the %s page', async (response, page, to) => {
    const { snapshot, navigations } = await submitWith(response);
    expect(selectPage(snapshot())).toBe(page);
    expect(navigations()).toEqual(to);
  });

  it('NoStock opens the sold-out modal, whose button goes to /checkout/delivery-options', async () => {
    const { actor, snapshot, navigations } = await submitWith('NoStock');
    expect(snapshot().hasTag('soldOut')).toBe(true);
    expect(snapshot().hasTag('submitting')).toBe(false);
    expect(navigations()).toEqual([]);
    actor.send({ type: 'deliverySlot.changeRequested' });
    expect(selectPage(snapshot())).toBe('delivery');
    expect(navigations()).toEqual(['/checkout/delivery-options']);
  });

  it.each([
    [3, 'payment', '/checkout/payment'],
    [18, 'confirmation', '/checkout/order-confirmation'],
  ] as const)('the AML flag opens the additional-identification modal; Continue (state %i) goes on to %s', async (state, page, to) => {
    const { actor, snapshot, navigations } = await submitWith({ showAMLPopup: true, state: { value: state } });
    expect(snapshot().hasTag('identificationRequired')).toBe(true);
    expect(navigations()).toEqual([]);
    actor.send({ type: 'identification.continued' });
    expect(selectPage(snapshot())).toBe(page);
    expect(navigations()).toEqual([to]);
  });

  it('a velocity refusal opens its modal on the details page, never the payment-unsuccessful page', async () => {
    const { actor, snapshot, navigations, calls } = await submitWith({ showAMLPopup: false, state: { value: 1 } });
    expect(selectPage(snapshot())).toBe('details');
    expect(snapshot().hasTag('velocityLimited')).toBe(true);
    expect(snapshot().hasTag('submitting')).toBe(false);
    expect(selectStepBar(snapshot()).active).toBe('details');
    expect(navigations()).toEqual([]);
    // Return to the homepage abandons the checkout, then goes to / (spec 4.1).
    actor.send({ type: 'velocity.homeRequested' });
    expect(snapshot().hasTag('abandoning')).toBe(true);
    await flush();
    expect(calls.abandonCart).toHaveBeenCalledTimes(1);
    expect(snapshot().hasTag('cartCleared')).toBe(true);
  });

  it('a closed velocity modal leaves the form, whose submit asks the server again', async () => {
    const { actor, snapshot, calls } = await submitWith({ showAMLPopup: false, state: { value: 1 } });
    actor.send({ type: 'details.submitted', details });
    expect(snapshot().hasTag('submitting')).toBe(true);
    await flush();
    expect(calls.saveCustomerInfo).toHaveBeenCalledTimes(2);
  });

  it('Return to the homepage closes the additional-identification modal and goes to /', async () => {
    const { actor, snapshot, navigations, calls } = await submitWith({ showAMLPopup: true, state: { value: 3 } });
    actor.send({ type: 'identification.homeRequested' });
    expect(snapshot().hasTag('identificationRequired')).toBe(false);
    expect(snapshot().value).toBe('left');
    expect(navigations()).toEqual(['/']);
    expect(calls.abandonCart).not.toHaveBeenCalled();
  });

  it('a failed submit resets the loading flag and keeps the problem’s title and detail to show', async () => {
    const { snapshot, navigations } = await submitWith(Object.assign(new Error('HTTP 422'), { problem }));
    expect(snapshot().matches({ inCheckout: { details: 'editing' } })).toBe(true);
    expect(snapshot().hasTag('submitting')).toBe(false);
    expect(snapshot().context.problem).toEqual(problem);
    expect(navigations()).toEqual([]);
  });

  it('a failure without a problem document reads as a generic problem', async () => {
    const { snapshot } = await submitWith(new TypeError('Failed to fetch'));
    expect(snapshot().context.problem).toEqual({ title: 'Something went wrong' });
  });
});

describe('payment page (spec 2.9, 4.1, 7.5)', () => {
  it.each([
    [18, 'confirmation', ['/checkout/order-confirmation']],
    [0, 'unsuccessful', ['/checkout/payment-unsuccessful']],
    [1, 'unsuccessful', ['/checkout/payment-unsuccessful']],
    [16, 'unsuccessful', ['/checkout/payment-unsuccessful']],
  ] as const)('on load, an order in state %i: %s', async (state, page, to) => {
    const { snapshot, navigations, calls } = start('/checkout/payment', { loadOrder: orders(order(state)) });
    await flush();
    expect(selectPage(snapshot())).toBe(page);
    expect(navigations()).toEqual(to);
    expect(calls.createPaymentIntent).not.toHaveBeenCalled();
  });

  it('payment pending starts the hosted payment: a spinner, then the card form at the Location', async () => {
    let answer!: (a: PaymentIntentResponse) => void;
    const { snapshot, calls } = start('/checkout/payment', {
      loadOrder: orders(order(3)),
      createPaymentIntent: () => new Promise((resolve) => (answer = resolve)),
    });
    await flush();
    expect(calls.createPaymentIntent).toHaveBeenCalledTimes(1);
    expect(snapshot().hasTag('loading')).toBe(true);
    answer({ url: PAYMENT_URL });
    await flush();
    expect(snapshot().hasTag('paymentFormShown')).toBe(true);
    expect(snapshot().context.paymentUrl).toBe(PAYMENT_URL);
    expect(selectPaymentFrame(snapshot())?.getSnapshot().context.paymentUrl).toBe(PAYMENT_URL);
  });

  it.each([
    ['an address the iframe cannot load', async () => ({ url: 'javascript:alert(1)' })],
    ['another answer than 201 with a Location (the client rejects)', () => Promise.reject(problem)],
  ])('%s goes to the error step', async (_label, createPaymentIntent) => {
    const { snapshot, navigations } = start('/checkout/payment', { loadOrder: orders(order(3)), createPaymentIntent });
    await flush();
    expect(selectPage(snapshot())).toBe('unsuccessful');
    expect(navigations()).toEqual(['/checkout/payment-unsuccessful']);
  });

  async function awaitingPayment() {
    const run = start('/checkout/payment', { loadOrder: orders(order(3)) });
    await flush();
    expect(run.snapshot().hasTag('paymentFormShown')).toBe(true);
    return run;
  }
  const frameMessage = (type: string) => ({ source: 'travel-money-payment', type, orderId: 'ord_1' });

  it.each([
    ['payment.received', 'confirmation', '/checkout/order-confirmation'],
    ['payment.failed', 'unsuccessful', '/checkout/payment-unsuccessful'],
  ])('%s from the iframe goes to the %s page', async (type, page, to) => {
    const { actor, snapshot, navigations } = await awaitingPayment();
    actor.send({ type: 'frame.messageReceived', origin: APP_ORIGIN, data: frameMessage(type) });
    expect(selectPage(snapshot())).toBe(page);
    expect(navigations()).toEqual([to]);
  });

  it("state unknown shows the notice and keeps waiting", async () => {
    const { actor, snapshot, navigations } = await awaitingPayment();
    actor.send({ type: 'frame.messageReceived', origin: APP_ORIGIN, data: frameMessage('payment.stateUnknown') });
    expect(snapshot().hasTag('paymentFormShown')).toBe(true);
    const frame = selectPaymentFrame(snapshot())!.getSnapshot();
    expect(frame.hasTag('statusUnknown')).toBe(true);
    expect(frame.context.notice).toBe('Unable to check status of your payment, please wait whilst we retry');
    expect(navigations()).toEqual([]);
  });

  it('ignores messages from another origin or of another shape', async () => {
    const { actor, snapshot } = await awaitingPayment();
    actor.send({ type: 'frame.messageReceived', origin: 'https://psp.example', data: frameMessage('payment.received') });
    actor.send({ type: 'frame.messageReceived', origin: APP_ORIGIN, data: { type: 'payment.received' } });
    expect(snapshot().hasTag('paymentFormShown')).toBe(true);
    expect(selectPaymentFrame(snapshot())!.getSnapshot().value).toBe('awaitingOutcome');
  });
});

describe('payment unsuccessful page (spec 2.11, 4.1)', () => {
  it.each([
    [3, 'retryOffered', true],
    [18, 'retryOffered', true],
    [1, 'velocityLimited', false],
    [0, 'retryUnavailable', false],
    [16, 'retryUnavailable', false],
  ] as const)('an order in state %i: %s (Try again? %s)', async (state, substate, canRetry) => {
    const { snapshot } = start('/checkout/payment-unsuccessful', { loadOrder: orders(order(state)) });
    await flush();
    expect(snapshot().matches({ inCheckout: { unsuccessful: substate } })).toBe(true);
    expect(snapshot().can({ type: 'payment.retried' })).toBe(canRetry);
    expect(snapshot().hasTag('retryOffered')).toBe(canRetry);
    expect(snapshot().hasTag('velocityLimited')).toBe(state === 1);
    expect(snapshot().can({ type: 'checkout.left' })).toBe(true);
    // A velocity refusal stopped at the details step; a failed payment stands on Payment.
    expect(selectStepBar(snapshot()).active).toBe(state === 1 ? 'details' : 'payment');
  });

  it('Try again goes to /checkout/payment', async () => {
    const { actor, snapshot, navigations } = start('/checkout/payment-unsuccessful', { loadOrder: orders(order(3)) });
    await flush();
    actor.send({ type: 'payment.retried' });
    expect(selectPage(snapshot())).toBe('payment');
    expect(navigations()).toEqual(['/checkout/payment']);
  });

  it.each([
    [3, 'checkout.left', ABANDON_CART_URL],
    [16, 'checkout.left', ABANDON_CART_URL],
    [1, 'checkout.left', ABANDON_CART_URL],
    [1, 'velocity.homeRequested', '/'],
  ] as const)('from an order in state %i, %s abandons the checkout, then goes to %s after 1 s', async (state, type, to) => {
    const { actor, snapshot, navigations, calls, clock, emitted } = start('/checkout/payment-unsuccessful', {
      loadOrder: orders(order(state)),
    });
    await flush();
    actor.send({ type });
    expect(snapshot().hasTag('abandoning')).toBe(true);
    expect(calls.abandonCart).toHaveBeenCalledTimes(1);
    expect(navigations()).toEqual([]);
    await flush();
    expect(snapshot().hasTag('cartCleared')).toBe(true);
    expect(emitted.map((e) => e.type)).toContain('cart.abandoned');

    clock.increment(999);
    expect(navigations()).toEqual([]);
    clock.increment(1);
    expect(navigations()).toEqual([to]);
    expect(snapshot().value).toBe('left');
  });

  it('does not leave when abandoning fails: back on the page with the problem', async () => {
    const { actor, snapshot, navigations, calls } = start('/checkout/payment-unsuccessful', {
      loadOrder: orders(order(1)),
      abandonCart: () => Promise.reject(problem),
    });
    await flush();
    actor.send({ type: 'velocity.homeRequested' });
    await flush();
    await flush();
    expect(snapshot().matches({ inCheckout: { unsuccessful: 'velocityLimited' } })).toBe(true);
    expect(snapshot().context.problem).toEqual(problem);
    expect(calls.loadOrder).toHaveBeenCalledTimes(2);
    expect(navigations()).toEqual([]);
  });
});

describe('closing the checkout (spec 2.5, 4.3)', () => {
  it('the close control abandons the cart, shows it cleared and goes to / after 1 s', async () => {
    const { actor, snapshot, navigations, calls, clock } = start('/checkout/delivery-options', { loadOrder: orders(order(0)) });
    await flush();
    actor.send({ type: 'checkout.closed' });
    await flush();
    expect(calls.abandonCart).toHaveBeenCalledTimes(1);
    expect(snapshot().hasTag('cartCleared')).toBe(true);
    clock.increment(1000);
    expect(navigations()).toEqual(['/']);
  });

  it('on confirmation the close link goes to / and abandons nothing', async () => {
    const { actor, snapshot, navigations, calls } = start('/checkout/order-confirmation', { loadOrder: orders(order(18)) });
    await flush();
    actor.send({ type: 'checkout.closed' });
    expect(snapshot().value).toBe('left');
    expect(navigations()).toEqual(['/']);
    expect(calls.abandonCart).not.toHaveBeenCalled();
  });
});

describe('confirmation page (spec 2.12, 4.3, 7.6)', () => {
  it('loads the order, then, completed, announces it and stops the countdown', async () => {
    const confirmed = order(18);
    const { snapshot, emitted } = start('/checkout/order-confirmation', { loadOrder: orders(confirmed) });
    expect(emitted).toEqual([]);
    await flush();
    expect(snapshot().matches({ inCheckout: { confirmation: 'showingOrder' } })).toBe(true);
    expect(snapshot().context.order).toEqual(confirmed);
    expect(emitted.map((e) => e.type)).toEqual(['order.confirmed', 'tracking.stepViewed', 'countdown.stopRequested']);
    expect(emitted[0]).toEqual({ type: 'order.confirmed', order: confirmed });
  });

  // Spec 4.1: only a completed order is confirmed; the others go where the spec sends them, with
  // nothing reported, tracked or stopped.
  it.each([
    [1, '/checkout/payment-unsuccessful', 'unsuccessful'],
    [0, '/checkout/payment-unsuccessful', 'unsuccessful'],
    [16, '/checkout/payment-unsuccessful', 'unsuccessful'],
    [3, '/checkout/payment', 'payment'],
  ] as const)('an order in state %i goes to %s, unconfirmed', async (state, to, page) => {
    const { snapshot, emitted, navigations } = start('/checkout/order-confirmation', { loadOrder: orders(order(state)) });
    await flush();
    expect(navigations()).toEqual([to]);
    expect(snapshot().matches({ inCheckout: page })).toBe(true);
    expect(emitted.filter((e) => e.type === 'order.confirmed' || e.type === 'countdown.stopRequested')).toEqual([]);
    expect(emitted.some((e) => e.type === 'tracking.stepViewed' && e.step === 'confirmation')).toBe(false);
  });

  it('an order the velocity check refused goes to the error step, which opens the velocity modal', async () => {
    const { snapshot } = start('/checkout/order-confirmation', { loadOrder: orders(order(1)) });
    await flush();
    expect(snapshot().matches({ inCheckout: { unsuccessful: 'velocityLimited' } })).toBe(true);
    expect(snapshot().hasTag('velocityLimited')).toBe(true);
  });
});

describe('tracking (spec 4.1: steps announced are information, payment, confirmation)', () => {
  it('announces each step of a buy checkout once, in order', async () => {
    const { actor, snapshot, tracked, navigations } = start(
      '/checkout/view-cart',
      { loadOrder: orders(order(0), order(0), order(3), order(18)) },
      1,
    );
    actor.send({ type: 'cart.checkedOut' });
    await flush();
    actor.send({ type: 'deliverySlot.chosen', slotId: 'slot_1' });
    await flush();
    actor.send({ type: 'delivery.submitted' });
    await flush();
    actor.send({ type: 'details.submitted', details });
    await flush();
    expect(snapshot().hasTag('paymentFormShown')).toBe(true);
    actor.send({
      type: 'frame.messageReceived',
      origin: APP_ORIGIN,
      data: { source: 'travel-money-payment', type: 'payment.received', orderId: 'ord_1' },
    });
    await flush();
    expect(snapshot().matches({ inCheckout: { confirmation: 'showingOrder' } })).toBe(true);
    expect(tracked()).toEqual(['information', 'payment', 'confirmation']);
    expect(navigations()).toEqual([
      '/checkout/delivery-options',
      '/checkout/customer-information',
      '/checkout/payment',
      '/checkout/order-confirmation',
    ]);
  });

  it('a sell-back goes from details straight to confirmation: no payment page, nothing announced for it', async () => {
    const { actor, snapshot, tracked, navigations, calls } = start(
      '/selling/view-cart',
      {
        loadOrder: orders(order(0, 3), order(0, 3), order(18, 3)),
        saveCustomerInfo: async () => ({ showAMLPopup: false, state: { value: 18 } }),
      },
      3,
    );
    actor.send({ type: 'cart.checkedOut' });
    await flush();
    actor.send({ type: 'deliverySlot.chosen', slotId: 'slot_1' });
    await flush();
    actor.send({ type: 'delivery.submitted' });
    await flush();
    actor.send({ type: 'details.submitted', details });
    await flush();
    expect(selectPage(snapshot())).toBe('confirmation');
    expect(selectStepBar(snapshot()).steps.map((s) => s.id)).not.toContain('payment');
    expect(tracked()).toEqual(['information', 'confirmation']);
    expect(navigations()).toEqual(['/checkout/delivery-options', '/checkout/customer-information', '/checkout/order-confirmation']);
    expect(calls.createPaymentIntent).not.toHaveBeenCalled();
  });
});

describe('the delivery page counts down to its first date (honest cut-offs)', () => {
  // Friday 5 June 2026, 13:58 in London (BST): two minutes to the 2pm dispatch cut-off.
  const startAt = Date.parse('2026-06-05T12:58:00Z');
  const before: DeliverySlot[] = [
    { ...slots[0]!, id: 'delivery-2026-06-06', date: '2026-06-06', orderBy: '2026-06-05T13:00:00.000Z' },
    { ...slots[1]!, id: 'delivery-2026-06-08', date: '2026-06-08', isFirstDay: false },
  ];
  const after: DeliverySlot[] = [
    { ...slots[0]!, id: 'delivery-2026-06-09', date: '2026-06-09', orderBy: '2026-06-08T13:00:00.000Z' },
    { ...slots[1]!, id: 'delivery-2026-06-10', date: '2026-06-10', isFirstDay: false },
  ];

  it('reads the clock each minute and asks for the dates again when the cut-off passes', async () => {
    const lists = [before, after];
    const { clock, calls, snapshot } = start('/checkout/delivery-options', { loadOrder: orders(order(0)), loadDeliverySlots: async () => lists.shift() ?? after }, 1, startAt);
    await flush();
    await flush();
    expect(snapshot().matches({ inCheckout: { delivery: 'choosingSlot' } })).toBe(true);
    expect(selectSlotCutOff(snapshot())).toBe('Order within 2 m for delivery on Saturday 6 June');
    clock.increment(60_000);
    expect(selectSlotCutOff(snapshot())).toBe('Order within 1 m for delivery on Saturday 6 June');
    clock.increment(60_000);
    await flush();
    expect(calls.loadDeliverySlots).toHaveBeenCalledTimes(2);
    expect(snapshot().context.slots.map((s) => s.date)).toEqual(['2026-06-09', '2026-06-10']);
    expect(selectSlotCutOff(snapshot())).toBe('Order within 3 d 0 h for delivery on Tuesday 9 June');
  });

  it('keeps a later date chosen when it is still offered, and forgets one that is gone', async () => {
    const kept = start('/checkout/delivery-options', { loadOrder: orders(order(0)), loadDeliverySlots: async () => [...before, after[1]!] }, 1, startAt);
    await flush();
    await flush();
    kept.actor.send({ type: 'deliverySlot.chosen', slotId: 'delivery-2026-06-10' });
    await flush();
    expect(kept.snapshot().matches({ inCheckout: { delivery: 'slotChosen' } })).toBe(true);
    kept.clock.increment(120_000);
    await flush();
    expect(kept.calls.loadDeliverySlots).toHaveBeenCalledTimes(2);
    expect(kept.snapshot().matches({ inCheckout: { delivery: 'slotChosen' } })).toBe(true);

    const lists = [before, after];
    const gone = start('/checkout/delivery-options', { loadOrder: orders(order(0)), loadDeliverySlots: async () => lists.shift() ?? after }, 1, startAt);
    await flush();
    await flush();
    gone.actor.send({ type: 'deliverySlot.chosen', slotId: 'delivery-2026-06-06' });
    await flush();
    gone.clock.increment(120_000);
    await flush();
    expect(gone.snapshot().matches({ inCheckout: { delivery: 'choosingSlot' } })).toBe(true);
    expect(gone.snapshot().context.selectedSlotId).toBeNull();
  });

  it('promises nothing for sell back', async () => {
    const dropOff = [{ ...before[0]!, deliveryMethodName: 'Branch drop-off' }];
    const { snapshot } = start('/checkout/delivery-options', { loadOrder: orders(order(0, 3)), loadDeliverySlots: async () => dropOff }, 3, startAt);
    await flush();
    await flush();
    expect(snapshot().context.slots).toHaveLength(1);
    expect(selectSlotCutOff(snapshot())).toBeNull();
  });
});

describe("what the details page's email field tells tracking (spec 7.6)", () => {
  it("sends 'Started Checkout Buy or Sell' once an address, with the order, and not for a half-typed one", async () => {
    const { actor, emitted } = start('/checkout/customer-information', { loadOrder: orders(order(0)) });
    await flush();
    expect(actor.getSnapshot().matches({ inCheckout: { details: 'editing' } })).toBe(true);
    const started = () => emitted.filter((e) => e.type === 'tracking.checkoutStarted');
    actor.send({ type: 'details.emailEntered', email: 'ada@' });
    expect(started()).toEqual([]);
    actor.send({ type: 'details.emailEntered', email: ' ada@example.com ' });
    actor.send({ type: 'details.emailEntered', email: 'ada@example.com' });
    expect(started()).toEqual([{ type: 'tracking.checkoutStarted', email: 'ada@example.com', order: order(0) }]);
    actor.send({ type: 'details.emailEntered', email: 'ada.l@example.com' });
    expect(started()).toHaveLength(2);
  });
});

describe("the branch a page shows (a collection's address and opening times)", () => {
  const atBranch = (state: OrderStateValue, productId: ProductId): Order => ({
    ...order(state, productId),
    store: { id: 12, isMeta: false, brand: 'tm', brandName: 'Travel Money', name: 'Manchester' },
  });
  const storeDetails = (actor: ReturnType<typeof start>['actor']) => actor.getSnapshot().children.storeDetails?.getSnapshot().context.input;

  it('is read for the confirmation of a collection, once, and never for a home delivery', async () => {
    const collection = start('/checkout/order-confirmation', { loadOrder: orders(atBranch(18, 2)) });
    await flush();
    expect(storeDetails(collection.actor)).toEqual({ storeId: 12 });
    const first = collection.actor.getSnapshot().children.storeDetails;
    collection.actor.send({ type: 'order.reloadRequested' });
    collection.actor.send({ type: 'checkout.pageOpened', path: '/checkout/order-confirmation' });
    await flush();
    expect(collection.actor.getSnapshot().children.storeDetails).toBe(first);

    const delivery = start('/checkout/order-confirmation', { loadOrder: orders({ ...atBranch(18, 1) }) });
    await flush();
    expect(delivery.actor.getSnapshot().children.storeDetails).toBeUndefined();
  });

  it("is read on a sell-back's collection page, not on a buy's delivery page", async () => {
    const sellBack = start('/checkout/delivery-options', { loadOrder: orders(atBranch(0, 3)) }, 3);
    await flush();
    expect(storeDetails(sellBack.actor)).toEqual({ storeId: 12 });
    const collect = start('/checkout/delivery-options', { loadOrder: orders(atBranch(0, 2)) }, 2);
    await flush();
    expect(collect.actor.getSnapshot().children.storeDetails).toBeUndefined();
  });
});
