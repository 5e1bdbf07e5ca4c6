/**
 * msw 2 handlers for every route of domain/contract/routes.ts, answering with mocks/fixtures.ts.
 *
 *   Node tests:  setupServer(...handlers); server.use(...variants.noStock())
 *   Storybook:   the default handlers are installed by .storybook/preview.ts; a story adds a
 *                variant with `parameters: { msw: { handlers: variants.emptyCart() } }`
 *
 * Variants are prepended, so they win over the defaults. The defaults are stateless: a write
 * answers with the fixture cart changed as asked, but nothing is remembered between requests,
 * so stories and tests stay independent of each other.
 */
import { delay, http, HttpResponse, type HttpHandler, type HttpResponseResolver } from 'msw';
import * as v from 'valibot';
import { CartLineRequestSchema, CreateCartRequestSchema, type Cart } from '#domain/contract/cart.ts';
import type { SiteSettings } from '#domain/contract/catalogue.ts';
import { PROBLEM_CONTENT_TYPE, type Problem } from '#domain/contract/common.ts';
import { NO_STOCK, type Order, type OrderStateValue } from '#domain/contract/order.ts';
import { apiRoutes, type ApiRouteName } from '#domain/contract/api-routes.ts';
import { keptChoice, NoteChoiceSchema, noteChoiceProblem, notesFromUnits, offerFor, type CartNotes, type NoteChoice } from '#domain/note-mix.ts';
import { fixtures as defaultFixtures, makeChartPoints, problems, quoteFor, withTotals, type Fixtures } from './fixtures.ts';

/** The app's default API base (src/app/config.ts DEFAULT_API_BASE). */
export const MOCK_API_BASE = 'http://localhost:3001';

/** The URL pattern msw matches for a route. */
export function routeUrl(name: ApiRouteName, base = MOCK_API_BASE): string {
  return `${base}${apiRoutes[name].pattern}`;
}

/** A handler for one route of the contract; its method comes from the route table. */
export function on(name: ApiRouteName, resolver: HttpResponseResolver, base = MOCK_API_BASE): HttpHandler {
  const route = apiRoutes[name];
  const url = routeUrl(name, base);
  switch (route.method) {
    case 'GET':
      return http.get(url, resolver);
    case 'POST':
      return http.post(url, resolver);
    case 'PUT':
      return http.put(url, resolver);
    case 'DELETE':
      return http.delete(url, resolver);
  }
}

/** An application/problem+json answer. */
export function problemResponse(problem: Problem, status = problem.status ?? 500): Response {
  return HttpResponse.json({ ...problem, status }, { status, headers: { 'Content-Type': PROBLEM_CONTENT_TYPE } });
}

export interface HandlerOptions {
  base?: string;
  fixtures?: Fixtures;
}

/** What each line of a mock cart may have: euros and dollars note by note (a branch's usual notes), other currencies as a preference. */
export function mockNotesOf(cart: Cart, choices: ReadonlyMap<string, NoteChoice> = new Map()): CartNotes {
  if (cart.product.transactionType === 'buy') return { lines: [] };
  return {
    lines: cart.lines.map((l) => {
      const units = Math.ceil(l.qty);
      const notes = notesFromUnits(l.currency.code, 6_000).map((n) => ({ value: n.value, available: n.count }));
      return {
        lineId: l.id,
        currencyCode: l.currency.code,
        name: l.currency.pluralName,
        symbol: l.currency.symbol,
        units,
        choice: choices.get(l.id) ?? { kind: 'mixed' as const },
        offered: offerFor(l.currency.code, units, { unitsHeld: 6_000, notes }),
      };
    }),
  };
}

function changeLine(cart: Cart, lineId: string, qty: number | null): Cart {
  const lines = cart.lines.flatMap((line) => {
    if (line.id !== lineId) return [line];
    if (qty === null) return [];
    return [{ ...line, qty, total: Math.ceil((qty / line.rate) * 100 - 1e-9) / 100 }];
  });
  return withTotals({ ...cart, lines });
}

