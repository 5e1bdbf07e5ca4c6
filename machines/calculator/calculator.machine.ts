/**
 * The calculator (spec 2.1, 4.2, 4.5, 5.1, 8): the buy and sell tabs, the currency, the delivery
 * option, the branch, the amounts and add to cart.
 *
 * After loading its catalogue (currencies, products, the branch of the cart, of store_id or the
 * default one, the site's delivery centre, the content) the chart runs four regions side by side:
 * - `quote`: a quote is fetched on every product, currency or branch change; a currency the shop
 *   cannot trade in the chosen direction gets its 'Oh snap!' notice instead. Home delivery is
 *   quoted and added at the delivery centre, click and collect and sell back at the branch; the
 *   branch stays chosen while home delivery is picked (see `servingStoreId`);
 * - `amount`: what is typed waits 500 ms after the last key (Tab is not typing), then is priced:
 *   rounded up to the branch's increment, floored to whole units for sell-back, capped at the
 *   configured maximum with 'Maximum order value is £{max}';
 * - `adding`: add to cart (the cart is asked `cart.lineAdded` and answers `cart.lineSaved` or
 *   `cart.lineRefused { problem }`), then the view-cart page;
 * - `branchModal`: the branch selection modal, the branch finder machine as a child.
 *
 * The amount the shopper drives is kept as `driver` (a side and minor units); `priced` is what the
 * quote makes of it. A quantity reset (spec 4.5) replaces the driver on a transaction type or
 * currency change; a branch change keeps it, re-rounds it to the new increment and says so when
 * that changes it.
 *
 * It tells the session `session.profileRequested` when it starts (the loyalty flag) and the cart
 * `cart.abandonRequested` when the tab changes under a cart (`system.get`); the cart tells it
 * `cart.updated` when its product, branch or currency change. Side effects leave as emitted
 * events: `toast.requested` and `queryParam.removed` after the loyalty sign-in,
 * `navigation.requested` after add to cart and for return to cart.
 */
