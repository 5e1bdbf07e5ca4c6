/**
 * Checkout stories run the real statecharts: each story builds a checkout actor whose I/O actors
 * answer from the mock fixtures (or never, for loading states), drives it into the state the
 * story names, and renders the screen over it. No server, no network.
 */
import type { CollectionBranches } from '#domain/contract/collection-switch.ts';
import type { Decorator } from '@storybook/react-vite';
import { MemoryRouter } from 'react-router-dom';
import { SimulatedClock, createActor, fromPromise, type ActorRefFrom } from 'xstate';
import type { ViewCartRequest } from '#domain/cart-link.ts';
import type { Cart, CheckoutResponse } from '#domain/contract/cart.ts';
import type { Problem } from '#domain/contract/common.ts';
import type { CustomerInfoResponse, DeliverySlot, Order } from '#domain/contract/order.ts';
import type { Currency, ProductId, QuoteResponse } from '#domain/contract/catalogue.ts';
import { paymentFrameMessage } from '#domain/payment.ts';
import { GBP_CODE, toMinor } from '#domain/money.ts';
import { cartMachine } from '#machines/cart/cart.machine.ts';
import type { CartEvent, CartSettings } from '#machines/cart/cart.types.ts';
import { countdownMachine } from '#machines/cart/countdown.machine.ts';
import { lineOf, newLineMachine, type NewLineEvent } from '#machines/cart/new-line.machine.ts';
import type { FetchQuoteInput } from '#machines/calculator/calculator.types.ts';
import { checkoutMachine } from '#machines/checkout/checkout.machine.ts';
import { createReadMachine } from '#machines/read/read.machine.ts';
import type { StoreDetails } from '#domain/order-confirmation.ts';
import type { CheckoutEvent } from '#machines/checkout/checkout.types.ts';
import { CheckoutLayout } from '#src/app/layout.tsx';
import { customer, makeCart, makeFixtures, makeOrder, quoteFor } from '../../mocks/fixtures.ts';
import type { CartNotes } from '#domain/note-mix.ts';
import { noteMixMachine, type NoteMixEvent } from '#machines/note-mix/note-mix.machine.ts';
import { mockNotesOf } from '../../mocks/handlers.ts';

/** A Friday morning: the home-delivery slots fall on Saturday, Sunday and Monday (the Monday note). */
export const STORY_NOW = new Date('2026-11-27T10:00:00Z');
export const storyNow = () => STORY_NOW;
export const f = makeFixtures(STORY_NOW);
export const APP_ORIGIN = 'http://localhost:3000';

export const settings = f.siteSettings;

/** A sell-back order is handed in at a branch. */
const branch = { id: 12, isMeta: false, brand: 'tm', brandName: 'Travel Money', name: 'Manchester Arndale' };

/** The three products' orders as the checkout reads them. */
export const orders = {
  collect: f.order,
  homeDelivery: makeOrder(STORY_NOW, f.homeDeliveryCart),
  sellBack: makeOrder(STORY_NOW, f.sellBackCart, { store: branch }),
};

const slotOf = (slot: DeliverySlot) => ({ date: slot.date, price: slot.price, deliveryMethodName: slot.deliveryMethodName });

export function withSlot(order: Order, slot: DeliverySlot): Order {
  return { ...order, deliverySlot: slotOf(slot) };
}

/** Placed orders, as the confirmation reads them. */
export const placed = {
  collect: f.completedOrder,
  homeDelivery: makeOrder(STORY_NOW, makeCart(STORY_NOW, { productId: 1, lines: [{ code: 'EUR', qty: 750 }, { code: 'USD', qty: 200 }], buyBackGuarantee: true, refundGuarantee: true }), {
    state: { value: 18 },
    deliverySlot: slotOf(f.homeDeliverySlots[0]!),
    customer,
    deliveryAddress: { buildingNameNumber: '14', address1: 'Deansgate', address2: null, address3: 'Manchester', address4: null, postcode: 'M3 2BW' },
    buyBackGuarantee: true,
    refundGuarantee: true,
    paymentAttempt: { success: true },
  }),
  sellBack: makeOrder(STORY_NOW, f.sellBackCart, {
    store: branch,
    state: { value: 18 },
    deliverySlot: slotOf(f.slots[0]!),
    customer,
  }),
};

export const storyProblem: Problem = { title: 'Something went wrong', detail: 'Please try again in a moment.', status: 500 };

