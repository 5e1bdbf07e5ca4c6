/**
 * The calculator chart's named implementations: its actors (I/O, supplied by src/app/actors.ts,
 * and the branch finder child), actions, guards (each a question answered by a domain/ rule) and
 * delays. The chart itself is calculator.machine.ts.
 */
import { assign, emit, enqueueActions, setup, stopChild } from 'xstate';
import { providedLater } from '../provided-later.ts';
import { SYSTEM_ID, systemActor } from '#machines/system.ts';
import type { Store } from '#domain/contract/branches.ts';
import type { Currency, ProductId, QuoteResponse, TransactionType } from '#domain/contract/catalogue.ts';
import { untilNextMinute } from '#domain/countdown.ts';
import { messages, withContentOverrides, type ContentOverrides } from '#domain/messages.ts';
import { GBP_CODE, toMajor, toMinor } from '#domain/money.ts';
import {
  AMOUNT_DEBOUNCE_MS,
  applyBranchIncrement,
  canAddLine,
  currencyUnavailableMessage,
  isIgnoredAmountKey,
  limitBuyAmountInput,
  parseAmountInput,
  priceDrivenAmount,
  type AmountDriver,
} from '#domain/pricing.ts';
import {
  amountChangeApplies,
  availableTransactionTypes,
  canChangeProduct,
  defaultProductFor,
  isSellBack,
  PRODUCT,
  productsFor,
  resetQuantity,
  storeServesProduct,
  transactionTypeOf,
  viewCartPath,
} from '#domain/products.ts';
import type { Problem } from '#domain/contract/common.ts';
import { serverMessageOf } from '#domain/problem.ts';
import type { BranchFinderOutput, branchFinderMachine } from '../branch-finder/branch-finder.machine.ts';

/** The branch finder's machine with its I/O (the app's `provideBranchFinder`, loaded on demand). */
export type BranchFinderLogic = typeof branchFinderMachine;
import type {
  CartSummary,
  CalculatorInput,
  AmountPicker,
  CalculatorContext,
  CalculatorEvent,
  CalculatorEmitted,
  CalculatorTag,
  LoadCalculatorInput,
  LoadCalculatorOutput,
  FetchQuoteInput,
  FetchQuoteOutput,
  AddToCartInput,
} from './calculator.types.ts';


export function currencyOf(context: CalculatorContext): Currency | undefined {
  return context.currencies.find((c) => c.code === context.currencyCode);
}

/** Spec 4.5: the amount a transaction type or currency change starts from. */
export function resetDriver(context: Pick<CalculatorContext, 'settings'>, type: TransactionType, currencyCode: string): AmountDriver {
  const reset = resetQuantity(type, context.settings);
  if (reset.side === 'gbp') return { side: 'gbp', minor: toMinor(reset.units, GBP_CODE) };
  return { side: 'foreign', minor: toMinor(reset.units, currencyCode) };
}

function repriced(context: CalculatorContext, driver: AmountDriver): Pick<CalculatorContext, 'driver' | 'priced' | 'amountError'> {
  if (context.quote === null) return { driver, priced: null, amountError: null };
  const { priced, error } = priceDrivenAmount(driver, context.currencyCode, context.quote, {
    sellBack: isSellBack(context.productId),
    maxGbpMinor: toMinor(context.settings.maxOrderValue, GBP_CODE),
  });
  return { driver, priced, amountError: error };
}

function typedDriver(context: CalculatorContext, typed: { picker: AmountPicker; text: string }): AmountDriver {
  const side = typed.picker === 'gbp' ? 'gbp' : 'foreign';
  const minor = parseAmountInput(typed.text, side === 'gbp' ? GBP_CODE : context.currencyCode);
  return { side, minor: minor ?? 0 };
}

const pickerKind = (picker: AmountPicker): 'sellBack' | 'buy' => (picker === 'sellBack' ? 'sellBack' : 'buy');

type ServingContext = Pick<CalculatorContext, 'productId' | 'storeId' | 'store' | 'deliveryCentre' | 'cart'>;

