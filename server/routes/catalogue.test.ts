import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { decodeJwt } from 'jose';
import {
  CalculatorContentSchema,
  ChartResponseSchema,
  CheckoutContentSchema,
  CurrenciesResponseSchema,
  ProductsResponseSchema,
  QuoteResponseSchema,
  RatesBoardSchema,
  SiteProductsResponseSchema,
  SiteSettingsSchema,
} from '#domain/contract/catalogue.ts';
import { ProblemSchema } from '#domain/contract/common.ts';
import { SESSION_TOKEN_HEADER } from '#domain/contract/routes.ts';
import { apiRoutes } from '#domain/contract/api-routes.ts';
import { tierThresholdMinor } from '#domain/pricing.ts';
import * as t from '../db/schema.ts';
import { markProfile, setSessionCart } from '../services/session.ts';
import { createTestServer, type TestServer } from '../testing.ts';

let server: TestServer;
/** The test clock's London date: a mid rate dated today wins over the shipped history. */
const TODAY = '2026-11-23';

beforeAll(async () => {
  server = await createTestServer({ now: `${TODAY}T09:30:00Z` });
  await server.deps.db.insert(t.rates).values([
    { currencyCode: 'EUR', rateDate: TODAY, mid: 1.2 },
    { currencyCode: 'JPY', rateDate: TODAY, mid: 190 },
  ]);
});
afterAll(async () => {
  await server?.close();
});

async function json<S extends v.GenericSchema>(res: Response, schema: S): Promise<v.InferOutput<S>> {
  expect(res.status).toBe(200);
  return v.parse(schema, await res.json());
}

async function problem(res: Response, status: number) {
  expect(res.status).toBe(status);
  return v.parse(ProblemSchema, await res.json());
}

describe('GET /api/currencies', () => {
  it('lists at least 25 currencies, some not purchasable or not sellable back, some restricted', async () => {
    const currencies = await json(await server.request(apiRoutes.currencies.url()), CurrenciesResponseSchema);
    expect(currencies.length).toBeGreaterThanOrEqual(25);
    expect(currencies[0]).toMatchObject({ code: 'EUR', pluralName: 'Euros', shortName: 'Euro', symbol: '€', purchaseAllowed: true });
    expect(currencies.filter((c) => !c.purchaseAllowed).map((c) => c.code)).toEqual(expect.arrayContaining(['INR', 'LKR']));
    expect(currencies.filter((c) => !c.sellBackAllowed).map((c) => c.code)).toEqual(expect.arrayContaining(['KRW', 'OMR']));
    expect(currencies.find((c) => c.code === 'CNY')?.currencyRestrictions).toEqual([
      { message: 'You may take up to 20,000 Chinese Yuan into China.' },
    ]);
  });
});

describe('GET /api/products and /api/sites/{siteId}/products', () => {
  it('lists the three products with carts enabled', async () => {
    const products = await json(await server.request(apiRoutes.products.url()), ProductsResponseSchema);
    expect(products).toEqual([
      { id: 1, name: 'Home delivery', transactionType: 'sell', cartsEnabled: true },
      { id: 2, name: 'Click and collect', transactionType: 'sell', cartsEnabled: true },
      { id: 3, name: 'Sell back', transactionType: 'buy', cartsEnabled: true },
    ]);
  });

  it('gives each site its spend limits', async () => {
    const site1 = await json(await server.request(apiRoutes.siteProducts.url(1)), SiteProductsResponseSchema);
    expect(site1).toContainEqual({ siteId: 1, productId: 1, minSpend: 100, maxSpend: 2500 });
    expect(site1.map((p) => p.productId)).toEqual([1, 2, 3]);
    const site2 = await json(await server.request(apiRoutes.siteProducts.url(2)), SiteProductsResponseSchema);
    expect(site2.map((p) => p.productId)).toEqual([1, 2]);
  });

  it('answers 404 for an unknown site', async () => {
    await problem(await server.request(apiRoutes.siteProducts.url(9)), 404);
  });
});

