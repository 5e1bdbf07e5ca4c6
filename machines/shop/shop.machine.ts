/**
 * The shop: the root of the actor system. It holds the session from the start (systemId
 * 'session') and the effects actor (systemId 'effects', ./effects.ts), reads the site's page
 * settings and product spend limits (spec 6), and once they are read runs two regions: the pages
 * (below) and the cart. While the settings are being read the page shows nothing for
 * SPINNER_DELAY_MS (the page's own reads answer well within it: no spinner flashes before the
 * page, decision 064), then its spinner; when they could not be read, 'Something went wrong' and
 * Retry (`settings.retried`).
 *
 * The cart (systemId 'cart', with its countdown child; on an address reached only with the cart
 * checked out, the payment provider's return page, the cart knows so and is not read) loads on
 * demand (decision 062): once the session has settled and may have a cart (`cartExpected`), when
 * the shopper asks for a line before it runs (`cart.lineAdded`, kept and handed to it as it
 * starts), or when a page that shows it opens (that page waits for it). It runs from then on.
 *
 * The shop opens and closes the pages. The router's location reaches it as one event,
 * `route.changed { path, search, params }`; its route table (./page-routes.ts) says which actors
 * that address runs, and the shop starts each with the input it builds from its own context, the
 * site's settings and the system (the cart's snapshot, the address's store_id, signedIn and
 * affiliateid), and stops each when the shopper leaves. Each is its child, with its name as id and
 * systemId (SYSTEM_ID in ../system.ts): the calculator, the branch finder, the checkout (kept across
 * the checkout's steps, and told `checkout.pageOpened` when the visitor moves between them on their
 * own), the chart, the payment response, 'Add new currency', manage my order, and the reads a page
 * shows (the rates board, a branch's page, the checkout's content; the address search when the
 * shopper asks for it). The calculator's machine is the shop's own (the first page needs it); the
 * others load on demand (`loadPages`, the app's dynamic imports), so the first page carries none of
 * their code (the calculator loads its branch chooser's machine the same way, as it first opens). Screens only select their actor from the shop.
 *
 * Side effects leave through the effects actor: the shop tells it each actor that asks for any
 * (`actor.started`), before that actor starts, and sends it its own failures (`error.reported`).
 */
import { assign, enqueueActions, fromPromise, sendTo, setup, type ActorRefFrom, type AnyActorLogic, type AnyActorRef, type SnapshotFrom } from 'xstate';
import type { BranchDetailsData, LookupAddress } from '#domain/contract/branches.ts';
import type { ViewCartRequest } from '#domain/cart-link.ts';
import type { CheckoutContent, ProductId, RatesBoard, SiteProduct, SiteSettings } from '#domain/contract/catalogue.ts';
import { checkoutPageOf } from '#domain/checkout-pages.ts';
import { appPaths } from '#domain/contract/routes.ts';
import { messages } from '#domain/messages.ts';
import { GBP_CODE, toMinor } from '#domain/money.ts';
import { PRODUCT, SELL_TRAVEL_MONEY_PAGE, viewCartPath } from '#domain/products.ts';
import { isReachedAfterCheckout, reportedOrderIdOf } from '#domain/reached-after-checkout.ts';
import type { branchFinderMachine } from '#machines/branch-finder/branch-finder.machine.ts';
import { calculatorMachine } from '#machines/calculator/calculator.machine.ts';
import type { CalculatorInput } from '#machines/calculator/calculator.types.ts';
import type { CartMachine, CartSnapshot } from '#machines/cart/cart.machine.ts';
import { selectCartSummary } from '#machines/cart/cart-summary.ts';
import type { CartInput, NewLine } from '#machines/cart/cart.types.ts';
import type { NewLineInput, NewLineMachine } from '#machines/cart/new-line.machine.ts';
import type { ChartMachine } from '#machines/chart/chart.machine.ts';
import type { CheckoutMachine } from '#machines/checkout/checkout.machine.ts';
import type { CheckoutInput } from '#machines/checkout/checkout.types.ts';
import type { ManageOrderMachine } from '#machines/manage-order/manage-order.machine.ts';
import type { PaymentResponseMachine } from '#machines/payment/payment-response.machine.ts';
import { createReadMachine, type ReadMachine } from '#machines/read/read.machine.ts';
import { sessionMachine } from '#machines/session/session.machine.ts';
import { SYSTEM_ID, systemActor, type SystemLookup } from '#machines/system.ts';
import { isActorWithEffects, noEffects, type ActorStarted, type ActorWithEffects } from './effects.ts';
import { actorsOfRoute, isViewCartPage, keyOf, normalisedPath, positiveIntOf, type RoutedActor, type RoutedActorId, type ShopRoute } from './page-routes.ts';