/** How a fake I/O actor answers: a value, a failure, or never. */
export type Answer<T> = { ok: T } | { fail: unknown } | 'pending';
export const ok = <T,>(value: T): Answer<T> => ({ ok: value });
export const fail = (problem: Problem = storyProblem): Answer<never> => ({ fail: problem });
export const pending = 'pending' as const;

function answering<T, I>(answers: Answer<T> | readonly Answer<T>[]) {
  let calls = 0;
  return fromPromise<T, I>(() => {
    const list = Array.isArray(answers) ? answers : [answers];
    const answer = (list[Math.min(calls, list.length - 1)] ?? 'pending') as Answer<T>;
    calls += 1;
    if (answer === 'pending') return new Promise<T>(() => {});
    if ('fail' in answer) return Promise.reject(answer.fail);
    return Promise.resolve(answer.ok);
  });
}

export interface CheckoutStoryOptions {
  path: string;
  productId?: ProductId;
  /** Successive GET /api/order answers (the last one repeats). */
  order?: Answer<Order> | Answer<Order>[];
  slots?: Answer<DeliverySlot[]> | Answer<DeliverySlot[]>[];
  saveSlot?: Answer<Order>;
  /** The checkout's clock (epoch ms); STORY_NOW, standing still, unless given. */
  now?: () => number;
  customerInfo?: Answer<CustomerInfoResponse>;
  paymentUrl?: Answer<{ url: string }>;
  abandon?: Answer<void>;
  /** POST /api/order/reserve-at-branch (issue 45 part 1). */
  reserve?: Answer<Order>;
  /** GET /api/order/collection-branches and POST /api/order/switch-to-collection (issue 45 part 1, a home delivery). */
  collectionBranches?: Answer<CollectionBranches>;
  switchToCollection?: Answer<Order>;
  /** Sent one after another once the actor has settled. */
  events?: CheckoutEvent[];
  /** The notes you want on the review (issue 45 part 3): what GET /api/cart/notes answers (the story cart's lines, mixed, unless given). */
  notes?: Answer<CartNotes>;
  /** PUT /api/cart/line/{id}/notes. */
  saveNotes?: Answer<CartNotes>;
  /** Sent to the review's notes, one after another, once the checkout has settled. */
  noteEvents?: NoteMixEvent[];
}

const settle = async () => {
  for (let i = 0; i < 3; i += 1) await new Promise((resolve) => setTimeout(resolve, 0));
};

export type StoryCheckout = ActorRefFrom<typeof checkoutMachine>;

/** The branch's address and opening times, as the checkout reads them for a collection. */
const storeDetails = createReadMachine<StoreDetails, { storeId: number }>().provide({
  actors: {
    read: fromPromise<StoreDetails, unknown>(async ({ input }) => {
      const store = f.stores.find((s) => s.id === (input as { storeId: number }).storeId) ?? f.openStore;
      return { address: store.address, openingTimes: store.openingTimes };
    }),
  },
});

/**
 * How long a story's redirect waits: a story shows the state it is named for ('You have no cart',
 * 'We've cleared your cart'), which in the shop lasts a second (REDIRECT_DELAY_MS) before the page
 * goes elsewhere. Held, a designer can look at it and its picture is the same whenever it is taken.
 */
const STORY_REDIRECT_HELD_MS = 24 * 60 * 60 * 1000;

/** A running checkout actor in the state the options lead to. */
export async function checkoutStory(options: CheckoutStoryOptions): Promise<StoryCheckout> {
  const machine = checkoutMachine.provide({
    delays: { REDIRECT: STORY_REDIRECT_HELD_MS },
    actors: {
      loadOrder: answering(options.order ?? ok(orders.collect)),
      loadDeliverySlots: answering(options.slots ?? ok(f.slots)),
      saveDeliverySlot: answering(options.saveSlot ?? ok(withSlot(orders.collect, f.slots[0]!))),
      saveCustomerInfo: answering(options.customerInfo ?? ok(f.customerInfoResult)),
      createPaymentIntent: answering(options.paymentUrl ?? ok({ url: sandboxCardFormUrl(orderToPay(options.order)) })),
      abandonCart: answering(options.abandon ?? ok(undefined)),
      reserveAtBranch: answering(options.reserve ?? ok(reservedOrder(orderToPay(options.order)))),
      loadCollectionBranches: answering(options.collectionBranches ?? ok(f.collectionBranches)),
      switchToCollection: answering(options.switchToCollection ?? ok({ ...orders.collect, deliverySlot: null })),
      storeDetails,
      noteMix: noteMixMachine.provide({
        actors: { loadNotes: answering(options.notes ?? ok(mockNotesOf(f.cart))), saveNotes: answering(options.saveNotes ?? pending) },
      }),
    },
  });
  const actor = createActor(machine, {
    // The clock stands still at STORY_NOW: the delivery page's cut-off line reads the same every time.
    input: { path: options.path, appOrigin: APP_ORIGIN, abandonCartUrl: '/', productId: options.productId ?? null, now: options.now ?? (() => STORY_NOW.getTime()) },
  }).start();
  await settle();
  for (const event of options.events ?? []) {
    actor.send(event);
    await settle();
  }
  for (const event of options.noteEvents ?? []) {
    actor.getSnapshot().children.noteMix?.send(event);
    await settle();
  }
  return actor;
}