/**
 * The store the product is quoted at and its line added to. A cart keeps the store it was made
 * at. Otherwise home delivery is sent from the site's delivery centre (the server refuses it at a
 * branch), so a branch chosen for click and collect is not used for it, only kept: switching back
 * to click and collect quotes at that branch again. Click and collect and sell back are at the
 * branch.
 */
export function servingStoreId(context: ServingContext): number | null {
  const { cart, productId, store, deliveryCentre, storeId } = context;
  if (cart !== null) return cart.storeId;
  if (productId !== PRODUCT.HOME_DELIVERY || deliveryCentre === null) return storeId;
  if (store !== null && storeServesProduct(store, productId)) return storeId;
  return deliveryCentre.id;
}

type OfferContext = Pick<CalculatorContext, 'settings' | 'store' | 'cart' | 'transactionType'>;

/**
 * The products the calculator offers for its transaction type.
 *
 * The embedded calculator shows no branch controls (spec 2.1), so its store is the one it opened
 * with: store_id's branch, or else the site's default store, the home-delivery centre. Its link
 * names that store, and leaves store_id out when it is 1, which view-cart then reads as store 1
 * (spec 2.6): a link without a branch is a home-delivery link. A product that store does not
 * fulfil would send the shopper to a view-cart page that cannot create the cart ('Choose a branch
 * for this product.'), with no way to choose a branch in the frame. So the frame offers only what
 * its store fulfils: home delivery without a branch, click and collect (and sell back) at
 * store_id's branch. Outside the frame the shopper chooses a branch, and a cart forces its own
 * product and store.
 */
export function offeredProducts(context: OfferContext): readonly ProductId[] {
  const products = productsFor(context.transactionType);
  const { store } = context;
  if (!context.settings.embeddedMode || store === null || context.cart !== null) return products;
  return products.filter((id) => storeServesProduct(store, id));
}

/** The product to show: the one chosen while it is offered, else the first one offered. */
function offeredProduct(context: OfferContext, productId: ProductId): ProductId {
  const offered = offeredProducts(context);
  return offered.includes(productId) ? productId : (offered[0] ?? productId);
}

