/**
 * The composition root of the statecharts: each machine of machines/ gets its real I/O here,
 * through `.provide({ actors })`, calling the API modules of src/api/. One section a machine, one
 * exported `provideX(services)` a machine; tests and stories provide fakes the same way.
 *
 * `provideShop` gives the root machine (machines/shop) all of them: ShopProviders (providers.tsx)
 * creates that one actor, never at module level; the session, the cart and each page's actor are
 * its children, in its system.
 *
 * The session actor owns the token. The API client reaches it through the SessionLink
 * (./session-link.ts). Cart and order calls are authorised calls (./authorised-calls.ts): the
 * authorised-call statechart waits for the session, and after a 401 or 403 for the new one, in the
 * shop's system. What the browser gives (token storage, geolocation, the tracking cookie) is in
 * ./browser-services.ts. Their names are exported here too.
 */
import { waitFor, type ActorRefFrom, type PromiseActorLogic } from 'xstate';
import { createApiClient, statusOf, type ApiClient } from '#src/api/client.ts';
import {
  fetchBranchByCode,
  fetchDefaultStore,
  fetchStore,
  fetchStoreAddress,
  fetchStoreOpeningTimes,
} from '#src/api/branches.ts';
import {
  fetchCalculatorContent,
  fetchCheckoutContent,
  fetchCurrencies,
  fetchProducts,
  fetchQuote,
  fetchRatesBoard,
  fetchSiteProducts,
  fetchSiteSettings,
} from '#src/api/catalogue.ts';
import { rememberBasketEmail } from '#src/api/order-notes.ts';
import { createSession, fetchSessionInfo } from '#src/api/session.ts';
import { tokenSaysNoCart } from '#domain/session.ts';
import type { PreloadedReads } from '#domain/contract/runtime-config.ts';
import type { Branch, BranchDetailsData } from '#domain/contract/branches.ts';
import type { StoreDetails } from '#domain/order-confirmation.ts';
import type { CheckoutContent, RatesBoard } from '#domain/contract/catalogue.ts';
import { transactionTypeOf } from '#domain/products.ts';
import type { GeoPoint } from '#domain/branch-search.ts';
import { calculatorMachine } from '#machines/calculator/calculator.machine.ts';
import type { LoadCalculatorInput, LoadCalculatorOutput } from '#machines/calculator/calculator.types.ts';
import { selectSessionSettled, selectToken, sessionMachine, type StoredTokens } from '#machines/session/session.machine.ts';
import { SYSTEM_ID, systemActor } from '#machines/system.ts';
import { createReadMachine, type ReadMachine } from '#machines/read/read.machine.ts';
import type { EffectsLogic } from '#machines/shop/effects.ts';
import type { CartActorRef } from './on-demand/cart.ts';
import { shopMachine, type LoadedPages, type OnDemandPage, type ShopSettings } from '#machines/shop/shop.machine.ts';
import type { ShopConfig } from './config.ts';
import { createConsoleReporter, type ErrorReporter } from './errors.ts';
import { silentTracker, withBasketReminder, type MarketingTracker } from './tracking.ts';
import { fromPromise } from './promise-actor.ts';
import {
  browserTokenStorage,
  LEGACY_TOKEN_STORAGE_KEY,
  SESSION_TOKEN_STORAGE_KEY,
  type TokenStorage,
} from './browser-services.ts';
import type { SessionActorRef, SessionLink } from './session-link.ts';

export { fromPromise } from './promise-actor.ts';
export { createSessionLink, type ConnectableSessionLink, type SessionActorRef, type SessionLink } from './session-link.ts';

// ------------------------------------------------------------------------------------------------
// Services
// ------------------------------------------------------------------------------------------------

/** What every actor implementation needs from the outside world. */
export interface ShopServices {
  config: ShopConfig;
  api: ApiClient;
  session: SessionLink;
  errors: ErrorReporter;
  tracker: MarketingTracker;
}

export interface ShopServiceOverrides {
  errors?: ErrorReporter;
  tracker?: MarketingTracker;
  /** The reads the page already holds (src/app/config.ts readPreloadedReads). */
  preloaded?: PreloadedReads;
  /** For tests. */
  fetch?: typeof fetch;
}

export function createShopServices(config: ShopConfig, session: SessionLink, overrides: ShopServiceOverrides = {}): ShopServices {
  const api = createApiClient({
      baseUrl: config.apiBase,
      getToken: () => session.getToken(),
      onUnauthorized: (status, token) => session.unauthorized(status, token),
      onTokenRenewed: (token, sentToken) => session.renewed(token, sentToken),
      ...(overrides.preloaded ? { preloaded: overrides.preloaded } : {}),
      ...(overrides.fetch ? { fetch: overrides.fetch } : {}),
  });
  const errors = overrides.errors ?? createConsoleReporter();
  return {
    config,
    api,
    session,
    errors,
    tracker: withBasketReminder(
      overrides.tracker ?? silentTracker,
      // An address the form lets through but the API's rule refuses (400) gets no basket link:
      // that is the shopper's typing, not a failure to report.
      (email) =>
        rememberBasketEmail(api, email).catch((error: unknown) => {
          if (statusOf(error) !== 400) throw error;
        }),
      (error) => errors.report(error, { where: 'checkout.basketEmail' }),
    ),
  };
}

