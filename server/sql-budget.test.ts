/**
 * SQL statements per API call, counted on the database client (transaction control included),
 * against a budget per call. Counts, not times: the same on PGlite and on PostgreSQL, so a change
 * that quietly adds round trips to a hot path fails here rather than in a benchmark.
 *
 * One shopper's journey, in order; each call is measured once, on a warm server (the reference
 * data already in memory).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CartSchema } from '#domain/contract/cart.ts';
import { apiRoutes } from '#domain/contract/api-routes.ts';
import { body, BRANCH, customer, shopper, type Shopper } from '../tests/support/commerce-fixtures.ts';
import { createTestServer, type TestServer } from './testing.ts';

/** Call -> the most statements it may send. */
const BUDGET = {
  'GET quote (anonymous, warm)': 0,
  'GET quote (anonymous, If-None-Match: 304)': 0,
  'GET currencies (warm)': 0,
  'GET site settings (anonymous, warm)': 0,
  'GET quote (with a session)': 1,
  'POST /cart': 5,
  'POST /api/cart/add': 5,
  'PUT /api/cart/line/{id}': 5,
  'DELETE /api/cart/line/{id}': 5,
  'GET /api/cart': 2,
  'GET /api/cart/buyback': 5,
  'POST /cart/checkout': 7,
  'POST /api/cart/extend': 5,
  // At checkout the order waiting for payment is extended too (its state read, its row updated).
  'POST /api/cart/extend (at checkout)': 6,
  // The two rate-limit counters (per session, per client address) are one upsert each.
  'PUT /api/order/customer-info': 13,
} as const;

type Call = keyof typeof BUDGET;

let server: TestServer;
const counted = new Map<Call, { status: number; statements: string[] }>();

async function measure(call: Call, run: () => Promise<Response>): Promise<Response> {
  const { result, statements } = await server.countStatements(run);
  counted.set(call, { status: result.status, statements });
  return result;
}

const QUOTE = apiRoutes.quote.url(1, BRANCH, 2, 'EUR');

beforeAll(async () => {
  server = await createTestServer();
  // Warm: the first read of the reference data loads it.
  await server.request(QUOTE);
  await server.request(apiRoutes.quote.url(1, BRANCH, 2, 'USD'));

  const first = await measure('GET quote (anonymous, warm)', () => server.request(QUOTE));
  const etag = first.headers.get('ETag') ?? '';
  await measure('GET quote (anonymous, If-None-Match: 304)', () => server.request(QUOTE, { headers: { 'If-None-Match': etag } }));
  await measure('GET currencies (warm)', () => server.request(apiRoutes.currencies.url()));
  await measure('GET site settings (anonymous, warm)', () => server.request(apiRoutes.siteSettings.url(1)));

  const s: Shopper = await shopper(server);
  await measure('GET quote (with a session)', () => server.request(QUOTE, { headers: server.auth(s.token) }));
  await measure('POST /cart', () => s.call('POST', '/cart', { storeId: BRANCH, productId: 2, affiliateCode: null }));
  await measure('POST /api/cart/add', () => s.call('POST', '/api/cart/add', { currencyCode: 'USD', qty: 100 }));
  const cart = await body(await s.call('POST', '/api/cart/add', { currencyCode: 'EUR', qty: 300 }), CartSchema, 201);
  const [usd, eur] = cart.lines;
  if (usd === undefined || eur === undefined) throw new Error('the cart should have two lines');
  await measure('PUT /api/cart/line/{id}', () => s.call('PUT', `/api/cart/line/${eur.id}`, { currencyCode: 'EUR', qty: 400 }));
  await measure('DELETE /api/cart/line/{id}', () => s.call('DELETE', `/api/cart/line/${usd.id}`));
  await measure('GET /api/cart', () => s.call('GET', '/api/cart'));
  await measure('GET /api/cart/buyback', () => s.call('GET', '/api/cart/buyback?isBuyBack=false'));
  await s.call('GET', '/api/cart/refund?isRefund=false');
  // Into the countdown's last 5 minutes, where "Need more time?" is offered.
  server.clock.advance(26 * 60_000);
  await measure('POST /api/cart/extend', () => s.call('POST', '/api/cart/extend'));
  await measure('POST /cart/checkout', () => s.call('POST', '/cart/checkout'));
  server.clock.advance(30 * 60_000);
  await measure('POST /api/cart/extend (at checkout)', () => s.call('POST', '/api/cart/extend'));
  const slots = (await (await s.call('GET', '/api/order/delivery-slots')).json()) as { id: string }[];
  await s.call('PUT', '/api/order/delivery-slot', { id: slots[0]?.id });
  await measure('PUT /api/order/customer-info', () => s.call('PUT', '/api/order/customer-info', customer()));
}, 180_000);

afterAll(async () => {
  if (process.env.SQL_BUDGET_REPORT) for (const [call, r] of counted) console.log(`${call}: ${r.statements.length}\n  ${r.statements.join('\n  ')}`);
  await server.close();
});

describe('SQL statements per call', () => {
  it.each(Object.entries(BUDGET) as [Call, number][])('%s: at most %i', (call, budget) => {
    const result = counted.get(call);
    expect(result, `${call} was not measured`).toBeDefined();
    expect(result?.status, `${call} did not succeed`).toBeLessThan(400);
    expect(result?.statements.length, `${call} sent:\n${result?.statements.join('\n')}`).toBeLessThanOrEqual(budget);
  });
});
