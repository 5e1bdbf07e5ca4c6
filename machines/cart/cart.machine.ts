/**
 * The cart (spec 2.3, 2.6, 4.3, 5.1, 8): none, then created with the first line, then lines
 * added, updated (sent 600 ms after typing stops) or deleted, then checkout (the order is
 * created). One actor serves the header cart and the view-cart page; the countdown runs as its
 * child (`countdown`) from the moment a cart exists until the order is confirmed.
 *
 * The view-cart page's rules live here too, as guards and selectors over the cart: the Buyback
 * and Refund questions (domain/guarantees.ts) and the spend rule (domain/spend.ts). The server
 * settles the guarantee choices on every cart write; the chart only sends the shopper's answers
 * and refuses to proceed until every shown question is answered.
 *
 * The view-cart page sends `cart.viewOpened` with what its query asks for (domain/cart-link.ts):
 * a line to add (creating the cart when there is none), a web cart to recreate, or just the cart,
 * where no cart means 'You have no cart' and / one second later; so does a cart the link's line
 * could not create, whose problem pops up too.
 *
 * Add to cart is a conversation: the calculator or the 'Add new currency' form sends
 * `cart.lineAdded { line, replyTo }` and the cart answers the sender `cart.lineSaved`, or
 * `cart.lineRefused { problem }`. A line asked for while the cart is being read or written is
 * kept and added once the cart is settled; a cart that could not be read, or is checked out,
 * refuses it with its problem.
 *
 * It talks to the other actors of the shop's system (`system.get`): it tells the checkout
 * `cart.checkedOut` once POST /cart/checkout created the order, the calculator `cart.updated`
 * when its product, branch or currency change, and the 'Add new currency' form
 * `cart.linesChanged`. The checkout's `countdown.stopRequested` is kept until the countdown runs.
 *
 * Side effects leave as emitted events (the app subscribes with `actor.on`):
 * - `navigation.requested { to }` after "We've cleared your cart", after 'You have no cart' and
 *   for the header's 'Review & checkout' (refused, like checkout, once the cart has expired);
 * - `cart.lineInvalid { lineId, message }` when a quantity is not above 0: focus returns to it;
 * - `error.reported { error, where }` for failures nobody sees otherwise.
 */
import {
  and,
  assign,
  emit,
  enqueueActions,
  fromPromise,
  not,
  sendParent,
  sendTo,
  setup,
  type AnyActorRef,
  type AnyEventObject,
  type SnapshotFrom,
} from 'xstate';
import type { CartLink, ViewCartRequest } from '#domain/cart-link.ts';
import type { Cart, CartLine, CartLineRequest, CheckoutResponse, CreateCartRequest } from '#domain/contract/cart.ts';
import type { ProductId, SiteProduct } from '#domain/contract/catalogue.ts';
import type { Problem } from '#domain/contract/common.ts';
import { isCartExpired } from '#domain/countdown.ts';
import { addMoreTimeLabel, canExtendCart, moreTimeAddedText, moreTimeWarningText } from '#domain/more-time.ts';
import {
  buybackNotice,
  guaranteeErrors,
  guaranteesAnswered,
  isBuybackEligible,
  isBuybackOffered,
  isRefundOffered,
  type GuaranteeContext,
  type GuaranteeErrors,
} from '#domain/guarantees.ts';
import { messages } from '#domain/messages.ts';
import { GBP_CODE, toMinor } from '#domain/money.ts';
import { REDIRECT_DELAY_MS } from '#domain/delays.ts';
import { LINE_UPDATE_DEBOUNCE_MS, lineQuantityError } from '#domain/pricing.ts';
import { isNotFoundError, isUnauthorizedError, problemOf } from '#domain/problem.ts';
import { viewCartPath } from '#domain/products.ts';
import { identificationNoticeOf, type IdentificationNotice } from '#domain/identification.ts';
import { checkSpend, spendLimitsOf, type SpendCheck } from '#domain/spend.ts';
import { countdownMachine } from './countdown.machine.ts';

/** The page settings the view-cart rules read (spec 6). */
export interface CartSettings {
  isPartner: boolean;
  showBuybackGuarantee: boolean;
  showRefundGuarantee: boolean;
  /** Pence: an order of this value or more needs identification (settings.identificationThreshold); absent, nothing is said. */
  identificationThresholdMinor?: number | null;
}

export interface CartInput {
  siteId: number;
  settings: CartSettings;
  /** Min and max spend per product (GET /api/sites/{siteId}/products). */
  siteProducts?: SiteProduct[];
  /** The visitor's affiliate code, sent when a cart is created. */
  affiliateCode?: string | null;
  /** Epoch milliseconds for the countdown; Date.now unless a test drives the clock. */
  now?: () => number;
  /**
   * The page opened is reached only once the cart is checked out (the payment provider's return
   * page, domain/checkout-steps.ts isReachedAfterCheckout): the cart is not read.
   */
  checkedOut?: boolean;
}

/** A line to add: the calculator's or the view-cart link's currency and amount. */
export interface NewLine {
  currencyCode: string;
  /** Foreign units. */
  qty: number;
  productId: ProductId;
  storeId: number;
}

export interface CartContext {
  siteId: number;
  settings: CartSettings;
  siteProducts: SiteProduct[];
  affiliateCode: string | null;
  now: () => number;
  /** The page opened is reached only once the cart is checked out. */
  checkedOutOnOpening: boolean;
  /** The cart as the server last answered it; null when there is none. */
  cart: Cart | null;
  /** What the view-cart page asked for, until the cart is known. */
  request: ViewCartRequest | null;
  /** The line being added (after creating the cart when there was none). */
  pendingLine: NewLine | null;
  /** Who asked for the pending line, answered once it is saved or refused. */
  lineRequester: AnyActorRef | null;
  /** A line asked for while the cart was being read or written: added once it is settled. */
  queuedLine: LineRequest | null;
  /** Quantities typed per line id, waiting for the 600 ms pause. */
  lineEdits: Record<string, number>;
  /** The line whose update is on its way. */
  sendingLineId: string | null;
  /** 'Amount should be greater than 0' per line id. */
  lineErrors: Record<string, string>;
  removingLineId: string | null;
  /** The Buyback or Refund answer being saved. */
  pendingChoice: boolean | null;
  /** The required-answer messages show once the shopper tried to proceed. */
  showGuaranteeErrors: boolean;
  /** 'Proceed to checkout' was pressed while typed amounts were still unsent. */
  proceedRequested: boolean;
  /** The order is confirmed: the countdown stops as soon as it runs (it may not run yet). */
  countdownStopRequested: boolean;
  /** The last failed write or load, until dismissed. */
  problem: Problem | null;
  /** Why the last "Need more time?" was refused, shown beside the offer. */
  extensionProblem: Problem | null;
}

