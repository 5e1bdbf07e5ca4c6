/**
 * Limits on abuse: rate limits per client address and per session (429 problem+json with
 * Retry-After, counters in the database shared by every API instance), and the purge of expired
 * carts and idle sessions.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiRoutes } from '#domain/contract/api-routes.ts';
import { messages } from '#domain/messages.ts';
import { createApi } from './app.ts';
import * as t from './db/schema.ts';
import { readEnv } from './env.ts';
import { cartWith, customer, orderAwaitingPayment, problem, shopper } from '../tests/support/commerce-fixtures.ts';
import { purgeExpired } from './services/purge.ts';
import { createTestServer, type TestServer } from './testing.ts';

const from = (address: string, init: RequestInit = {}): RequestInit => ({
  ...init,
  headers: { ...(init.headers as Record<string, string> | undefined), 'X-Forwarded-For': `198.51.100.99, ${address}` },
});

describe('rate limits', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await createTestServer({
      config: {
        // One proxy in front: the last X-Forwarded-For entry is the client's address.
        trustedProxyHops: 1,
        rateLimits: {
          sessionCreate: { points: 3, windowSeconds: 600 },
          customerInfo: { points: 2, windowSeconds: 600 },
          lookups: { points: 3, windowSeconds: 60 },
        },
      },
    });
  });
  afterAll(async () => {
    await server.close();
  });

  const createSession = (address: string, app = server.app) => app.request('/session/1', from(address, { method: 'POST' }));

  it('refuses a fourth session from one address in ten minutes with 429, Retry-After and words a shopper understands', async () => {
    for (let i = 0; i < 3; i++) expect((await createSession('203.0.113.1')).status).toBe(201);
    const refused = await createSession('203.0.113.1');
    expect(refused.headers.get('retry-after')).toBe('600');
    const doc = await problem(refused, 429);
    expect(doc.title).toBe(messages.tooManyRequestsTitle);
    expect(doc.detail).toBe("You've made a lot of requests in a short time. Please wait 10 minutes and try again.");
    // Another address is not affected.
    expect((await createSession('203.0.113.2')).status).toBe(201);
  });

  it('lets the address in again once its window has passed', async () => {
    for (let i = 0; i < 3; i++) await createSession('203.0.113.3');
    expect((await createSession('203.0.113.3')).status).toBe(429);
    server.clock.advance(5 * 60_000);
    const later = await createSession('203.0.113.3');
    expect(later.status).toBe(429);
    expect(later.headers.get('retry-after')).toBe('300');
    server.clock.advance(5 * 60_000);
    expect((await createSession('203.0.113.3')).status).toBe(201);
  });

  it('shares the counter between two API instances on one database', async () => {
    const other = createApi(server.deps);
    expect((await createSession('203.0.113.4')).status).toBe(201);
    expect((await createSession('203.0.113.4', other)).status).toBe(201);
    expect((await createSession('203.0.113.4')).status).toBe(201);
    expect((await createSession('203.0.113.4', other)).status).toBe(429);
  });

  it('trusts X-Forwarded-For only as far as TRUSTED_PROXY says', async () => {
    const direct = await createTestServer({ seed: false, config: { rateLimits: { ...server.config.rateLimits } } });
    try {
      // No trusted proxy: a made-up X-Forwarded-For does not buy a fresh allowance.
      const statuses: number[] = [];
      for (const address of ['192.0.2.1', '192.0.2.2', '192.0.2.3', '192.0.2.4']) {
        statuses.push((await direct.app.request('/session/1', from(address, { method: 'POST' }))).status);
      }
      // No site is seeded here, so allowed requests answer 404; the fourth is refused before that.
      expect(statuses).toEqual([404, 404, 404, 429]);
    } finally {
      await direct.close();
    }
  });

  it('limits customer-info attempts per session', async () => {
    const s = await shopper(server);
    await cartWith(s, 2, [['EUR', 300]]);
    const submit = (token: string) =>
      server.request(apiRoutes.customerInfo.url(), from('203.0.113.5', {
        method: 'PUT',
        headers: { ...server.auth(token), 'Content-Type': 'application/json' },
        body: JSON.stringify(customer({ emailAddress: 'not-an-email' })),
      }));
    expect((await submit(s.token)).status).not.toBe(429);
    expect((await submit(s.token)).status).not.toBe(429);
    const refused = await submit(s.token);
    expect(refused.headers.get('retry-after')).toBe('600');
    await problem(refused, 429);
    // Another shopper from the same address still has their own attempts.
    const other = await shopper(server);
    expect((await submit(other.token)).status).not.toBe(429);
  });

  it.each([
    ['place search', () => ({ path: apiRoutes.places.url('Leeds') })],
    ['nearby branches', () => ({ path: apiRoutes.nearbyBranches.url(), init: { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ latitude: 53.8, longitude: -1.55 }) } })],
    [
      'nearby stores',
      () => ({
        path: apiRoutes.nearbyStores.url(1),
        init: {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ latitude: 53.8, longitude: -1.55, amount: 300, currency: 'EUR', transactionType: 'D' }),
        },
      }),
    ],
  ])('limits %s per address and minute', async (_, request) => {
    const { path, init } = request() as { path: string; init?: RequestInit };
    for (let i = 0; i < 3; i++) expect((await server.request(path, from('203.0.113.6', init))).status).toBe(200);
    const refused = await server.request(path, from('203.0.113.6', init));
    expect(refused.headers.get('retry-after')).toBe('60');
    expect((await problem(refused, 429)).detail).toContain('Please wait 1 minute and try again.');
  });
});

describe('default limits', () => {
  it.each([
    ['sessions per client address in ten minutes', readEnv({}).rateLimits.sessionCreate, { points: 60, windowSeconds: 600 }],
    ['customer-info attempts per session in ten minutes', readEnv({}).rateLimits.customerInfo, { points: 20, windowSeconds: 600 }],
    ['place or nearby lookups per client address in a minute', readEnv({}).rateLimits.lookups, { points: 120, windowSeconds: 60 }],
  ])('%s', (_, actual, expected) => {
    expect(actual).toEqual(expected);
  });

  it('reads the limits, the proxy hops and the purge from the environment', () => {
    const config = readEnv({ RATE_LIMIT_SESSIONS: '5', TRUSTED_PROXY: '1', PURGE_INTERVAL_SECONDS: '0', EMBED_ANCESTORS: 'https://a.example, https://b.example' });
    expect(config.rateLimits.sessionCreate.points).toBe(5);
    expect(config.trustedProxyHops).toBe(1);
    expect(config.purge.intervalSeconds).toBe(0);
    expect(config.embedAncestors).toEqual(['https://a.example', 'https://b.example']);
    expect(() => readEnv({ EMBED_ANCESTORS: 'https://a.example/path' })).toThrow(/EMBED_ANCESTORS/);
  });
});

describe('purge of expired carts and idle sessions', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await createTestServer();
  });
  afterAll(async () => {
    await server.close();
  });

  const cartExists = async (id: string) => (await server.deps.db.select({ id: t.carts.id }).from(t.carts).where(eq(t.carts.id, id))).length === 1;
  const sessionExists = async (id: string) => (await server.deps.db.select({ id: t.sessions.id }).from(t.sessions).where(eq(t.sessions.id, id))).length === 1;
  const sessionOf = async (token: string) => {
    const claims = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as { sid: string };
    return claims.sid;
  };

  it('refuses the 61st session from one address in ten minutes by default', async () => {
    for (let i = 0; i < 60; i++) expect((await server.request('/session/1', { method: 'POST' })).status).toBe(201);
    expect((await server.request('/session/1', { method: 'POST' })).status).toBe(429);
    server.clock.advance(10 * 60_000);
  });

  it('deletes expired carts and idle sessions once the grace period has passed, and keeps carts with an order', async () => {
    const idle = await shopper(server);
    const abandoned = await shopper(server);
    const abandonedCart = await cartWith(abandoned, 2, [['EUR', 300]]);
    const ordering = await shopper(server);
    const order = await orderAwaitingPayment(ordering);
    const orderingCart = (await server.deps.db.select({ cartId: t.orders.cartId }).from(t.orders).where(eq(t.orders.id, order.id)))[0]?.cartId ?? '';

    // Nothing has expired yet.
    expect(await purgeExpired(server.deps)).toMatchObject({ carts: 0 });
    expect(await cartExists(abandonedCart.id)).toBe(true);

    // Carts live 30 minutes, sessions 60; then an hour's grace.
    server.clock.advance((30 + 60) * 60_000 + 1000);
    const first = await purgeExpired(server.deps);
    expect(first.carts).toBeGreaterThanOrEqual(1);
    expect(await cartExists(abandonedCart.id)).toBe(false);
    expect(await cartExists(orderingCart)).toBe(true);
    expect(await sessionExists(await sessionOf(idle.token))).toBe(true);

    server.clock.advance(30 * 60_000);
    const second = await purgeExpired(server.deps);
    expect(second.sessions).toBeGreaterThanOrEqual(2);
    expect(await sessionExists(await sessionOf(idle.token))).toBe(false);
    expect(await sessionExists(await sessionOf(abandoned.token))).toBe(false);
    // The order in progress keeps its cart and its session.
    expect(await sessionExists(await sessionOf(ordering.token))).toBe(true);
    expect(await cartExists(orderingCart)).toBe(true);
    // Rate-limit counters of ended windows are gone too.
    expect(await server.deps.db.select().from(t.rateLimits)).toEqual([]);
  });

  it('purges a bounded batch per run', async () => {
    for (let i = 0; i < 5; i++) await cartWith(await shopper(server), 2, [['EUR', 300]]);
    server.clock.advance(3 * 60 * 60_000);
    expect((await purgeExpired(server.deps, { batch: 2 })).carts).toBe(2);
    expect((await purgeExpired(server.deps, { batch: 2 })).carts).toBe(2);
    expect((await purgeExpired(server.deps, { batch: 2 })).carts).toBe(1);
  });
});
