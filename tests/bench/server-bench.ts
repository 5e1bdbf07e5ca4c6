/**
 * The API under load of one shopper at a time: embedded PGlite against PostgreSQL, and a real
 * loopback port against app.request, side by side on test servers (createTestServer), plus the
 * memory a started and seeded test server holds.
 */
import pg from 'pg';
import { apiRoutes } from '#domain/contract/api-routes.ts';
import type { TestServer } from '#server/testing.ts';
import { compareLatency, memoryAfterGc, now, type Comparison, type MemorySnapshot, type Variant } from './measure.ts';

export const LOCAL_POSTGRES_URL = 'postgres://postgres@127.0.0.1:5432/test';

/** London Oxford Street (click and collect, holds euros): the store the flows buy from. */
const BRANCH = 10;
const CLICK_AND_COLLECT = 2;
const QUOTE_PATH = apiRoutes.quote.url(1, BRANCH, CLICK_AND_COLLECT, 'EUR');

type Call = (method: string, path: string, json?: unknown) => Promise<Response>;

/** A PostgreSQL to compare with: DATABASE_URL, else the local one; null (and why) when it does not answer. */
export async function findPostgres(): Promise<{ url: string | null; reason: string }> {
  const fromEnv = process.env.DATABASE_URL || null;
  const url = fromEnv ?? LOCAL_POSTGRES_URL;
  const source = fromEnv === null ? url : 'DATABASE_URL';
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1500 });
  try {
    await client.connect();
    await client.query('SELECT 1');
    return { url, reason: `${source} answered` };
  } catch (error) {
    const tried = fromEnv === null ? `no DATABASE_URL, and ${url}` : 'DATABASE_URL';
    return { url: null, reason: `${tried} did not answer (${(error as Error).message || (error as Error).name})` };
  } finally {
    await client.end().catch(() => undefined);
  }
}

export interface StartedServer {
  label: string;
  server: TestServer;
  startMs: number;
  before: MemorySnapshot;
  after: MemorySnapshot;
}

const NO_LIMIT = { points: 1_000_000_000, windowSeconds: 60 };
const UNLIMITED = { sessionCreate: NO_LIMIT, customerInfo: NO_LIMIT, lookups: NO_LIMIT };

/** Starts and seeds a test server on PGlite (databaseUrl null) or PostgreSQL, measuring its memory. */
export async function startServer(label: string, databaseUrl: string | null): Promise<StartedServer> {
  const { createTestServer } = await import('#server/testing.ts');
  const saved = process.env.DATABASE_URL;
  // createTestServer reads DATABASE_URL when called: set it for this server only.
  if (databaseUrl === null) delete process.env.DATABASE_URL;
  else process.env.DATABASE_URL = databaseUrl;
  try {
    const before = memoryAfterGc();
    const start = now();
    // The bench opens thousands of sessions from one address: the shop's limits would answer 429.
    const server = await createTestServer({ config: { rateLimits: UNLIMITED } });
    const startMs = now() - start;
    const after = memoryAfterGc();
    return { label, server, startMs, before, after };
  } finally {
    if (saved === undefined) delete process.env.DATABASE_URL;
    else process.env.DATABASE_URL = saved;
  }
}

async function expectStatus(res: Response, status: number, what: string): Promise<string> {
  const text = await res.text();
  if (res.status !== status) throw new Error(`${what} answered ${res.status}, expected ${status}: ${text.slice(0, 300)}`);
  return text;
}

function caller(server: TestServer, token: string): Call {
  return (method, path, json) =>
    server.request(path, {
      method,
      headers: { ...server.auth(token), ...(json === undefined ? {} : { 'Content-Type': 'application/json' }) },
      ...(json === undefined ? {} : { body: JSON.stringify(json) }),
    });
}

async function freshCart(server: TestServer): Promise<Call> {
  const call = caller(server, await server.newSession());
  await expectStatus(await call('POST', apiRoutes.cartCreate.url(), { storeId: BRANCH, productId: CLICK_AND_COLLECT, affiliateCode: null }), 201, 'POST /cart');
  return call;
}

let customers = 0;

