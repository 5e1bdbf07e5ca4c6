/**
 * The checkout (spec 2.5-2.12, 4.1): review, delivery (collection for sell-back), details,
 * payment (none for sell-back) and confirmation, one active at a time, plus the payment
 * unsuccessful page, which is the checkout's error address.
 *
 * Pages and addresses. The actor starts on the page of `input.path` (location.pathname) and from
 * then on decides where the visitor goes: every move asks the app to navigate (see below). When
 * the visitor moves on their own (browser back or forward), the app sends `checkout.pageOpened`
 * with the new path and the chart opens that page, reloading what it shows.
 *
 * Side effects leave the chart as emitted events, one pattern for all of them; the app subscribes
 * with `actor.on(type, handler)`:
 * - `navigation.requested { to }`: go to `to`, an app path or the abandon-cart URL (which may be
 *   absolute; the app leaves the single-page app for it).
 * - `tracking.stepViewed { step }`: spec 4.1, the steps announced to tracking: information,
 *   payment, confirmation, announced when the page is entered (confirmation once its order is
 *   read completed).
 * - `order.confirmed { order }`: the completed order, for the marketing tracker's 'Order
 *   Completed' and the stored transaction data (spec 7.6); never for an order in any other state.
 *
 * It tells the cart (`system.get('cart')`) `countdown.stopRequested` at confirmation (spec 4.3)
 * and `cart.abandoned` once the cart is gone on the server; the cart tells it `cart.checkedOut`.
 *
 * Sell-back has no payment: the chart does not decide that from the product but from the order
 * state the server returns after the details (and on loading the details page): 18 (completed,
 * a sell-back needs no card payment) goes straight to confirmation, 3 (payment pending) to
 * payment (domain/checkout-steps.ts stepAfterDetails). That is the payment page's own rule for
 * 18, applied one page early so a sell-back never shows the payment page.
 *
 * Failures are states: an order that cannot be loaded leaves the page in `loadFailed` with the
 * problem in context (`order.reloadRequested` tries again); a failed write keeps the page and
 * sets `problem` (title, detail) until `problem.dismissed`.
 */
import { assign, emit, enqueueActions, fromPromise, sendTo, setup, type AnyActorRef, type SnapshotFrom } from 'xstate';
import type { ProductId } from '#domain/contract/catalogue.ts';
import type { Problem } from '#domain/contract/common.ts';
import { appPaths } from '#domain/contract/routes.ts';
import { untilNextMinute } from '#domain/countdown.ts';
import type {
  CustomerInfoRequest,
  CustomerInfoResponse,
  CustomerInfoResult,
  DeliverySlot,
  Order,
  PaymentIntentResponse,
} from '#domain/contract/order.ts';
import {
  activeStepOf,
  checkoutPagePath,
  checkoutSteps,
  detailsPageOnLoad,
  detailsSubmitted,
  isPathOfPage,
  stepAfterDetails,
  type CheckoutPage,
  type CheckoutStep,
  type CheckoutStepId,
} from '#domain/checkout-steps.ts';
import {
  confirmationPageOnLoad,
  deliveryPageOnLoad,
  paymentPageOnLoad,
  unsuccessfulPage,
  unsuccessfulPageExit,
  type TrackedStep,
} from '#domain/order-state.ts';
import { REDIRECT_DELAY_MS } from '#domain/delays.ts';
import { isHostedPaymentUrl } from '#domain/payment.ts';
import { problemOf } from '#domain/problem.ts';
import { paymentFrameMachine, type PaymentFrameOutput } from '../payment/payment-frame.machine.ts';

export interface CheckoutInput {
  /** The address the checkout opens on (location.pathname); it picks the page. */
  path: string;
  /** The checkout page's own origin: the only origin the payment frame takes messages from. */
  appOrigin: string;
  /** Where 'Leave checkout' goes once the checkout is abandoned (page settings abandonCartUrl). */
  abandonCartUrl: string;
  /** The product when it is known before an order is read: the cart's, or 3 on /selling/view-cart. */
  productId?: ProductId | null;
  /** Epoch milliseconds; Date.now unless a test drives the clock. */
  now?: () => number;
}