describe('GET /api/sites/getsitesettings', () => {
  it('gives the main site every feature flag', async () => {
    const s = await json(await server.request(apiRoutes.siteSettings.url(1)), SiteSettingsSchema);
    expect(s).toMatchObject({
      siteId: 1,
      isPartner: false,
      isSiteAllowed: true,
      enableSelling: true,
      showMarketingPreference: true,
      showAbtaPreference: true,
      showBuybackGuarantee: true,
      showRefundGuarantee: true,
      showLoyaltyCTA: true,
      embeddedMode: false,
      defaultCurrency: 'EUR',
      maxOrderValue: 2500,
      buybackMinimum: 150,
      buyCartId: null,
      sellCartId: null,
    });
  });

  it('says whether the marketing opt-in starts ticked: unticked on both seeded sites, as the site row says', async () => {
    const read = async (siteId: number) => ((await (await server.request(apiRoutes.siteSettings.url(siteId))).json()) as { marketingDefault?: unknown }).marketingDefault;
    expect(await read(1)).toBe(false);
    expect(await read(2)).toBe(false);
    await server.database.query('update sites set marketing_default = true where id = 2');
    try {
      expect(await read(2)).toBe(true);
    } finally {
      await server.database.query('update sites set marketing_default = false where id = 2');
    }
  });

  it('gives each site its regulatory registration, customer line and delivery prices, as its row says', async () => {
    const main = await json(await server.request(apiRoutes.siteSettings.url(1)), SiteSettingsSchema);
    expect(main).toMatchObject({
      hmrcMsbNumber: 'XVML00000157019',
      support: { phone: '0808 157 0192', hours: 'Monday to Saturday, 9am to 5.30pm' },
      deliveryPrices: { nextDay: 4.99, later: 3.99 },
    });
    const partner = await json(await server.request(apiRoutes.siteSettings.url(2)), SiteSettingsSchema);
    expect(partner).toMatchObject({ hmrcMsbNumber: 'XQML00000157034', support: { phone: '0808 157 0347' } });
  });

  it('gives the order value that needs identification, from AML_THRESHOLD_GBP (the review step says so before payment)', async () => {
    const main = await json(await server.request(apiRoutes.siteSettings.url(1)), SiteSettingsSchema);
    expect(main.identificationThreshold).toBe(server.deps.config.amlThresholdGbp);
    expect(main.identificationThreshold).toBe(1000);
  });

  it('gives the partner site its own minimum and flags', async () => {
    const s = await json(await server.request(apiRoutes.siteSettings.url(2)), SiteSettingsSchema);
    expect(s).toMatchObject({ siteId: 2, isPartner: true, buybackMinimum: 200, enableSelling: false, embeddedMode: true, isSiteAllowed: false });
  });

  it("names the caller's open cart when a session token is sent", async () => {
    const token = await server.newSession();
    const sid = String(decodeJwt(token).sid);
    const [cart] = await server.deps.db
      .insert(t.carts)
      .values({ sessionId: sid, siteId: 1, storeId: 1, productId: 3, expiresAt: new Date('2026-11-23T10:00:00Z') })
      .returning();
    await setSessionCart(server.deps.db, sid, { cartId: cart?.id ?? null });
    const s = await json(await server.request(apiRoutes.siteSettings.url(1), { headers: server.auth(token) }), SiteSettingsSchema);
    expect(s).toMatchObject({ buyCartId: null, sellCartId: cart?.id });
  });

  it('answers 400 without an id and 404 for an unknown one', async () => {
    const p = await problem(await server.request('/api/sites/getsitesettings'), 400);
    expect(p.errors).toHaveProperty('id');
    await problem(await server.request(apiRoutes.siteSettings.url(7)), 404);
  });
});