export type { ShopRoute } from './page-routes.ts';

/**
 * The page settings and feature flags, and the spend limits of the site's products. Every page's
 * machine takes some of them as input (the calculator's defaults, the cart's guarantee and spend
 * rules, the checkout's abandon-cart address), so the pages open once they are known.
 */
export interface ShopSettings {
  settings: SiteSettings;
  siteProducts: SiteProduct[];
}

export interface ShopInput {
  siteId: number;
  /** The visitor's affiliate code (session storage), for the cart and the calculator. */
  affiliateCode: string | null;
  /** The shop's own origin: the calculator's host, the checkout's origin. */
  appOrigin: string;
  /** The address the shop opened on (location.pathname): on some, the cart is known checked out. */
  openingPath?: string;
}

/**
 * The machines of the pages that load on demand, each with its real I/O (src/app/on-demand/):
 * the shop asks the app for them (`loadPages`) when an address needs them.
 */
export interface OnDemandPageLogic {
  checkout: CheckoutMachine;
  chart: ChartMachine;
  paymentResponse: PaymentResponseMachine;
  newLine: NewLineMachine;
  manageOrder: ManageOrderMachine;
  branchFinder: typeof branchFinderMachine;
  /** The cart: not a page, but loaded the same way (the `cart` region says when). */
  cart: CartMachine;
}

export type OnDemandPage = keyof OnDemandPageLogic;

/** A line asked for before the cart runs: the cart is given it once it does. */
export interface LineForCart {
  line: NewLine;
  replyTo: AnyActorRef | null;
}

/** The details form's address lookup: a read of the addresses at a postcode. */
export type AddressLookupMachine = ReadMachine<LookupAddress[], { postcode: string }>;

/**
 * What loading on-demand pages brings: their machines, with 'Add new currency''s the way the
 * view-cart page's address is read (both load with the view-cart page, off the first load), and
 * with the checkout's the details form's address lookup (an authorised call, whose chart loads
 * with it).
 */
export interface LoadedPages extends Partial<OnDemandPageLogic> {
  viewCartRequestOf?: (path: string, search: string) => ViewCartRequest;
  addressLookup?: AddressLookupMachine;
}

export interface ShopContext {
  siteId: number;
  affiliateCode: string | null;
  appOrigin: string;
  openingPath: string;
  /** null until read. */
  shopSettings: ShopSettings | null;
  /** Where the visitor is; null until the router says. */
  route: ShopRoute | null;
  /** The path the pages were last opened for: a move between checkout steps is the visitor's or the chart's. */
  openedPath: string | null;
  loaded: LoadedPages;
  /** The actors the route runs, each by the key it was started with (./page-routes.ts). */
  running: Partial<Record<RoutedActorId, string>>;
  /** The view-cart address the cart was last told of: arriving there again tells it again. */
  viewCartOpened: string | null;
  /** The cart has been started (once: it runs from then on). */
  cartStarted: boolean;
  /** Add to cart asked for before the cart ran: handed to it as it starts. */
  lineForCart: LineForCart | null;
}

export type ShopEvent =
  /** Retry under 'Something went wrong'. */
  | { type: 'settings.retried' }
  /** The router's location (src/app/route-sync.tsx). */
  | ({ type: 'route.changed' } & ShopRoute)
  /** Retry when a page's machine could not be loaded. */
  | { type: 'pages.retried' }
  /** The details form's address search (spec 5.2): a new search replaces the one on its way. */
  | { type: 'addressLookup.requested'; postcode: string }
  | { type: 'addressLookup.cleared' }
  /** Add to cart while the cart does not run yet (the calculator sends it here then). */
  | { type: 'cart.lineAdded'; line: NewLine; replyTo?: AnyActorRef };

/**
 * 'cartPending': whether there is a cart is not known yet (the session is settling, or the cart's
 * machine is loading: 'cartLoading'); 'cartNone': the session has none and none is asked for; 'cartFailed': the
 * cart's machine could not be loaded.
 */