export interface CheckoutContext {
  appOrigin: string;
  abandonCartUrl: string;
  /** The address of the page being opened; read only while opening. */
  openingPath: string;
  productId: ProductId | null;
  /** The order as last read or written: the order summary, the confirmation. */
  order: Order | null;
  slots: DeliverySlot[];
  /** The slot the server accepted, and the one being saved. */
  selectedSlotId: string | null;
  pendingSlotId: string | null;
  /** The details being submitted. */
  details: CustomerInfoRequest | null;
  /** The customer-info answer that flagged additional identification. */
  submitResult: CustomerInfoResult | null;
  /** The provider's hosted card page. */
  paymentUrl: string | null;
  /** The last failure's problem (title, detail) to show, until dismissed. */
  problem: Problem | null;
  /** Where the checkout goes once the cart is abandoned. */
  leaveTo: string | null;
  now: () => number;
  /** The clock when the delivery page's cut-off line was last read (each whole minute). */
  clockNow: number;
}

export type CheckoutEvent =
  | { type: 'checkout.pageOpened'; path: string }
  /** The cart machine created the order (POST /cart/checkout) on the review page. */
  | { type: 'cart.checkedOut' }
  | { type: 'deliverySlot.chosen'; slotId: string }
  /** Next on the delivery page. */
  | { type: 'delivery.submitted' }
  | { type: 'details.submitted'; details: CustomerInfoRequest }
  /** The sold-out modal's button: choose another collection date. */
  | { type: 'deliverySlot.changeRequested' }
  /** The additional-identification modal's Continue and Return to the homepage. */
  | { type: 'identification.continued' }
  | { type: 'identification.homeRequested' }
  /** Every `message` event of the window, untouched; the payment frame decides what to trust. */
  | { type: 'frame.messageReceived'; origin: string; data: unknown }
  /** 'Try again?' on the unsuccessful page. */
  | { type: 'payment.retried' }
  /** 'Leave checkout' on the unsuccessful page. */
  | { type: 'checkout.left' }
  /** The velocity modal's Return to the homepage. */
  | { type: 'velocity.homeRequested' }
  /** The checkout header's close control (on confirmation, its close link to /). */
  | { type: 'checkout.closed' }
  | { type: 'order.reloadRequested' }
  | { type: 'problem.dismissed' };

export type CheckoutEmitted =
  | { type: 'navigation.requested'; to: string }
  | { type: 'tracking.stepViewed'; step: TrackedStep }
  | { type: 'order.confirmed'; order: Order };

export type CheckoutTag =
  /** A spinner: the order, the slots or the payment page are on their way. */
  | 'loading'
  | 'loadFailed'
  | 'savingSlot'
  /** The details submit's loading flag: the spinner replaces Submit. */
  | 'submitting'
  | 'soldOut'
  | 'identificationRequired'
  /** The hosted card form is shown in its iframe. */
  | 'paymentFormShown'
  /** 'Try again?' is offered. */
  | 'retryOffered'
  | 'velocityLimited'
  | 'abandoning'
  /** "We've cleared your cart", shown until the redirect. */
  | 'cartCleared';

/** GET /api/order. */
export type LoadOrderOutput = Order;
/** GET /api/order/delivery-slots. */
export type LoadDeliverySlotsOutput = DeliverySlot[];
/** PUT /api/order/delivery-slot; answers the order. */
export interface SaveDeliverySlotInput {
  slotId: string;
}
export type SaveDeliverySlotOutput = Order;
/** PUT /api/order/customer-info. */
export interface SaveCustomerInfoInput {
  details: CustomerInfoRequest;
}
export type SaveCustomerInfoOutput = CustomerInfoResponse;
/**
 * POST /api/order/create-payment-intent: the hosted card page from the 201's Location. Any other
 * answer rejects (src/api/order.ts), which goes to the error step.
 */
export type CreatePaymentIntentOutput = PaymentIntentResponse;
/** DELETE /cart. */
export type AbandonCartOutput = void;

type Destination = CheckoutPage | 'home';

const notProvided = (name: string) => () => Promise.reject(new Error(`${name} not provided`));

