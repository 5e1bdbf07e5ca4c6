/**
 * The checkout chart's named implementations: its actors (I/O, supplied by src/app/actors.ts),
 * actions, guards (each a question answered by a domain/ rule) and delays, and the order loading
 * every page but the review opens with. The chart itself is checkout.machine.ts.
 */
import { assign, emit, enqueueActions, sendTo, setup } from 'xstate';
import { providedLater } from '../provided-later.ts';
import { appPaths } from '#domain/contract/routes.ts';
import { untilNextMinute } from '#domain/countdown.ts';
import type { CustomerInfoRequest, CustomerInfoResponse, DeliverySlot, Order } from '#domain/contract/order.ts';
import {
  checkoutPagePath,
  detailsPageOnLoad,
  detailsSubmitted,
  stepAfterDetails,
  type CheckoutPage,
} from '#domain/checkout-steps.ts';
import { isPathOfPage } from '#domain/checkout-pages.ts';
import { SYSTEM_ID, systemActor } from '#machines/system.ts';
import { createReadMachine } from '#machines/read/read.machine.ts';
import { isLaxEmail } from '#domain/email.ts';
import { needsStoreDetails, type StoreDetails } from '#domain/order-confirmation.ts';
import { isSellBack } from '#domain/products.ts';
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
import { isProviderUnavailableError, providerUnavailableOffer } from '#domain/pay-at-branch.ts';
import { problemOf } from '#domain/problem.ts';
import { paymentFrameMachine, type PaymentFrameOutput } from '../payment/payment-frame.machine.ts';
import type {
  AbandonCartOutput,
  CheckoutContext,
  CheckoutEmitted,
  CheckoutEvent,
  CheckoutInput,
  CheckoutTag,
  CreatePaymentIntentOutput,
  Destination,
  LoadDeliverySlotsOutput,
  LoadOrderOutput,
  LoadCollectionBranchesOutput,
  ReserveAtBranchOutput,
  SwitchToCollectionInput,
  SwitchToCollectionOutput,
  SaveCustomerInfoInput,
  SaveCustomerInfoOutput,
  SaveDeliverySlotInput,
  SaveDeliverySlotOutput,
} from './checkout.types.ts';
import { noteMixMachine } from '../note-mix/note-mix.machine.ts';