export type ShopTag = 'loading' | 'failed' | 'ready' | 'pageFailed' | 'cartPending' | 'cartLoading' | 'cartNone' | 'cartFailed';

const ON_DEMAND: readonly OnDemandPage[] = ['checkout', 'chart', 'paymentResponse', 'newLine', 'manageOrder', 'branchFinder'];

function isOnDemand(id: RoutedActorId): id is Extract<RoutedActorId, OnDemandPage> {
  return (ON_DEMAND as readonly string[]).includes(id);
}

/** The pages that show the cart itself (the review with 'Add new currency', the checkout's steps) open once it runs. */
const SHOWS_THE_CART: readonly RoutedActorId[] = ['checkout', 'newLine'];

/** The cart's input from the page settings. */
export function cartInputOf(context: ShopContext): CartInput {
  const settings = context.shopSettings?.settings;
  return {
    siteId: context.siteId,
    settings: {
      isPartner: settings?.isPartner ?? false,
      showBuybackGuarantee: settings?.showBuybackGuarantee ?? false,
      showRefundGuarantee: settings?.showRefundGuarantee ?? false,
      identificationThresholdMinor: settings?.identificationThreshold === undefined ? null : toMinor(settings.identificationThreshold, GBP_CODE),
    },
    siteProducts: context.shopSettings?.siteProducts ?? [],
    affiliateCode: context.affiliateCode,
    checkedOut: isReachedAfterCheckout(context.openingPath),
  };
}

/**
 * The calculator of a calculator page: the site's defaults, the page (buy, sell, or the iframe's),
 * store_id, signedIn and affiliateid from the address, and the cart as it is (the cart tells it
 * how it changes from then on).
 */
export function calculatorInputOf(
  context: ShopContext,
  settings: SiteSettings,
  route: ShopRoute,
  page: 'buy' | 'sell' | 'embedded',
  cart: CartSnapshot | undefined,
): CalculatorInput {
  const query = new URLSearchParams(route.search);
  return {
    siteId: context.siteId,
    settings: {
      enableSelling: settings.enableSelling,
      embeddedMode: page === 'embedded' || settings.embeddedMode,
      defaultCurrency: settings.defaultCurrency,
      maxOrderValue: settings.maxOrderValue,
      bankHolidays: settings.bankHolidays,
      pageType: page === 'sell' ? SELL_TRAVEL_MONEY_PAGE : null,
      sellCurrency: null,
      defaultForeign: null,
      defaultGbp: null,
      configuredGbp: null,
    },
    storeId: positiveIntOf(query.get('store_id')),
    signedIn: query.has('signedIn'),
    affiliateCode: query.get('affiliateid') ?? context.affiliateCode,
    host: context.appOrigin,
    cart: cart ? selectCartSummary(cart) : null,
  };
}

/** The product before the order is read: the cart's, or sell-back on its own view-cart page. */
function productOnOpening(cart: CartSnapshot | undefined, path: string): ProductId | null {
  const fromCart = cart?.context.cart?.product.id;
  if (fromCart !== undefined) return fromCart;
  return normalisedPath(path) === viewCartPath(PRODUCT.SELL_BACK) ? PRODUCT.SELL_BACK : null;
}

/** The checkout of the checkout's pages: it opens on the address's page. */
export function checkoutInputOf(context: ShopContext, settings: SiteSettings, route: ShopRoute, cart: CartSnapshot | undefined): CheckoutInput {
  return {
    path: route.path,
    appOrigin: context.appOrigin,
    abandonCartUrl: settings.abandonCartUrl ?? appPaths.home,
    productId: productOnOpening(cart, route.path),
  };
}

/** 'Add new currency' quotes at the cart's branch and product (the cart tells it as they change). */
export function newLineInputOf(context: ShopContext, settings: SiteSettings, cart: CartSnapshot | undefined): NewLineInput {
  const current = cart?.context.cart ?? null;
  return {
    siteId: context.siteId,
    storeId: current?.store.id ?? 1,
    productId: current?.product.id ?? PRODUCT.CLICK_AND_COLLECT,
    lines: current?.lines ?? [],
    maxOrderValue: settings.maxOrderValue,
  };
}

function wantedOf(context: ShopContext): RoutedActor[] {
  return context.route === null ? [] : actorsOfRoute(context.route);
}

