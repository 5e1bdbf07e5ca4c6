import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { NO_STOCK } from '#domain/contract/order.ts';
import { MOCK_API_BASE, handlers, routeUrl, variants } from '../../mocks/handlers.ts';
import { fixtures } from '../../mocks/fixtures.ts';
import { HttpError, ProblemError, createApiClient } from './client.ts';
import { createSession, fetchSessionInfo, fetchSessionToken, loyaltySignInUrl, startLoyaltySignIn } from './session.ts';
import {
  fetchCalculatorContent,
  fetchCheckoutContent,
  fetchCurrencies,
  fetchProducts,
  fetchQuote,
  fetchSiteProducts,
  fetchSiteSettings,
} from './catalogue.ts';
import {
  fetchBranchByCode,
  fetchDefaultStore,
  fetchMetaStores,
  fetchStore,
  fetchStoreAddress,
  fetchStoreOpeningTimes,
} from './branches.ts';
import { lookupAddresses } from './places.ts';
import { fetchNearbyBranches, fetchNearbyStores, searchPlaces } from './branch-search.ts';
import {
  abandonCart,
  addCartLine,
  checkoutCart,
  createCart,
  deleteCartLine,
  fetchCart,
  fetchCartExists,
  recreateWebCart,
  setBuybackGuarantee,
  setRefundGuarantee,
  updateCartLine,
} from './cart.ts';
import {
  chooseDeliverySlot,
  createPaymentIntent,
  fetchDeliverySlots,
  fetchOrder,
  submitCustomerInfo,
} from './order.ts';
import { sendTrackingInfo } from './order-notes.ts';
import { chartPathOf } from '#domain/currency-flags.ts';
import { fetchChart } from './chart.ts';

const server = setupServer(...handlers);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const api = createApiClient({ baseUrl: MOCK_API_BASE, getToken: () => 'token-1' });

const details = {
  firstName: 'Jane',
  lastName: "O'Connor",
  emailAddress: 'jane@example.co.uk',
  phoneNumber: '07700 900123',
  dateOfBirth: '1985-03-27',
  terms: true as const,
  marketing: false,
  marketingABTATravelMoney: false,
  marketingABTATravelInsurance: false,
  address: { houseNameNumber: '14', addressLine1: 'Deansgate', addressLine2: '', townCity: 'Manchester', postcodeZip: 'm3 2bw', country: 'United Kingdom' as const },
};

describe('every resource call parses the default mock answers', () => {
  it.each<[string, () => Promise<unknown>]>([
    ['session token', () => fetchSessionToken(api, 1)],
    ['session create', () => createSession(api, 1)],
    ['session info', () => fetchSessionInfo(api, 1)],
    ['quote', () => fetchQuote(api, { siteId: 1, storeId: 12, productId: 2, currencyCode: 'EUR', transactionType: 'sell' })],
    ['currencies', () => fetchCurrencies(api)],
    ['products', () => fetchProducts(api)],
    ['site products', () => fetchSiteProducts(api, 1)],
    ['calculator content', () => fetchCalculatorContent(api)],
    ['checkout content', () => fetchCheckoutContent(api)],
    ['site settings', () => fetchSiteSettings(api, 1)],
    ['chart', () => fetchChart(api, 'USD', true)],
    ['default store', () => fetchDefaultStore(api, 1)],
    ['branch by code', () => fetchBranchByCode(api, 'MAN01')],
    ['meta stores', () => fetchMetaStores(api, 1)],
    ['store', () => fetchStore(api, 1, 12)],
    ['opening times', () => fetchStoreOpeningTimes(api, 1, 12)],
    ['store address', () => fetchStoreAddress(api, 1, 12)],
    ['nearby stores', () => fetchNearbyStores(api, 1, { latitude: 53.48, longitude: -2.24, amount: 500, currency: 'EUR', transactionType: 'D' })],
    ['nearby branches', () => fetchNearbyBranches(api, { latitude: 53.48, longitude: -2.24 })],
    ['places', () => searchPlaces(api, 'manch')],
    ['address lookup', () => lookupAddresses(api, 'M3 2BW')],
    ['cart exists', () => fetchCartExists(api)],
    ['cart', () => fetchCart(api)],
    ['create cart', () => createCart(api, { storeId: 12, productId: 2, affiliateCode: null })],
    ['add line', () => addCartLine(api, { currencyCode: 'AUD', qty: 400 })],
    ['update line', () => updateCartLine(api, 'line-1', { currencyCode: 'EUR', qty: 600 })],
    ['delete line', () => deleteCartLine(api, 'line-1')],
    ['buyback', () => setBuybackGuarantee(api, true)],
    ['refund', () => setRefundGuarantee(api, false)],
    ['recreate', () => recreateWebCart(api, 'web-1')],
    ['abandon', () => abandonCart(api)],
    ['checkout', () => checkoutCart(api)],
    ['order', () => fetchOrder(api)],
    ['slots', () => fetchDeliverySlots(api)],
    ['choose slot', () => chooseDeliverySlot(api, 'slot-1')],
    ['tracking', () => sendTrackingInfo(api, { UTM_Source: 'newsletter' })],
    ['customer info', () => submitCustomerInfo(api, details)],
    ['payment intent', () => createPaymentIntent(api)],
  ])('%s', async (_name, call) => {
    await expect(call()).resolves.not.toBeInstanceOf(Error);
  });
});