export const checkoutSetup = setup({
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
      reserveAtBranch: 'reserveAtBranch';
      loadCollectionBranches: 'loadCollectionBranches';
      switchToCollection: 'switchToCollection';
      abandonCart: 'abandonCart';
      paymentFrame: 'paymentFrame';
      storeDetails: 'storeDetails';
    },
  },
  actors: {
    loadOrder: providedLater<LoadOrderOutput>('loadOrder'),
    loadDeliverySlots: providedLater<LoadDeliverySlotsOutput>('loadDeliverySlots'),
    saveDeliverySlot: providedLater<SaveDeliverySlotOutput, SaveDeliverySlotInput>('saveDeliverySlot'),
    saveCustomerInfo: providedLater<SaveCustomerInfoOutput, SaveCustomerInfoInput>('saveCustomerInfo'),
    createPaymentIntent: providedLater<CreatePaymentIntentOutput>('createPaymentIntent'),
    reserveAtBranch: providedLater<ReserveAtBranchOutput>('reserveAtBranch'),
    loadCollectionBranches: providedLater<LoadCollectionBranchesOutput>('loadCollectionBranches'),
    switchToCollection: providedLater<SwitchToCollectionOutput, SwitchToCollectionInput>('switchToCollection'),
    abandonCart: providedLater<AbandonCartOutput>('abandonCart'),
    paymentFrame: paymentFrameMachine,
    /** The notes you want, on the review step (issue 45; its I/O provided with the checkout's). */
    noteMix: noteMixMachine,
    /** The branch's address and opening times, for a collection's delivery and confirmation pages. */
    storeDetails: createReadMachine<StoreDetails, { storeId: number }>(),
  },
  actions: {
    rememberOpeningPath: assign({
      openingPath: (_, params: { path: string }) => params.path,
    }),
    rememberOrder: assign((_, params: { order: Order }) => ({ order: params.order, productId: params.order.product.id })),
    /**
     * The page shows the order's branch with its address and opening times (the confirmation of a
     * collection, a sell-back's collection page): its read starts, once a branch.
     */
    readStoreDetails: enqueueActions(({ context, enqueue }, params: { order: Order; page: 'delivery' | 'confirmation' }) => {
      const shown = needsStoreDetails(params.order) && (params.page === 'confirmation' || isSellBack(params.order.product.id));
      if (!shown || context.storeDetailsFor === params.order.store.id) return;
      const storeId = params.order.store.id;
      enqueue.stopChild('storeDetails');
      enqueue.spawnChild('storeDetails', { id: 'storeDetails', systemId: SYSTEM_ID.storeDetails, input: { storeId } });
      enqueue.assign({ storeDetailsFor: storeId });
    }),
    /** Spec 7.6: 'Started Checkout Buy or Sell', once an address. */
    announceCheckoutStarted: enqueueActions(({ context, enqueue }, params: { email: string }) => {
      if (context.order === null) return;
      enqueue.assign({ trackedEmail: params.email });
      enqueue.emit({ type: 'tracking.checkoutStarted', email: params.email, order: context.order });
    }),
    rememberCollectionBranches: assign({ collectionBranches: (_, params: { branches: LoadCollectionBranchesOutput }) => params.branches }),
    rememberChosenBranch: assign({ chosenBranchId: (_, params: { storeId: number }) => params.storeId }),
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
      const cart = systemActor(system, SYSTEM_ID.cart);
      if (cart) enqueue.sendTo(cart, { type: 'countdown.stopRequested' });
    }),
    announceConfirmedOrder: emit((_, params: { order: Order }) => ({ type: 'order.confirmed' as const, order: params.order })),
    // The cart is gone on the server: the cart actor forgets it.
    announceAbandonedCart: enqueueActions(({ enqueue, system }) => {
      const cart = systemActor(system, SYSTEM_ID.cart);
      if (cart) enqueue.sendTo(cart, { type: 'cart.abandoned' });
    }),
    forwardToPaymentFrame: sendTo('paymentFrame', ({ event }) => event),
  },
  guards: {
    isOpeningPage: ({ context }, params: { page: CheckoutPage }) => isPathOfPage(context.openingPath, params.page),
    // The details page: an email address the order has not been announced with yet (the blur check).
    isNewEmailForOrder: ({ context }, params: { email: string }) => context.order !== null && isLaxEmail(params.email) && params.email !== context.trackedEmail,

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
    // Issue 45 part 1: the card provider is unavailable, and what the page offers then.
    isProviderUnavailable: (_, params: { error: unknown }) => isProviderUnavailableError(params.error),
    isProviderUnavailableOutcome: (_, params: { output: PaymentFrameOutput }) => params.output.outcome === 'providerUnavailable',
    canReserveAtBranch: ({ context }) => context.order !== null && providerUnavailableOffer(context.order.product.id) === 'reserve',
    // Only a branch the list offered is asked for.
    isOfferedBranch: ({ context }, params: { storeId: number }) => context.collectionBranches?.items.some((b) => b.storeId === params.storeId) ?? false,

    // Confirmation page on load.
    isOrderConfirmed: (_, params: { order: Order }) => confirmationPageOnLoad(params.order.state.value) === 'show',
    isOrderReserved: (_, params: { order: Order }) => confirmationPageOnLoad(params.order.state.value) === 'showReservation',
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
  | 'isOrderReserved'
  | 'isUnconfirmedOrderAwaitingPayment'
  | 'canTryAgain'
  | 'isVelocityLimited';

/** Where a page goes once its order is read: the first route whose guard holds (the last has none). */
interface OrderRoute {
  guard?: OrderGuard;
  /** The page this route lands on shows the order's branch (its read starts). */
  showsBranchOf?: 'delivery' | 'confirmation';
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
export function loadingOrder(routes: readonly OrderRoute[]) {
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
          ...(route.showsBranchOf === undefined
            ? []
            : [{ type: 'readStoreDetails' as const, params: ({ event }: { event: { output: Order } }) => ({ order: event.output, page: route.showsBranchOf! }) }]),
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
export const loadFailed = checkoutSetup.createStateConfig({
  tags: ['loadFailed'],
  on: { 'order.reloadRequested': 'loadingOrder' },
});

/**
 * The dates on screen (`choosingSlot`, `slotChosen`): the clock is read every tick, and once the
 * shown dates' cut-off has passed they are read again; a chosen date is saved. Once one is chosen,
 * Continue goes on to the details.
 */
export function slotsOnScreen(self: 'choosingSlot' | 'slotChosen') {
  return checkoutSetup.createStateConfig({
    entry: 'readClock',
    after: {
      CUT_OFF_TICK: [
        { guard: 'isSlotCutOffPassed', target: 'refreshingSlots' },
        { target: self, reenter: true },
      ],
    },
    on: {
      'deliverySlot.chosen': {
        target: 'savingSlot',
        actions: { type: 'savePendingSlot', params: ({ event }) => ({ slotId: event.slotId }) },
      },
      ...(self === 'slotChosen'
        ? { 'delivery.submitted': { target: '#checkout.inCheckout.details', actions: { type: 'navigate', params: { to: 'details' } } } }
        : {}),
    },
  });
}

/**
 * The velocity check refused the order: its modal shows on the page the shopper was on, and
 * Return to the homepage abandons the checkout (spec 4.1). On the details page, closed, the modal
 * leaves the form, whose submit asks the server again.
 */
export function velocityLimited(page: 'details' | 'unsuccessful') {
  return checkoutSetup.createStateConfig({
    tags: ['velocityLimited'],
    on: {
      'velocity.homeRequested': {
        target: '#checkout.leaving',
        actions: { type: 'setLeaveDestination', params: { exit: 'velocityReturnToHomepage' } },
      },
      ...(page === 'details'
        ? { 'details.submitted': { target: 'submitting', actions: { type: 'rememberDetails', params: ({ event }) => ({ details: event.details }) } } }
        : {}),
    },
  });
}