const checkoutSetup = setup({
  types: {
    input: {} as CheckoutInput,
    context: {} as CheckoutContext,
    events: {} as CheckoutEvent,
    emitted: {} as CheckoutEmitted,
    tags: {} as CheckoutTag,
    children: {} as {
      loadOrder: 'loadOrder';
      loadDeliverySlots: 'loadDeliverySlots';
      saveDeliverySlot: 'saveDeliverySlot';
      saveCustomerInfo: 'saveCustomerInfo';
      createPaymentIntent: 'createPaymentIntent';
      abandonCart: 'abandonCart';
      paymentFrame: 'paymentFrame';
    },
  },
  actors: {
    loadOrder: fromPromise<LoadOrderOutput>(notProvided('loadOrder')),
    loadDeliverySlots: fromPromise<LoadDeliverySlotsOutput>(notProvided('loadDeliverySlots')),
    saveDeliverySlot: fromPromise<SaveDeliverySlotOutput, SaveDeliverySlotInput>(notProvided('saveDeliverySlot')),
    saveCustomerInfo: fromPromise<SaveCustomerInfoOutput, SaveCustomerInfoInput>(notProvided('saveCustomerInfo')),
    createPaymentIntent: fromPromise<CreatePaymentIntentOutput>(notProvided('createPaymentIntent')),
    abandonCart: fromPromise<AbandonCartOutput>(notProvided('abandonCart')),
    paymentFrame: paymentFrameMachine,
  },
  actions: {
    rememberOpeningPath: assign({
      openingPath: (_, params: { path: string }) => params.path,
    }),
    rememberOrder: assign((_, params: { order: Order }) => ({ order: params.order, productId: params.order.product.id })),
    rememberSlots: assign({ slots: (_, params: { slots: DeliverySlot[] }) => params.slots }),
    savePendingSlot: assign({ pendingSlotId: (_, params: { slotId: string }) => params.slotId }),
    acceptPendingSlot: assign(({ context }) => ({ selectedSlotId: context.pendingSlotId, pendingSlotId: null })),
    forgetSlotChoice: assign({ selectedSlotId: null, pendingSlotId: null }),
    readClock: assign({ clockNow: ({ context }) => context.now() }),
    rememberDetails: assign({ details: (_, params: { details: CustomerInfoRequest }) => params.details }),
    rememberSubmitResult: assign({
      submitResult: (_, params: { response: CustomerInfoResponse }) =>
        typeof params.response === 'string' ? null : params.response,
    }),
    rememberPaymentUrl: assign({ paymentUrl: (_, params: { url: string }) => params.url }),
    rememberProblem: assign({ problem: (_, params: { error: unknown }) => problemOf(params.error) }),
    forgetProblem: assign({ problem: null }),
    setLeaveDestination: assign({
      leaveTo: ({ context }, params: { exit: 'leaveCheckout' | 'velocityReturnToHomepage' | 'closeCheckout' }) =>
        // Spec 4.3: closing abandons the cart and goes home; the unsuccessful page's exits per 4.1.
        params.exit === 'closeCheckout' ? appPaths.home : unsuccessfulPageExit(params.exit, context.abandonCartUrl).goTo,
    }),
    navigate: emit(({ context }, params: { to: Destination }) => ({
      type: 'navigation.requested' as const,
      to: params.to === 'home' ? appPaths.home : checkoutPagePath(params.to, context.productId),
    })),
    navigateToLeaveDestination: emit(({ context }) => ({
      type: 'navigation.requested' as const,
      to: context.leaveTo ?? appPaths.home,
    })),
    announceStep: emit((_, params: { step: TrackedStep }) => ({ type: 'tracking.stepViewed' as const, step: params.step })),
    // The cart stops its countdown, or keeps the request until its countdown runs.
    stopCountdown: enqueueActions(({ enqueue, system }) => {
      const cart: AnyActorRef | undefined = system.get('cart');
      if (cart) enqueue.sendTo(cart, { type: 'countdown.stopRequested' });
    }),
    announceConfirmedOrder: emit((_, params: { order: Order }) => ({ type: 'order.confirmed' as const, order: params.order })),
    // The cart is gone on the server: the cart actor forgets it.
    announceAbandonedCart: enqueueActions(({ enqueue, system }) => {
      const cart: AnyActorRef | undefined = system.get('cart');
      if (cart) enqueue.sendTo(cart, { type: 'cart.abandoned' });
    }),
    forwardToPaymentFrame: sendTo('paymentFrame', ({ event }) => event),
  },
  guards: {
    isOpeningPage: ({ context }, params: { page: CheckoutPage }) => isPathOfPage(context.openingPath, params.page),

    // Delivery page while open: the first date's cut-off passed; a refreshed list still has the choice.
    isSlotCutOffPassed: ({ context }) => {
      const orderBy = context.slots[0]?.orderBy;
      return orderBy !== undefined && Date.parse(orderBy) <= context.now();
    },
    isChosenSlotOffered: ({ context }, params: { slots: DeliverySlot[] }) => params.slots.some((slot) => slot.id === context.selectedSlotId),

    // Delivery page on load.
    isOrderAlreadyCompleted: (_, params: { order: Order }) => deliveryPageOnLoad(params.order.state.value) === 'home',
    isOrderPastDelivery: (_, params: { order: Order }) => deliveryPageOnLoad(params.order.state.value) === 'error',

    // Information page on load, and after its submit; the next step is payment, or confirmation
    // for an order completed without a card payment (sell-back).
    isCheckoutFailed: (_, params: { order: Order }) => detailsPageOnLoad(params.order.state.value) === 'error',
    isOrderAwaitingPayment: (_, params: { order: Order }) => detailsPageOnLoad(params.order.state.value) === 'payment',
    isOrderCompleted: (_, params: { order: Order }) => detailsPageOnLoad(params.order.state.value) === 'confirmation',
    isSoldOut: (_, params: { response: CustomerInfoResponse }) => detailsSubmitted(params.response) === 'soldOut',
    isIdentificationRequired: (_, params: { response: CustomerInfoResponse }) =>
      detailsSubmitted(params.response) === 'identificationRequired',
    areDetailsAcceptedForPayment: (_, params: { response: CustomerInfoResponse }) =>
      detailsSubmitted(params.response) === 'payment',
    areDetailsAcceptedAndOrderCompleted: (_, params: { response: CustomerInfoResponse }) =>
      detailsSubmitted(params.response) === 'confirmation',
    isSubmittedOrderVelocityLimited: (_, params: { response: CustomerInfoResponse }) =>
      detailsSubmitted(params.response) === 'velocityLimited',
    isSubmittedOrderCompleted: ({ context }) =>
      context.submitResult !== null && stepAfterDetails(context.submitResult.state.value) === 'confirmation',

    // Payment page on load.
    needsPayment: (_, params: { order: Order }) => paymentPageOnLoad(params.order.state.value) === 'startPayment',
    isPaymentDone: (_, params: { order: Order }) => paymentPageOnLoad(params.order.state.value) === 'next',
    isPaymentPageReady: (_, params: { url: string }) => isHostedPaymentUrl(params.url),
    isPaymentReceived: (_, params: { output: PaymentFrameOutput }) => params.output.outcome === 'received',

    // Confirmation page on load.
    isOrderConfirmed: (_, params: { order: Order }) => confirmationPageOnLoad(params.order.state.value) === 'show',
    isUnconfirmedOrderAwaitingPayment: (_, params: { order: Order }) => confirmationPageOnLoad(params.order.state.value) === 'payment',

    // Unsuccessful page.
    canTryAgain: (_, params: { order: Order }) => unsuccessfulPage(params.order.state.value).canTryAgain,
    isVelocityLimited: (_, params: { order: Order }) => unsuccessfulPage(params.order.state.value).showVelocityModal,
  },
  delays: {
    /** Spec 4.3, 9: the redirect after clearing the cart, 1 s. */
    REDIRECT: REDIRECT_DELAY_MS,
    /** The delivery page's cut-off line reads whole minutes: it is read again on each one. */
    CUT_OFF_TICK: ({ context }) => untilNextMinute(context.now()),
  },
});

