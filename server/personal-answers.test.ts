/**
 * No cache keeps a personal answer: every route of the contract's table (domain/contract/routes.ts)
 * is called for real, as a shopper would, and each answer that may carry a shopper's data or a key
 * says `Cache-Control: no-store`: every route not marked shared, and any call with credentials.
 * The table of calls is typed by the route table, so a new route cannot be left out of this test,
 * and every route the API serves must be in the table (or walked here too).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManagedOrderSchema, type ManagedOrder } from '#domain/contract/manage-order.ts';
import { CustomerInfoResultSchema, DeliverySlotsResponseSchema, OrderSchema } from '#domain/contract/order.ts';
import { CheckoutResponseSchema, type Cart } from '#domain/contract/cart.ts';
import { type ApiRoute } from '#domain/contract/routes.ts';
import { apiRoutes, type ApiRouteName } from '#domain/contract/api-routes.ts';
import { isSharedRoute } from '#domain/contract/shared-routes.ts';
import { signBody, SIGNATURE_HEADER } from './psp/signature.ts';
import { answerGuarantees, body, BRANCH, cartWith, customer, orderAtDetails, orderAwaitingPayment, paymentUrl, shopper, type Shopper } from '../tests/support/commerce-fixtures.ts';
import { PSP_CALLBACK_PATH } from './routes/order.ts';
import { STAFF_MOVE_PATH, STAFF_PATH, STAFF_SIGN_IN_PATH, STAFF_SIGN_OUT_PATH } from './routes/staff.ts';
import { DOCS_PATH, OPENAPI_PATH } from './openapi/paths.ts';
import { createTestServer, type TestServer } from './testing.ts';


let server: TestServer;
const DOB = '1985-04-12';

/** A click and collect order paid through the provider's signed callback, found through manage my order. */
async function paidOrder(email: string): Promise<{ reference: string; view: ManagedOrder }> {
  const s = await shopper(server);
  const cart = await cartWith(s, 2, [['EUR', 300]]);
  await answerGuarantees(s, cart);
  await body(await s.call('POST', '/cart/checkout'), CheckoutResponseSchema, 201);
  const slots = await body(await s.call('GET', '/api/order/delivery-slots'), DeliverySlotsResponseSchema, 200);
  await body(await s.call('PUT', '/api/order/delivery-slot', { id: slots[1]!.id }), OrderSchema, 200);
  await body(await s.call('PUT', '/api/order/customer-info', customer({ emailAddress: email, dateOfBirth: DOB })), CustomerInfoResultSchema, 200);
  const order = await body(await s.call('GET', '/api/order'), OrderSchema, 200);
  const paymentId = (await paymentUrl(s)).pathname.split('/').pop()!;
  const [payment] = await server.database.query<{ amount_minor: string }>('select amount_minor from payments where id = $1', [paymentId]);
  const event = JSON.stringify({ id: `evt_${paymentId}_succeeded`, type: 'payment.succeeded', paymentId, amount: Number(payment!.amount_minor) / 100, created: server.clock.now().toISOString() });
  await server.request(PSP_CALLBACK_PATH, { method: 'POST', headers: { 'Content-Type': 'application/json', [SIGNATURE_HEADER]: signBody(server.pspWebhookSecret, event) }, body: event });
  const found = await server.request(apiRoutes.orderFind.url(), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ reference: order.externalOrderId, emailAddress: email, dateOfBirth: DOB }),
  });
  return { reference: order.externalOrderId, view: await body(found, ManagedOrderSchema, 200) };
}

interface Call {
  /** The concrete path, with its query. */
  path: string;
  /** The shopper whose bearer goes with it; none for an anonymous call. */
  as?: Shopper;
  json?: unknown;
  /** What the call is meant to get: a real answer, or a refusal (a forged link, say). */
  outcome: 'answered' | 'refused';
  /** Puts back what the call needed (the clock). */
  after?: () => void;
}

/** Shoppers in the states the routes need, made once. */
interface Fixtures {
  withCart: Shopper;
  cart: Cart;
  atPayment: Shopper;
  paid: { reference: string; view: ManagedOrder };
  movable: { reference: string; view: ManagedOrder };
}

let f: Fixtures;

