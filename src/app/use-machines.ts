/**
 * One hook a page-level machine: each opens the screen's actor on the shop (the root actor, whose
 * child it is, with the page's name as systemId) with its input, and carries out the side effects
 * the chart emits, which leave the actor system (what actors tell each other never passes here):
 *
 * - `navigation.requested`: react-router's navigate for the shop's own addresses, a full
 *   navigation (location.assign) for an absolute URL on another origin;
 * - `tracking.stepViewed`, `order.confirmed`: the marketing tracker and session storage;
 * - `payment.reported`: postMessage to the page holding the payment iframe, at the shop's exact
 *   origin, never '*';
 * - `error.reported`: the error reporter.
 */
import { useSelector } from '@xstate/react';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { checkoutPageOf } from '#domain/checkout-steps.ts';
import type { ProductId } from '#domain/contract/catalogue.ts';
import { appPaths } from '#domain/contract/routes.ts';
import { PRODUCT, SELL_TRAVEL_MONEY_PAGE, viewCartPath } from '#domain/products.ts';
import { selectCartSummary, selectCountdownRef } from '#machines/cart/cart.machine.ts';
import type { NewLineInput } from '#machines/cart/new-line.machine.ts';
import { selectHasProfile, selectSessionFailed, selectSessionNotice, selectToken, type SessionNotice } from '#machines/session/session.machine.ts';
import { loyaltySignInUrl, startLoyaltySignIn } from '#src/api/session.ts';
import type { ChartEmitted, ChartInput } from '#machines/chart/chart.machine.ts';
import type { CheckoutEmitted, CheckoutInput } from '#machines/checkout/checkout.machine.ts';
import type { PaymentResponseEmitted, PaymentResponseInput } from '#machines/payment/payment-response.machine.ts';
import type { SiteSettings } from '#domain/contract/catalogue.ts';
import type { PageOpening, ShopEvent, ShopPage, ShopSnapshot } from '#machines/shop/shop.machine.ts';
import type { CalculatorEmitted } from '#machines/calculator/calculator.machine.ts';
import type { CartActorRef } from './actors.ts';
import { inAppPath, shopNavigator } from './navigation.ts';
import { orderCompletedProperties, transactionOf } from './order-tracking.ts';
import { usePageEffects, useShopActor, useShopActors, useShopServices, useSiteSettings } from './providers.tsx';
import { affiliateIdFrom, isStoredTransaction, storeTransaction } from './tracking.ts';


type PageActors = { [P in ShopPage]: NonNullable<ShopSnapshot['children'][P]> };

/**
 * The screen's actor: the shop's child for this page, opened as the screen first renders (so the
 * screen has it at once) and closed as it unmounts. Every screen gets its actor this way.
 */
function usePageActor<P extends ShopPage>(opening: Extract<PageOpening, { page: P }>): PageActors[P] {
  const shop = useShopActor();
  const { page } = opening;
  const latest = useRef(opening);
  useLayoutEffect(() => {
    latest.current = opening;
  });
  const [first] = useState(() => {
    shop.send({ type: 'page.opened', ...opening } as ShopEvent);
    return shop.getSnapshot().children[page];
  });
  useEffect(() => {
    // Opens it again after a remount (StrictMode's second mount); a page already open keeps its actor.
    shop.send({ type: 'page.opened', ...latest.current } as ShopEvent);
    return () => shop.send({ type: 'page.closed', page });
  }, [shop, page]);
  const current = useSelector(shop, (s) => s.children[page]);
  return (current ?? first) as PageActors[P];
}

interface PageEmittedEvents {
  calculator: CalculatorEmitted;
  checkout: CheckoutEmitted;
  branchFinder: never;
  chart: ChartEmitted;
  paymentResponse: PaymentResponseEmitted;
  newLine: never;
  manageOrder: never;
}
type PageEmitted<P extends ShopPage> = PageEmittedEvents[P];

