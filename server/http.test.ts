import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as v from 'valibot';
import {
  AddressLookupResponseSchema,
  BranchSchema,
  BranchesNearbyResponseSchema,
  NearbyStoresResponseSchema,
  OpeningTimesSchema,
  PlacesResponseSchema,
  StoreAddressSchema,
  StoreSchema,
  StoresResponseSchema,
} from '#domain/contract/branches.ts';
import {
  CalculatorContentSchema,
  ChartResponseSchema,
  CheckoutContentSchema,
  CurrenciesResponseSchema,
  ProductsResponseSchema,
  QuoteResponseSchema,
  SiteProductsResponseSchema,
  SiteSettingsSchema,
} from '#domain/contract/catalogue.ts';
import { PROBLEM_CONTENT_TYPE, ProblemSchema } from '#domain/contract/common.ts';
import { bearer } from '#domain/contract/routes.ts';
import { apiRoutes } from '#domain/contract/api-routes.ts';
import { SessionInfoSchema, TokenResponseSchema } from '#domain/contract/session.ts';
import { createTestServer, type TestServer } from './testing.ts';

/** Every endpoint of the foundation once more, over a real socket, as the browser reaches it. */
let server: TestServer;
let http: { url: string; close(): Promise<void> };
let token: string;

beforeAll(async () => {
  server = await createTestServer();
  http = await server.listen();
  const res = await fetch(`${http.url}${apiRoutes.sessionCreate.url(1)}`, { method: 'POST', headers: { Origin: server.config.appOrigin } });
  expect(res.status).toBe(201);
  token = v.parse(TokenResponseSchema, await res.json()).token;
});
afterAll(async () => {
  await http?.close();
  await server?.close();
});

const json = { 'Content-Type': 'application/json' };
const leeds = { latitude: 53.8, longitude: -1.55 };

const cases: [string, string, RequestInit, v.GenericSchema][] = [
  ['GET', apiRoutes.sessionToken.url(1), {}, TokenResponseSchema],
  ['GET', apiRoutes.sessionInfo.url(1), {}, SessionInfoSchema],
  ['GET', apiRoutes.quote.url(1, 1, 2, 'EUR'), {}, QuoteResponseSchema],
  ['GET', apiRoutes.currencies.url(), {}, CurrenciesResponseSchema],
  ['GET', apiRoutes.products.url(), {}, ProductsResponseSchema],
  ['GET', apiRoutes.siteProducts.url(1), {}, SiteProductsResponseSchema],
  ['GET', apiRoutes.calculatorContent.url(), {}, CalculatorContentSchema],
  ['GET', apiRoutes.checkoutContent.url(), {}, CheckoutContentSchema],
  ['GET', apiRoutes.siteSettings.url(1), {}, SiteSettingsSchema],
  ['GET', apiRoutes.currencyConverter.url('USD', true), {}, ChartResponseSchema],
  ['GET', apiRoutes.defaultStore.url(1), {}, StoreSchema],
  ['GET', apiRoutes.branchByCode.url('LDS01'), {}, BranchSchema],
  ['GET', apiRoutes.metaStores.url(1), {}, StoresResponseSchema],
  ['GET', apiRoutes.store.url(1, 18), {}, StoreSchema],
  ['GET', apiRoutes.storeOpeningTimes.url(1, 18), {}, OpeningTimesSchema],
  ['GET', apiRoutes.storeAddress.url(1, 18), {}, StoreAddressSchema],
  ['POST', apiRoutes.nearbyStores.url(1), { headers: json, body: JSON.stringify({ ...leeds, amount: 250, currency: 'EUR', transactionType: 'D' }) }, NearbyStoresResponseSchema],
  ['POST', apiRoutes.nearbyBranches.url(), { headers: json, body: JSON.stringify(leeds) }, BranchesNearbyResponseSchema],
  ['GET', apiRoutes.places.url('York'), {}, PlacesResponseSchema],
  ['GET', apiRoutes.addressLookup.url('YO1 9QL'), {}, AddressLookupResponseSchema],
];

describe('over HTTP', () => {
  it.each(cases)('%s %s', async (method, path, init, schema) => {
    const headers = { Origin: server.config.appOrigin, Authorization: bearer(token), ...(init.headers as Record<string, string> | undefined) };
    const res = await fetch(`${http.url}${path}`, { ...init, method, headers });
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe(server.config.appOrigin);
    expect(res.headers.get('x-request-id')).toBeTruthy();
    expect(v.safeParse(schema, await res.json()).issues).toBeUndefined();
  });

  it('serves the loyalty sign-in page and its redirect', async () => {
    const start = await fetch(`${http.url}${apiRoutes.loyaltySignInStart.url(1)}`, {
      method: 'POST',
      headers: { Origin: server.config.appOrigin, Authorization: bearer(token) },
    });
    expect(start.status).toBe(201);
    const code = new URL(((await start.json()) as { url: string }).url).searchParams.get('code') ?? '';
    const page = await fetch(`${http.url}${apiRoutes.loyaltySignIn.url(1)}?returnUrl=%2F%3FsignedIn&code=${code}`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    const res = await fetch(`${http.url}${apiRoutes.loyaltySignIn.url(1)}`, {
      method: 'POST',
      body: new URLSearchParams({ code, returnUrl: '/?signedIn' }),
      redirect: 'manual',
    });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(`${server.config.appOrigin}/?signedIn`);
  });

  it('answers failures as problems', async () => {
    for (const [path, status] of [
      [apiRoutes.sessionInfo.url(1), 401],
      [apiRoutes.store.url(1, 999), 404],
      [apiRoutes.quote.url(1, 1, 2, 'INR'), 422],
    ] as const) {
      const res = await fetch(`${http.url}${path}`);
      expect(res.status).toBe(status);
      expect(res.headers.get('content-type')).toContain(PROBLEM_CONTENT_TYPE);
      expect(v.parse(ProblemSchema, await res.json()).requestId).toBeTruthy();
    }
  });
});