export type CartEvent =
  /** The view-cart page opened; `request` is domain/cart-link.ts viewCartRequestOf(location). */
  | { type: 'cart.viewOpened'; request: ViewCartRequest }
  /** Add to cart (calculator, 'Add new currency'): `replyTo` is answered with a CartLineAnswer. */
  | { type: 'cart.lineAdded'; line: NewLine; replyTo?: AnyActorRef }
  /** A line's amount as typed; null when the text is not a number. */
  | { type: 'cart.lineChanged'; lineId: string; qty: number | null }
  | { type: 'cart.lineRemoved'; lineId: string }
  | { type: 'cart.buybackChosen'; choice: boolean }
  | { type: 'cart.refundChosen'; choice: boolean }
  /** 'Proceed to checkout' on the view-cart page. */
  | { type: 'cart.checkoutRequested' }
  /** 'Review & checkout' in the header: the view-cart page of the cart's product. */
  | { type: 'cart.reviewRequested' }
  /** The countdown child reached 'Cart expired'. */
  | { type: 'countdown.expired' }
  /** 'Empty cart', or the tab change of the calculator: clear it, say so, go to /. */
  | { type: 'cart.abandonRequested' }
  /** The cart is gone on the server (the checkout abandoned it): forget it. */
  | { type: 'cart.abandoned' }
  /** Someone else wrote the cart (the calculator added a line): read it again. */
  | { type: 'cart.refreshRequested' }
  /** The order is confirmed: the countdown stops (spec 4.3). */
  | { type: 'countdown.stopRequested' }
  /** "Need more time?": extend the cart's hold (offered in the countdown's last 5 minutes). */
  | { type: 'cart.extendRequested' }
  | { type: 'problem.dismissed' };

/** The cart's answer to `cart.lineAdded`, sent to its `replyTo`. */
export type CartLineAnswer = { type: 'cart.lineSaved' } | { type: 'cart.lineRefused'; problem: Problem };

/** A line asked for and who asked (null: the view-cart link's line, nobody waits for it). */
export interface LineRequest {
  line: NewLine;
  replyTo: AnyActorRef | null;
}

export type CartEmitted =
  | { type: 'navigation.requested'; to: string }
  | { type: 'cart.lineInvalid'; lineId: string; message: string }
  | { type: 'error.reported'; error: unknown; where: string };

export type CartTag =
  | 'loading'
  /** No cart: 'No currency in your cart' in the header. */
  | 'empty'
  /** 'You have no cart' on the view-cart page, then /. */
  | 'noCart'
  /** "We couldn't get your cart". */
  | 'unavailable'
  /** A cart write is on its way. */
  | 'saving'
  | 'checkingOut'
  /** The order exists; the cart is no longer editable. */
  | 'checkedOut'
  /** "We've cleared your cart", then /. */
  | 'cleared'
  /** "Need more time?" is on its way, was granted, or was refused. */
  | 'extending'
  | 'extended'
  | 'extensionRefused';

/** GET /api/cart: the session's cart, or null when it has none (GET /cart answered 404). */
export type FetchCartOutput = Cart | null;
/** POST /cart. */
export type CreateCartInput = CreateCartRequest;
export type CreateCartOutput = Cart;
/** POST /api/cart/add. */
export type AddLineInput = CartLineRequest;
export type AddLineOutput = Cart;
/** PUT /api/cart/line/{id}. */
export interface UpdateLineInput {
  lineId: string;
  line: CartLineRequest;
}
export type UpdateLineOutput = Cart;
/** DELETE /api/cart/line/{id}. */
export interface RemoveLineInput {
  lineId: string;
}
export type RemoveLineOutput = Cart;
/** GET /api/cart/buyback?isBuyBack= and GET /api/cart/refund?isRefund=. */
export interface SetGuaranteeInput {
  choice: boolean;
}
export type SetGuaranteeOutput = Cart;
/** GET /api/cart/recreatewebcart?id=. */
export interface RecreateCartInput {
  webCartId: string;
}
export type RecreateCartOutput = Cart;
/** POST /api/cart/extend. */
export type ExtendCartOutput = Cart;
/** DELETE /cart. */
export type AbandonCartOutput = void;
/** POST /cart/checkout. */
export type CheckoutCartOutput = CheckoutResponse;

const notProvided = (name: string) => () => Promise.reject(new Error(`${name} not provided`));

const HOME = '/';

function guaranteeContextOf(context: CartContext, cart: Cart): GuaranteeContext {
  return { productId: cart.product.id, ...context.settings };
}

function linesTotalMinor(cart: Cart): number {
  return toMinor(cart.linesTotal, GBP_CODE);
}

function spendOf(context: CartContext, cart: Cart): SpendCheck {
  const siteProduct = context.siteProducts.find((p) => p.productId === cart.product.id);
  return checkSpend(linesTotalMinor(cart), spendLimitsOf(siteProduct), GBP_CODE);
}

function guaranteeErrorsOf(context: CartContext, cart: Cart): GuaranteeErrors {
  return guaranteeErrors(
    { buyback: cart.buyBackGuarantee, refund: cart.refundGuarantee },
    linesTotalMinor(cart),
    guaranteeContextOf(context, cart),
  );
}