/** Handles one kind of event a page's actor emits, for as long as the screen is mounted (page-effects.ts). */
function usePageEmitted<P extends ShopPage, T extends PageEmitted<P>['type'] & string>(
  page: P,
  type: T,
  handler: (event: Extract<PageEmitted<P>, { type: T }>) => void,
): void {
  const effects = usePageEffects();
  const latest = useRef(handler);
  useLayoutEffect(() => {
    latest.current = handler;
  });
  useLayoutEffect(() => {
    const subscription = effects.on(page, type, (event) => latest.current(event as Extract<PageEmitted<P>, { type: T }>));
    return () => subscription.unsubscribe();
  }, [effects, page, type]);
}

/** Goes to an app path with the router, and to an absolute URL elsewhere with a full navigation. */
export function useShopNavigate(): (to: string) => void {
  const navigate = useNavigate();
  return useMemo(() => shopNavigator(navigate), [navigate]);
}

// ------------------------------------------------------------------------------------------------
// Manage my order
// ------------------------------------------------------------------------------------------------

export type ManageOrderActorRef = PageActors['manageOrder'];

/** The manage my order page's actor, and the site's fee lines for the order it shows. */
export function useManageOrderPage(): { manageOrder: ManageOrderActorRef; settings: SiteSettings } {
  return { manageOrder: usePageActor({ page: 'manageOrder' }), settings: useSiteSettings() };
}

// ------------------------------------------------------------------------------------------------
// Chart
// ------------------------------------------------------------------------------------------------

export type ChartActorRef = PageActors['chart'];

/** The chart of a chart page: `useChartActor({ path: location.pathname })`. */
export function useChartActor(input: ChartInput): ChartActorRef {
  const services = useShopServices();
  const actor = usePageActor({ page: 'chart', input });
  usePageEmitted('chart', 'error.reported', (event) => services.errors.report(event.error, { where: event.where }));
  return actor;
}

// ------------------------------------------------------------------------------------------------
// Checkout
// ------------------------------------------------------------------------------------------------

export type CheckoutActorRef = PageActors['checkout'];

export type CheckoutActorInput = Partial<CheckoutInput>;

/**
 * The checkout of a checkout page. Every field of the input has a default: the page's path, the
 * shop's origin, the site's abandon-cart address (else /). Mounted once above several checkout
 * routes, the actor follows the address: a move the visitor makes (back, forward) opens that page.
 */