describe('resource rules', () => {
  it('keeps only products with carts enabled', async () => {
    server.use(
      http.get(routeUrl('products'), () =>
        HttpResponse.json([...fixtures.products.slice(0, 2), { ...fixtures.products[2]!, cartsEnabled: false }]),
      ),
    );
    expect((await fetchProducts(api)).map((p) => p.id)).toEqual([1, 2]);
  });

  it('keeps only meta stores from the site store list', async () => {
    const stores = await fetchMetaStores(api, 1);
    expect(stores.length).toBeGreaterThan(0);
    expect(stores.every((s) => s.isMeta)).toBe(true);
  });

  it('adds the asked currency, product and type to a quote and passes the affiliate code', async () => {
    let query = '';
    server.use(
      http.get(routeUrl('quote'), ({ request }) => {
        query = new URL(request.url).search;
      }),
    );
    const quote = await fetchQuote(api, { siteId: 1, storeId: 12, productId: 3, currencyCode: 'USD', transactionType: 'buy', affiliateCode: 'AFF 1' });
    expect(quote).toMatchObject({ currencyCode: 'USD', productId: 3, transactionType: 'buy', rate: 1.2561 });
    expect(query).toBe('?affiliateCode=AFF+1');
  });

  it('reads no cart (404) as null', async () => {
    server.use(...variants.noCart());
    await expect(fetchCartExists(api)).resolves.toBeNull();
    await expect(fetchCart(api)).rejects.toBeInstanceOf(ProblemError);
  });

  it('sends content calls without a bearer token', async () => {
    let auth: string | null = 'unset';
    server.use(
      http.get(routeUrl('checkoutContent'), ({ request }) => {
        auth = request.headers.get('authorization');
      }),
    );
    await fetchCheckoutContent(api);
    expect(auth).toBeNull();
  });

  it('sends public reads without the bearer token, and the quote with it (loyalty rates)', async () => {
    const seen = new Map<string, string | null>();
    server.events.on('request:start', ({ request }) => {
      seen.set(`${request.method} ${new URL(request.url).pathname}`, request.headers.get('authorization'));
    });
    try {
      await Promise.all([
        fetchCurrencies(api),
        fetchProducts(api),
        fetchSiteProducts(api, 1),
        fetchSiteSettings(api, 1),
        fetchCalculatorContent(api),
        fetchDefaultStore(api, 1),
        fetchMetaStores(api, 1),
        fetchStore(api, 1, 1),
        fetchStoreOpeningTimes(api, 1, 1),
        fetchStoreAddress(api, 1, 1),
        fetchBranchByCode(api, 'LON1').catch(() => null),
        fetchChart(api, 'EUR', false),
        fetchNearbyBranches(api, { latitude: 51.5, longitude: -0.1 }),
        fetchQuote(api, { siteId: 1, storeId: 1, productId: 1, currencyCode: 'EUR', transactionType: 'buy' }),
      ]);
    } finally {
      server.events.removeAllListeners();
    }
    const withToken = [...seen].filter(([, auth]) => auth !== null).map(([call]) => call);
    expect(withToken).toEqual(['GET /api/sites/1/stores/1/products/1/rates/currency/EUR']);
    expect(seen.size).toBeGreaterThanOrEqual(14);
  });

  it('sends a legacy token as the bearer when creating a session', async () => {
    let auth: string | null = null;
    server.use(
      http.post(routeUrl('sessionCreate'), ({ request }) => {
        auth = request.headers.get('authorization');
      }),
    );
    await createSession(api, 1, 'legacy-token');
    expect(auth).toBe('Bearer legacy-token');
  });

  it('builds the loyalty sign-in address without the session token', () => {
    expect(loyaltySignInUrl(api, 1)).toBe('http://localhost:3001/session/1/loyalty-signin?returnUrl=%2F%3FsignedIn');
  });

  it('asks for a single-use sign-in code with the bearer and answers the address to go to', async () => {
    let auth: string | null = null;
    let body: unknown;
    server.use(
      http.post(routeUrl('loyaltySignInStart'), async ({ request }) => {
        auth = request.headers.get('authorization');
        body = await request.json();
      }),
    );
    const url = new URL(await startLoyaltySignIn(api, 1));
    expect(auth).toMatch(/^Bearer /);
    expect(body).toEqual({ returnUrl: '/?signedIn' });
    expect(url.pathname).toBe('/session/1/loyalty-signin');
    expect(url.searchParams.get('code')).toMatch(/^[\w-]{43}$/);
    expect(url.searchParams.has('token')).toBe(false);
  });

  it('reads the NoStock text answer of customer-info', async () => {
    server.use(...variants.noStock());
    await expect(submitCustomerInfo(api, details)).resolves.toBe(NO_STOCK);
  });

  it('reads the AML flag and the state of customer-info', async () => {
    server.use(...variants.aml());
    await expect(submitCustomerInfo(api, details)).resolves.toEqual({ showAMLPopup: true, state: { value: 3 } });
  });

  it('uppercases the postcode before sending customer-info', async () => {
    let sent: unknown;
    server.use(
      http.put(routeUrl('customerInfo'), async ({ request }) => {
        sent = await request.json();
      }),
    );
    await submitCustomerInfo(api, details);
    expect(sent).toMatchObject({ address: { postcodeZip: 'M3 2BW', country: 'United Kingdom' } });
  });

  it('reads the hosted payment page from the Location of a 201', async () => {
    await expect(createPaymentIntent(api)).resolves.toEqual({ url: fixtures.paymentUrl });
  });

  it('treats any other success status of create-payment-intent as a failure', async () => {
    server.use(...variants.paymentIntentWrongStatus());
    const error = await createPaymentIntent(api).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).status).toBe(200);
  });

  it('asks the chart for the lowercase code and the inversion', async () => {
    let url = '';
    server.use(
      http.get(routeUrl('currencyConverter'), ({ request }) => {
        url = request.url;
      }),
    );
    await fetchChart(api, 'EUR', true);
    expect(url).toBe('http://localhost:3001/api/currency-converter/eur?inverted=true');
  });

  it.each([
    ['/euro-to-gbp', { slug: 'euro', inverted: true }],
    ['/us-dollar-from-gbp', { slug: 'us-dollar', inverted: false }],
    ['/EUR-to-gbp/', { slug: 'eur', inverted: true }],
    ['/checkout/payment', null],
    ['/to-gbp', null],
  ])('reads the chart path %s', (path, expected) => {
    expect(chartPathOf(path)).toEqual(expected);
  });
});