/** The happy path: a visitor with a session, a two-line click-and-collect cart and an order in state 0. */
export function createHandlers(options: HandlerOptions = {}): HttpHandler[] {
  const f = options.fixtures ?? defaultFixtures;
  /** The notes each line was given (the notes you want), for as long as these handlers live. */
  const noteChoices = new Map<string, NoteChoice>();
  const base = options.base ?? MOCK_API_BASE;
  const route = (name: ApiRouteName, resolver: HttpResponseResolver) => on(name, resolver, base);
  const badRequest = (detail: string) => problemResponse({ title: 'Bad request', detail }, 400);

  return [
    // 7.1 Session
    route('sessionToken', () => HttpResponse.json({ token: f.token })),
    route('sessionCreate', () => HttpResponse.json({ token: f.token })),
    route('sessionInfo', () => HttpResponse.json(f.sessionInfo)),
    route('loyaltySignIn', () => new HttpResponse(null, { status: 302, headers: { Location: '/?signedIn' } })),
    route('loyaltySignInStart', ({ request }) =>
      HttpResponse.json(
        {
          url: `${new URL(request.url).origin}${new URL(request.url).pathname.replace(/\/code$/, '')}?returnUrl=%2F%3FsignedIn&code=${'c'.repeat(43)}`,
          expiresAt: '2099-01-01T00:00:00.000Z',
        },
        { status: 201 },
      ),
    ),

    // 7.2 Catalogue, rates and content
    route('quote', ({ params }) => {
      const code = String(params.currency ?? '').toUpperCase();
      if (!f.currencies.some((c) => c.code === code)) return problemResponse(problems.quoteUnavailable);
      return HttpResponse.json(quoteFor(code));
    }),
    route('currencies', () => HttpResponse.json(f.currencies)),
    route('products', () => HttpResponse.json(f.products)),
    route('siteProducts', () => HttpResponse.json(f.siteProducts)),
    route('calculatorContent', () => HttpResponse.json(f.calculatorContent)),
    route('checkoutContent', () => HttpResponse.json(f.checkoutContent)),
    route('siteSettings', () => HttpResponse.json(f.siteSettings)),
    route('ratesBoard', () => HttpResponse.json(f.ratesBoard)),
    route('currencyConverter', ({ params, request }) => {
      const code = String(params.code ?? 'eur').toUpperCase();
      const inverted = new URL(request.url).searchParams.get('inverted') === 'true';
      return HttpResponse.json(makeChartPoints(f.now, code, inverted));
    }),

    // 7.3 Branches
    route('defaultStore', () => HttpResponse.json(f.openStore)),
    route('branchByCode', ({ params }) => {
      const branch = f.branches.find((b) => b.branchCode.toLowerCase() === String(params.branchCode).toLowerCase());
      return branch ? HttpResponse.json(branch) : problemResponse({ title: 'Not found', detail: 'No branch has that code.' }, 404);
    }),
    route('metaStores', () => HttpResponse.json(f.stores)),
    route('store', ({ params }) => {
      const store = f.stores.find((s) => s.id === Number(params.id));
      return store ? HttpResponse.json(store) : problemResponse({ title: 'Not found', detail: 'No store has that id.' }, 404);
    }),
    route('storeOpeningTimes', ({ params }) => {
      const store = f.stores.find((s) => s.id === Number(params.id));
      return HttpResponse.json(store?.openingTimes ?? f.openStore.openingTimes);
    }),
    route('storeAddress', ({ params }) => {
      const store = f.stores.find((s) => s.id === Number(params.id)) ?? f.openStore;
      return HttpResponse.json(store.address);
    }),
    route('nearbyStores', () => HttpResponse.json(f.stores.filter((s) => !s.isMeta))),
    route('nearbyBranches', async ({ request }) => {
      // The finder's filter, as the server applies it: step-free branches only.
      const { stepFreeOnly } = (await request.json().catch(() => ({}))) as { stepFreeOnly?: boolean };
      return HttpResponse.json({
        items: f.branches
          .map((branch, i) => ({ branch, distanceInMiles: f.stores.find((s) => s.id === branch.id)?.distanceInMiles ?? i + 1 }))
          .filter((item) => stepFreeOnly !== true || item.branch.stepFree),
      });
    }),
    route('places', ({ request }) => {
      const q = (new URL(request.url).searchParams.get('q') ?? '').trim().toLowerCase();
      return HttpResponse.json(q === '' ? [] : f.places.filter((p) => p.name.toLowerCase().includes(q)));
    }),
    route('addressLookup', () => HttpResponse.json(f.addresses)),

    // 7.4 Cart
    route('cartExists', () => HttpResponse.json(f.cartExists)),
    route('cart', () => HttpResponse.json(f.cart)),
    route('cartCreate', async ({ request }) => {
      const body = v.safeParse(CreateCartRequestSchema, await request.json());
      if (!body.success) return badRequest('storeId and productId are required.');
      return HttpResponse.json(
        withTotals({
          ...f.emptyCart,
          product: { id: body.output.productId, transactionType: body.output.productId === 3 ? 'buy' : 'sell' },
          store: { id: body.output.storeId },
          affiliateCode: body.output.affiliateCode ?? null,
        }),
      );
    }),
    route('cartAdd', async ({ request }) => {
      const body = v.safeParse(CartLineRequestSchema, await request.json());
      if (!body.success) return problemResponse(problems.validation);
      const currency = f.currencies.find((c) => c.code === body.output.currencyCode) ?? f.currencies[0]!;
      const quote = quoteFor(currency.code);
      const line = {
        id: `line-${f.cart.lines.length + 1}`,
        currency: { code: currency.code, pluralName: currency.pluralName, symbol: currency.symbol },
        qty: body.output.qty,
        rate: quote.rate,
        total: Math.ceil((body.output.qty / quote.rate) * 100 - 1e-9) / 100,
        increment: quote.increment,
      };
      return HttpResponse.json(withTotals({ ...f.cart, lines: [...f.cart.lines, line] }));
    }),
    route('cartLineUpdate', async ({ params, request }) => {
      const body = v.safeParse(CartLineRequestSchema, await request.json());
      if (!body.success) return problemResponse(problems.validation);
      return HttpResponse.json(changeLine(f.cart, String(params.id), body.output.qty));
    }),
    route('cartLineDelete', ({ params }) => HttpResponse.json(changeLine(f.cart, String(params.id), null))),
    route('cartBuyback', ({ request }) =>
      HttpResponse.json(withTotals({ ...f.cart, buyBackGuarantee: new URL(request.url).searchParams.get('isBuyBack') === 'true' })),
    ),
    route('cartRefund', ({ request }) =>
      HttpResponse.json(withTotals({ ...f.cart, refundGuarantee: new URL(request.url).searchParams.get('isRefund') === 'true' })),
    ),
    route('cartRecreate', () => HttpResponse.json(f.cart)),
    route('cartAbandon', () => new HttpResponse(null, { status: 204 })),
    route('cartCheckout', () => HttpResponse.json(f.checkout, { status: 201 })),
    // The notes you want (issue 45): euros and dollars note by note, every line mixed until chosen.
    route('cartNotes', () => HttpResponse.json(mockNotesOf(f.cart, noteChoices))),
    route('cartLineNotes', async ({ params, request }) => {
      const body = v.safeParse(NoteChoiceSchema, await request.json());
      if (!body.success) return problemResponse(problems.validation);
      const line = mockNotesOf(f.cart, noteChoices).lines.find((l) => l.lineId === String(params.id));
      if (line === undefined) return problemResponse({ title: 'Not found', detail: 'There is no such line in your cart.' }, 404);
      const problem = noteChoiceProblem(body.output, line);
      if (problem !== null) return problemResponse({ title: 'Unprocessable request', detail: problem }, 422);
      noteChoices.set(line.lineId, keptChoice(body.output));
      return HttpResponse.json(mockNotesOf(f.cart, noteChoices));
    }),
    route('cartExtend', () =>
      f.cart.extensionsLeft > 0
        ? HttpResponse.json({
            ...f.cart,
            expiresAt: new Date(Date.parse(f.cart.expiresAt) + f.cart.extensionMinutes * 60_000).toISOString(),
            extensionsLeft: f.cart.extensionsLeft - 1,
          })
        : problemResponse(problems.extensionLimit),
    ),

    // 7.5 Order and payment
    route('order', () => HttpResponse.json(f.order)),
    route('deliverySlots', () => HttpResponse.json(f.order.ClickAndCollect ? f.slots : f.homeDeliverySlots)),
    route('deliverySlot', async ({ request }) => {
      const body = (await request.json()) as { id?: unknown };
      const slot = [...f.slots, ...f.homeDeliverySlots].find((s) => s.id === body.id);
      if (!slot) return badRequest('Choose one of the offered slots.');
      return HttpResponse.json({ ...f.order, deliverySlot: { date: slot.date, price: slot.price, deliveryMethodName: slot.deliveryMethodName } });
    }),
    route('gaInfo', () => new HttpResponse(null, { status: 204 })),
    route('customerInfo', () => HttpResponse.json(f.customerInfoResult)),
    route('basketEmail', () => new HttpResponse(null, { status: 204 })),
    route('emailOptOut', () => HttpResponse.text('Done')),
    route('rateAlert', () => HttpResponse.json({ id: '7d1c8c66-3f38-4c55-9a42-5c1d7f1a0b11' }, { status: 201 })),
    route('rateAlertCancel', () => HttpResponse.text('Done')),
    route('createPaymentIntent', () =>
      HttpResponse.json({ url: f.paymentUrl }, { status: 201, headers: { Location: f.paymentUrl, 'Access-Control-Expose-Headers': 'Location' } }),
    ),
    // Issue 45 part 1: a home delivery collected from a branch instead (cards failing).
    route('collectionBranches', () => HttpResponse.json(f.collectionBranches)),
    route('switchToCollection', async ({ request }) => {
      const body = (await request.json().catch(() => ({}))) as { storeId?: unknown };
      const branch = f.stores.find((store) => store.id === body.storeId && !store.isMeta);
      if (branch === undefined) return problemResponse({ title: 'This order cannot be collected from a branch instead', detail: "That branch doesn't have all of your currency right now. Please choose another branch." }, 409);
      return HttpResponse.json({ ...f.order, state: { value: 0 }, product: { id: 2, name: 'Click and collect' }, ClickAndCollect: true, deliverySlot: null, store: { ...f.order.store, id: branch.id, name: branch.name } });
    }),
  ];
}