// ------------------------------------------------------------------------------------------------
// Session (spec 4.4, 7.1): the token in localStorage, a legacy token exchanged once then removed
// ------------------------------------------------------------------------------------------------

export function provideSession(services: ShopServices, storage: TokenStorage | null = browserTokenStorage()) {
  return sessionMachine.provide({
    actors: {
      readStoredTokens: fromPromise<StoredTokens>(async () => ({
        token: storage?.getItem(SESSION_TOKEN_STORAGE_KEY) ?? null,
        legacyToken: storage?.getItem(LEGACY_TOKEN_STORAGE_KEY) ?? null,
      })),
      acquireToken: fromPromise(({ input, signal }) => createSession(services.api, input.siteId, input.previousToken, { signal })),
      exchangeLegacyToken: fromPromise(({ input, signal }) => createSession(services.api, input.siteId, input.legacyToken, { signal })),
      storeToken: fromPromise(async ({ input }) => storage?.setItem(SESSION_TOKEN_STORAGE_KEY, input.token)),
      removeLegacyToken: fromPromise(async () => storage?.removeItem(LEGACY_TOKEN_STORAGE_KEY)),
      clearStoredToken: fromPromise(async () => storage?.removeItem(SESSION_TOKEN_STORAGE_KEY)),
      // Invoked only once the token is ready, so it does not wait for the session.
      fetchSessionInfo: fromPromise(({ input, signal }) => fetchSessionInfo(services.api, input.siteId, { signal })),
    },
  });
}

// ------------------------------------------------------------------------------------------------
// Calculator (spec 2.1, 4.2, 4.5, 7.2): catalogue and quotes (add to cart is an event to the cart actor);
// the branch selection modal is its branch finder child, whose machine loads as the modal first opens
// ------------------------------------------------------------------------------------------------

export function provideCalculator(services: ShopServices, geolocate?: () => Promise<GeoPoint>) {
  const { api } = services;
  return calculatorMachine.provide({
    actors: {
      loadCalculator: fromPromise<LoadCalculatorOutput, LoadCalculatorInput>(async ({ input, signal }) => {
        // The default store is the home-delivery centre, and the branch until one is chosen.
        const defaultStore = fetchDefaultStore(api, input.siteId, { signal });
        const store = async () => {
          if (input.storeId === null) return defaultStore;
          // A store_id that names no branch of the site falls back to the default one.
          return fetchStore(api, input.siteId, input.storeId, { signal }).catch((error: unknown) => {
            if (statusOf(error) !== 404) throw error;
            return defaultStore;
          });
        };
        const [currencies, products, branch, deliveryCentre, content] = await Promise.all([
          fetchCurrencies(api, { signal }),
          fetchProducts(api, { signal }),
          store(),
          defaultStore,
          // The content only rewords: the calculator works with the built-in texts.
          fetchCalculatorContent(api, { signal }).catch((error: unknown) => {
            if (!signal.aborted) services.errors.report(error, { where: 'calculator.content' });
            return null;
          }),
        ]);
        return { currencies, products, store: branch, deliveryCentre, content };
      }),
      fetchQuote: fromPromise(({ input, signal }) =>
        fetchQuote(api, { ...input, transactionType: transactionTypeOf(input.productId) }, { signal }),
      ),
      // The branch chooser's machine loads as it first opens (./on-demand/branch-finder.ts).
      loadBranchFinder: fromPromise(async () => (await import('./on-demand/branch-finder.ts')).provideBranchFinder(services, geolocate)),
    },
  });
}

// ------------------------------------------------------------------------------------------------
// Reads the pages show: each call runs in a read actor (machines/read), a child of the shop or the checkout
// ------------------------------------------------------------------------------------------------

export function createShopReads(services: ShopServices) {
  const { api, config } = services;
  return {
    /** GET /api/content/checkout (no bearer). */
    checkoutContent: fromPromise<CheckoutContent, Record<string, never>>(({ signal }) => fetchCheckoutContent(api, { signal })),
    /** The home page's rates board (preloaded with the page). */
    ratesBoard: fromPromise<RatesBoard, Record<string, never>>(({ signal }) => fetchRatesBoard(api, config.siteId, { signal })),
    /** The branch's address and opening times, for the confirmation of a collection. */
    storeDetails: fromPromise<StoreDetails, { storeId: number }>(async ({ input, signal }) => {
      const [address, openingTimes] = await Promise.all([
        fetchStoreAddress(api, config.siteId, input.storeId, { signal }),
        fetchStoreOpeningTimes(api, config.siteId, input.storeId, { signal }).catch((error: unknown) => {
          services.errors.report(error, { where: 'reads.storeDetails.openingTimes', storeId: input.storeId });
          return null;
        }),
      ]);
      return { address, openingTimes };
    }),
    /**
     * A branch's page: GET /branches/{branchCode}, then its opening times by id; null when no
     * branch has that code (404). Opening times that could not be read are null (the branch's own
     * finder times still show).
     */
    branchDetails: fromPromise<BranchDetailsData | null, { branchCode: string }>(async ({ input, signal }) => {
      let branch: Branch;
      try {
        branch = await fetchBranchByCode(api, input.branchCode, { signal });
      } catch (error) {
        if (statusOf(error) === 404) return null;
        throw error;
      }
      const openingTimes = await fetchStoreOpeningTimes(api, config.siteId, branch.id, { signal }).catch((error: unknown) => {
        if (signal.aborted) throw error;
        services.errors.report(error, { where: 'reads.branchDetails.openingTimes', storeId: branch.id });
        return null;
      });
      return { branch, openingTimes };
    }),
  };
}