import { and, assign, emit, enqueueActions, fromPromise, not, setup, stateIn, type AnyActorRef, type SnapshotFrom } from 'xstate';
import { cartLinkUrl } from '#domain/cart-link.ts';
import type { Store } from '#domain/contract/branches.ts';
import type {
  CalculatorContent,
  Currency,
  Product,
  ProductId,
  QuoteResponse,
  TransactionType,
} from '#domain/contract/catalogue.ts';
import { searchCurrencies } from '#domain/currency-search.ts';
import { untilNextMinute } from '#domain/countdown.ts';
import type { BankHolidays } from '#domain/cut-off.ts';
import { defaultOverridableTexts, messages, withContentOverrides, type ContentOverrides, type OverridableMessages } from '#domain/messages.ts';
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
  type PricedAmount,
} from '#domain/pricing.ts';
import {
  amountChangeApplies,
  availableTransactionTypes,
  canChangeProduct,
  defaultProductFor,
  initialSelection,
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
import { branchFinderMachine, type BranchFinderOutput } from '../branch-finder/branch-finder.machine.ts';
import type { CartLineAnswer, NewLine } from '../cart/cart.types.ts';

/** The page settings the calculator reads (GET /api/sites/getsitesettings, page attributes). */
export interface CalculatorSettings {
  enableSelling: boolean;
  /** Embedded iframe mode: an add-to-cart link instead of the button, fewer branch controls. */
  embeddedMode: boolean;
  defaultCurrency: string;
  /** The GBP maximum of one amount, in pounds. */
  maxOrderValue: number;
  /** 'sell-travel-money' opens on sell back. */
  pageType?: string | null;
  /** The sell-currency flag of the page. */
  sellCurrency?: boolean | null;
  /** DEFAULT_FC, DEFAULT_GBP and the configured amount of spec 4.5. */
  defaultForeign?: number | null;
  /** The UK bank holidays by nation (site settings): without them no cut-off is promised. */
  bankHolidays?: BankHolidays | undefined;
  defaultGbp?: number | null;
  configuredGbp?: number | null;
}

/** The visitor's cart as far as the calculator cares (cart machine's selectCartSummary). */
export interface CartSummary {
  productId: ProductId;
  storeId: number;
  currencyCode: string | null;
}

export interface CalculatorInput {
  siteId: number;
  settings: CalculatorSettings;
  /** Query store_id: preselects a branch. */
  storeId?: number | null;
  /** Query signedIn: back from the loyalty sign-in. */
  signedIn?: boolean;
  affiliateCode?: string | null;
  /** The shop's address, for the embedded add-to-cart link. */
  host?: string;
  cart?: CartSummary | null;
  /** Epoch milliseconds; Date.now unless a test drives the clock. */
  now?: () => number;
}

export type AmountPicker = 'gbp' | 'foreign' | 'sellBack';

export type { AmountDriver };

export interface CalculatorContext {
  siteId: number;
  settings: CalculatorSettings;
  host: string;
  affiliateCode: string | null;
  currencies: Currency[];
  products: Product[];
  content: CalculatorContent | null;
  /** The texts, with the content's rewordings applied. */
  texts: OverridableMessages;
  transactionType: TransactionType;
  productId: ProductId;
  currencyCode: string;
  /** The currency search text. */
  currencySearch: string;
  /**
   * The branch: store_id's, the cart's, the one chosen, or the default one (the delivery centre)
   * until a branch is chosen. Kept while home delivery is picked, which the delivery centre serves.
   */
  storeId: number | null;
  store: Store | null;
  /** The site's default store, the home-delivery centre; null until loaded. */
  deliveryCentre: Store | null;
  quote: QuoteResponse | null;
  /** The server's message when the quote failed. */
  quoteError: string | null;
  driver: AmountDriver;
  /** What the quote makes of the driver; null until a quote is known. */
  priced: PricedAmount | null;
  /** Text typed in a picker, waiting for the 500 ms pause. */
  typed: { picker: AmountPicker; text: string } | null;
  /** 'Maximum order value is £{max}'. */
  amountError: string | null;
  /** "Due to your chosen location, we've rounded the amount to the nearest {symbol}{increment}". */
  roundingWarning: string | null;
  /** The quote on its way follows a branch change. */
  branchChanged: boolean;
  cart: CartSummary | null;
  /** Why add to cart failed. */
  addError: string | null;
  /** Back from the loyalty sign-in (query signedIn). */
  signedIn: boolean;
  now: () => number;
  /** The clock when the cut-off line was last read: each whole minute, and at each change of option. */
  clockNow: number;
}

export type CalculatorEvent =
  /** A tab: 'sell' (buy travel money) or 'buy' (sell travel money). */
  | { type: 'transactionType.changed'; transactionType: TransactionType }
  /** A delivery option radio. */
  | { type: 'product.changed'; productId: ProductId }
  | { type: 'currency.searched'; text: string }
  | { type: 'currency.changed'; currencyCode: string }
  /** A key in an amount picker: its text after the key, and the key. */
  | { type: 'amount.typed'; picker: AmountPicker; text: string; key?: string }
  | { type: 'branch.modalOpened' }
  /** A branch chosen elsewhere (the modal's Confirm arrives as the child's output). */
  | { type: 'branch.selected'; store: Store }
  | { type: 'cart.addRequested' }
  | { type: 'cart.returnRequested' }
  /** The cart actor changed (the app forwards selectCartSummary). */
  | { type: 'cart.updated'; cart: CartSummary | null }
  /** The cart's answer to add to cart (`cart.lineAdded`): the line is in the cart, or why not. */
  | CartLineAnswer
  | { type: 'calculator.retried' };

export type CalculatorEmitted =
  | { type: 'toast.requested'; message: string }
  | { type: 'queryParam.removed'; name: 'signedIn' }
  | { type: 'navigation.requested'; to: string };

export type CalculatorTag =
  | 'loading'
  | 'failed'
  | 'quoteLoading'
  | 'quoteFailed'
  /** The currency cannot be traded in this direction: the 'Oh snap!' notice shows. */
  | 'currencyUnavailable'
  | 'typing'
  | 'adding'
  | 'branchModalOpen';

/** Currencies, products (cartsEnabled only), the branch and the content. */
export interface LoadCalculatorInput {
  siteId: number;
  /** store_id's (or the cart's) branch; null for GET /api/sites/{siteId}/stores/default. */
  storeId: number | null;
}
export interface LoadCalculatorOutput {
  currencies: Currency[];
  products: Product[];
  store: Store;
  /** The site's default store (GET /api/sites/{siteId}/stores/default): home delivery leaves from it. */
  deliveryCentre: Store;
  content: CalculatorContent | null;
}
/** GET /api/sites/{siteId}/stores/{storeId}/products/{productId}/rates/currency/{currency}. */
export interface FetchQuoteInput {
  siteId: number;
  storeId: number;
  productId: ProductId;
  currencyCode: string;
  affiliateCode: string | null;
  /** Back from the loyalty sign-in: the session's token may not say so yet, so the quote carries it. */
  signInReturn?: boolean;
}
export type FetchQuoteOutput = QuoteResponse;
/** The line add to cart asks the cart actor for (`cart.lineAdded`). */
export type AddToCartInput = NewLine;

const notProvided = (name: string) => () => Promise.reject(new Error(`${name} not provided`));

function currencyOf(context: CalculatorContext): Currency | undefined {
  return context.currencies.find((c) => c.code === context.currencyCode);
}

/** Spec 4.5: the amount a transaction type or currency change starts from. */
function resetDriver(context: Pick<CalculatorContext, 'settings'>, type: TransactionType, currencyCode: string): AmountDriver {
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
function servingStoreId(context: ServingContext): number | null {
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
function offeredProducts(context: OfferContext): readonly ProductId[] {
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

export const calculatorMachine = setup({
  types: {
    input: {} as CalculatorInput,
    context: {} as CalculatorContext,
    events: {} as CalculatorEvent,
    emitted: {} as CalculatorEmitted,
    tags: {} as CalculatorTag,
    children: {} as { loadCalculator: 'loadCalculator'; fetchQuote: 'fetchQuote'; branchFinder: 'branchFinder' },
  },
  actors: {
    loadCalculator: fromPromise<LoadCalculatorOutput, LoadCalculatorInput>(notProvided('loadCalculator')),
    fetchQuote: fromPromise<FetchQuoteOutput, FetchQuoteInput>(notProvided('fetchQuote')),
    branchFinder: branchFinderMachine,
  },
  actions: {
    // The session reads the loyalty flag.
    requestProfile: enqueueActions(({ enqueue, system }) => {
      const session: AnyActorRef | undefined = system.get('session');
      if (session) enqueue.sendTo(session, { type: 'session.profileRequested' });
    }),
    confirmSignIn: emit({ type: 'toast.requested' as const, message: messages.signedIn }),
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
      const cart: AnyActorRef | undefined = system.get('cart');
      if (cart) enqueue.sendTo(cart, { type: 'cart.abandonRequested' });
    }),
    forgetCart: assign({ cart: null }),
    /** Add to cart: the cart actor (`system.get('cart')`) adds the line and answers this actor. */
    requestLine: enqueueActions(({ context, enqueue, system, self }) => {
      const cart: AnyActorRef | undefined = system.get('cart');
      const line: AddToCartInput = {
        currencyCode: context.currencyCode,
        qty: toMajor(context.priced?.foreignMinor ?? 0, context.currencyCode),
        productId: context.productId,
        storeId: servingStoreId(context) ?? 0,
      };
      if (cart) enqueue.sendTo(cart, { type: 'cart.lineAdded', line, replyTo: self });
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
}).createMachine({
  id: 'calculator',
  context: ({ input }) => {
    const selection = initialSelection({
      pageType: input.settings.pageType ?? null,
      sellCurrency: input.settings.sellCurrency ?? null,
      cartProductId: input.cart?.productId ?? null,
    });
    const currencyCode = input.cart?.currencyCode ?? input.settings.defaultCurrency;
    const now = input.now ?? Date.now;
    return {
      now,
      clockNow: now(),
      siteId: input.siteId,
      settings: input.settings,
      host: input.host ?? '',
      affiliateCode: input.affiliateCode ?? null,
      currencies: [],
      products: [],
      content: null,
      texts: defaultOverridableTexts,
      transactionType: selection.transactionType,
      productId: selection.productId,
      currencyCode,
      currencySearch: '',
      storeId: input.cart?.storeId ?? input.storeId ?? null,
      store: null,
      deliveryCentre: null,
      quote: null,
      quoteError: null,
      driver: resetDriver({ settings: input.settings }, selection.transactionType, currencyCode),
      priced: null,
      typed: null,
      amountError: null,
      roundingWarning: null,
      branchChanged: false,
      cart: input.cart ?? null,
      addError: null,
      signedIn: input.signedIn === true,
    };
  },
  entry: 'requestProfile',
  on: {
    'cart.updated': [
      {
        guard: { type: 'isCartOfOtherProductOrStore', params: ({ event }) => ({ cart: event.cart }) },
        actions: { type: 'adoptCart', params: ({ event }) => ({ cart: event.cart! }) },
      },
      { actions: { type: 'rememberCart', params: ({ event }) => ({ cart: event.cart }) } },
    ],
  },
  initial: 'starting',
  states: {
    starting: {
      always: [
        { guard: 'isSignInReturn', target: 'loading', actions: ['confirmSignIn', 'removeSignedInParam'] },
        { target: 'loading' },
      ],
    },
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'loadCalculator',
        src: 'loadCalculator',
        input: ({ context }) => ({ siteId: context.siteId, storeId: context.storeId }),
        onDone: { target: 'ready', actions: { type: 'rememberCatalogue', params: ({ event }) => event.output } },
        onError: { target: 'failed' },
      },
      on: {
        'cart.updated': {
          // The branch on its way is not the cart's: load the cart's instead.
          guard: { type: 'isCartAtOtherStore', params: ({ event }) => ({ cart: event.cart }) },
          target: 'loading',
          reenter: true,
          actions: { type: 'adoptCart', params: ({ event }) => ({ cart: event.cart! }) },
        },
      },
    },
    failed: {
      tags: ['failed'],
      on: { 'calculator.retried': { target: 'loading' } },
    },
    ready: {
      type: 'parallel',
      on: {
        'transactionType.changed': [
          {
            guard: { type: 'isTabChangeOverCart', params: ({ event }) => ({ transactionType: event.transactionType }) },
            target: '.quote.routing',
            actions: [
              { type: 'changeTransactionType', params: ({ event }) => ({ transactionType: event.transactionType }) },
              'abandonCart',
              'forgetCart',
            ],
          },
          {
            guard: { type: 'isTransactionTypeOffered', params: ({ event }) => ({ transactionType: event.transactionType }) },
            target: '.quote.routing',
            actions: { type: 'changeTransactionType', params: ({ event }) => ({ transactionType: event.transactionType }) },
          },
        ],
        'product.changed': {
          guard: { type: 'canChangeProductTo', params: ({ event }) => ({ productId: event.productId }) },
          target: '.quote.routing',
          actions: ['forgetQuote', { type: 'changeProduct', params: ({ event }) => ({ productId: event.productId }) }],
        },
        'currency.searched': { actions: { type: 'rememberSearch', params: ({ event }) => ({ text: event.text }) } },
        'currency.changed': {
          guard: { type: 'isOtherKnownCurrency', params: ({ event }) => ({ currencyCode: event.currencyCode }) },
          target: '.quote.routing',
          actions: { type: 'changeCurrency', params: ({ event }) => ({ currencyCode: event.currencyCode }) },
        },
        'branch.selected': {
          target: '.quote.routing',
          actions: { type: 'changeStore', params: ({ event }) => ({ store: event.store }) },
        },
        'cart.updated': [
          {
            // A cart read after the calculator loaded brings its own branch: quotes are at that
            // branch, which is loaded the way store_id's is.
            guard: { type: 'isCartAtOtherStore', params: ({ event }) => ({ cart: event.cart }) },
            target: '#calculator.loading',
            actions: { type: 'adoptCart', params: ({ event }) => ({ cart: event.cart! }) },
          },
          {
            // A cart made elsewhere forces its own type and product (spec 4.2).
            guard: { type: 'isCartOfOtherProduct', params: ({ event }) => ({ cart: event.cart }) },
            target: '.quote.routing',
            actions: { type: 'adoptCart', params: ({ event }) => ({ cart: event.cart! }) },
          },
          { actions: { type: 'rememberCart', params: ({ event }) => ({ cart: event.cart }) } },
        ],
        'cart.returnRequested': { guard: 'hasCart', actions: 'goToViewCart' },
      },
      states: {
        quote: {
          initial: 'routing',
          states: {
            routing: {
              always: [
                { guard: 'isCurrencyUnavailable', target: 'unavailable', actions: 'forgetQuote' },
                { target: 'loading' },
              ],
            },
            loading: {
              tags: ['quoteLoading'],
              invoke: {
                id: 'fetchQuote',
                src: 'fetchQuote',
                input: ({ context }) => ({
                  siteId: context.siteId,
                  storeId: servingStoreId(context) ?? 0,
                  productId: context.productId,
                  currencyCode: context.currencyCode,
                  affiliateCode: context.affiliateCode,
                  signInReturn: context.signedIn,
                }),
                onDone: { target: 'loaded', actions: { type: 'applyQuote', params: ({ event }) => ({ quote: event.output }) } },
                onError: {
                  target: 'failed',
                  actions: ['forgetQuote', { type: 'rememberQuoteError', params: ({ event }) => ({ error: event.error }) }],
                },
              },
            },
            loaded: {},
            failed: { tags: ['quoteFailed'] },
            unavailable: { tags: ['currencyUnavailable'] },
          },
        },
        amount: {
          initial: 'idle',
          on: {
            'amount.typed': [
              { guard: { type: 'isIgnoredKey', params: ({ event }) => ({ key: event.key }) } },
              {
                guard: { type: 'doesPickerApply', params: ({ event }) => ({ picker: event.picker }) },
                // Each key starts the 500 ms pause again.
                target: '.typing',
                actions: { type: 'rememberTyped', params: ({ event }) => ({ picker: event.picker, text: event.text }) },
              },
            ],
          },
          states: {
            idle: {},
            typing: {
              tags: ['typing'],
              after: { AMOUNT_DEBOUNCE: { target: 'idle', actions: 'applyTyped' } },
            },
          },
        },
        adding: {
          initial: 'idle',
          states: {
            idle: {
              on: {
                'cart.addRequested': [
                  {
                    // What was typed counts even inside its 500 ms pause.
                    guard: and([stateIn('#calculator.ready.quote.loaded'), not('isEmbedded')]),
                    target: 'checking',
                    actions: ['applyTyped', 'forgetAddError'],
                  },
                ],
              },
            },
            checking: {
              always: [{ guard: 'hasAmountToAdd', target: 'adding' }, { target: 'idle' }],
            },
            /** Waiting for the cart's answer. */
            adding: {
              tags: ['adding'],
              entry: 'requestLine',
              on: {
                'cart.lineSaved': { target: 'idle', actions: 'goToViewCart' },
                'cart.lineRefused': { target: 'idle', actions: { type: 'rememberAddError', params: ({ event }) => ({ problem: event.problem }) } },
              },
            },
          },
        },
        /**
         * "Order within 2 h 14 m for delivery on Tuesday 25 November" (calculator-cut-off.ts): read again
         * on each whole minute, so the line counts down and moves to the next date when the
         * cut-off passes while the page is open.
         */
        cutOff: {
          initial: 'counting',
          states: {
            counting: {
              after: { CUT_OFF_TICK: { target: 'counting', reenter: true, actions: 'readClock' } },
            },
          },
        },
        branchModal: {
          initial: 'closed',
          states: {
            closed: {
              on: { 'branch.modalOpened': { target: 'open' } },
            },
            open: {
              tags: ['branchModalOpen'],
              invoke: {
                id: 'branchFinder',
                src: 'branchFinder',
                input: ({ context }) => ({
                  mode: 'modal' as const,
                  siteId: context.siteId,
                  order: {
                    amount: toMajor(context.priced?.foreignMinor ?? 0, context.currencyCode),
                    currencyCode: context.currencyCode,
                    transactionType: context.transactionType,
                  },
                }),
                onDone: [
                  {
                    guard: { type: 'hasConfirmedStore', params: ({ event }) => ({ output: event.output }) },
                    target: ['closed', '#calculator.ready.quote.routing'],
                    actions: { type: 'changeStore', params: ({ event }) => ({ store: event.output.store! }) },
                  },
                  { target: 'closed' },
                ],
                onError: { target: 'closed' },
              },
            },
          },
        },
      },
    },
  },
});

export type CalculatorMachine = typeof calculatorMachine;
export type CalculatorSnapshot = SnapshotFrom<CalculatorMachine>;

/** The tabs: the sell tab (customer sells back, 'buy' type) only with enableSelling. */
export function selectTabs(snapshot: CalculatorSnapshot): readonly TransactionType[] {
  return availableTransactionTypes(snapshot.context.settings);
}

/**
 * The delivery option radios of the type, disabled once a cart exists; `unavailable` are the ones
 * the embedded calculator's store does not fulfil (shown, not offered).
 */
export function selectProductOptions(snapshot: CalculatorSnapshot): { products: Product[]; disabled: boolean; unavailable: ProductId[] } {
  const { context } = snapshot;
  const ofType = productsFor(context.transactionType);
  const offered = offeredProducts(context);
  return {
    products: context.products.filter((p) => ofType.includes(p.id)),
    disabled: !canChangeProduct(context.cart !== null),
    unavailable: ofType.filter((id) => !offered.includes(id)),
  };
}

/** The currencies matching the search, and 'No results found' when none does. */
export function selectCurrencyOptions(snapshot: CalculatorSnapshot): { currencies: Currency[]; noResults: string | null } {
  return searchCurrencies(snapshot.context.currencies, snapshot.context.currencySearch);
}

export function selectCurrency(snapshot: CalculatorSnapshot): Currency | null {
  return currencyOf(snapshot.context) ?? null;
}

/** 'Oh snap! We don't have any {currency}...' or "...We can't buy {currency}..." (content may reword). */
export function selectCurrencyNotice(snapshot: CalculatorSnapshot): string | null {
  const currency = currencyOf(snapshot.context);
  return currency ? currencyUnavailableMessage(currency, snapshot.context.transactionType, snapshot.context.texts) : null;
}

/** The currency's restriction notices. */
export function selectRestrictions(snapshot: CalculatorSnapshot): string[] {
  return currencyOf(snapshot.context)?.currencyRestrictions.map((r) => r.message) ?? [];
}

export interface AmountsView {
  /** The pickers' values in minor units; null until a quote prices them. */
  foreignMinor: number | null;
  gbpMinor: number | null;
  /** The text being typed, shown in its picker until the pause. */
  typed: { picker: AmountPicker; text: string } | null;
  /** Foreign units per £1 at the tier reached. */
  rate: number | null;
  error: string | null;
  roundingWarning: string | null;
}

export function selectAmounts(snapshot: CalculatorSnapshot): AmountsView {
  const { priced, typed, amountError, roundingWarning, quote } = snapshot.context;
  return {
    foreignMinor: priced?.foreignMinor ?? null,
    gbpMinor: priced?.gbpMinor ?? null,
    typed,
    rate: priced?.rate ?? quote?.rate ?? null,
    error: amountError,
    roundingWarning,
  };
}

/** Embedded mode's add-to-cart link (spec 2.1), once there is an amount to add. */
export function selectAddToCartLink(snapshot: CalculatorSnapshot): string | null {
  const { settings, priced, currencyCode, productId, host, affiliateCode } = snapshot.context;
  const storeId = servingStoreId(snapshot.context);
  if (!settings.embeddedMode || priced === null || !canAddLine(priced.foreignMinor) || storeId === null) return null;
  if (!snapshot.matches({ ready: { quote: 'loaded' } })) return null;
  // Sell back without a branch: nothing in the frame can fulfil it, so there is no link to follow.
  if (!offeredProducts(snapshot.context).includes(productId)) return null;
  return cartLinkUrl(host, {
    currencyCode,
    amount: toMajor(priced.foreignMinor, currencyCode),
    productId,
    storeId,
    affiliateId: affiliateCode,
  });
}

/** The branch modal's actor while it is open. */
export function selectBranchFinderRef(snapshot: CalculatorSnapshot) {
  return snapshot.children.branchFinder;
}
