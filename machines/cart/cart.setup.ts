/**
 * The cart chart's named implementations: its actors (I/O, supplied by src/app/actors.ts, and
 * the countdown child), actions, guards (each a question answered by a domain/ rule) and delays.
 * The chart itself is cart.machine.ts.
 */
import {
  assign,
  emit,
  enqueueActions,
  sendParent,
  sendTo,
  setup,
  type AnyActorRef,
} from 'xstate';
import { providedLater } from '../provided-later.ts';
import type { CartLink, ViewCartRequest } from '#domain/cart-link.ts';
import type { Cart, CartLine, CheckoutResponse } from '#domain/contract/cart.ts';
import { isCartExpired } from '#domain/countdown.ts';
import { canExtendCart } from '#domain/more-time.ts';
import { guaranteesAnswered, isBuybackEligible, isRefundOffered } from '#domain/guarantees.ts';
import { messages } from '#domain/messages.ts';
import { REDIRECT_DELAY_MS } from '#domain/delays.ts';
import { LINE_UPDATE_DEBOUNCE_MS, lineQuantityError } from '#domain/pricing.ts';
import { isNotFoundError, isUnauthorizedError, problemOf } from '#domain/problem.ts';
import { viewCartPath } from '#domain/products.ts';
import { summaryOf } from './cart-summary.ts';
import { countdownMachine } from './countdown.machine.ts';
import { SYSTEM_ID, systemActor } from '#machines/system.ts';
import { cartGuaranteeContext, cartGuaranteeErrors, cartLinesMinor, cartSpend } from '#domain/cart-rules.ts';
import type {
  AbandonCartOutput,
  AddLineInput,
  AddLineOutput,
  CartContext,
  CartEmitted,
  CartEvent,
  CartInput,
  CartLineAnswer,
  CartSummary,
  CartTag,
  CheckoutCartOutput,
  CreateCartInput,
  CreateCartOutput,
  ExtendCartOutput,
  FetchCartOutput,
  LineRequest,
  NewLine,
  RecreateCartInput,
  RecreateCartOutput,
  RemoveLineInput,
  RemoveLineOutput,
  SetGuaranteeInput,
  SetGuaranteeOutput,
  UpdateLineInput,
  UpdateLineOutput,
} from './cart.types.ts';


const HOME = '/';

export function lineOf(cart: Cart | null, lineId: string): CartLine | undefined {
  return cart?.lines.find((l) => l.id === lineId);
}

function without<T>(record: Record<string, T>, key: string): Record<string, T> {
  const { [key]: _dropped, ...rest } = record;
  return rest;
}

/** What the calculator is told of the cart (see CartSummary). */
function sameSummary(a: CartSummary, b: CartSummary): boolean {
  if (a === null || b === null) return a === b;
  return a.productId === b.productId && a.storeId === b.storeId && a.currencyCode === b.currencyCode;
}

/**
 * What the other actors of the system are told when the cart changes: the calculator its
 * product, branch and currency (they force its own), the 'Add new currency' form its lines, branch and product.
 */
function changeNotices(before: Cart | null, after: Cart | null) {
  const summary = summaryOf(after);
  return {
    calculator: sameSummary(summaryOf(before), summary) ? null : { type: 'cart.updated' as const, cart: summary },
    // The form needs the lines (offered currencies) and the branch and product (its quotes).
    newLine:
      after !== null && (before?.lines !== after.lines || before.store.id !== after.store.id || before.product.id !== after.product.id)
        ? { type: 'cart.linesChanged' as const, lines: after.lines, storeId: after.store.id, productId: after.product.id }
        : null,
  };
}