function lineOf(cart: Cart | null, lineId: string): CartLine | undefined {
  return cart?.lines.find((l) => l.id === lineId);
}

function without<T>(record: Record<string, T>, key: string): Record<string, T> {
  const { [key]: _dropped, ...rest } = record;
  return rest;
}

type CartSummary = { productId: ProductId; storeId: number; currencyCode: string | null } | null;

function summaryOf(cart: Cart | null): CartSummary {
  return cart === null ? null : { productId: cart.product.id, storeId: cart.store.id, currencyCode: cart.currencyCode };
}

function sameSummary(a: CartSummary, b: CartSummary): boolean {
  if (a === null || b === null) return a === b;
  return a.productId === b.productId && a.storeId === b.storeId && a.currencyCode === b.currencyCode;
}

/**
 * What the other actors of the system are told when the cart changes: the calculator its
 * product, branch and currency (they force its own), the 'Add new currency' form its lines, branch and product.
 */
function changeNotices(before: Cart | null, after: Cart | null): Array<{ systemId: 'calculator' | 'newLine'; event: AnyEventObject }> {
  const notices: Array<{ systemId: 'calculator' | 'newLine'; event: AnyEventObject }> = [];
  const summary = summaryOf(after);
  if (!sameSummary(summaryOf(before), summary)) notices.push({ systemId: 'calculator', event: { type: 'cart.updated', cart: summary } });
  // The form needs the lines (offered currencies) and the branch and product (its quotes).
  if (after !== null && (before?.lines !== after.lines || before.store.id !== after.store.id || before.product.id !== after.product.id)) {
    notices.push({ systemId: 'newLine', event: { type: 'cart.linesChanged', lines: after.lines, storeId: after.store.id, productId: after.product.id } });
  }
  return notices;
}

/** POST /cart for the line on its way: at its store, for its product. */
const createCartInput = ({ context }: { context: CartContext }): CreateCartInput => ({
  storeId: context.pendingLine?.storeId ?? 1,
  productId: context.pendingLine?.productId ?? 2,
  affiliateCode: context.affiliateCode,
});

const toNewLine = (link: CartLink): NewLine => ({
  currencyCode: link.currencyCode,
  qty: link.amount,
  productId: link.productId,
  storeId: link.storeId,
});