/** One real call a route: every name of the route table must be here (the type says so). */
const CALLS: Record<ApiRouteName, () => Promise<Call>> = {
  sessionToken: async () => ({ path: apiRoutes.sessionToken.url(1), as: f.withCart, outcome: 'answered' }),
  sessionCreate: async () => ({ path: apiRoutes.sessionCreate.url(1), outcome: 'answered' }),
  sessionInfo: async () => ({ path: apiRoutes.sessionInfo.url(1), as: f.withCart, outcome: 'answered' }),
  loyaltySignIn: async () => ({ path: `${apiRoutes.loyaltySignIn.url(1)}?code=${'x'.repeat(43)}`, outcome: 'refused' }),
  loyaltySignInStart: async () => ({ path: apiRoutes.loyaltySignInStart.url(1), as: f.withCart, outcome: 'answered' }),
  quote: async () => ({ path: `${apiRoutes.quote.url(1, BRANCH, 2, 'EUR')}?amount=100`, outcome: 'answered' }),
  currencies: async () => ({ path: apiRoutes.currencies.url(), outcome: 'answered' }),
  products: async () => ({ path: apiRoutes.products.url(), outcome: 'answered' }),
  siteProducts: async () => ({ path: apiRoutes.siteProducts.url(1), outcome: 'answered' }),
  calculatorContent: async () => ({ path: apiRoutes.calculatorContent.url(), outcome: 'answered' }),
  checkoutContent: async () => ({ path: apiRoutes.checkoutContent.url(), outcome: 'answered' }),
  ratesBoard: async () => ({ path: apiRoutes.ratesBoard.url(1), outcome: 'answered' }),
  siteSettings: async () => ({ path: apiRoutes.siteSettings.url(1), outcome: 'answered' }),
  currencyConverter: async () => ({ path: apiRoutes.currencyConverter.url('EUR', false), outcome: 'answered' }),
  defaultStore: async () => ({ path: apiRoutes.defaultStore.url(1), outcome: 'answered' }),
  branchByCode: async () => {
    const [branch] = await server.database.query<{ branch_code: string }>('select branch_code from stores where id = $1', [BRANCH]);
    return { path: apiRoutes.branchByCode.url(branch!.branch_code), outcome: 'answered' };
  },
  metaStores: async () => ({ path: apiRoutes.metaStores.url(1), outcome: 'answered' }),
  store: async () => ({ path: apiRoutes.store.url(1, BRANCH), outcome: 'answered' }),
  storeOpeningTimes: async () => ({ path: apiRoutes.storeOpeningTimes.url(1, BRANCH), outcome: 'answered' }),
  storeAddress: async () => ({ path: apiRoutes.storeAddress.url(1, BRANCH), outcome: 'answered' }),
  nearbyStores: async () => ({
    path: apiRoutes.nearbyStores.url(1),
    json: { latitude: 51.515, longitude: -0.142, amount: 0, currency: 'EUR', transactionType: 'D' },
    outcome: 'answered',
  }),
  nearbyBranches: async () => ({ path: apiRoutes.nearbyBranches.url(), json: { latitude: 51.515, longitude: -0.142 }, outcome: 'answered' }),
  places: async () => ({ path: apiRoutes.places.url('London'), outcome: 'answered' }),
  addressLookup: async () => ({ path: apiRoutes.addressLookup.url('LS1 6LY'), outcome: 'answered' }),
  cartExists: async () => ({ path: apiRoutes.cartExists.url(), as: f.withCart, outcome: 'answered' }),
  cart: async () => ({ path: apiRoutes.cart.url(), as: f.withCart, outcome: 'answered' }),
  cartCreate: async () => ({ path: apiRoutes.cartCreate.url(), as: await shopper(server), json: { storeId: BRANCH, productId: 2, affiliateCode: null }, outcome: 'answered' }),
  cartAdd: async () => ({ path: apiRoutes.cartAdd.url(), as: f.withCart, json: { currencyCode: 'USD', qty: 100 }, outcome: 'answered' }),
  cartLineUpdate: async () => ({ path: apiRoutes.cartLineUpdate.url(f.cart.lines[0]!.id), as: f.withCart, json: { currencyCode: 'EUR', qty: 400 }, outcome: 'answered' }),
  cartLineDelete: async () => {
    const s = await shopper(server);
    const cart = await cartWith(s, 2, [['EUR', 300]]);
    return { path: apiRoutes.cartLineDelete.url(cart.lines[0]!.id), as: s, outcome: 'answered' };
  },
  cartNotes: async () => ({ path: apiRoutes.cartNotes.url(), as: f.withCart, outcome: 'answered' }),
  cartLineNotes: async () => ({ path: apiRoutes.cartLineNotes.url(f.cart.lines[0]!.id), as: f.withCart, json: { kind: 'smaller' }, outcome: 'answered' }),
  cartBuyback: async () => ({ path: apiRoutes.cartBuyback.url(false), as: f.withCart, outcome: 'answered' }),
  cartRefund: async () => ({ path: apiRoutes.cartRefund.url(false), as: f.withCart, outcome: 'answered' }),
  cartRecreate: async () => ({ path: apiRoutes.cartRecreate.url(f.cart.id), as: await shopper(server), outcome: 'answered' }),
  cartAbandon: async () => {
    const s = await shopper(server);
    await cartWith(s, 2, [['EUR', 300]]);
    return { path: apiRoutes.cartAbandon.url(), as: s, outcome: 'answered' };
  },
  cartCheckout: async () => {
    const s = await shopper(server);
    await answerGuarantees(s, await cartWith(s, 2, [['EUR', 300]]));
    return { path: apiRoutes.cartCheckout.url(), as: s, outcome: 'answered' };
  },
  cartExtend: async () => {
    // Time can be added in the last minutes of a cart's hold: the clock goes there, and back after.
    const s = await shopper(server);
    const cart = await cartWith(s, 2, [['EUR', 300]]);
    const now = server.clock.now();
    server.clock.set(new Date(Date.parse(cart.expiresAt) - 60_000));
    return { path: apiRoutes.cartExtend.url(), as: s, outcome: 'answered', after: () => server.clock.set(now) };
  },
  order: async () => ({ path: apiRoutes.order.url(), as: f.atPayment, outcome: 'answered' }),
  deliverySlots: async () => ({ path: apiRoutes.deliverySlots.url(), as: f.atPayment, outcome: 'answered' }),
  deliverySlot: async () => {
    const s = await shopper(server);
    await orderAtDetails(s);
    const slots = await body(await s.call('GET', apiRoutes.deliverySlots.url()), DeliverySlotsResponseSchema, 200);
    return { path: apiRoutes.deliverySlot.url(), as: s, json: { id: slots.at(-1)!.id }, outcome: 'answered' };
  },
  gaInfo: async () => ({ path: apiRoutes.gaInfo.url(), as: f.atPayment, json: { UTM_Source: 'newsletter' }, outcome: 'answered' }),
  customerInfo: async () => ({ path: apiRoutes.customerInfo.url(), as: f.atPayment, json: customer(), outcome: 'answered' }),
  basketEmail: async () => ({ path: apiRoutes.basketEmail.url(), as: f.atPayment, json: { emailAddress: 'ann@example.com' }, outcome: 'answered' }),
  emailOptOut: async () => ({ path: `${apiRoutes.emailOptOut.url()}?email=ann%40example.com&sig=forged`, outcome: 'refused' }),
  rateAlert: async () => ({ path: apiRoutes.rateAlert.url(), as: f.withCart, json: { emailAddress: 'ann@example.com', currencyCode: 'EUR', rate: 1.5 }, outcome: 'answered' }),
  rateAlertConfirm: async () => ({ path: `${apiRoutes.rateAlertConfirm.url('00000000-0000-4000-8000-000000000000')}?sig=forged`, outcome: 'refused' }),
  rateAlertCancel: async () => ({ path: `${apiRoutes.rateAlertCancel.url('00000000-0000-4000-8000-000000000000')}?sig=forged`, outcome: 'refused' }),
  createPaymentIntent: async () => ({ path: apiRoutes.createPaymentIntent.url(), as: f.atPayment, outcome: 'answered' }),
  reserveAtBranch: async () => ({ path: apiRoutes.reserveAtBranch.url(), as: f.atPayment, outcome: 'answered' }),
  // A collection cannot switch to collection: refused, with nothing of the order in the answer.
  collectionBranches: async () => ({ path: apiRoutes.collectionBranches.url(), as: f.atPayment, outcome: 'refused' }),
  switchToCollection: async () => ({ path: apiRoutes.switchToCollection.url(), as: f.atPayment, json: { storeId: BRANCH }, outcome: 'refused' }),
  orderFind: async () => ({ path: apiRoutes.orderFind.url(), json: { reference: f.paid.reference, emailAddress: 'walk.paid@example.com', dateOfBirth: DOB }, outcome: 'answered' }),
  orderCancel: async () => ({ path: apiRoutes.orderCancel.url(), json: { access: f.paid.view.access }, outcome: 'answered' }),
  orderCollectionDate: async () => ({
    path: apiRoutes.orderCollectionDate.url(),
    json: { access: f.movable.view.access, slotId: f.movable.view.collectionDates.at(-1)!.id },
    outcome: 'answered',
  }),
};