/** The questions a page asks of the order it read, to decide where the shopper goes. */
type OrderGuard =
  | 'isOrderAlreadyCompleted'
  | 'isOrderPastDelivery'
  | 'isCheckoutFailed'
  | 'isOrderAwaitingPayment'
  | 'isOrderCompleted'
  | 'needsPayment'
  | 'isPaymentDone'
  | 'isOrderConfirmed'
  | 'isUnconfirmedOrderAwaitingPayment'
  | 'canTryAgain'
  | 'isVelocityLimited';

/** Where a page goes once its order is read: the first route whose guard holds (the last has none). */
interface OrderRoute {
  guard?: OrderGuard;
  target: string;
  /** The page the order's state sends the shopper to, announced to the app. */
  navigateTo?: Destination;
  /** The confirmation of a completed order, told to tracking (spec 7.6). */
  announceConfirmed?: true;
}

const orderOf = ({ event }: { event: { output: Order } }) => ({ order: event.output });

/**
 * The order loading every page but the review opens with, written once: `loadingOrder` reads
 * the order (GET /api/order) and takes the page's first route whose guard holds, remembering the
 * order first; a failed read leaves the page in `loadFailed` (below).
 */
function loadingOrder(routes: readonly OrderRoute[]) {
  return checkoutSetup.createStateConfig({
    tags: ['loading'],
    invoke: {
      id: 'loadOrder',
      src: 'loadOrder',
      onDone: routes.map((route) => ({
        ...(route.guard === undefined ? {} : { guard: { type: route.guard, params: orderOf } }),
        target: route.target,
        actions: [
          { type: 'rememberOrder' as const, params: orderOf },
          ...(route.navigateTo === undefined ? [] : [{ type: 'navigate' as const, params: { to: route.navigateTo } }]),
          ...(route.announceConfirmed ? [{ type: 'announceConfirmedOrder' as const, params: orderOf }] : []),
        ],
      })),
      onError: {
        target: 'loadFailed',
        actions: { type: 'rememberProblem', params: ({ event }) => ({ error: event.error }) },
      },
    },
  });
}