export const cartMachine = setup({
  types: {
    input: {} as CartInput,
    context: {} as CartContext,
    events: {} as CartEvent,
    emitted: {} as CartEmitted,
    tags: {} as CartTag,
    children: {} as {
      fetchCart: 'fetchCart';
      createCart: 'createCart';
      addLine: 'addLine';
      updateLine: 'updateLine';
      removeLine: 'removeLine';
      setBuyback: 'setBuyback';
      setRefund: 'setRefund';
      recreateCart: 'recreateCart';
      abandonCart: 'abandonCart';
      checkoutCart: 'checkoutCart';
      extendCart: 'extendCart';
      countdown: 'countdown';
    },
  },
  actors: {
    fetchCart: fromPromise<FetchCartOutput>(notProvided('fetchCart')),
    createCart: fromPromise<CreateCartOutput, CreateCartInput>(notProvided('createCart')),
    addLine: fromPromise<AddLineOutput, AddLineInput>(notProvided('addLine')),
    updateLine: fromPromise<UpdateLineOutput, UpdateLineInput>(notProvided('updateLine')),
    removeLine: fromPromise<RemoveLineOutput, RemoveLineInput>(notProvided('removeLine')),
    setBuyback: fromPromise<SetGuaranteeOutput, SetGuaranteeInput>(notProvided('setBuyback')),
    setRefund: fromPromise<SetGuaranteeOutput, SetGuaranteeInput>(notProvided('setRefund')),
    recreateCart: fromPromise<RecreateCartOutput, RecreateCartInput>(notProvided('recreateCart')),
    abandonCart: fromPromise<AbandonCartOutput>(notProvided('abandonCart')),
    checkoutCart: fromPromise<CheckoutCartOutput>(notProvided('checkoutCart')),
    extendCart: fromPromise<ExtendCartOutput>(notProvided('extendCart')),
    // The countdown tells the cart when it runs out, so what the cart allows changes at once.
    countdown: countdownMachine.provide({ actions: { announceExpiry: sendParent({ type: 'countdown.expired' }) } }),
  },
  actions: {
    rememberCart: enqueueActions(({ context, enqueue, system }, params: { cart: Cart | null }) => {
      enqueue.assign({ cart: params.cart });
      for (const { systemId, event } of changeNotices(context.cart, params.cart)) {
        const target: AnyActorRef | undefined = system.get(systemId);
        if (target) enqueue.sendTo(target, event);
      }
    }),
    forgetCart: enqueueActions(({ context, enqueue, system }) => {
      enqueue.assign({
        cart: null,
        lineEdits: {},
        lineErrors: {},
        sendingLineId: null,
        pendingLine: null,
        lineRequester: null,
        showGuaranteeErrors: false,
        proceedRequested: false,
        countdownStopRequested: false,
      });
      for (const { systemId, event } of changeNotices(context.cart, null)) {
        const target: AnyActorRef | undefined = system.get(systemId);
        if (target) enqueue.sendTo(target, event);
      }
    }),
    rememberRequest: assign({ request: (_, params: { request: ViewCartRequest }) => params.request }),
    forgetRequest: assign({ request: null }),
    takeRequestedLine: assign(({ context }) =>
      context.request?.kind === 'line' ? { pendingLine: toNewLine(context.request.line), request: null } : { request: null },
    ),
    rememberPendingLine: assign((_, params: LineRequest) => ({ pendingLine: params.line, lineRequester: params.replyTo })),
    forgetPendingLine: assign({ pendingLine: null, lineRequester: null }),
    queueLine: assign({ queuedLine: (_, params: LineRequest) => params }),
    takeQueuedLine: assign(({ context }) => ({ pendingLine: context.queuedLine?.line ?? null, lineRequester: context.queuedLine?.replyTo ?? null, queuedLine: null })),
    requeueLineInFlight: assign(({ context }) =>
      context.lineRequester !== null && context.pendingLine !== null && context.queuedLine === null
        ? { queuedLine: { line: context.pendingLine, replyTo: context.lineRequester }, pendingLine: null, lineRequester: null }
        : {},
    ),
    /** The requester of the pending line hears it is in the cart. */
    answerLineSaved: enqueueActions(({ context, enqueue }) => {
      if (context.lineRequester) enqueue.sendTo(context.lineRequester, { type: 'cart.lineSaved' } satisfies CartLineAnswer);
    }),
    /** The requester of the pending line hears why it is not in the cart. */
    answerLineRefused: enqueueActions(({ context, enqueue }, params: { error: unknown }) => {
      const answer: CartLineAnswer = { type: 'cart.lineRefused', problem: problemOf(params.error) };
      if (context.lineRequester) enqueue.sendTo(context.lineRequester, answer);
    }),
    /** A cart that could not be read, or is checked out, takes no line: refused with its problem. */
    refuseLine: enqueueActions(({ context, enqueue }, params: { replyTo: AnyActorRef | null }) => {
      const answer: CartLineAnswer = { type: 'cart.lineRefused', problem: context.problem ?? { title: messages.cartFetchFailed } };
      if (params.replyTo) enqueue.sendTo(params.replyTo, answer);
    }),
    /** The same for a line that waited for the cart to settle. */
    refuseQueuedLine: enqueueActions(({ context, enqueue }) => {
      if (context.queuedLine === null) return;
      const answer: CartLineAnswer = { type: 'cart.lineRefused', problem: context.problem ?? { title: messages.cartFetchFailed } };
      if (context.queuedLine.replyTo) enqueue.sendTo(context.queuedLine.replyTo, answer);
      enqueue.assign({ queuedLine: null });
    }),
    rememberLineEdit: assign(({ context }, params: { lineId: string; qty: number }) => ({
      lineEdits: { ...context.lineEdits, [params.lineId]: params.qty },
      lineErrors: without(context.lineErrors, params.lineId),
    })),
    rejectLineEdit: assign(({ context }, params: { lineId: string }) => ({
      lineEdits: without(context.lineEdits, params.lineId),
      lineErrors: { ...context.lineErrors, [params.lineId]: messages.amountGreaterThanZero },
    })),
    announceInvalidLine: emit((_, params: { lineId: string }) => ({
      type: 'cart.lineInvalid' as const,
      lineId: params.lineId,
      message: messages.amountGreaterThanZero,
    })),
    pickLineToSend: assign({ sendingLineId: ({ context }) => Object.keys(context.lineEdits)[0] ?? null }),
    dropSentLineEdit: assign(({ context }) => ({
      lineEdits: context.sendingLineId === null ? context.lineEdits : without(context.lineEdits, context.sendingLineId),
      sendingLineId: null,
    })),
    rememberRemoval: assign(({ context }, params: { lineId: string }) => ({
      removingLineId: params.lineId,
      lineEdits: without(context.lineEdits, params.lineId),
      lineErrors: without(context.lineErrors, params.lineId),
    })),
    forgetRemoval: assign({ removingLineId: null }),
    rememberChoice: assign({ pendingChoice: (_, params: { choice: boolean }) => params.choice }),
    revealGuaranteeErrors: assign({ showGuaranteeErrors: true }),
    rememberProceed: assign({ proceedRequested: true }),
    forgetProceed: assign({ proceedRequested: false }),
    rememberProblem: assign({ problem: (_, params: { error: unknown }) => problemOf(params.error) }),
    forgetProblem: assign({ problem: null }),
    rememberExtensionProblem: assign({ extensionProblem: (_, params: { error: unknown }) => problemOf(params.error) }),
    forgetExtensionProblem: assign({ extensionProblem: null }),
    syncCountdown: sendTo('countdown', ({ context }) => ({
      type: 'countdown.reset' as const,
      expiresAt: context.cart?.expiresAt ?? '',
    })),
    stopCountdown: sendTo('countdown', { type: 'countdown.stopped' as const }),
    rememberCountdownStop: assign({ countdownStopRequested: true }),
    // Entry actions run before the state's invocations start: the stop follows as an event.
    stopCountdownIfRequested: enqueueActions(({ context, enqueue }) => {
      if (context.countdownStopRequested) enqueue.raise({ type: 'countdown.stopRequested' });
    }),
    goHome: emit({ type: 'navigation.requested' as const, to: HOME }),
    goToViewCart: emit(({ context }) => ({
      type: 'navigation.requested' as const,
      to: context.cart === null ? HOME : viewCartPath(context.cart.product.id),
    })),
    // The checkout moves on to the delivery step.
    announceCheckout: enqueueActions(({ enqueue, system }, params: { order: CheckoutResponse }) => {
      const checkout: AnyActorRef | undefined = system.get('checkout');
      if (checkout) enqueue.sendTo(checkout, { type: 'cart.checkedOut', orderId: params.order.orderId, externalOrderId: params.order.externalOrderId });
    }),
    reportError: emit((_, params: { error: unknown; where: string }) => ({
      type: 'error.reported' as const,
      error: params.error,
      where: params.where,
    })),
  },
  guards: {
    isCheckedOutOnOpening: ({ context }) => context.checkedOutOnOpening,
    hasCart: ({ context }) => context.cart !== null,
    hasQueuedLine: ({ context }) => context.queuedLine !== null,
    hasLines: ({ context }) => (context.cart?.lines.length ?? 0) > 0,
    isCartExpired: ({ context }) => context.cart !== null && isCartExpired(context.cart.expiresAt, new Date(context.now())),
    canExtend: ({ context }) => context.cart !== null && canExtendCart(context.cart.expiresAt, new Date(context.now()), context.cart.extensionsLeft),
    isCartMissing: (_, params: { error: unknown }) => isNotFoundError(params.error) || isUnauthorizedError(params.error),
    isRecreateRequested: ({ context }) => context.request?.kind === 'recreate',
    isLineRequested: ({ context }) => context.request?.kind === 'line',
    isViewRequested: ({ context }) => context.request !== null,
    isQuantityInvalid: (_, params: { qty: number | null }) => lineQuantityError(params.qty) !== null,
    isLineInCart: ({ context }, params: { lineId: string }) => lineOf(context.cart, params.lineId) !== undefined,
    hasPendingEdits: ({ context }) => Object.keys(context.lineEdits).length > 0,
    isProceedRequested: ({ context }) => context.proceedRequested,
    isBuybackEligible: ({ context }) =>
      context.cart !== null && isBuybackEligible(linesTotalMinor(context.cart), guaranteeContextOf(context, context.cart)),
    isRefundOffered: ({ context }) => context.cart !== null && isRefundOffered(guaranteeContextOf(context, context.cart)),
    isSpendAllowed: ({ context }) => context.cart !== null && spendOf(context, context.cart).canProceed,
    areGuaranteesAnswered: ({ context }) => context.cart !== null && guaranteesAnswered(guaranteeErrorsOf(context, context.cart)),
  },
  delays: {
    LINE_DEBOUNCE: LINE_UPDATE_DEBOUNCE_MS,
    REDIRECT: REDIRECT_DELAY_MS,
  },
}).createMachine({
  id: 'cart',
  context: ({ input }) => ({
    siteId: input.siteId,
    settings: input.settings,
    siteProducts: input.siteProducts ?? [],
    affiliateCode: input.affiliateCode ?? null,
    now: input.now ?? Date.now,
    checkedOutOnOpening: input.checkedOut ?? false,
    cart: null,
    request: null,
    pendingLine: null,
    lineRequester: null,
    queuedLine: null,
    lineEdits: {},
    sendingLineId: null,
    lineErrors: {},
    removingLineId: null,
    pendingChoice: null,
    showGuaranteeErrors: false,
    proceedRequested: false,
    countdownStopRequested: false,
    problem: null,
    extensionProblem: null,
  }),
  initial: 'opening',
  on: {
    // Kept until the cart is known; the states that can act on it at once say so.
    'cart.viewOpened': { actions: { type: 'rememberRequest', params: ({ event }) => ({ request: event.request }) } },
    // A line being saved when the cart is dropped or read again is asked for again once the cart
    // is settled, so its requester always hears an answer.
    'cart.abandoned': { target: '.none', actions: ['requeueLineInFlight', 'forgetCart'] },
    'cart.refreshRequested': { target: '.loading', actions: 'requeueLineInFlight' },
    'problem.dismissed': { actions: 'forgetProblem' },
    // Asked for while the cart is being read or written: kept until it is settled.
    'cart.lineAdded': { actions: { type: 'queueLine', params: ({ event }) => ({ line: event.line, replyTo: event.replyTo ?? null }) } },
    // Kept until the countdown runs.
    'countdown.stopRequested': { actions: 'rememberCountdownStop' },
  },
  states: {
    /** The cart is read, unless the page opened is reached only once it is checked out. */
    opening: {
      always: [{ guard: 'isCheckedOutOnOpening', target: 'orderPlaced' }, { target: 'loading' }],
    },

    /**
     * The page opened is reached only once the cart is checked out (the payment provider's return
     * page, in its frame): the cart is the order being paid for, which GET /api/cart no longer
     * answers once the order is completed, so it is not asked for. A line asked for is refused.
     * No screen shows the cart here.
     */
    orderPlaced: {
      tags: ['checkedOut'],
      meta: { view: false },
      on: { 'cart.lineAdded': { actions: { type: 'refuseLine', params: ({ event }) => ({ replyTo: event.replyTo ?? null }) } } },
    },

    loading: {
      tags: ['loading'],
      invoke: {
        id: 'fetchCart',
        src: 'fetchCart',
        onDone: {
          target: 'settling',
          actions: { type: 'rememberCart', params: ({ event }) => ({ cart: event.output }) },
        },
        onError: [
          // 404: no cart; 401/403: the session is being replaced, so neither is this cart.
          {
            guard: { type: 'isCartMissing', params: ({ event }) => ({ error: event.error }) },
            target: 'settling',
            actions: 'forgetCart',
          },
          {
            target: 'unavailable',
            actions: { type: 'rememberProblem', params: ({ event }) => ({ error: event.error }) },
          },
        ],
      },
    },

    /** Decides where a known cart (or its absence) and the view-cart request lead. */
    settling: {
      always: [
        { guard: 'isRecreateRequested', target: 'recreating' },
        { guard: and(['isLineRequested', 'hasCart']), target: 'open.lines.addingLine', actions: 'takeRequestedLine' },
        { guard: 'isLineRequested', target: 'creatingFromLink', actions: 'takeRequestedLine' },
        { guard: 'hasCart', target: 'open', actions: 'forgetRequest' },
        { guard: 'isViewRequested', target: 'noCart', actions: 'forgetRequest' },
        { target: 'none' },
      ],
    },

    none: {
      tags: ['empty'],
      always: { guard: 'hasQueuedLine', target: 'creating', actions: 'takeQueuedLine' },
      on: {
        'cart.viewOpened': {
          target: 'settling',
          actions: { type: 'rememberRequest', params: ({ event }) => ({ request: event.request }) },
        },
        'cart.lineAdded': {
          target: 'creating',
          actions: { type: 'rememberPendingLine', params: ({ event }) => ({ line: event.line, replyTo: event.replyTo ?? null }) },
        },
      },
    },

    noCart: {
      tags: ['noCart', 'empty'],
      after: { REDIRECT: { target: 'none', actions: 'goHome' } },
    },

    unavailable: {
      tags: ['unavailable'],
      entry: 'refuseQueuedLine',
      on: { 'cart.lineAdded': { actions: { type: 'refuseLine', params: ({ event }) => ({ replyTo: event.replyTo ?? null }) } } },
    },

    /** Add to cart with no cart yet: refused, the calculator shows why and stays as it was. */
    creating: {
      tags: ['saving'],
      invoke: {
        id: 'createCart',
        src: 'createCart',
        input: createCartInput,
        onDone: {
          target: 'open.lines.addingLine',
          actions: { type: 'rememberCart', params: ({ event }) => ({ cart: event.output }) },
        },
        onError: {
          target: 'none',
          actions: [
            { type: 'answerLineRefused', params: ({ event }) => ({ error: event.error }) },
            'forgetPendingLine',
            { type: 'rememberProblem', params: ({ event }) => ({ error: event.error }) },
          ],
        },
      },
    },

    /**
     * The view-cart link's line, with no cart yet. Refused, there is no cart to show and none
     * coming: the problem pops up (spec 8) and the page says 'You have no cart', then goes to /
     * a second later (spec 4.3, 8), rather than waiting on a cart that will not be made.
     */
    creatingFromLink: {
      tags: ['saving'],
      invoke: {
        id: 'createCart',
        src: 'createCart',
        input: createCartInput,
        onDone: {
          target: 'open.lines.addingLine',
          actions: { type: 'rememberCart', params: ({ event }) => ({ cart: event.output }) },
        },
        onError: {
          target: 'noCart',
          actions: ['forgetPendingLine', { type: 'rememberProblem', params: ({ event }) => ({ error: event.error }) }],
        },
      },
    },

    recreating: {
      tags: ['loading'],
      exit: 'forgetRequest',
      invoke: {
        id: 'recreateCart',
        src: 'recreateCart',
        input: ({ context }) => ({ webCartId: context.request?.kind === 'recreate' ? context.request.webCartId : '' }),
        onDone: {
          target: 'open',
          actions: { type: 'rememberCart', params: ({ event }) => ({ cart: event.output }) },
        },
        onError: {
          target: 'unavailable',
          actions: { type: 'rememberProblem', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },

    /** A cart exists; its countdown runs until the order is confirmed. */
    open: {
      type: 'parallel',
      entry: 'stopCountdownIfRequested',
      invoke: {
        id: 'countdown',
        src: 'countdown',
        input: ({ context }) => ({ expiresAt: context.cart?.expiresAt ?? '', now: context.now }),
        onError: {
          actions: { type: 'reportError', params: ({ event }) => ({ error: event.error, where: 'cart.countdown' }) },
        },
      },
      on: {
        'cart.viewOpened': {
          target: 'settling',
          actions: { type: 'rememberRequest', params: ({ event }) => ({ request: event.request }) },
        },
        'countdown.stopRequested': { actions: ['rememberCountdownStop', 'stopCountdown'] },
        // 'Cart expired': a checkout waiting for typed amounts is called off.
        'countdown.expired': { actions: 'forgetProceed' },
        'cart.reviewRequested': { guard: and(['hasLines', not('isCartExpired')]), actions: 'goToViewCart' },
        // Typed while another write is on its way: kept, and sent once the chart is editable again.
        'cart.lineChanged': [
          {
            guard: { type: 'isQuantityInvalid', params: ({ event }) => ({ qty: event.qty }) },
            actions: [
              { type: 'rejectLineEdit', params: ({ event }) => ({ lineId: event.lineId }) },
              { type: 'announceInvalidLine', params: ({ event }) => ({ lineId: event.lineId }) },
            ],
          },
          {
            guard: { type: 'isLineInCart', params: ({ event }) => ({ lineId: event.lineId }) },
            actions: { type: 'rememberLineEdit', params: ({ event }) => ({ lineId: event.lineId, qty: event.qty ?? 0 }) },
          },
        ],
      },
      states: {
        lines: {
          initial: 'editable',
          states: {
          editable: {
            initial: 'resuming',
            on: {
              'cart.lineChanged': [
                {
                  guard: { type: 'isQuantityInvalid', params: ({ event }) => ({ qty: event.qty }) },
                  actions: [
                    { type: 'rejectLineEdit', params: ({ event }) => ({ lineId: event.lineId }) },
                    { type: 'announceInvalidLine', params: ({ event }) => ({ lineId: event.lineId }) },
                  ],
                },
                {
                  guard: { type: 'isLineInCart', params: ({ event }) => ({ lineId: event.lineId }) },
                  // Each keystroke starts the 600 ms pause again.
                  target: '.editing',
                  actions: { type: 'rememberLineEdit', params: ({ event }) => ({ lineId: event.lineId, qty: event.qty ?? 0 }) },
                },
              ],
              'cart.lineRemoved': {
                guard: { type: 'isLineInCart', params: ({ event }) => ({ lineId: event.lineId }) },
                target: '#cart.open.lines.removingLine',
                actions: { type: 'rememberRemoval', params: ({ event }) => ({ lineId: event.lineId }) },
              },
              'cart.lineAdded': {
                target: '#cart.open.lines.addingLine',
                actions: { type: 'rememberPendingLine', params: ({ event }) => ({ line: event.line, replyTo: event.replyTo ?? null }) },
              },
              'cart.buybackChosen': {
                guard: 'isBuybackEligible',
                target: '#cart.open.lines.savingBuyback',
                actions: { type: 'rememberChoice', params: ({ event }) => ({ choice: event.choice }) },
              },
              'cart.refundChosen': {
                guard: 'isRefundOffered',
                target: '#cart.open.lines.savingRefund',
                actions: { type: 'rememberChoice', params: ({ event }) => ({ choice: event.choice }) },
              },
              'cart.checkoutRequested': [
                // An expired cart cannot be checked out (spec 4.3, 8: 'Cart expired').
                { guard: 'isCartExpired' },
                // Typed amounts are sent first; the checkout follows once they are saved.
                { guard: 'hasPendingEdits', target: '.updatingLine', actions: 'rememberProceed' },
                { guard: and(['isSpendAllowed', 'areGuaranteesAnswered']), target: '#cart.open.lines.checkingOut' },
                // The spend rule disables the button; unanswered questions show their messages.
                { guard: 'isSpendAllowed', actions: 'revealGuaranteeErrors' },
              ],
              'cart.abandonRequested': { target: '#cart.abandoning' },
            },
            states: {
              /** Back from a write: typed amounts wait again, or a requested checkout goes ahead. */
              resuming: {
                always: [
                  { guard: 'hasQueuedLine', target: '#cart.open.lines.addingLine', actions: 'takeQueuedLine' },
                  { guard: and(['isProceedRequested', 'hasPendingEdits']), target: 'updatingLine' },
                  { guard: 'hasPendingEdits', target: 'editing' },
                  {
                    guard: and(['isProceedRequested', 'isSpendAllowed', 'areGuaranteesAnswered']),
                    target: '#cart.open.lines.checkingOut',
                    actions: 'forgetProceed',
                  },
                  { guard: 'isProceedRequested', target: 'idle', actions: ['forgetProceed', 'revealGuaranteeErrors'] },
                  { target: 'idle' },
                ],
              },
              idle: {},
              editing: {
                after: {
                  // An amount typed and then refused leaves nothing to send.
                  LINE_DEBOUNCE: [{ guard: 'hasPendingEdits', target: 'updatingLine' }, { target: 'resuming' }],
                },
              },
              updatingLine: {
                tags: ['saving'],
                entry: 'pickLineToSend',
                invoke: {
                  id: 'updateLine',
                  src: 'updateLine',
                  input: ({ context }) => {
                    const lineId = context.sendingLineId ?? '';
                    return {
                      lineId,
                      line: { currencyCode: lineOf(context.cart, lineId)?.currency.code ?? '', qty: context.lineEdits[lineId] ?? 0 },
                    };
                  },
                  onDone: {
                    target: 'resuming',
                    actions: [
                      { type: 'rememberCart', params: ({ event }) => ({ cart: event.output }) },
                      'dropSentLineEdit',
                      'syncCountdown',
                    ],
                  },
                  // The shopper reads the problem before any checkout goes ahead.
                  onError: {
                    target: 'resuming',
                    actions: [
                      'dropSentLineEdit',
                      'forgetProceed',
                      { type: 'rememberProblem', params: ({ event }) => ({ error: event.error }) },
                    ],
                  },
                },
              },
            },
          },
          addingLine: {
            tags: ['saving'],
            invoke: {
              id: 'addLine',
              src: 'addLine',
              input: ({ context }) => ({ currencyCode: context.pendingLine?.currencyCode ?? '', qty: context.pendingLine?.qty ?? 0 }),
              onDone: {
                target: 'editable',
                actions: [{ type: 'rememberCart', params: ({ event }) => ({ cart: event.output }) }, 'answerLineSaved', 'forgetPendingLine', 'syncCountdown'],
              },
              onError: {
                target: 'editable',
                actions: [
                  { type: 'answerLineRefused', params: ({ event }) => ({ error: event.error }) },
                  'forgetPendingLine',
                  { type: 'rememberProblem', params: ({ event }) => ({ error: event.error }) },
                ],
              },
            },
          },
          removingLine: {
            tags: ['saving'],
            invoke: {
              id: 'removeLine',
              src: 'removeLine',
              input: ({ context }) => ({ lineId: context.removingLineId ?? '' }),
              onDone: {
                target: 'editable',
                actions: [{ type: 'rememberCart', params: ({ event }) => ({ cart: event.output }) }, 'forgetRemoval', 'syncCountdown'],
              },
              onError: {
                target: 'editable',
                actions: ['forgetRemoval', { type: 'rememberProblem', params: ({ event }) => ({ error: event.error }) }],
              },
            },
          },
          savingBuyback: {
            tags: ['saving'],
            invoke: {
              id: 'setBuyback',
              src: 'setBuyback',
              input: ({ context }) => ({ choice: context.pendingChoice ?? false }),
              onDone: {
                target: 'editable',
                actions: [{ type: 'rememberCart', params: ({ event }) => ({ cart: event.output }) }, 'syncCountdown'],
              },
              onError: {
                target: 'editable',
                actions: { type: 'rememberProblem', params: ({ event }) => ({ error: event.error }) },
              },
            },
          },
          savingRefund: {
            tags: ['saving'],
            invoke: {
              id: 'setRefund',
              src: 'setRefund',
              input: ({ context }) => ({ choice: context.pendingChoice ?? false }),
              onDone: {
                target: 'editable',
                actions: [{ type: 'rememberCart', params: ({ event }) => ({ cart: event.output }) }, 'syncCountdown'],
              },
              onError: {
                target: 'editable',
                actions: { type: 'rememberProblem', params: ({ event }) => ({ error: event.error }) },
              },
            },
          },
          checkingOut: {
            tags: ['checkingOut'],
            invoke: {
              id: 'checkoutCart',
              src: 'checkoutCart',
              onDone: {
                target: 'checkedOut',
                actions: { type: 'announceCheckout', params: ({ event }) => ({ order: event.output }) },
              },
              onError: {
                target: 'editable',
                actions: { type: 'rememberProblem', params: ({ event }) => ({ error: event.error }) },
              },
            },
          },
          checkedOut: {
            tags: ['checkedOut'],
            entry: 'refuseQueuedLine',
            on: { 'cart.lineAdded': { actions: { type: 'refuseLine', params: ({ event }) => ({ replyTo: event.replyTo ?? null }) } } },
          },

          },
        },
        /**
         * "Need more time?" (WCAG 2.2.1): in the countdown's last 5 minutes the shopper may extend
         * the hold, each time by the cart's TTL, while the server allows (cart.extensionsLeft).
         */
        time: {
          initial: 'held',
          states: {
            /** As the cart was made or read. */
            held: { on: { 'cart.extendRequested': { guard: 'canExtend', target: 'extending' } } },
            extending: {
              tags: ['extending'],
              entry: 'forgetExtensionProblem',
              invoke: {
                id: 'extendCart',
                src: 'extendCart',
                onDone: {
                  target: 'extended',
                  actions: [{ type: 'rememberCart', params: ({ event }) => ({ cart: event.output }) }, 'syncCountdown'],
                },
                onError: {
                  target: 'refused',
                  actions: { type: 'rememberExtensionProblem', params: ({ event }) => ({ error: event.error }) },
                },
              },
            },
            /** "We've added 30 minutes. Your cart is now held until 14:32." */
            extended: { tags: ['extended'], on: { 'cart.extendRequested': { guard: 'canExtend', target: 'extending' } } },
            /** The server's reason (no more time, too early, expired) or a failed call; asking again is allowed. */
            refused: { tags: ['extensionRefused'], on: { 'cart.extendRequested': { guard: 'canExtend', target: 'extending' } } },
          },
        },
      },
    },

    abandoning: {
      tags: ['saving'],
      invoke: {
        id: 'abandonCart',
        src: 'abandonCart',
        onDone: { target: 'cleared', actions: 'forgetCart' },
        onError: {
          target: 'open',
          actions: { type: 'rememberProblem', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },

    cleared: {
      tags: ['cleared', 'empty'],
      after: { REDIRECT: { target: 'none', actions: 'goHome' } },
    },
  },
});

export type CartMachine = typeof cartMachine;
export type CartSnapshot = SnapshotFrom<CartMachine>;

export interface CartLineView extends CartLine {
  /** The amount to show: as typed while unsent, else as saved. */
  shownQty: number;
  /** 'Amount should be greater than 0'. */
  error: string | null;
  /** A typed amount is waiting or on its way. */
  saving: boolean;
}

export function selectCartLines(snapshot: CartSnapshot): CartLineView[] {
  const { cart, lineEdits, lineErrors, sendingLineId } = snapshot.context;
  return (cart?.lines ?? []).map((line) => ({
    ...line,
    shownQty: lineEdits[line.id] ?? line.qty,
    error: lineErrors[line.id] ?? null,
    saving: line.id in lineEdits || line.id === sendingLineId,
  }));
}

export function selectLineCount(snapshot: CartSnapshot): number {
  return snapshot.context.cart?.lines.length ?? 0;
}

/** What the calculator needs to know of the cart: it forces its type, product and branch. */
export function selectCartSummary(snapshot: CartSnapshot): CartSummary {
  return summaryOf(snapshot.context.cart);
}

/** The countdown child, for useSelector(ref, ...); undefined while there is no cart. */
export function selectCountdownRef(snapshot: CartSnapshot) {
  return snapshot.children.countdown;
}

/** The page-level message: cleared, no cart, or the cart could not be read (spec 4.3, 8). */
export function selectCartNotice(snapshot: CartSnapshot): string | null {
  if (snapshot.hasTag('cleared')) return messages.cartCleared;
  if (snapshot.hasTag('noCart')) return messages.noCart;
  if (snapshot.hasTag('unavailable')) return messages.cartFetchFailed;
  return null;
}

export interface ViewCartRules {
  buybackOffered: boolean;
  /** The Buyback radios are enabled. */
  buybackEligible: boolean;
  /** "Your cart is too small to use the Buyback Guarantee. It's available on carts of £150 or more." */
  buybackNotice: string | null;
  refundOffered: boolean;
  buybackChoice: boolean | null;
  refundChoice: boolean | null;
  /** The required-answer messages, once the shopper tried to proceed. */
  guaranteeErrors: GuaranteeErrors;
  /** The spend rule: its message, and whether 'Proceed to checkout' is enabled. */
  spend: SpendCheck;
  /** What the order will need at the counter or before it is sent (domain/identification.ts). */
  identification: IdentificationNotice | null;
}

export function selectViewCartRules(snapshot: CartSnapshot): ViewCartRules | null {
  const { context } = snapshot;
  const { cart } = context;
  if (cart === null) return null;
  const ctx = guaranteeContextOf(context, cart);
  const total = linesTotalMinor(cart);
  const errors = guaranteeErrorsOf(context, cart);
  return {
    buybackOffered: isBuybackOffered(ctx),
    buybackEligible: isBuybackEligible(total, ctx),
    buybackNotice: buybackNotice(total, ctx),
    refundOffered: isRefundOffered(ctx),
    buybackChoice: cart.buyBackGuarantee,
    refundChoice: cart.refundGuarantee,
    guaranteeErrors: context.showGuaranteeErrors ? errors : { buyback: null, refund: null },
    spend: spendOf(context, cart),
    identification: identificationNoticeOf(cart.product.id, toMinor(cart.total, GBP_CODE), context.settings.identificationThresholdMinor ?? null),
  };
}

/** "Need more time?" as the header cart and the checkout header show it. */
export interface MoreTimeView {
  /** 'Add 30 minutes', while more time may be asked for (or is on its way); null otherwise. */
  offer: string | null;
  extending: boolean;
  /** "We've added 30 minutes. Your cart is now held until 14:32." */
  added: string | null;
  /** Why no time was added (the server's words). */
  refusal: string | null;
  /** In the last 5 minutes with nothing more to add. */
  usedUp: boolean;
  /**
   * What the polite live region says: the warning as the countdown enters its last 5 minutes,
   * then the outcome. It changes at those moments only, never with each second.
   */
  announcement: string;
}

/** `expiring`: the countdown's 'expiring' (under 300 s, not expired), read from its child. */
export function selectMoreTime(snapshot: CartSnapshot, expiring: boolean): MoreTimeView | null {
  const { cart, extensionProblem } = snapshot.context;
  if (cart === null || !snapshot.matches('open')) return null;
  const extending = snapshot.hasTag('extending');
  const added = snapshot.hasTag('extended') ? moreTimeAddedText(cart.extensionMinutes, cart.expiresAt) : null;
  const refusal = snapshot.hasTag('extensionRefused') ? (extensionProblem?.detail ?? extensionProblem?.title ?? messages.moreTimeFailed) : null;
  const offered = extending || (expiring && cart.extensionsLeft > 0);
  return {
    offer: offered ? addMoreTimeLabel(cart.extensionMinutes) : null,
    extending,
    added,
    refusal,
    usedUp: expiring && !extending && cart.extensionsLeft === 0,
    announcement: refusal ?? added ?? (expiring || extending ? moreTimeWarningText(cart.extensionMinutes, cart.extensionsLeft) : ''),
  };
}