export type ShopReads = ReturnType<typeof createShopReads>;

// ------------------------------------------------------------------------------------------------
// The shop: the root actor (created in ShopProviders), every other actor its child
// ------------------------------------------------------------------------------------------------

export function provideShopSettings(services: ShopServices) {
  const { api, config } = services;
  return fromPromise<ShopSettings, { siteId: number }>(async ({ signal }) => {
    const [settings, siteProducts] = await Promise.all([
      fetchSiteSettings(api, config.siteId, { signal }),
      fetchSiteProducts(api, config.siteId, { signal }),
    ]);
    return { settings, siteProducts };
  });
}

/** A read the pages show, as the system's read actor (machines/read) around its call. */
export function readOf<TOutput, TInput>(call: PromiseActorLogic<TOutput, TInput>): ReadMachine<TOutput, TInput> {
  // The read machine passes its input to the call untyped; the call's own types hold at both ends.
  return createReadMachine<TOutput, TInput>().provide({ actors: { read: call as unknown as PromiseActorLogic<TOutput, unknown> } });
}

/**
 * Whether the session may have a cart (spec 3; decision 023), once the session has settled: its
 * token says so; a token that cannot say, or a session that could not start, may; a visitor with
 * no session yet has none. It only watches the session, never starts one. A new visitor's token
 * says none, so the cart's machine does not load until the shopper adds a line or opens a page
 * that shows it.
 */
export function provideCartExpected() {
  return fromPromise<boolean>(async ({ system, signal }) => {
    const session = systemActor(system, SYSTEM_ID.session);
    if (!session) return true;
    const settled = await waitFor(session, selectSessionSettled, { timeout: Infinity, signal });
    return settled.hasTag('ready') ? !tokenSaysNoCart(selectToken(settled)) : !settled.hasTag('none');
  });
}

/** Loads the machines of on-demand pages, each with its real I/O, as the shop asks for them. */
export function provideLoadPages(services: ShopServices) {
  const loadOne = async (page: OnDemandPage): Promise<LoadedPages> => {
    switch (page) {
      case 'checkout':
      case 'newLine':
        return (await import('./on-demand/checkout.ts')).provideCheckoutPages(services);
      case 'chart':
        return { chart: (await import('./on-demand/chart.ts')).provideChart(services) };
      case 'paymentResponse':
        return { paymentResponse: (await import('./on-demand/payment-response.ts')).providePaymentResponse(services) };
      case 'manageOrder':
        return { manageOrder: (await import('./on-demand/manage-order.ts')).provideManageOrder(services) };
      case 'branchFinder':
        return { branchFinder: (await import('./on-demand/branch-finder.ts')).provideBranchFinder(services) };
      case 'cart':
        return { cart: (await import('./on-demand/cart.ts')).provideCart(services) };
    }
  };
  return fromPromise<LoadedPages, { pages: OnDemandPage[] }>(async ({ input }) => Object.assign({}, ...(await Promise.all(input.pages.map(loadOne)))));
}

export interface ShopWiring {
  /** Where the session token is kept (null: nowhere). */
  storage: TokenStorage | null;
  /** The effects actor's logic (./effects.ts). */
  effects: EffectsLogic;
}

/** The shop with the real I/O of every actor of the system. */
export function provideShop(services: ShopServices, wiring: ShopWiring) {
  const reads = createShopReads(services);
  return shopMachine.provide({
    actors: {
      session: provideSession(services, wiring.storage),
      effects: wiring.effects,
      loadSettings: provideShopSettings(services),
      loadPages: provideLoadPages(services),
      cartExpected: provideCartExpected(),
      calculator: provideCalculator(services),
      ratesBoard: readOf(reads.ratesBoard),
      checkoutContent: readOf(reads.checkoutContent),
      branchDetails: readOf(reads.branchDetails),
    },
  });
}

export type ShopActorRef = ActorRefFrom<ReturnType<typeof provideShop>>;
export type { CartActorRef } from './on-demand/cart.ts';

/** The running root actors the views share. */
export interface ShopActors {
  session: SessionActorRef;
  /**
   * The header cart's and the checkout's cart, with its countdown child; null until the shop runs
   * it (its machine loads on demand: machines/shop, `cart` region).
   */
  cart: CartActorRef | null;
}