/** The default handlers over the default fixtures. */
export const handlers: HttpHandler[] = createHandlers();

function orderWithState(f: Fixtures, value: OrderStateValue, extra: Partial<Order> = {}): Order {
  return { ...f.order, ...extra, state: { value } };
}

/**
 * Departures from the happy path, each a list of handlers to put in front of the defaults.
 * Every factory takes an optional `{ base, fixtures }` like createHandlers.
 */
export const variants = {
  /** Any route answering a problem document. */
  problem(name: ApiRouteName, problem: Problem = problems.server, status = problem.status ?? 500, o: HandlerOptions = {}): HttpHandler[] {
    return [on(name, () => problemResponse(problem, status), o.base)];
  },
  /** Any route answering 401 (the session token is then dropped). */
  unauthorized(name: ApiRouteName, o: HandlerOptions = {}): HttpHandler[] {
    return [on(name, () => problemResponse(problems.unauthorized, 401), o.base)];
  },
  /** Any route failing at the network level. */
  networkError(name: ApiRouteName, o: HandlerOptions = {}): HttpHandler[] {
    return [on(name, () => HttpResponse.error(), o.base)];
  },
  /** Any route never answering, for loading states. */
  loading(name: ApiRouteName, o: HandlerOptions = {}): HttpHandler[] {
    return [
      on(name, async () => {
        await delay('infinite');
        return new HttpResponse(null, { status: 204 });
      }, o.base),
    ];
  },
  /** Any route answering after `ms` (the resolver returns nothing, so the next handler answers). */
  slow(name: ApiRouteName, ms: number, o: HandlerOptions = {}): HttpHandler[] {
    return [
      on(name, async () => {
        await delay(ms);
      }, o.base),
    ];
  },

  // Session
  signedIn(o: HandlerOptions = {}): HttpHandler[] {
    return [on('sessionInfo', () => HttpResponse.json({ hasProfile: true }), o.base)];
  },

  // Site settings
  settings(patch: Partial<SiteSettings>, o: HandlerOptions = {}): HttpHandler[] {
    const f = o.fixtures ?? defaultFixtures;
    return [on('siteSettings', () => HttpResponse.json({ ...f.siteSettings, ...patch }), o.base)];
  },
  sellingDisabled(o: HandlerOptions = {}): HttpHandler[] {
    return variants.settings({ enableSelling: false }, o);
  },
  partnerSite(o: HandlerOptions = {}): HttpHandler[] {
    return variants.settings({ siteId: 2, isPartner: true, buybackMinimum: 200 }, o);
  },
  embedded(o: HandlerOptions = {}): HttpHandler[] {
    return variants.settings({ embeddedMode: true }, o);
  },

  // Catalogue and branches
  quoteError(detail = problems.quoteUnavailable.detail, o: HandlerOptions = {}): HttpHandler[] {
    return variants.problem('quote', { ...problems.quoteUnavailable, detail }, 422, o);
  },
  nearbyStoresError(detail = 'We could not search for branches right now.', o: HandlerOptions = {}): HttpHandler[] {
    return variants.problem('nearbyStores', { title: 'Branch search failed', detail }, 502, o);
  },
  /** Only the closed branch and the one without stock are near. */
  onlyUnavailableStores(o: HandlerOptions = {}): HttpHandler[] {
    const f = o.fixtures ?? defaultFixtures;
    return [on('nearbyStores', () => HttpResponse.json([f.closedStore, f.noStockStore]), o.base)];
  },
  noNearbyBranches(o: HandlerOptions = {}): HttpHandler[] {
    return [on('nearbyBranches', () => HttpResponse.json({ items: [] }), o.base)];
  },
  placesEmpty(o: HandlerOptions = {}): HttpHandler[] {
    return [on('places', () => HttpResponse.json([]), o.base)];
  },
  chartError(o: HandlerOptions = {}): HttpHandler[] {
    return variants.problem('currencyConverter', problems.server, 500, o);
  },

  // Cart
  withCart(cart: Cart, o: HandlerOptions = {}): HttpHandler[] {
    return [
      on('cart', () => HttpResponse.json(cart), o.base),
      on('cartExists', () => HttpResponse.json({ id: cart.id, productId: cart.product.id, expiresAt: cart.expiresAt }), o.base),
      on('cartRecreate', () => HttpResponse.json(cart), o.base),
    ];
  },
  /** The session has no cart: both cart reads answer 404. */
  noCart(o: HandlerOptions = {}): HttpHandler[] {
    return [
      on('cartExists', () => problemResponse(problems.notFound, 404), o.base),
      on('cart', () => problemResponse(problems.notFound, 404), o.base),
    ];
  },
  emptyCart(o: HandlerOptions = {}): HttpHandler[] {
    return variants.withCart((o.fixtures ?? defaultFixtures).emptyCart, o);
  },
  sellBackCart(o: HandlerOptions = {}): HttpHandler[] {
    return variants.withCart((o.fixtures ?? defaultFixtures).sellBackCart, o);
  },
  homeDeliveryCart(o: HandlerOptions = {}): HttpHandler[] {
    const f = o.fixtures ?? defaultFixtures;
    return [
      ...variants.withCart(f.homeDeliveryCart, o),
      on('order', () => HttpResponse.json({ ...f.order, ClickAndCollect: false, product: { id: 1, name: 'Home delivery' } }), o.base),
    ];
  },
  /** A cart with `seconds` left, e.g. 245 for the expiring countdown. */
  cartExpiringIn(seconds: number, o: HandlerOptions = {}): HttpHandler[] {
    const f = o.fixtures ?? defaultFixtures;
    return variants.withCart({ ...f.cart, expiresAt: new Date(Date.now() + seconds * 1000).toISOString() }, o);
  },
  cartFetchError(o: HandlerOptions = {}): HttpHandler[] {
    return variants.problem('cart', problems.server, 500, o);
  },

  // Order and payment
  orderState(value: OrderStateValue, o: HandlerOptions = {}): HttpHandler[] {
    const f = o.fixtures ?? defaultFixtures;
    return [on('order', () => HttpResponse.json(orderWithState(f, value)), o.base)];
  },
  paymentPending(o: HandlerOptions = {}): HttpHandler[] {
    return variants.orderState(3, o);
  },
  orderCompleted(o: HandlerOptions = {}): HttpHandler[] {
    const f = o.fixtures ?? defaultFixtures;
    return [on('order', () => HttpResponse.json(f.completedOrder), o.base)];
  },
  checkoutFailed(o: HandlerOptions = {}): HttpHandler[] {
    return variants.orderState(16, o);
  },
  /** Velocity check failed: the order reads state 1 and the details submit answers it too. */
  velocity(o: HandlerOptions = {}): HttpHandler[] {
    return [
      ...variants.orderState(1, o),
      on('customerInfo', () => HttpResponse.json({ showAMLPopup: false, state: { value: 1 } }), o.base),
    ];
  },
  /** The branch sold out while the visitor typed: customer-info answers the text NoStock. */
  noStock(o: HandlerOptions = {}): HttpHandler[] {
    return [on('customerInfo', () => HttpResponse.text(NO_STOCK), o.base)];
  },
  /** The order needs additional identification (AML). */
  aml(o: HandlerOptions = {}): HttpHandler[] {
    return [on('customerInfo', () => HttpResponse.json({ showAMLPopup: true, state: { value: 3 } }), o.base)];
  },
  customerInfoState(value: OrderStateValue, o: HandlerOptions = {}): HttpHandler[] {
    return [on('customerInfo', () => HttpResponse.json({ showAMLPopup: false, state: { value } }), o.base)];
  },
  noSlots(o: HandlerOptions = {}): HttpHandler[] {
    return [on('deliverySlots', () => HttpResponse.json([]), o.base)];
  },
  paymentIntentError(o: HandlerOptions = {}): HttpHandler[] {
    return variants.problem('createPaymentIntent', { title: 'Payment unavailable', detail: 'The payment provider did not answer.' }, 502, o);
  },
  /** 200 instead of 201: the client must treat it as a failure. */
  paymentIntentWrongStatus(o: HandlerOptions = {}): HttpHandler[] {
    const f = o.fixtures ?? defaultFixtures;
    return [on('createPaymentIntent', () => HttpResponse.json({ url: f.paymentUrl }, { status: 200 }), o.base)];
  },
};