/** POST /cart for the line on its way: at its store, for its product. */
export const createCartInput = ({ context }: { context: CartContext }): CreateCartInput => ({
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

export const cartSetup = setup({
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
    fetchCart: providedLater<FetchCartOutput>('fetchCart'),
    createCart: providedLater<CreateCartOutput, CreateCartInput>('createCart'),
    addLine: providedLater<AddLineOutput, AddLineInput>('addLine'),
    updateLine: providedLater<UpdateLineOutput, UpdateLineInput>('updateLine'),
    removeLine: providedLater<RemoveLineOutput, RemoveLineInput>('removeLine'),
    setBuyback: providedLater<SetGuaranteeOutput, SetGuaranteeInput>('setBuyback'),
    setRefund: providedLater<SetGuaranteeOutput, SetGuaranteeInput>('setRefund'),
    recreateCart: providedLater<RecreateCartOutput, RecreateCartInput>('recreateCart'),
    abandonCart: providedLater<AbandonCartOutput>('abandonCart'),
    checkoutCart: providedLater<CheckoutCartOutput>('checkoutCart'),
    extendCart: providedLater<ExtendCartOutput>('extendCart'),
    // The countdown tells the cart when it runs out, so what the cart allows changes at once.
    countdown: countdownMachine.provide({ actions: { announceExpiry: sendParent({ type: 'countdown.expired' }) } }),
  },
  actions: {
    rememberCart: enqueueActions(({ context, enqueue, system }, params: { cart: Cart | null }) => {
      enqueue.assign({ cart: params.cart });
      const notices = changeNotices(context.cart, params.cart);
      const calculator = systemActor(system, SYSTEM_ID.calculator);
      if (calculator && notices.calculator) enqueue.sendTo(calculator, notices.calculator);
      const newLine = systemActor(system, SYSTEM_ID.newLine);
      if (newLine && notices.newLine) enqueue.sendTo(newLine, notices.newLine);
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
      const notices = changeNotices(context.cart, null);
      const calculator = systemActor(system, SYSTEM_ID.calculator);
      if (calculator && notices.calculator) enqueue.sendTo(calculator, notices.calculator);
      const newLine = systemActor(system, SYSTEM_ID.newLine);
      if (newLine && notices.newLine) enqueue.sendTo(newLine, notices.newLine);
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
    returnFocusToLine: assign({ invalidLine: (_, params: { lineId: string }) => ({ lineId: params.lineId }) }),
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
      const checkout = systemActor(system, SYSTEM_ID.checkout);
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
    /** A quantity above 0 for a line of this cart. */
    isValidEditOfLine: ({ context }, params: { lineId: string; qty: number | null }) =>
      lineQuantityError(params.qty) === null && lineOf(context.cart, params.lineId) !== undefined,
    hasPendingEdits: ({ context }) => Object.keys(context.lineEdits).length > 0,
    isProceedRequested: ({ context }) => context.proceedRequested,
    isBuybackEligible: ({ context }) =>
      context.cart !== null && isBuybackEligible(cartLinesMinor(context.cart), cartGuaranteeContext(context.cart, context.settings)),
    isRefundOffered: ({ context }) => context.cart !== null && isRefundOffered(cartGuaranteeContext(context.cart, context.settings)),
    isSpendAllowed: ({ context }) => context.cart !== null && cartSpend(context.cart, context.siteProducts).canProceed,
    areGuaranteesAnswered: ({ context }) => context.cart !== null && guaranteesAnswered(cartGuaranteeErrors(context.cart, context.settings)),
  },
  delays: {
    LINE_DEBOUNCE: LINE_UPDATE_DEBOUNCE_MS,
    REDIRECT: REDIRECT_DELAY_MS,
  },
});

/** The cart an invoked read or write answered with, kept (`onDone`). */
export const keepAnsweredCart = { type: 'rememberCart', params: ({ event }: { event: { output: Cart | null } }) => ({ cart: event.output }) } as const;

/** The problem an invoked call failed with, kept for the page (`onError`). */
export const keepProblem = { type: 'rememberProblem', params: ({ event }: { event: { error: unknown } }) => ({ error: event.error }) } as const;

/** A line that could not be saved: its sender is told why, and the page shows the problem. */
export const refuseLine = [
  { type: 'answerLineRefused', params: ({ event }: { event: { error: unknown } }) => ({ error: event.error }) },
  'forgetPendingLine',
  keepProblem,
] as const;

/**
 * The first line's cart being made. Refused from Add to cart, the sender is told why and the chart
 * goes back to `none`; refused from the view-cart link, there is no cart to show and none coming:
 * 'You have no cart' (`noCart`).
 */
export function creatingCart(refusedTo: 'none' | 'noCart') {
  return cartSetup.createStateConfig({
    tags: ['saving'],
    invoke: {
      id: 'createCart',
      src: 'createCart',
      input: createCartInput,
      onDone: { target: 'open.lines.addingLine', actions: keepAnsweredCart },
      onError: { target: refusedTo, actions: refusedTo === 'none' ? [...refuseLine] : ['forgetPendingLine', keepProblem] },
    },
  });
}

/** The shopper's Buyback or Refund answer being saved; the cart answers with its new total. */
export function savingGuarantee(call: 'setBuyback' | 'setRefund') {
  return cartSetup.createStateConfig({
    tags: ['saving'],
    invoke: {
      ...(call === 'setBuyback' ? ({ id: 'setBuyback', src: 'setBuyback' } as const) : ({ id: 'setRefund', src: 'setRefund' } as const)),
      input: ({ context }) => ({ choice: context.pendingChoice ?? false }),
      onDone: { target: 'editable', actions: [keepAnsweredCart, 'syncCountdown'] },
      onError: { target: 'editable', actions: keepProblem },
    },
  });
}