/** Routes the API serves besides the table's: the health check, the provider's callback, and the POST forms of the links in emails. */
/** The API's description of itself and its page: the same for everyone, so kept by caches. */
const DESCRIPTION = [`GET ${OPENAPI_PATH}`, `GET ${DOCS_PATH}`, `GET ${DOCS_PATH}/:version/:file`];
const BESIDES_THE_TABLE = [
  'GET /healthz',
  `POST ${PSP_CALLBACK_PATH}`,
  ...(['loyaltySignIn', 'emailOptOut', 'rateAlertConfirm', 'rateAlertCancel'] as const).map((n) => `POST ${apiRoutes[n].pattern}`),
  // The staff page (routes/staff.ts): a page and its forms, signed in by a cookie.
  `GET ${STAFF_PATH}`,
  `POST ${STAFF_SIGN_IN_PATH}`,
  `POST ${STAFF_SIGN_OUT_PATH}`,
  `POST ${STAFF_MOVE_PATH}`,
];

async function send(route: ApiRoute, call: Call): Promise<Response> {
  const headers: Record<string, string> = { ...(call.as === undefined ? {} : server.auth(call.as.token)), ...(call.json === undefined ? {} : { 'Content-Type': 'application/json' }) };
  return server.request(call.path, { method: route.method, headers, ...(call.json === undefined ? {} : { body: JSON.stringify(call.json) }) });
}