/** The page's order (or its dates) could not be read: the problem shows until `order.reloadRequested`. */
const loadFailed = checkoutSetup.createStateConfig({
  tags: ['loadFailed'],
  on: { 'order.reloadRequested': 'loadingOrder' },
});

export const checkoutMachine = checkoutSetup.createMachine({
  id: 'checkout',
  context: ({ input }) => ({
    appOrigin: input.appOrigin,
    abandonCartUrl: input.abandonCartUrl,
    openingPath: input.path,
    productId: input.productId ?? null,
    order: null,
    slots: [],
    selectedSlotId: null,
    pendingSlotId: null,
    details: null,
    submitResult: null,
    paymentUrl: null,
    problem: null,
    leaveTo: null,
    now: input.now ?? Date.now,
    clockNow: (input.now ?? Date.now)(),
  }),
  initial: 'opening',
  on: {
    'checkout.pageOpened': {
      target: '.opening',
      actions: { type: 'rememberOpeningPath', params: ({ event }) => ({ path: event.path }) },
    },
    'problem.dismissed': { actions: 'forgetProblem' },
  },
  states: {
    opening: {
      always: [
        { guard: { type: 'isOpeningPage', params: { page: 'review' } }, target: 'inCheckout.review' },
        { guard: { type: 'isOpeningPage', params: { page: 'delivery' } }, target: 'inCheckout.delivery' },
        { guard: { type: 'isOpeningPage', params: { page: 'details' } }, target: 'inCheckout.details' },
        { guard: { type: 'isOpeningPage', params: { page: 'payment' } }, target: 'inCheckout.payment' },
        { guard: { type: 'isOpeningPage', params: { page: 'confirmation' } }, target: 'inCheckout.confirmation' },
        { guard: { type: 'isOpeningPage', params: { page: 'unsuccessful' } }, target: 'inCheckout.unsuccessful' },
        { target: 'left' },
      ],
    },

    inCheckout: {
      initial: 'review',
      on: {
        'checkout.closed': {
          target: 'leaving',
          actions: { type: 'setLeaveDestination', params: { exit: 'closeCheckout' } },
        },
      },
      states: {
        /** The page the checkout was on, to come back to when abandoning fails. */
        previous: { type: 'history', meta: { view: false } },

        /** The view-cart page: the cart machine owns it and creates the order. */
        review: {
          on: {
            'cart.checkedOut': { target: 'delivery', actions: { type: 'navigate', params: { to: 'delivery' } } },
          },
        },

        delivery: {
          initial: 'loadingOrder',
          states: {
            loadingOrder: loadingOrder([
              { guard: 'isOrderAlreadyCompleted', target: '#checkout.left', navigateTo: 'home' },
              { guard: 'isOrderPastDelivery', target: '#checkout.inCheckout.unsuccessful', navigateTo: 'unsuccessful' },
              { target: 'loadingSlots' },
            ]),
            loadingSlots: {
              tags: ['loading'],
              invoke: {
                id: 'loadDeliverySlots',
                src: 'loadDeliverySlots',
                onDone: {
                  target: 'choosingSlot',
                  // Each visit asks for a date: a choice from an earlier visit (the date that just
                  // sold out, say) is not shown as chosen while Next waits for a choice.
                  actions: ['forgetSlotChoice', { type: 'rememberSlots', params: ({ event }) => ({ slots: event.output }) }],
                },
                onError: {
                  target: 'loadFailed',
                  actions: { type: 'rememberProblem', params: ({ event }) => ({ error: event.error }) },
                },
              },
            },
            /**
             * The first date's cut-off passed while the page was open: the dates are asked for
             * again (the next one moves up); a choice still offered stays chosen.
             */
            refreshingSlots: {
              invoke: {
                id: 'loadDeliverySlots',
                src: 'loadDeliverySlots',
                onDone: [
                  {
                    guard: { type: 'isChosenSlotOffered', params: ({ event }) => ({ slots: event.output }) },
                    target: 'slotChosen',
                    actions: { type: 'rememberSlots', params: ({ event }) => ({ slots: event.output }) },
                  },
                  {
                    target: 'choosingSlot',
                    actions: ['forgetSlotChoice', { type: 'rememberSlots', params: ({ event }) => ({ slots: event.output }) }],
                  },
                ],
                onError: {
                  target: 'loadFailed',
                  actions: { type: 'rememberProblem', params: ({ event }) => ({ error: event.error }) },
                },
              },
            },
            loadFailed,
            choosingSlot: {
              entry: 'readClock',
              after: {
                CUT_OFF_TICK: [
                  { guard: 'isSlotCutOffPassed', target: 'refreshingSlots' },
                  { target: 'choosingSlot', reenter: true },
                ],
              },
              on: {
                'deliverySlot.chosen': {
                  target: 'savingSlot',
                  actions: { type: 'savePendingSlot', params: ({ event }) => ({ slotId: event.slotId }) },
                },
              },
            },
            savingSlot: {
              tags: ['savingSlot'],
              invoke: {
                id: 'saveDeliverySlot',
                src: 'saveDeliverySlot',
                input: ({ context }) => ({ slotId: context.pendingSlotId ?? '' }),
                onDone: {
                  target: 'slotChosen',
                  actions: ['acceptPendingSlot', { type: 'rememberOrder', params: ({ event }) => ({ order: event.output }) }],
                },
                onError: {
                  target: 'choosingSlot',
                  actions: ['forgetSlotChoice', { type: 'rememberProblem', params: ({ event }) => ({ error: event.error }) }],
                },
              },
            },
            slotChosen: {
              entry: 'readClock',
              after: {
                CUT_OFF_TICK: [
                  { guard: 'isSlotCutOffPassed', target: 'refreshingSlots' },
                  { target: 'slotChosen', reenter: true },
                ],
              },
              on: {
                'deliverySlot.chosen': {
                  target: 'savingSlot',
                  actions: { type: 'savePendingSlot', params: ({ event }) => ({ slotId: event.slotId }) },
                },
                'delivery.submitted': {
                  target: '#checkout.inCheckout.details',
                  actions: { type: 'navigate', params: { to: 'details' } },
                },
              },
            },
          },
        },

        details: {
          entry: { type: 'announceStep', params: { step: 'information' } },
          initial: 'loadingOrder',
          states: {
            loadingOrder: loadingOrder([
              { guard: 'isCheckoutFailed', target: '#checkout.inCheckout.unsuccessful', navigateTo: 'unsuccessful' },
              { guard: 'isOrderAwaitingPayment', target: '#checkout.inCheckout.payment', navigateTo: 'payment' },
              { guard: 'isOrderCompleted', target: '#checkout.inCheckout.confirmation', navigateTo: 'confirmation' },
              { target: 'editing' },
            ]),
            loadFailed,
            editing: {
              on: {
                'details.submitted': {
                  target: 'submitting',
                  actions: { type: 'rememberDetails', params: ({ event }) => ({ details: event.details }) },
                },
              },
            },
            submitting: {
              tags: ['submitting'],
              invoke: {
                id: 'saveCustomerInfo',
                src: 'saveCustomerInfo',
                input: ({ context }) => ({ details: context.details! }),
                onDone: [
                  {
                    guard: { type: 'isSoldOut', params: ({ event }) => ({ response: event.output }) },
                    target: 'soldOut',
                  },
                  {
                    guard: { type: 'isIdentificationRequired', params: ({ event }) => ({ response: event.output }) },
                    target: 'identificationRequired',
                    actions: { type: 'rememberSubmitResult', params: ({ event }) => ({ response: event.output }) },
                  },
                  {
                    guard: { type: 'areDetailsAcceptedForPayment', params: ({ event }) => ({ response: event.output }) },
                    target: '#checkout.inCheckout.payment',
                    actions: { type: 'navigate', params: { to: 'payment' } },
                  },
                  {
                    guard: { type: 'areDetailsAcceptedAndOrderCompleted', params: ({ event }) => ({ response: event.output }) },
                    target: '#checkout.inCheckout.confirmation',
                    actions: { type: 'navigate', params: { to: 'confirmation' } },
                  },
                  {
                    guard: { type: 'isSubmittedOrderVelocityLimited', params: ({ event }) => ({ response: event.output }) },
                    target: 'velocityLimited',
                  },
                  {
                    target: '#checkout.inCheckout.unsuccessful',
                    actions: { type: 'navigate', params: { to: 'unsuccessful' } },
                  },
                ],
                onError: {
                  target: 'editing',
                  actions: { type: 'rememberProblem', params: ({ event }) => ({ error: event.error }) },
                },
              },
            },
            soldOut: {
              tags: ['soldOut'],
              on: {
                'deliverySlot.changeRequested': {
                  target: '#checkout.inCheckout.delivery',
                  actions: { type: 'navigate', params: { to: 'delivery' } },
                },
              },
            },
            /**
             * The velocity check refused the order: its modal shows here, on the page the shopper
             * was on. Return to the homepage abandons the checkout (spec 4.1); closed, the modal
             * leaves the form, whose submit asks the server again.
             */
            velocityLimited: {
              tags: ['velocityLimited'],
              on: {
                'velocity.homeRequested': {
                  target: '#checkout.leaving',
                  actions: { type: 'setLeaveDestination', params: { exit: 'velocityReturnToHomepage' } },
                },
                'details.submitted': {
                  target: 'submitting',
                  actions: { type: 'rememberDetails', params: ({ event }) => ({ details: event.details }) },
                },
              },
            },
            identificationRequired: {
              tags: ['identificationRequired'],
              on: {
                'identification.continued': [
                  {
                    guard: 'isSubmittedOrderCompleted',
                    target: '#checkout.inCheckout.confirmation',
                    actions: { type: 'navigate', params: { to: 'confirmation' } },
                  },
                  {
                    target: '#checkout.inCheckout.payment',
                    actions: { type: 'navigate', params: { to: 'payment' } },
                  },
                ],
                'identification.homeRequested': {
                  target: '#checkout.left',
                  actions: { type: 'navigate', params: { to: 'home' } },
                },
              },
            },
          },
        },

        payment: {
          entry: { type: 'announceStep', params: { step: 'payment' } },
          initial: 'loadingOrder',
          states: {
            loadingOrder: loadingOrder([
              { guard: 'needsPayment', target: 'creatingPaymentIntent' },
              { guard: 'isPaymentDone', target: '#checkout.inCheckout.confirmation', navigateTo: 'confirmation' },
              { target: '#checkout.inCheckout.unsuccessful', navigateTo: 'unsuccessful' },
            ]),
            loadFailed,
            creatingPaymentIntent: {
              tags: ['loading'],
              invoke: {
                id: 'createPaymentIntent',
                src: 'createPaymentIntent',
                onDone: [
                  {
                    guard: { type: 'isPaymentPageReady', params: ({ event }) => ({ url: event.output.url }) },
                    target: 'awaitingPayment',
                    actions: { type: 'rememberPaymentUrl', params: ({ event }) => ({ url: event.output.url }) },
                  },
                  {
                    target: '#checkout.inCheckout.unsuccessful',
                    actions: { type: 'navigate', params: { to: 'unsuccessful' } },
                  },
                ],
                onError: {
                  target: '#checkout.inCheckout.unsuccessful',
                  actions: { type: 'navigate', params: { to: 'unsuccessful' } },
                },
              },
            },
            awaitingPayment: {
              tags: ['paymentFormShown'],
              invoke: {
                id: 'paymentFrame',
                src: 'paymentFrame',
                input: ({ context }) => ({ appOrigin: context.appOrigin, paymentUrl: context.paymentUrl ?? '' }),
                onDone: [
                  {
                    guard: { type: 'isPaymentReceived', params: ({ event }) => ({ output: event.output }) },
                    target: '#checkout.inCheckout.confirmation',
                    actions: { type: 'navigate', params: { to: 'confirmation' } },
                  },
                  {
                    target: '#checkout.inCheckout.unsuccessful',
                    actions: { type: 'navigate', params: { to: 'unsuccessful' } },
                  },
                ],
                onError: {
                  target: '#checkout.inCheckout.unsuccessful',
                  actions: { type: 'navigate', params: { to: 'unsuccessful' } },
                },
              },
              on: { 'frame.messageReceived': { actions: 'forwardToPaymentFrame' } },
            },
          },
        },

        /**
         * Only a completed order is confirmed: tracking hears of it and the countdown stops once
         * it is read. An order still awaiting payment goes to the payment page, any other to the
         * error step (spec 4.1), with nothing announced.
         */
        confirmation: {
          initial: 'loadingOrder',
          on: {
            // The order is placed: the close link goes to / and abandons nothing.
            'checkout.closed': { target: '#checkout.left', actions: { type: 'navigate', params: { to: 'home' } } },
          },
          states: {
            loadingOrder: loadingOrder([
              { guard: 'isOrderConfirmed', target: 'showingOrder', announceConfirmed: true },
              { guard: 'isUnconfirmedOrderAwaitingPayment', target: '#checkout.inCheckout.payment', navigateTo: 'payment' },
              { target: '#checkout.inCheckout.unsuccessful', navigateTo: 'unsuccessful' },
            ]),
            loadFailed,
            showingOrder: {
              entry: [{ type: 'announceStep', params: { step: 'confirmation' } }, 'stopCountdown'],
            },
          },
        },

        /** The payment unsuccessful page: the checkout's error address. */
        unsuccessful: {
          initial: 'loadingOrder',
          on: {
            'checkout.left': {
              target: '#checkout.leaving',
              actions: { type: 'setLeaveDestination', params: { exit: 'leaveCheckout' } },
            },
          },
          states: {
            loadingOrder: loadingOrder([
              { guard: 'canTryAgain', target: 'retryOffered' },
              { guard: 'isVelocityLimited', target: 'velocityLimited' },
              { target: 'retryUnavailable' },
            ]),
            loadFailed,
            retryOffered: {
              tags: ['retryOffered'],
              on: {
                'payment.retried': {
                  target: '#checkout.inCheckout.payment',
                  actions: { type: 'navigate', params: { to: 'payment' } },
                },
              },
            },
            velocityLimited: {
              tags: ['velocityLimited'],
              on: {
                'velocity.homeRequested': {
                  target: '#checkout.leaving',
                  actions: { type: 'setLeaveDestination', params: { exit: 'velocityReturnToHomepage' } },
                },
              },
            },
            /** Only 'Leave checkout' is offered. */
            retryUnavailable: {},
          },
        },
      },
    },

    /** Abandoning the checkout (DELETE /cart), then "We've cleared your cart" and the redirect. */
    leaving: {
      initial: 'abandoning',
      states: {
        abandoning: {
          tags: ['abandoning'],
          invoke: {
            id: 'abandonCart',
            src: 'abandonCart',
            onDone: { target: 'cartCleared', actions: 'announceAbandonedCart' },
            onError: {
              target: '#checkout.inCheckout.previous',
              actions: { type: 'rememberProblem', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
        cartCleared: {
          tags: ['cartCleared'],
          after: { REDIRECT: { target: '#checkout.left', actions: 'navigateToLeaveDestination' } },
        },
      },
    },

    /** The visitor was sent out of the checkout; a `checkout.pageOpened` brings them back. */
    left: { meta: { view: false } },
  },
});

export type CheckoutMachine = typeof checkoutMachine;
type CheckoutSnapshot = SnapshotFrom<CheckoutMachine>;

const PAGES: readonly CheckoutPage[] = ['review', 'delivery', 'details', 'payment', 'confirmation', 'unsuccessful'];

/** The checkout page the chart is on, or null while leaving or gone. */
export function selectPage(snapshot: CheckoutSnapshot): CheckoutPage | null {
  return PAGES.find((page) => snapshot.matches({ inCheckout: page })) ?? null;
}

/**
 * The step bar: the product's steps (no Payment for sell-back) and the active one. An order the
 * velocity check refused stopped at the details step, whichever page found it so.
 */
export function selectStepBar(snapshot: CheckoutSnapshot): { steps: CheckoutStep[]; active: CheckoutStepId | null } {
  const page = selectPage(snapshot);
  const { productId } = snapshot.context;
  const active = page === null ? null : snapshot.hasTag('velocityLimited') ? 'details' : activeStepOf(page, productId);
  return { steps: checkoutSteps(productId), active };
}

/** The payment frame child while the hosted card form is shown (its `statusUnknown` tag and notice). */
export function selectPaymentFrame(snapshot: CheckoutSnapshot) {
  return snapshot.children.paymentFrame;
}