/** Session → cart → add → guarantees → checkout → slot → details → payment intent. */
async function wholeCheckout(server: TestServer): Promise<void> {
  const call = await freshCart(server);
  const cart = JSON.parse(await expectStatus(await call('POST', apiRoutes.cartAdd.url(), { currencyCode: 'EUR', qty: 300 }), 201, 'POST /api/cart/add')) as {
    buyBackGuarantee: boolean | null;
    refundGuarantee: boolean | null;
  };
  if (cart.buyBackGuarantee === null) await expectStatus(await call('GET', apiRoutes.cartBuyback.url(false)), 200, 'GET /api/cart/buyback');
  if (cart.refundGuarantee === null) await expectStatus(await call('GET', apiRoutes.cartRefund.url(false)), 200, 'GET /api/cart/refund');
  await expectStatus(await call('POST', apiRoutes.cartCheckout.url()), 201, 'POST /cart/checkout');
  const slots = JSON.parse(await expectStatus(await call('GET', apiRoutes.deliverySlots.url()), 200, 'GET delivery slots')) as { id: string }[];
  const slot = slots[0];
  if (slot === undefined) throw new Error('no delivery slots');
  await expectStatus(await call('PUT', apiRoutes.deliverySlot.url(), { id: slot.id }), 200, 'PUT delivery slot');
  // A new customer each time, so the velocity check (orders per customer per day) never trips.
  customers += 1;
  const details = {
    firstName: 'Ann',
    lastName: "O'Neill",
    emailAddress: `bench-${process.pid}-${customers}@example.com`,
    phoneNumber: '07911 123456',
    dateOfBirth: '1985-04-12',
    terms: true,
    marketing: false,
    marketingABTATravelMoney: false,
    marketingABTATravelInsurance: false,
    address: { houseNameNumber: '12', addressLine1: 'High Street', addressLine2: '', townCity: 'Leeds', postcodeZip: 'LS1 6LY', country: 'United Kingdom' },
  };
  const info = JSON.parse(await expectStatus(await call('PUT', apiRoutes.customerInfo.url(), details), 200, 'PUT customer info')) as { state?: { value: number } };
  if (info.state?.value !== 3) throw new Error(`customer info left the order in state ${JSON.stringify(info)}`);
  await expectStatus(await call('POST', apiRoutes.createPaymentIntent.url()), 201, 'POST create-payment-intent');
}

export interface CallVariants {
  quote: Variant;
  cartAdd: Variant;
  cartGet: Variant;
  checkout: Variant;
}

/** The four measured calls on one server; sessions and carts they only read are made once. */
export async function callVariants(name: string, server: TestServer): Promise<CallVariants> {
  const reader = caller(server, await server.newSession());
  const withLine = await freshCart(server);
  await expectStatus(await withLine('POST', apiRoutes.cartAdd.url(), { currencyCode: 'EUR', qty: 300 }), 201, 'POST /api/cart/add');
  return {
    quote: { name, run: async () => void (await expectStatus(await reader('GET', QUOTE_PATH), 200, 'GET quote')) },
    cartAdd: {
      name,
      setup: () => freshCart(server),
      run: async (call) =>
        void (await expectStatus(await (call as Call)('POST', apiRoutes.cartAdd.url(), { currencyCode: 'EUR', qty: 300 }), 201, 'POST /api/cart/add')),
    },
    cartGet: { name, run: async () => void (await expectStatus(await withLine('GET', apiRoutes.cart.url()), 200, 'GET /api/cart')) },
    checkout: { name, run: () => wholeCheckout(server) },
  };
}

export interface NamedComparison extends Comparison {
  call: string;
}

export async function compareDatabases(pglite: TestServer, postgres: TestServer, log: (line: string) => void): Promise<NamedComparison[]> {
  const a = await callVariants('PGlite', pglite);
  const b = await callVariants('PostgreSQL', postgres);
  const plan: [string, keyof CallVariants, { rounds: number; perRound: number; budgetMs: number }][] = [
    ['GET quote', 'quote', { rounds: 41, perRound: 3, budgetMs: 8_000 }],
    ['POST /api/cart/add', 'cartAdd', { rounds: 31, perRound: 3, budgetMs: 14_000 }],
    ['GET /api/cart', 'cartGet', { rounds: 41, perRound: 3, budgetMs: 8_000 }],
    ['whole checkout (10 calls)', 'checkout', { rounds: 21, perRound: 2, budgetMs: 20_000 }],
  ];
  const results: NamedComparison[] = [];
  for (const [call, key, options] of plan) {
    log(`  ${call} ...`);
    results.push({ call, ...(await compareLatency(a[key], b[key], { ...options, warmup: 2 })) });
  }
  return results;
}

/** The same GET quote through app.request and through a real loopback port (fetch, keep-alive). */
export async function comparePort(server: TestServer): Promise<NamedComparison> {
  const token = await server.newSession();
  const headers = server.auth(token);
  const listener = await server.listen();
  try {
    const inProcess: Variant = {
      name: 'in process',
      run: async () => void (await expectStatus(await server.request(QUOTE_PATH, { headers }), 200, 'GET quote')),
    };
    const overPort: Variant = {
      name: 'loopback port',
      run: async () => void (await expectStatus(await fetch(`${listener.url}${QUOTE_PATH}`, { headers }), 200, 'GET quote over the port')),
    };
    const result = await compareLatency(inProcess, overPort, { rounds: 41, perRound: 3, budgetMs: 8_000, warmup: 5 });
    return { call: 'GET quote', ...result };
  } finally {
    await listener.close();
  }
}