/** A frame message from the payment response page, as the checkout page's window receives it. */
export function frameMessage(type: 'payment.received' | 'payment.failed' | 'payment.stateUnknown'): CheckoutEvent {
  return { type: 'frame.messageReceived', origin: APP_ORIGIN, data: paymentFrameMessage(type, 'order-1') };
}

/** A cart countdown frozen at `seconds` left (its clock does not move in stories). */
export function countdownStory(seconds = 18 * 60 + 45) {
  const expiresAt = new Date(STORY_NOW.getTime() + seconds * 1000).toISOString();
  return createActor(countdownMachine, { input: { expiresAt, now: () => STORY_NOW.getTime() } }).start();
}

export function cartExpiringIn(seconds: number): Cart {
  return { ...f.cart, expiresAt: new Date(STORY_NOW.getTime() + seconds * 1000).toISOString() };
}

/** The checkout frame of the app (logo header, footer) around a story, with a router for its links. */
export const inCheckoutLayout: Decorator = (Story) => (
  <MemoryRouter>
    <CheckoutLayout>
      <Story />
    </CheckoutLayout>
  </MemoryRouter>
);

/**
 * Issue 45 part 1: an order reserved to pay at the branch (state 5), its notes and rate held until
 * the branch closes on the collection day (18:00 London on STORY_NOW's next day).
 */
export const reservedOrder = (order: Order): Order => ({
  ...order,
  state: { value: 5 },
  expiresAt: new Date(STORY_NOW.getTime() + 24 * 60 * 60 * 1000).toISOString().replace(/T.*$/, 'T18:00:00.000Z'),
});

/** Issue 45 part 1: what the provider's card page tells the checkout page, from its own origin. */
export function cardPageMessage(type: 'provider.unavailable' | 'frame.resized', paymentUrl: string): CheckoutEvent {
  const data = type === 'frame.resized' ? { source: 'travel-money-psp', type, height: 640 } : { source: 'travel-money-psp', type };
  return { type: 'frame.messageReceived', origin: new URL(paymentUrl, APP_ORIGIN).origin, data };
}

/** An order waiting for its card payment (state 3). */
export const awaitingPayment = (order: Order): Order => ({ ...order, state: { value: 3 } });

/**
 * The hosted card page in stories: a story of its own (sandbox-card-form.stories.tsx), loaded in
 * the payment iframe from Storybook's origin.
 */
export function sandboxCardFormUrl(order: Order = orders.collect): string {
  const origin = typeof window === 'undefined' ? 'http://localhost:6006' : window.location.origin;
  // The card page asks for the order's own total (in pence: Storybook's URL args take plain numbers).
  return `${origin}/iframe.html?id=checkout-payment-sandbox-card-form--default&viewMode=story&args=totalMinor:${toMinor(order.total, GBP_CODE)}`;
}

/** The order a story's checkout loads, when it loads one. */
function orderToPay(answers: Answer<Order> | Answer<Order>[] | undefined): Order {
  const answer = Array.isArray(answers) ? answers.at(-1) : answers;
  return answer && typeof answer === 'object' && 'ok' in answer ? answer.ok : orders.collect;
}

// ------------------------------------------------------------------------------------------------
// The cart (view-cart page)
// ------------------------------------------------------------------------------------------------