describe('content', () => {
  it('serves the calculator block', async () => {
    const c = await json(await server.request(apiRoutes.calculatorContent.url()), CalculatorContentSchema);
    expect(c.title).toBe('Buy travel money');
  });

  it('serves the checkout block with the fields of spec 3', async () => {
    const c = await json(await server.request(apiRoutes.checkoutContent.url()), CheckoutContentSchema);
    expect(Object.keys(c)).toEqual(
      expect.arrayContaining([
        'dateOfBirthTooltip',
        'dateOfBirthHelpText',
        'marketingConsentPreamble',
        'marketingCheckboxLabel',
        'privacyLink',
        'additionalPrivacyLink',
        'termsLink',
      ]),
    );
    expect(c.termsLink).toEqual({ link: '/terms-and-conditions', title: 'Terms and conditions' });
    // The support line the AML modal gives (spec 8), with a number.
    expect(c.support?.phone).toMatch(/^0\d{3} \d{3} \d{4}$/);
  });

  it("gives the partner site its own wording", async () => {
    const calc = await json(await server.request(`${apiRoutes.calculatorContent.url()}?siteId=2`), CalculatorContentSchema);
    expect(calc.title).toBe('Order your holiday money');
    const checkout = await json(await server.request(`${apiRoutes.checkoutContent.url()}?siteId=2`), CheckoutContentSchema);
    expect(checkout.additionalPrivacyLink).toBeNull();
    expect(checkout.support?.phone).toBe('0808 157 0347');
  });
});