export function useCheckoutActor(input: CheckoutActorInput = {}): CheckoutActorRef {
  const services = useShopServices();
  const settings = useSiteSettings();
  const location = useLocation();
  const go = useShopNavigate();
  const { cart } = useShopActors();
  const actor = usePageActor({
    page: 'checkout',
    input: {
      path: input.path ?? location.pathname,
      appOrigin: input.appOrigin ?? services.config.appOrigin,
      abandonCartUrl: input.abandonCartUrl ?? settings.abandonCartUrl ?? appPaths.home,
      productId: input.productId ?? productOnOpening(cart, location.pathname),
    },
  });

  // The path the chart last asked for: arriving there is the chart's own move, not the visitor's.
  const requested = useRef<string>(location.pathname);
  usePageEmitted('checkout', 'navigation.requested', (event) => {
    requested.current = inAppPath(event.to, window.location.origin)?.split(/[?#]/)[0] ?? event.to;
    go(event.to);
  });
  useEffect(() => {
    if (location.pathname === requested.current) return;
    requested.current = location.pathname;
    actor.send({ type: 'checkout.pageOpened', path: location.pathname });
  }, [actor, location.pathname]);

  usePageEmitted('checkout', 'tracking.stepViewed', (event) => services.tracker.stepViewed(event.step));
  usePageEmitted('checkout', 'order.confirmed', ({ order }) => {
    const storage = sessionStorageOrUndefined();
    const transaction = transactionOf(order, settings.name);
    // Reloading the confirmation, or coming back to it, does not report the order a second time.
    if (isStoredTransaction(storage, transaction.transactionId)) return;
    services.tracker.track('Order Completed Buy or Sell', orderCompletedProperties(order, services.config.appOrigin, affiliateIdFrom(storage)));
    storeTransaction(storage, transaction);
  });

  return actor;
}

/** The product before the order is read: the cart's, or sell-back on its own view-cart page. */
function productOnOpening(cart: CartActorRef, pathname: string): ProductId | null {
  const fromCart = cart.getSnapshot().context.cart?.product.id;
  if (fromCart !== undefined) return fromCart;
  return checkoutPageOf(pathname) === 'review' && pathname.replace(/\/+$/, '') === viewCartPath(PRODUCT.SELL_BACK) ? PRODUCT.SELL_BACK : null;
}

function sessionStorageOrUndefined(): Storage | undefined {
  try {
    return window.sessionStorage;
  } catch {
    return undefined;
  }
}

// ------------------------------------------------------------------------------------------------
// Payment response (inside the payment iframe)
// ------------------------------------------------------------------------------------------------

export type PaymentResponseActorRef = PageActors['paymentResponse'];

/**
 * The payment response page's actor. Its reports go to the checkout page holding the iframe
 * (window.parent), and only if that page is on the shop's configured origin.
 */
export function usePaymentResponseActor(
  input: PaymentResponseInput,
  target: Pick<Window, 'postMessage'> = window.parent,
): PaymentResponseActorRef {
  const services = useShopServices();
  const actor = usePageActor({ page: 'paymentResponse', input });
  usePageEmitted('paymentResponse', 'payment.reported', (event) => target.postMessage(event.message, services.config.appOrigin));
  return actor;
}

// ------------------------------------------------------------------------------------------------
// Cart (root actor): its countdown child
// ------------------------------------------------------------------------------------------------

/** The cart's countdown child while there is a cart (for the header cart and the checkout header). */
export function useCartCountdown() {
  const { cart } = useShopActors();
  return useSelector(cart, selectCountdownRef);
}

// ------------------------------------------------------------------------------------------------
// Session (root actor): the loyalty profile
// ------------------------------------------------------------------------------------------------

/** The visitor has a loyalty profile: "You're signed in!". */
export function useSignedIn(): boolean {
  const { session } = useShopActors();
  return useSelector(session, selectHasProfile);
}

/** The notice that a refused session was replaced, and how the shopper dismisses it. */
export function useSessionNotice(): { notice: SessionNotice | null; dismiss: () => void; failed: boolean; retry: () => void } {
  const { session } = useShopActors();
  const notice = useSelector(session, selectSessionNotice);
  const failed = useSelector(session, selectSessionFailed);
  const dismiss = useCallback(() => session.send({ type: 'session.noticeDismissed' }), [session]);
  const retry = useCallback(() => session.send({ type: 'session.retried' }), [session]);
  return { notice, dismiss, failed, retry };
}

/** The loyalty sign-in address (spec 7.1), when the site shows the CTA and the visitor is not signed in. */
export function useLoyaltySignInHref(): string | null {
  const { api, config } = useShopServices();
  const settings = useSiteSettings();
  const { session } = useShopActors();
  const token = useSelector(session, selectToken);
  const signedIn = useSelector(session, selectHasProfile);
  if (!settings.showLoyaltyCTA || signedIn || token === null) return null;
  return loyaltySignInUrl(api, config.siteId);
}

const goToAddress = (url: string) => window.location.assign(url);

/**
 * Starts the loyalty sign-in: asks the API for a single-use sign-in code (with the bearer, so the
 * token never goes in the address) and then goes to the sign-in page with it. A refused session
 * reaches the session actor through the API client, like any call.
 */
export function useLoyaltySignInStart(navigate: (url: string) => void = goToAddress): () => void {
  const { api, config } = useShopServices();
  return useCallback(() => {
    startLoyaltySignIn(api, config.siteId).then(navigate, (error: unknown) => console.warn('The loyalty sign-in could not start', error));
  }, [api, config.siteId, navigate]);
}

// ------------------------------------------------------------------------------------------------
// Branch finder page (/branches)
// ------------------------------------------------------------------------------------------------

export type BranchFinderActorRef = PageActors['branchFinder'];

export function useBranchFinderActor(): BranchFinderActorRef {
  const { config } = useShopServices();
  return usePageActor({ page: 'branchFinder', input: { mode: 'page', siteId: config.siteId } });
}

// ------------------------------------------------------------------------------------------------
// Calculator
// ------------------------------------------------------------------------------------------------

export type CalculatorActorRef = PageActors['calculator'];

export interface CalculatorPageOptions {
  /** 'sell' is the sell-travel-money page (opens on sell back); 'embedded' the iframe calculator. */
  page?: 'buy' | 'sell' | 'embedded';
  /** The page's sell-currency flag. */
  sellCurrency?: boolean;
  /** DEFAULT_FC, DEFAULT_GBP and the configured amount of spec 4.5. */
  defaultForeign?: number | null;
  defaultGbp?: number | null;
  configuredGbp?: number | null;
}

/** What the calculator screen needs from the app: its actor and the loyalty sign-in's toast. */
export interface CalculatorPage {
  calculator: CalculatorActorRef;
  /** The signed-in toast's message while it shows. */
  toast: string | null;
  dismissToast: () => void;
}

function positiveIntOf(text: string | null): number | null {
  return text !== null && /^\d+$/.test(text) && Number(text) > 0 ? Number(text) : null;
}

/**
 * The calculator of a calculator page. Reads store_id, signedIn and affiliateid from the address,
 * and starts from the cart as it is (the calculator and the cart talk to each other, and to the
 * session, in the shop's system).
 */
export function useCalculatorActor(options: CalculatorPageOptions = {}): CalculatorPage {
  const services = useShopServices();
  const settings = useSiteSettings();
  const { cart } = useShopActors();
  const location = useLocation();
  const navigate = useNavigate();
  const go = useShopNavigate();
  const [query] = useState(() => new URLSearchParams(location.search));
  const [cartSummary] = useState(() => selectCartSummary(cart.getSnapshot()));
  const calculator = usePageActor({
    page: 'calculator',
    input: {
      siteId: services.config.siteId,
      settings: {
        enableSelling: settings.enableSelling,
        embeddedMode: options.page === 'embedded' || settings.embeddedMode,
        defaultCurrency: settings.defaultCurrency,
        maxOrderValue: settings.maxOrderValue,
        bankHolidays: settings.bankHolidays,
        pageType: options.page === 'sell' ? SELL_TRAVEL_MONEY_PAGE : null,
        sellCurrency: options.sellCurrency ?? null,
        defaultForeign: options.defaultForeign ?? null,
        defaultGbp: options.defaultGbp ?? null,
        configuredGbp: options.configuredGbp ?? null,
      },
      storeId: positiveIntOf(query.get('store_id')),
      signedIn: query.has('signedIn'),
      affiliateCode: query.get('affiliateid') ?? affiliateIdFrom(sessionStorageOrUndefined()),
      host: services.config.appOrigin,
      cart: cartSummary,
    },
  });

  const [toast, setToast] = useState<string | null>(null);
  usePageEmitted('calculator', 'toast.requested', (event) => setToast(event.message));
  usePageEmitted('calculator', 'queryParam.removed', (event) => {
    const params = new URLSearchParams(location.search);
    params.delete(event.name);
    const search = params.toString();
    void navigate({ pathname: location.pathname, search: search ? `?${search}` : '', hash: location.hash }, { replace: true });
  });
  usePageEmitted('calculator', 'navigation.requested', (event) => go(event.to));

  return { calculator, toast, dismissToast: useCallback(() => setToast(null), []) };
}

// ------------------------------------------------------------------------------------------------
// New line ('Add new currency' on the view-cart page)
// ------------------------------------------------------------------------------------------------

export type NewLineActorRef = PageActors['newLine'];

/**
 * The 'Add new currency' form's actor: it hands its lines to the cart actor, which tells it its
 * lines (both through the shop's system).
 */
export function useNewLineActor(input: Omit<NewLineInput, 'siteId'>): NewLineActorRef {
  const { config } = useShopServices();
  return usePageActor({ page: 'newLine', input: { siteId: config.siteId, ...input } });
}