/** The address shows the cart: its page opens once the cart runs. */
function routeShowsCart(context: ShopContext): boolean {
  return wantedOf(context).some((actor) => SHOWS_THE_CART.includes(actor.id));
}

/** The on-demand pages the address needs whose machines have not loaded yet (the cart's among them where it shows it). */
function missingPages(context: ShopContext): OnDemandPage[] {
  const pages: OnDemandPage[] = wantedOf(context)
    .map((actor) => actor.id)
    .filter(isOnDemand);
  if (routeShowsCart(context)) pages.push('cart');
  return pages.filter((page) => context.loaded[page] === undefined);
}

/**
 * Hands an actor to the effects actor. Run as an action right after the actor's spawn, it comes
 * before the actor starts (XState starts a spawned child once the actions have run), so nothing the
 * actor emits as it starts is missed; a built-in send would only arrive after the start.
 */
function announce(system: SystemLookup, id: ActorWithEffects): void {
  const effects = systemActor(system, SYSTEM_ID.effects);
  const actor = systemActor(system, id);
  // The id and the actor are the same member of ActorStarted; TypeScript does not pair them up.
  if (effects && actor) effects.send({ type: 'actor.started', id, actor } as ActorStarted);
}

/**
 * The stand-in for an on-demand page's machine in the shop's own list of actors, where it names
 * the page's child type: spawned by name (never done: the shop spawns the machine `loadPages`
 * brought) it fails at once, saying so.
 */
function comesOnDemand<T extends AnyActorLogic>(page: OnDemandPage): T {
  // A promise actor typed as the page's machine: its type is all the shop reads of it.
  return fromPromise(() => Promise.reject(new Error(`The ${page} page's machine loads on demand.`))) as unknown as T;
}

/**
 * The spawn options of an on-demand page's child: its page's name as id and systemId. XState types
 * a child spawned from logic (rather than by name) as having no id, though it takes one; the
 * children's types below name each of these ids.
 */
function onDemandChild<I>(page: OnDemandPage, input: I): { systemId: OnDemandPage; input: I } {
  const options = { id: page, systemId: page, input };
  return options;
}

/** Add to cart before the cart runs: the line is kept, to be handed to the cart as it starts. */
const keepLine = {
  type: 'keepLineForCart',
  params: ({ event }: { event: { line: NewLine; replyTo?: AnyActorRef } }) => ({ line: event.line, replyTo: event.replyTo ?? null }),
} as const;

/**
 * How long the page shows nothing while the settings are read, before its spinner: a wait under
 * half a second reads as the page arriving, and a spinner drawn for a frame or two before the
 * page is a flash that tells the shopper nothing.
 */
export const SPINNER_DELAY_MS = 500;