describe('GET .../rates/currency/{currency}', () => {
  const quote = (site: number, store: number, product: number, code: string, query = '', headers: Record<string, string> = {}) =>
    server.request(`${apiRoutes.quote.url(site, store, product, code)}${query}`, { headers });

  // Mid 1.2 EUR per £1. Click and collect margin 3%, home delivery 4%, sell back 6%; loyalty takes
  // 1 point off; PARTNER10 a tenth of the margin; tiers from £500 (0.5 point) and £1000 (1 point).
  it.each([
    ['click and collect', 2, '', 1.164, 0.85910653],
    ['home delivery', 1, '', 1.152, 0.86805556],
    ['sell back', 3, '', 1.272, 0.78616352],
    ['click and collect, PARTNER10', 2, '?affiliateCode=PARTNER10', 1.1676, 0.85645769],
    ['click and collect, partner10 (any case)', 2, '?affiliateCode=partner10', 1.1676, 0.85645769],
    ['click and collect, an inactive code', 2, '?affiliateCode=EXPIRED5', 1.164, 0.85910653],
    ['click and collect, an unknown code', 2, '?affiliateCode=NOPE', 1.164, 0.85910653],
  ])('prices %s', async (_name, product, query, rate, price) => {
    const q = await json(await quote(1, 1, product, 'EUR', query), QuoteResponseSchema);
    expect(q.rate).toBe(rate);
    expect(q.price).toBe(price);
  });

  it('offers better rates from £500 and £1000 worth', async () => {
    const q = await json(await quote(1, 1, 2, 'EUR'), QuoteResponseSchema);
    expect(q.rateTiers).toEqual([
      { amount: 585, rate: 1.17, price: 0.85470085 },
      { amount: 1176, rate: 1.176, price: 0.85034014 },
    ]);
    expect(q.rateTiers.map((tier) => tierThresholdMinor(tier))).toEqual([50_000, 100_000]);
  });

  it('gives sell-back tiers that pay more', async () => {
    const q = await json(await quote(1, 1, 3, 'EUR'), QuoteResponseSchema);
    expect(q.rateTiers.map((tier) => tier.rate)).toEqual([1.266, 1.26]);
    expect(q.increment).toBe(1);
  });

  it('gives a visitor with a loyalty profile a better rate', async () => {
    const token = await server.newSession();
    await markProfile(server.deps, String(decodeJwt(token).sid));
    const q = await json(await quote(1, 1, 2, 'EUR', '', server.auth(token)), QuoteResponseSchema);
    expect(q.rate).toBe(1.176);
    const both = await json(await quote(1, 1, 2, 'EUR', '?affiliateCode=PARTNER10', server.auth(token)), QuoteResponseSchema);
    expect(both.rate).toBe(1.1784);
  });

  it('believes a token that says the session has a loyalty profile, without reading the session', async () => {
    const member = await server.newSession();
    await markProfile(server.deps, String(decodeJwt(member).sid));
    // The loyalty sign-in's next authorised call renews the token with the profile in it.
    const renewed = (await server.request(apiRoutes.sessionInfo.url(1), { headers: server.auth(member) })).headers.get(SESSION_TOKEN_HEADER);
    expect(renewed).not.toBeNull();
    expect(decodeJwt(renewed!).profile).toBe(true);
    const { result, statements } = await server.countStatements(async () => json(await quote(1, 1, 2, 'EUR', '', server.auth(renewed!)), QuoteResponseSchema));
    expect(result.rate).toBe(1.176);
    expect(statements).toEqual([]);
  });

  it("reads the session for a token that says it has no profile (it may predate the sign-in), and quotes anyone else's without a read", async () => {
    const visitor = await server.newSession();
    expect(decodeJwt(visitor).profile).toBe(false);
    const withToken = await server.countStatements(async () => json(await quote(1, 1, 2, 'EUR', '', server.auth(visitor)), QuoteResponseSchema));
    expect(withToken.result.rate).toBe(1.164);
    expect(withToken.statements.length).toBeGreaterThan(0);
    const without = await server.countStatements(async () => json(await quote(1, 1, 2, 'EUR'), QuoteResponseSchema));
    expect(without.result.rate).toBe(1.164);
    expect(without.statements).toEqual([]);
  });

  it('ignores a token that no longer verifies', async () => {
    const q = await json(await quote(1, 1, 2, 'EUR', '', server.auth('garbage')), QuoteResponseSchema);
    expect(q.rate).toBe(1.164);
  });

  it.each([
    [1, 'EUR', 5],
    [10, 'EUR', 10],
    [14, 'EUR', 20],
    [26, 'USD', 5],
    [14, 'USD', 20],
    [18, 'USD', 1],
    [1, 'JPY', 1000],
  ])('uses store %i increment for %s: %i', async (store, code, increment) => {
    const q = await json(await quote(1, store, 2, code), QuoteResponseSchema);
    expect(q.increment).toBe(increment);
  });

  it('rounds an exotic rate down to 4 decimals', async () => {
    const q = await json(await quote(1, 1, 2, 'JPY'), QuoteResponseSchema);
    expect(q.rate).toBe(184.3);
  });

  it('falls back to the last shipped rate when there is none for today', async () => {
    const q = await json(await quote(1, 1, 2, 'USD'), QuoteResponseSchema);
    expect(q.rate).toBeGreaterThan(1);
    expect(q.rate).toBeLessThan(1.4);
  });

  it("refuses a currency the shop doesn't sell with the spec's message", async () => {
    const p = await problem(await quote(1, 1, 2, 'INR'), 422);
    expect(p.detail).toBe("Oh snap! We don't have any Indian Rupees right now - check back soon!");
  });

  it("refuses a currency the shop doesn't buy back with the spec's message", async () => {
    const p = await problem(await quote(1, 1, 3, 'KRW'), 422);
    expect(p.detail).toBe("Oh snap! We can't buy South Korean Won right now - check back soon!");
  });

  it.each([
    ['an unknown currency', 1, 1, 2, 'XAU'],
    ['an unknown store', 1, 999, 2, 'EUR'],
    ["another site's store", 1, 2, 2, 'EUR'],
    ['a product the site does not offer', 2, 1, 3, 'EUR'],
    ['an unknown site', 5, 1, 2, 'EUR'],
  ])('answers 404 for %s', async (_name, site, store, product, code) => {
    await problem(await quote(site, store, product, code), 404);
  });

  it('answers 400 naming a malformed path value', async () => {
    const p = await problem(await server.request('/api/sites/1/stores/x/products/2/rates/currency/EURO'), 400);
    expect(Object.keys(p.errors ?? {}).sort()).toEqual(['currency', 'storeId']);
  });
});

describe('ids too large to name anything', () => {
  it.each([
    '/api/sites/99999999999999999999/stores/1/products/1/rates/currency/EUR',
    '/api/sites/1/stores/2147483648/products/2/rates/currency/EUR',
    '/api/sites/2147483648/products',
    '/api/sites/getsitesettings?id=99999999999',
    '/api/content/checkout?siteId=99999999999',
  ])('GET %s answers a 400 problem naming the id, never a 500', async (path) => {
    const res = await server.request(path);
    expect(res.headers.get('content-type')).toBe('application/problem+json');
    const p = await problem(res, 400);
    expect(p.detail).toBeTruthy();
    expect(Object.values(p.errors ?? {})).toEqual(['must be at most 2147483647']);
  });
});