export interface CartStoryOptions {
  /** GET /api/cart: the cart, null for none. */
  cart?: Answer<Cart | null>;
  /** POST /cart, for a view-cart link's line when there is no cart. */
  createCart?: Answer<Cart>;
  addLine?: Answer<Cart>;
  updateLine?: Answer<Cart>;
  removeLine?: Answer<Cart>;
  setBuyback?: Answer<Cart>;
  setRefund?: Answer<Cart>;
  checkoutCart?: Answer<CheckoutResponse>;
  /** "Need more time?": the server's answer (the cart as read unless given). */
  extendCart?: Answer<Cart>;
  abandon?: Answer<void>;
  settings?: Partial<CartSettings>;
  request?: ViewCartRequest;
  events?: CartEvent[];
}

export type StoryCart = ActorRefFrom<typeof cartMachine>;

/** A running cart actor, told what the view-cart address asks for, in the state the options lead to. */
export async function cartStory(options: CartStoryOptions = {}): Promise<StoryCart> {
  const cart = options.cart ?? ok(f.cart);
  const current = typeof cart === 'object' && 'ok' in cart ? (cart.ok ?? f.emptyCart) : f.cart;
  const machine = cartMachine.provide({
    delays: { REDIRECT: STORY_REDIRECT_HELD_MS },
    actors: {
      fetchCart: answering(cart),
      createCart: answering(options.createCart ?? ok(f.emptyCart)),
      addLine: answering(options.addLine ?? ok(current)),
      updateLine: answering(options.updateLine ?? ok(current)),
      removeLine: answering(options.removeLine ?? ok(current)),
      setBuyback: answering(options.setBuyback ?? ok(current)),
      setRefund: answering(options.setRefund ?? ok(current)),
      recreateCart: answering(ok(current)),
      abandonCart: answering(options.abandon ?? ok(undefined)),
      checkoutCart: answering(options.checkoutCart ?? ok(f.checkout)),
      extendCart: answering(options.extendCart ?? ok(current)),
    },
  });
  const actor = createActor(machine, {
    input: {
      siteId: 1,
      settings: { isPartner: false, showBuybackGuarantee: true, showRefundGuarantee: true, identificationThresholdMinor: 100_000, ...options.settings },
      siteProducts: f.siteProducts,
      now: () => STORY_NOW.getTime(),
    },
  }).start();
  actor.send({ type: 'cart.viewOpened', request: options.request ?? { kind: 'view' } });
  await settle();
  for (const event of options.events ?? []) {
    actor.send(event);
    await settle();
  }
  return actor;
}

// ------------------------------------------------------------------------------------------------
// 'Add new currency' (view-cart page)
// ------------------------------------------------------------------------------------------------

export interface NewLineStoryOptions {
  /** GET /api/currencies. */
  currencies?: Answer<Currency[]>;
  /** The chosen currency's rate; its fixture quote unless told. */
  quote?: Answer<QuoteResponse>;
  /** Hold the 500 ms pause after the last key open (a story of the typing itself). */
  holdPause?: boolean;
  events?: NewLineEvent[];
}

export type StoryNewLine = ActorRefFrom<typeof newLineMachine>;

/** The 'Add new currency' form's actor, tied to the story's cart as the app ties them. */
export async function newLineStory(cart: StoryCart, options: NewLineStoryOptions = {}): Promise<StoryNewLine> {
  const machine = newLineMachine.provide({
    actions: { requestLine: ({ context }) => cart.send({ type: 'cart.lineAdded', line: lineOf(context) }) },
    actors: {
      fetchCurrencies: answering(options.currencies ?? ok(f.currencies)),
      fetchQuote: options.quote ? answering<QuoteResponse, FetchQuoteInput>(options.quote) : fromPromise<QuoteResponse, FetchQuoteInput>(async ({ input }) => quoteFor(input.currencyCode)),
    },
  });
  const current = cart.getSnapshot().context.cart;
  const actor = createActor(machine, {
    input: {
      siteId: 1,
      storeId: current?.store.id ?? 1,
      productId: current?.product.id ?? 2,
      lines: current?.lines ?? [],
      maxOrderValue: settings.maxOrderValue,
    },
    ...(options.holdPause ? { clock: new SimulatedClock() } : {}),
  });
  // The app's shop system carries these between the cart and the form; a story ties them by hand.
  cart.subscribe((snapshot) => {
    const now = snapshot.context.cart;
    if (now) actor.send({ type: 'cart.linesChanged', lines: now.lines, storeId: now.store.id, productId: now.product.id });
  });
  actor.start();
  await settle();
  for (const event of options.events ?? []) {
    actor.send(event);
    await settle();
  }
  return actor;
}
