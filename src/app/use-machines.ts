/**
 * One hook a page-level machine: each opens the screen's actor on the shop (the root actor, whose
 * child it is, with the page's name as systemId) with its input, and carries out the side effects
 * the chart emits, which leave the actor system (what actors tell each other never passes here):
 *
 * - `navigation.requested`: the router's navigate for the shop's own addresses, a full
 *   navigation (location.assign) for an absolute URL on another origin;
 * - `tracking.stepViewed`, `order.confirmed`: the marketing tracker and session storage;
 * - `payment.reported`: postMessage to the page holding the payment iframe, at the shop's exact
 *   origin, never '*';
 * - `error.reported`: the error reporter.
 */
import { useSelector } from '@xstate/react';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { SELL_TRAVEL_MONEY_PAGE } from '#domain/products.ts';
import { selectCartSummary, selectCountdownRef } from '#machines/cart/cart.selectors.ts';
import { selectHasProfile, selectSessionFailed, selectSessionNotice, selectToken, type SessionNotice } from '#machines/session/session.machine.ts';
import { loyaltySignInUrl, startLoyaltySignIn } from '#src/api/session.ts';
import type { ChartEmitted } from '#machines/chart/chart.machine.ts';
import type { CheckoutEmitted } from '#machines/checkout/checkout.types.ts';
import type { PaymentResponseEmitted } from '#machines/payment/payment-response.machine.ts';
import type { PageOpening, ShopEvent, ShopPage, ShopSnapshot } from '#machines/shop/shop.machine.ts';
import type { CalculatorEmitted } from '#machines/calculator/calculator.types.ts';
import { shopNavigator } from './navigation.ts';
import { affiliateIdFrom } from './tracking.ts';
import { usePageEffects, useShopActor, useShopActors, useShopServices, useSiteSettings } from './providers.tsx';


/** Each page's actor, as the shop holds it. */
export type PageActors = { [P in ShopPage]: NonNullable<ShopSnapshot['children'][P]> };

/**
 * The screen's actor: the shop's child for this page, opened as the screen first renders (so the
 * screen has it at once) and closed as it unmounts. Every screen gets its actor this way; the
 * hooks of the pages that load on demand, with their machines, are in ./on-demand/.
 */
export function usePageActor<P extends ShopPage>(opening: Extract<PageOpening, { page: P }>): PageActors[P] {
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
export function usePageEmitted<P extends ShopPage, T extends PageEmitted<P>['type'] & string>(
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
    // The address bar keeps its fragment (the skip link's #main, say); a memory address has none.
    const hash = typeof window === 'undefined' || window.location.pathname !== location.pathname ? '' : window.location.hash;
    navigate(`${location.pathname}${search ? `?${search}` : ''}${hash}`, { replace: true });
  });
  usePageEmitted('calculator', 'navigation.requested', (event) => go(event.to));

  return { calculator, toast, dismissToast: useCallback(() => setToast(null), []) };
}

/** The tab's session storage, when the browser lets the page have it. */
export function sessionStorageOrUndefined(): Storage | undefined {
  try {
    return window.sessionStorage;
  } catch {
    return undefined;
  }
}