describe('GET /api/currency-converter/{code}', () => {
  it('gives more than a year of daily mid rates, oldest first', async () => {
    const points = await json(await server.request(apiRoutes.currencyConverter.url('USD', false)), ChartResponseSchema);
    expect(points.length).toBeGreaterThan(250);
    const first = points[0]?.date ?? '';
    const last = points.at(-1)?.date ?? '';
    expect(new Date(last).getTime() - new Date(first).getTime()).toBeGreaterThanOrEqual(365 * 86_400_000);
    expect([...points].sort((a, b) => a.date.localeCompare(b.date))).toEqual(points);
    // The sample history ends on the last working day before the test clock's Monday 23 November 2026.
    expect(last).toBe('2026-11-20');
    expect(points.every((p) => p.rate > 1 && p.rate < 1.5)).toBe(true);
  });

  it('inverts to GBP per unit for a to-gbp chart', async () => {
    const plain = await json(await server.request(apiRoutes.currencyConverter.url('EUR', false)), ChartResponseSchema);
    const inverted = await json(await server.request(apiRoutes.currencyConverter.url('EUR', true)), ChartResponseSchema);
    expect(inverted.length).toBe(plain.length);
    const lastPlain = plain.at(-1);
    const lastInverted = inverted.at(-1);
    expect(lastInverted?.date).toBe(lastPlain?.date);
    expect(lastInverted?.rate).toBeCloseTo(1 / (lastPlain?.rate ?? 1), 6);
  });

  it('defaults to not inverted', async () => {
    const points = await json(await server.request('/api/currency-converter/eur'), ChartResponseSchema);
    expect(points.at(-1)?.rate).toBe(1.2);
  });

  it('answers 404 for an unknown currency and 400 for bad input', async () => {
    await problem(await server.request('/api/currency-converter/xyz?inverted=false'), 404);
    const code = await problem(await server.request('/api/currency-converter/eu1?inverted=false'), 400);
    expect(Object.keys(code.errors ?? {})).toEqual(['code']);
    const inverted = await problem(await server.request('/api/currency-converter/eur?inverted=maybe'), 400);
    expect(inverted.errors).toEqual({ inverted: 'must be true or false' });
  });
});

describe('GET /api/sites/{siteId}/rates-board', () => {
  it("gives the popular currencies today's home delivery and sell-back rates, as the quote prices them, and their last month", async () => {
    const board = await json(await server.request(apiRoutes.ratesBoard.url(1)), RatesBoardSchema);
    expect(board.date).toBe(TODAY);
    expect(board.currencies.map((c) => c.code)).toEqual(['EUR', 'USD', 'AED', 'THB', 'AUD', 'JPY', 'CAD', 'CHF']);
    const eur = board.currencies[0]!;
    expect(eur).toMatchObject({ pluralName: 'Euros', buyRate: 1.152, sellBackRate: 1.272 });
    // The last 31 days with rates up to today, oldest first, today's mid last.
    expect(eur.history.at(-1)).toEqual({ date: TODAY, rate: 1.2 });
    expect(eur.history).toHaveLength(31);
    expect(eur.history.map((p) => p.date)).toEqual([...eur.history.map((p) => p.date)].sort());
  });

  it('is shared-cacheable with an ETag, answered 304 when unchanged', async () => {
    const first = await server.request(apiRoutes.ratesBoard.url(1));
    const etag = first.headers.get('etag') ?? '';
    expect(first.headers.get('cache-control')).toBe('public, no-cache');
    const again = await server.request(apiRoutes.ratesBoard.url(1), { headers: { 'If-None-Match': etag } });
    expect(again.status).toBe(304);
  });

  it('answers 404 for an unknown site and 400 for a bad one', async () => {
    await problem(await server.request(apiRoutes.ratesBoard.url(99)), 404);
    await problem(await server.request('/api/sites/x/rates-board'), 400);
  });
});