export const calculatorSetup = setup({
  types: {
    input: {} as CalculatorInput,
    context: {} as CalculatorContext,
    events: {} as CalculatorEvent,
    emitted: {} as CalculatorEmitted,
    tags: {} as CalculatorTag,
    children: {} as { loadCalculator: 'loadCalculator'; fetchQuote: 'fetchQuote'; loadBranchFinder: 'loadBranchFinder'; branchFinder: 'branchFinder' },
  },
  actors: {
    loadCalculator: providedLater<LoadCalculatorOutput, LoadCalculatorInput>('loadCalculator'),
    fetchQuote: providedLater<FetchQuoteOutput, FetchQuoteInput>('fetchQuote'),
    /** The branch chooser's machine with its I/O, loaded as it first opens (off the first page's code). */
    loadBranchFinder: providedLater<BranchFinderLogic, void>('loadBranchFinder'),
    // Names the child's type only: it is spawned from the machine `loadBranchFinder` brought.
    branchFinder: providedLater<never, void>('branchFinder') as unknown as typeof branchFinderMachine,
  },
  actions: {
    // The session reads the loyalty flag.
    requestProfile: enqueueActions(({ context, enqueue, system }) => {
      const session = systemActor(system, SYSTEM_ID.session);
      if (session) enqueue.sendTo(session, { type: 'session.profileRequested', signInReturn: context.signedIn });
    }),
    confirmSignIn: assign({ toast: messages.signedIn }),
    dismissToast: assign({ toast: null }),
    removeSignedInParam: emit({ type: 'queryParam.removed' as const, name: 'signedIn' as const }),
    rememberCatalogue: assign(({ context }, params: LoadCalculatorOutput) => ({
      clockNow: context.now(),
      currencies: params.currencies,
      products: params.products,
      content: params.content,
      texts: withContentOverrides(params.content?.messages as ContentOverrides | undefined),
      store: params.store,
      storeId: params.store.id,
      deliveryCentre: params.deliveryCentre,
      productId: offeredProduct({ ...context, store: params.store }, context.productId),
    })),
    changeTransactionType: assign(({ context }, params: { transactionType: TransactionType }) => ({
      clockNow: context.now(),
      transactionType: params.transactionType,
      productId: offeredProduct({ ...context, transactionType: params.transactionType }, defaultProductFor(params.transactionType)),
      quote: null,
      priced: null,
      typed: null,
      amountError: null,
      roundingWarning: null,
      driver: resetDriver(context, params.transactionType, context.currencyCode),
    })),
    changeProduct: assign({
      productId: (_, params: { productId: ProductId }) => params.productId,
      roundingWarning: null,
      clockNow: ({ context }) => context.now(),
    }),
    changeCurrency: assign(({ context }, params: { currencyCode: string }) => ({
      currencyCode: params.currencyCode,
      quote: null,
      priced: null,
      typed: null,
      amountError: null,
      roundingWarning: null,
      driver: resetDriver(context, context.transactionType, params.currencyCode),
    })),
    rememberSearch: assign({ currencySearch: (_, params: { text: string }) => params.text }),
    /** The branch chooser, from the machine `loadBranchFinder` brought, for the order as it stands. */
    openBranchFinder: enqueueActions(({ context, enqueue }, params: { logic: BranchFinderLogic }) => {
      // XState types a child spawned from logic as having no id, though it takes one (the
      // children's types above name it): the options go in as a value of their own.
      const options = {
        id: 'branchFinder',
        input: {
          mode: 'modal' as const,
          siteId: context.siteId,
          order: {
            amount: toMajor(context.priced?.foreignMinor ?? 0, context.currencyCode),
            currencyCode: context.currencyCode,
            transactionType: context.transactionType,
          },
        },
      };
      const spawned: { input: typeof options.input } = options;
      enqueue.spawnChild(params.logic, spawned);
    }),
    closeBranchFinder: stopChild('branchFinder'),
    changeStore: assign(({ context }, params: { store: Store }) => ({
      clockNow: context.now(),
      store: params.store,
      storeId: params.store.id,
      productId: offeredProduct({ ...context, store: params.store }, context.productId),
      branchChanged: true,
    })),
    forgetQuote: assign({ quote: null, priced: null, quoteError: null }),
    /** The new quote prices the driver; after a branch change the new increment re-rounds it. */
    applyQuote: assign(({ context }, params: { quote: QuoteResponse }) => {
      const next = { ...context, quote: params.quote, quoteError: null };
      const currency = currencyOf(context);
      let driver = context.driver;
      let roundingWarning = context.roundingWarning;
      if (context.branchChanged && context.priced !== null && currency && !isSellBack(context.productId)) {
        const applied = applyBranchIncrement(context.priced.foreignMinor, currency, params.quote.increment, context.texts);
        if (applied.warning !== null) driver = { side: 'foreign', minor: applied.foreignMinor };
        roundingWarning = applied.warning;
      }
      return { ...next, ...repriced(next, driver), roundingWarning, branchChanged: false };
    }),
    rememberQuoteError: assign({
      quoteError: (_, params: { error: unknown }) => serverMessageOf(params.error) ?? messages.somethingWentWrong,
      branchChanged: false,
    }),
    rememberTyped: assign({
      typed: (_, params: { picker: AmountPicker; text: string }) => ({
        picker: params.picker,
        text: params.picker === 'gbp' ? limitBuyAmountInput(params.text) : params.text,
      }),
    }),
    applyTyped: assign(({ context }) => {
      if (context.typed === null) return {};
      return { ...repriced(context, typedDriver(context, context.typed)), typed: null, roundingWarning: null };
    }),
    rememberCart: assign({ cart: (_, params: { cart: CartSummary | null }) => params.cart }),
    adoptCart: assign(({ context }, params: { cart: CartSummary }) => ({
      clockNow: context.now(),
      cart: params.cart,
      transactionType: transactionTypeOf(params.cart.productId),
      productId: params.cart.productId,
      storeId: params.cart.storeId,
      quote: null,
      priced: null,
      typed: null,
      roundingWarning: null,
    })),
    // The cart clears itself, says so and goes to /.
    abandonCart: enqueueActions(({ enqueue, system }) => {
      const cart = systemActor(system, SYSTEM_ID.cart);
      if (cart) enqueue.sendTo(cart, { type: 'cart.abandonRequested' });
    }),
    forgetCart: assign({ cart: null }),
    /** Add to cart: the cart actor (`systemActor(system, SYSTEM_ID.cart)`) adds the line and answers this actor; until the cart runs, the shop is asked (it starts the cart with the line). */
    requestLine: enqueueActions(({ context, enqueue, system, self }) => {
      const cart = systemActor(system, SYSTEM_ID.cart);
      const line: AddToCartInput = {
        currencyCode: context.currencyCode,
        qty: toMajor(context.priced?.foreignMinor ?? 0, context.currencyCode),
        productId: context.productId,
        storeId: servingStoreId(context) ?? 0,
      };
      // Before the cart runs (its machine loads on demand), the shop starts it with this line.
      const to = cart ?? systemActor(system, SYSTEM_ID.shop);
      if (to) enqueue.sendTo(to, { type: 'cart.lineAdded', line, replyTo: self });
      else enqueue.raise({ type: 'cart.lineRefused', problem: { title: messages.somethingWentWrong } });
    }),
    rememberAddError: assign({ addError: (_, params: { problem: Problem }) => serverMessageOf(params.problem) ?? messages.somethingWentWrong }),
    forgetAddError: assign({ addError: null }),
    readClock: assign({ clockNow: ({ context }) => context.now() }),
    goToViewCart: emit(({ context }) => ({
      type: 'navigation.requested' as const,
      to: viewCartPath(context.cart?.productId ?? context.productId),
    })),
  },
  guards: {
    isSignInReturn: ({ context }) => context.signedIn,
    isTransactionTypeOffered: ({ context }, params: { transactionType: TransactionType }) =>
      availableTransactionTypes(context.settings).includes(params.transactionType) && params.transactionType !== context.transactionType,
    isTabChangeOverCart: ({ context }, params: { transactionType: TransactionType }) =>
      availableTransactionTypes(context.settings).includes(params.transactionType) &&
      params.transactionType !== context.transactionType &&
      context.cart !== null,
    hasCart: ({ context }) => context.cart !== null,
    canChangeProductTo: ({ context }, params: { productId: ProductId }) =>
      canChangeProduct(context.cart !== null) &&
      offeredProducts(context).includes(params.productId) &&
      params.productId !== context.productId,
    isOtherKnownCurrency: ({ context }, params: { currencyCode: string }) =>
      params.currencyCode !== context.currencyCode && context.currencies.some((c) => c.code === params.currencyCode),
    isIgnoredKey: (_, params: { key: string | undefined }) => isIgnoredAmountKey(params.key),
    doesPickerApply: ({ context }, params: { picker: AmountPicker }) => amountChangeApplies(context.productId, pickerKind(params.picker)),
    isCurrencyUnavailable: ({ context }) => {
      const currency = currencyOf(context);
      return currency !== undefined && currencyUnavailableMessage(currency, context.transactionType, context.texts) !== null;
    },
    hasAmountToAdd: ({ context }) => context.priced !== null && canAddLine(context.priced.foreignMinor),
    isEmbedded: ({ context }) => context.settings.embeddedMode,
    isCartOfOtherProduct: ({ context }, params: { cart: CartSummary | null }) =>
      params.cart !== null && params.cart.productId !== context.productId,
    isCartAtOtherStore: ({ context }, params: { cart: CartSummary | null }) =>
      params.cart !== null && params.cart.storeId !== servingStoreId(context),
    isCartOfOtherProductOrStore: ({ context }, params: { cart: CartSummary | null }) =>
      params.cart !== null && (params.cart.productId !== context.productId || params.cart.storeId !== servingStoreId(context)),
    hasConfirmedStore: (_, params: { output: BranchFinderOutput }) => params.output.store !== null,
  },
  delays: {
    AMOUNT_DEBOUNCE: AMOUNT_DEBOUNCE_MS,
    /** The cut-off line reads whole minutes: it is read again on each one. */
    CUT_OFF_TICK: ({ context }) => untilNextMinute(context.now()),
  },
});