export const shopMachine = setup({
  types: {
    input: {} as ShopInput,
    context: {} as ShopContext,
    events: {} as ShopEvent,
    tags: {} as ShopTag,
    children: {} as {
      session: 'session';
      effects: 'effects';
      loadSettings: 'loadSettings';
      loadPages: 'loadPages';
      cartExpected: 'cartExpected';
      loadCart: 'loadPages';
      cart: 'cart';
      calculator: 'calculator';
      branchFinder: 'branchFinder';
      checkout: 'checkout';
      chart: 'chart';
      paymentResponse: 'paymentResponse';
      newLine: 'newLine';
      manageOrder: 'manageOrder';
      ratesBoard: 'ratesBoard';
      checkoutContent: 'checkoutContent';
      branchDetails: 'branchDetails';
      addressLookup: 'addressLookup';
    },
  },
  actors: {
    session: sessionMachine,
    effects: noEffects,
    loadSettings: fromPromise<ShopSettings, { siteId: number }>(() => Promise.reject(new Error('loadSettings not provided'))),
    loadPages: fromPromise<LoadedPages, { pages: OnDemandPage[] }>(() => Promise.reject(new Error('loadPages not provided'))),
    /** Whether the session may have a cart, once it has settled (the app reads its token); unknown: it may. */
    cartExpected: fromPromise<boolean>(() => Promise.resolve(true)),
    cart: comesOnDemand<CartMachine>('cart'),
    calculator: calculatorMachine,
    // Named for the children's types only: each is spawned from the machine `loadPages` brings.
    branchFinder: comesOnDemand<OnDemandPageLogic['branchFinder']>('branchFinder'),
    checkout: comesOnDemand<OnDemandPageLogic['checkout']>('checkout'),
    chart: comesOnDemand<OnDemandPageLogic['chart']>('chart'),
    paymentResponse: comesOnDemand<OnDemandPageLogic['paymentResponse']>('paymentResponse'),
    newLine: comesOnDemand<OnDemandPageLogic['newLine']>('newLine'),
    manageOrder: comesOnDemand<OnDemandPageLogic['manageOrder']>('manageOrder'),
    // The reads the pages show; the app gives each its call.
    ratesBoard: createReadMachine<RatesBoard, Record<string, never>>(),
    checkoutContent: createReadMachine<CheckoutContent, Record<string, never>>(),
    branchDetails: createReadMachine<BranchDetailsData | null, { branchCode: string }>(),
    // Loads with the checkout's pages (LoadedPages): the shop spawns the logic that brought.
    addressLookup: fromPromise(() => Promise.reject(new Error("The address lookup loads with the checkout's pages."))) as unknown as AddressLookupMachine,
  },
  actions: {
    rememberSettings: assign({ shopSettings: (_, params: { shopSettings: ShopSettings }) => params.shopSettings }),
    rememberRoute: assign({ route: (_, params: ShopRoute) => ({ path: params.path, search: params.search, params: params.params }) }),
    rememberLoaded: assign({ loaded: ({ context }, params: { loaded: LoadedPages }) => ({ ...context.loaded, ...params.loaded }) }),
    reportError: sendTo('effects', (_, params: { error: unknown; where: string }) => ({ type: 'error.reported' as const, error: params.error, where: params.where })),
    /**
     * Starts the cart once its machine is here (it runs from then on), tells the effects actor of
     * it, and hands it the line asked for before it ran.
     */
    startCart: enqueueActions(({ context, enqueue }) => {
      const logic = context.loaded.cart;
      if (context.cartStarted || logic === undefined) return;
      enqueue.spawnChild(logic, onDemandChild('cart', cartInputOf(context)));
      enqueue(({ system }) => announce(system, 'cart'));
      const waiting = context.lineForCart;
      if (waiting !== null) {
        enqueue(({ system }) => systemActor(system, SYSTEM_ID.cart)?.send({ type: 'cart.lineAdded', line: waiting.line, ...(waiting.replyTo ? { replyTo: waiting.replyTo } : {}) }));
      }
      enqueue.assign({ cartStarted: true, lineForCart: null });
    }),
    keepLineForCart: assign({ lineForCart: (_, params: LineForCart) => params }),
    forwardToCart: sendTo('cart', ({ event }) => event),
    /** The cart's machine could not be loaded: the line waiting for it is refused, so its form says so. */
    refuseLineForCart: enqueueActions(({ context, enqueue }) => {
      const waiting = context.lineForCart;
      if (waiting?.replyTo) enqueue.sendTo(waiting.replyTo, { type: 'cart.lineRefused', problem: { title: messages.somethingWentWrong } });
      enqueue.assign({ lineForCart: null });
    }),
    /** Starts what the address runs and is not running, stops what it no longer runs. */
    syncPages: enqueueActions(({ context, enqueue, system }) => {
      const { route } = context;
      const settings = context.shopSettings?.settings;
      // The pages open once the settings are read (the shop is ready).
      if (settings === undefined) return;
      const wanted = wantedOf(context);
      const running = { ...context.running };
      const cart = systemActor(system, SYSTEM_ID.cart)?.getSnapshot();

      for (const id of Object.keys(running) as RoutedActorId[]) {
        const want = wanted.find((actor) => actor.id === id);
        if (want !== undefined && keyOf(want) === running[id]) continue;
        enqueue.stopChild(id);
        delete running[id];
      }
      if (route === null || checkoutPageOf(route.path) !== 'details') enqueue.stopChild('addressLookup');

      for (const want of wanted) {
        if (route === null || running[want.id] !== undefined) continue;
        const started = (() => {
          switch (want.id) {
            case 'calculator':
              enqueue.spawnChild('calculator', { id: 'calculator', systemId: SYSTEM_ID.calculator, input: calculatorInputOf(context, settings, route, want.page, cart) });
              return true;
            case 'branchFinder': {
              const logic = context.loaded.branchFinder;
              if (logic) enqueue.spawnChild(logic, onDemandChild('branchFinder', { mode: 'page' as const, siteId: context.siteId }));
              return logic !== undefined;
            }
            case 'ratesBoard':
              enqueue.spawnChild('ratesBoard', { id: 'ratesBoard', systemId: SYSTEM_ID.ratesBoard, input: {} });
              return true;
            case 'checkoutContent':
              enqueue.spawnChild('checkoutContent', { id: 'checkoutContent', systemId: SYSTEM_ID.checkoutContent, input: {} });
              return true;
            case 'branchDetails':
              enqueue.spawnChild('branchDetails', { id: 'branchDetails', systemId: SYSTEM_ID.branchDetails, input: { branchCode: want.branchCode } });
              return true;
            case 'checkout': {
              const logic = context.loaded.checkout;
              if (logic) enqueue.spawnChild(logic, onDemandChild('checkout', checkoutInputOf(context, settings, route, cart)));
              return logic !== undefined;
            }
            case 'newLine': {
              const logic = context.loaded.newLine;
              if (logic) enqueue.spawnChild(logic, onDemandChild('newLine', newLineInputOf(context, settings, cart)));
              return logic !== undefined;
            }
            case 'chart': {
              const logic = context.loaded.chart;
              if (logic) enqueue.spawnChild(logic, onDemandChild('chart', { path: want.path }));
              return logic !== undefined;
            }
            case 'paymentResponse': {
              const logic = context.loaded.paymentResponse;
              if (logic) enqueue.spawnChild(logic, onDemandChild('paymentResponse', { orderId: reportedOrderIdOf(route.search) }));
              return logic !== undefined;
            }
            case 'manageOrder': {
              const logic = context.loaded.manageOrder;
              if (logic) enqueue.spawnChild(logic, onDemandChild('manageOrder', undefined));
              return logic !== undefined;
            }
          }
        })();
        if (!started) continue;
        running[want.id] = keyOf(want);
        const id = want.id;
        if (isActorWithEffects(id)) enqueue(({ system: actors }) => announce(actors, id));
      }

      // The checkout follows the visitor: a step they went to on their own (back, forward) opens,
      // one the chart asked for is where the chart already is.
      const path = route === null ? null : normalisedPath(route.path);
      const page = path === null ? null : checkoutPageOf(path);
      const checkout = systemActor(system, SYSTEM_ID.checkout);
      if (route !== null && page !== null && checkout && context.running.checkout !== undefined && path !== context.openedPath) {
        if (!checkout.getSnapshot().matches({ inCheckout: page })) enqueue.sendTo(checkout, { type: 'checkout.pageOpened', path: route.path });
      }

      // The view-cart page's address asks the cart for something as the page opens (spec 2.1, 2.6).
      const viewCart = route !== null && isViewCartPage(route) ? path : null;
      let viewCartOpened = viewCart === null ? null : context.viewCartOpened;
      const readRequest = context.loaded.viewCartRequestOf;
      const cartRef = systemActor(system, SYSTEM_ID.cart);
      if (route !== null && viewCart !== null && viewCart !== context.viewCartOpened && readRequest && cartRef) {
        enqueue.sendTo(cartRef, { type: 'cart.viewOpened', request: readRequest(route.path, route.search) });
        viewCartOpened = viewCart;
      }

      enqueue.assign({ running, openedPath: path, viewCartOpened });
    }),
    lookUpAddress: enqueueActions(({ context, enqueue }, params: { postcode: string }) => {
      const logic = context.loaded.addressLookup;
      if (logic === undefined) throw new Error("The address lookup comes with the checkout's pages (isAddressLookupLoaded).");
      enqueue.stopChild('addressLookup');
      // Spawned from logic, which XState types as taking no id, though it takes one (see onDemandChild).
      const spawned = { id: 'addressLookup', systemId: SYSTEM_ID.addressLookup, input: { postcode: params.postcode } };
      const options: { systemId: typeof SYSTEM_ID.addressLookup; input: { postcode: string } } = spawned;
      enqueue.spawnChild(logic, options);
    }),
    clearAddressLookup: enqueueActions(({ enqueue }) => {
      enqueue.stopChild('addressLookup');
    }),
  },
  delays: {
    SPINNER_DELAY: SPINNER_DELAY_MS,
  },
  guards: {
    isPageLogicMissing: ({ context }) => missingPages(context).length > 0,
    isCartLoaded: ({ context }) => context.loaded.cart !== undefined,
    /** The details form's address lookup came with the checkout's pages. */
    isAddressLookupLoaded: ({ context }) => context.loaded.addressLookup !== undefined,
    /** The cart is needed now: a line waits for it, or the address shows it. */
    isCartWanted: ({ context }) => context.lineForCart !== null || routeShowsCart(context),
    isCartExpected: (_, params: { expected: boolean }) => params.expected,
    /** What `loadPages` answered holds every page the address waits for. */
    bringsEveryPage: ({ context }, params: { loaded: LoadedPages }) => missingPages({ ...context, loaded: { ...context.loaded, ...params.loaded } }).length === 0,
    bringsCart: (_, params: { loaded: LoadedPages }) => params.loaded.cart !== undefined,
  },
}).createMachine({
  id: 'shop',
  context: ({ input }) => ({
    siteId: input.siteId,
    affiliateCode: input.affiliateCode,
    appOrigin: input.appOrigin,
    openingPath: input.openingPath ?? appPaths.home,
    shopSettings: null,
    route: null,
    openedPath: null,
    loaded: {},
    running: {},
    viewCartOpened: null,
    cartStarted: false,
    lineForCart: null,
  }),
  invoke: [
    { id: 'session', systemId: SYSTEM_ID.session, src: 'session', input: ({ context }) => ({ siteId: context.siteId }) },
    { id: 'effects', systemId: SYSTEM_ID.effects, src: 'effects' },
  ],
  // Before the settings are read the address is kept; the pages open once they are.
  on: {
    'route.changed': { actions: { type: 'rememberRoute', params: ({ event }) => event } },
  },
  initial: 'loadingSettings',
  states: {
    loadingSettings: {
      // Quiet at first; the spinner (tag `loading`) once the wait is long enough to notice.
      initial: 'quiet',
      states: {
        quiet: { after: { SPINNER_DELAY: 'slow' } },
        slow: { tags: ['loading'] },
      },
      invoke: {
        id: 'loadSettings',
        src: 'loadSettings',
        input: ({ context }) => ({ siteId: context.siteId }),
        onDone: {
          target: 'ready',
          actions: { type: 'rememberSettings', params: ({ event }) => ({ shopSettings: event.output }) },
        },
        onError: {
          target: 'settingsFailed',
          actions: { type: 'reportError', params: ({ event }) => ({ error: event.error, where: 'shopSettings' }) },
        },
      },
    },
    settingsFailed: {
      tags: ['failed'],
      on: { 'settings.retried': 'loadingSettings' },
    },
    ready: {
      tags: ['ready'],
      type: 'parallel',
      on: {
        'addressLookup.requested': {
          guard: 'isAddressLookupLoaded',
          actions: { type: 'lookUpAddress', params: ({ event }) => ({ postcode: event.postcode }) },
        },
        'addressLookup.cleared': { actions: 'clearAddressLookup' },
      },
      states: {
        pages: {
          initial: 'opening',
          // Handled by this region alone: the cart's region goes on as it is.
          on: { 'route.changed': { target: '.opening', actions: { type: 'rememberRoute', params: ({ event }) => event } } },
          states: {
            /** The address's actors start (those whose machines are here) and the others stop. */
            opening: {
              entry: ['startCart', 'syncPages'],
              always: [{ guard: 'isPageLogicMissing', target: 'loadingPages' }, { target: 'open' }],
            },
            /** The machines of the address's on-demand pages are on their way (the page shows its spinner). */
            loadingPages: {
              invoke: {
                id: 'loadPages',
                src: 'loadPages',
                input: ({ context }) => ({ pages: missingPages(context) }),
                onDone: [
                  {
                    guard: { type: 'bringsEveryPage', params: ({ event }) => ({ loaded: event.output }) },
                    target: 'opening',
                    actions: { type: 'rememberLoaded', params: ({ event }) => ({ loaded: event.output }) },
                  },
                  // Asking again would ask for ever: the page fails as a load that failed does.
                  {
                    target: 'pagesFailed',
                    actions: {
                      type: 'reportError',
                      params: ({ context, event }) => ({ error: new Error(`loadPages did not bring ${missingPages({ ...context, loaded: { ...context.loaded, ...event.output } }).join(', ')}`), where: 'loadPages' }),
                    },
                  },
                ],
                onError: { target: 'pagesFailed', actions: { type: 'reportError', params: ({ event }) => ({ error: event.error, where: 'loadPages' }) } },
              },
            },
            open: {},
            /** A page's machine could not be loaded: 'Something went wrong' with Retry, or another address. */
            pagesFailed: {
              tags: ['pageFailed'],
              on: { 'pages.retried': 'opening' },
            },
          },
        },
        /**
         * The cart, whose machine loads on demand: it runs from the moment the session may have a
         * cart (its token says so, or cannot say), the shopper asks for a line, or an address that
         * shows the cart opens, and from then on. Until then the header shows an empty cart and
         * no cart code is loaded.
         */
        cart: {
          initial: 'asking',
          states: {
            /** The session is settling: its token will say whether it may have a cart. */
            asking: {
              tags: ['cartPending'],
              // A page that shows the cart, or a line, wants it now (the cart's code is not here yet:
              // only this region and the pages that wait for the cart load it, and both wait here first).
              always: { guard: 'isCartWanted', target: 'loading' },
              invoke: {
                id: 'cartExpected',
                src: 'cartExpected',
                onDone: [{ guard: { type: 'isCartExpected', params: ({ event }) => ({ expected: event.output }) }, target: 'loading' }, { target: 'none' }],
                // Unknown: there may be one.
                onError: 'loading',
              },
              on: { 'cart.lineAdded': { target: 'loading', actions: keepLine } },
            },
            /** The session has no cart and nothing asks for one: the header's cart is empty. */
            none: {
              tags: ['cartNone'],
              // A page that shows the cart, or a line, wants it now (the cart's code is not here yet:
              // only this region and the pages that wait for the cart load it, and both wait here first).
              always: { guard: 'isCartWanted', target: 'loading' },
              on: { 'cart.lineAdded': { target: 'loading', actions: keepLine } },
            },
            /** The cart's machine is on its way. */
            loading: {
              tags: ['cartPending', 'cartLoading'],
              always: { guard: 'isCartLoaded', target: 'running' },
              invoke: {
                id: 'loadCart',
                src: 'loadPages',
                input: { pages: ['cart'] },
                onDone: [
                  { guard: { type: 'bringsCart', params: ({ event }) => ({ loaded: event.output }) }, target: 'running', actions: { type: 'rememberLoaded', params: ({ event }) => ({ loaded: event.output }) } },
                  { target: 'failed', actions: ['refuseLineForCart', { type: 'reportError', params: { error: new Error('loadPages did not bring cart'), where: 'loadCart' } }] },
                ],
                onError: { target: 'failed', actions: ['refuseLineForCart', { type: 'reportError', params: ({ event }) => ({ error: event.error, where: 'loadCart' }) }] },
              },
              on: { 'cart.lineAdded': { actions: keepLine } },
            },
            /**
             * The cart's machine could not be loaded ("We couldn't get your cart"): the next line
             * asked for tries again, and so does a page that shows the cart (through its own load).
             */
            failed: {
              tags: ['cartFailed'],
              always: { guard: 'isCartLoaded', target: 'running' },
              on: { 'cart.lineAdded': { target: 'loading', actions: keepLine } },
            },
            running: {
              entry: 'startCart',
              // Crossed the cart's start: the cart is given it as it is.
              on: { 'cart.lineAdded': { actions: 'forwardToCart' } },
            },
          },
        },
      },
    },
  },
});

export type ShopMachine = typeof shopMachine;
export type ShopSnapshot = SnapshotFrom<ShopMachine>;
export type ShopActorRef = ActorRefFrom<ShopMachine>;

/**
 * Where the cart is: 'pending' (whether there is one is not known yet, or its machine is on its
 * way), 'none', 'failed' (its machine could not be loaded) or 'running' (the cart actor says the rest).
 */
export function selectCartPresence(snapshot: ShopSnapshot): 'pending' | 'none' | 'failed' | 'running' {
  if (snapshot.children.cart !== undefined) return 'running';
  if (snapshot.hasTag('cartNone')) return 'none';
  return snapshot.hasTag('cartFailed') ? 'failed' : 'pending';
}

/** The page settings once read. */
export function selectShopSettings(snapshot: ShopSnapshot): ShopSettings | null {
  return snapshot.context.shopSettings;
}