beforeAll(async () => {
  server = await createTestServer();
  const withCart = await shopper(server);
  const cart = await cartWith(withCart, 2, [['EUR', 300]]);
  const atPayment = await shopper(server);
  await orderAwaitingPayment(atPayment);
  f = { withCart, cart, atPayment, paid: await paidOrder('walk.paid@example.com'), movable: await paidOrder('walk.move@example.com') };
}, 120_000);
afterAll(async () => {
  await server?.close();
});

describe('Cache-Control on every route of the contract', () => {
  it.each(Object.keys(apiRoutes) as ApiRouteName[])('%s', async (name) => {
    const route: ApiRoute = apiRoutes[name];
    const call = await CALLS[name]();
    const res = await send(route, call);
    const text = await res.text();
    if (call.outcome === 'answered') expect(res.status, text).toBeLessThan(300);
    else expect(res.status, text).toBeGreaterThanOrEqual(400);
    expect(res.status, text).toBeLessThan(500);
    if (!isSharedRoute(name) || call.as !== undefined) {
      expect(res.headers.get('cache-control'), `${route.method} ${call.path}`).toMatch(/\bno-store\b/);
    } else {
      // A shared route is an anonymous read of reference data: it answers without credentials, a GET.
      expect(route.method).toBe('GET');
      expect(res.headers.get('cache-control') ?? '').not.toMatch(/\bno-store\b/);
    }
    // Anyone calling with credentials gets a no-store answer, whichever route (a session of its own:
    // a new session asked for with a bearer ends the one it names).
    const withBearer = await send(route, { ...call, as: call.as ?? (await shopper(server)) });
    call.after?.();
    expect(withBearer.headers.get('cache-control')).toMatch(/\bno-store\b/);
  });

  it('answers a problem of a personal route no-store too (it names the order)', async () => {
    const res = await server.request(apiRoutes.orderFind.url(), { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ reference: 'TM-1', emailAddress: 'x@example.com', dateOfBirth: DOB }) });
    expect(res.status).toBe(404);
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('walks every route the API serves: each is in the route table or listed here', () => {
    const table = new Set([...Object.values(apiRoutes).map((r) => `${r.method} ${r.pattern}`), ...BESIDES_THE_TABLE, ...DESCRIPTION]);
    const served = server.app.routes.filter((r) => r.method !== 'ALL').map((r) => `${r.method} ${r.path}`);
    expect(served.filter((r) => !table.has(r))).toEqual([]);
  });

  it.each([OPENAPI_PATH, DOCS_PATH])('%s, the description, is not no-store: it is the same for everyone', async (path) => {
    const res = await server.request(path);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, no-cache');
  });

  it.each(BESIDES_THE_TABLE)('%s, outside the table, answers no-store', async (route) => {
    const [method, path] = route.split(' ') as [string, string];
    const res = await server.request(path.replace(/:\w+/g, '00000000-0000-4000-8000-000000000000').replace('/session/00000000-0000-4000-8000-000000000000', '/session/1'), { method });
    expect(res.status).toBeLessThan(500);
    expect(res.headers.get('cache-control')).toBe('no-store');
  });
});
