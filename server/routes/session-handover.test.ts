/**
 * Sessions revoked or expired (docs/decisions/011): a revoked session's tokens are refused with 401
 * 'session-revoked' and the session is never handed over (whoever presents its token gets a
 * fresh, empty session, told so by handedOver false). An expired token is handed over once (POST
 * /session/{siteId} with it as the bearer) within SESSION_HANDOVER_GRACE_MINUTES of its expiry, and
 * its new session carries on with the same cart and order; an older one opens nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { decodeJwt } from 'jose';
import { CartSchema } from '#domain/contract/cart.ts';
import { SessionClaimsSchema, SessionInfoSchema, TokenResponseSchema } from '#domain/contract/session.ts';
import { OrderSchema } from '#domain/contract/order.ts';
import { apiRoutes } from '#domain/contract/api-routes.ts';
import { readEnv } from '../env.ts';
import { markProfile } from '../services/session.ts';
import { CustomerInfoResultSchema } from '#domain/contract/order.ts';
import { createTestServer, type TestServer } from '../testing.ts';
import { body, customer, orderAtDetails, problem, shopper, shopperWith, type Shopper } from '../../tests/support/commerce-fixtures.ts';

const OPS_TOKEN = 'ops-token-for-tests-0123456789abcdef';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer({ config: { opsToken: OPS_TOKEN } });
});
afterAll(async () => {
  await server?.close();
});

const claimsOf = (token: string) => v.parse(SessionClaimsSchema, decodeJwt(token));

function revoke(sessionId: string, token = OPS_TOKEN) {
  return server.request(`/ops/sessions/${sessionId}/revoke`, { method: 'POST', headers: server.auth(token) });
}

async function handOverAnswer(token: string, siteId = 1, on: TestServer = server) {
  const res = await on.request(apiRoutes.sessionCreate.url(siteId), { method: 'POST', headers: on.auth(token) });
  return v.parse(TokenResponseSchema, await body(res, TokenResponseSchema, 201));
}

async function handOver(token: string, siteId = 1): Promise<string> {
  return (await handOverAnswer(token, siteId)).token;
}

/** Runs fn with the clock moved on by ms, then puts it back. */
async function later<T>(ms: number, fn: () => Promise<T>, on: TestServer = server): Promise<T> {
  const now = on.clock.now();
  on.clock.advance(ms);
  try {
    return await fn();
  } finally {
    on.clock.set(now);
  }
}

const MINUTE = 60_000;
/** The defaults: tokens live SESSION_TTL_MINUTES (60) and are handed over up to SESSION_HANDOVER_GRACE_MINUTES (60) after. */
const TTL = 60 * MINUTE;
const GRACE = 60 * MINUTE;

const asShopper = (token: string): Shopper => shopperWith(server, token);

describe('revoking a session (operations route)', () => {
  it('refuses every later call of its tokens with 401 session-revoked', async () => {
    const s = await shopper(server);
    const order = await orderAtDetails(s);
    expect((await revoke(claimsOf(s.token).sid)).status).toBe(204);

    for (const [method, path] of [
      ['GET', '/api/order'],
      ['GET', '/api/cart'],
      ['GET', apiRoutes.sessionToken.url(1)],
    ] as const) {
      const p = await problem(await s.call(method, path), 401);
      expect(p.type).toBe('session-revoked');
      expect(p.detail).toBe('This session has ended.');
    }
    expect(order.id).toBeTruthy();
  });

  it('needs the operations token', async () => {
    const s = await shopper(server);
    const { sid } = claimsOf(s.token);
    expect((await problem(await revoke(sid, 'wrong-token-wrong-token-wrong-token'), 401)).type).toBe('ops-token');
    expect((await problem(await server.request(`/ops/sessions/${sid}/revoke`, { method: 'POST' }), 401)).type).toBe('ops-token');
    // A shopper's own session token is no operations token.
    await problem(await revoke(sid, s.token), 401);
    expect((await s.call('GET', apiRoutes.sessionToken.url(1))).status).toBe(200);
  });

  it('answers 404 for an unknown session and 400 for a bad id', async () => {
    await problem(await revoke('00000000-0000-4000-8000-000000000000'), 404);
    expect((await problem(await revoke('not-a-session'), 400)).errors).toHaveProperty('sessionId');
  });

  it('does not exist without OPS_TOKEN', async () => {
    const plain = await createTestServer();
    try {
      const token = await plain.newSession();
      const res = await plain.request(`/ops/sessions/${claimsOf(token).sid}/revoke`, { method: 'POST', headers: plain.auth(token) });
      expect(res.status).toBe(404);
    } finally {
      await plain.close();
    }
  });
});

describe('a revoked session is never handed over', () => {
  it('whoever presents its token first gets a fresh, empty session and is told so; the cart, order and personal details stay out of reach', async () => {
    const s = await shopper(server);
    const order = await orderAtDetails(s);
    await body(await s.call('PUT', '/api/order/customer-info', customer({ emailAddress: 'victim@example.com' })), CustomerInfoResultSchema, 200);
    await revoke(claimsOf(s.token).sid);

    for (let i = 0; i < 2; i++) {
      const answer = await handOverAnswer(s.token);
      expect(answer.handedOver).toBe(false);
      expect(claimsOf(answer.token)).toMatchObject({ site: 1, cart: null, order: null });
      const next = asShopper(answer.token);
      expect((await next.call('GET', '/api/order')).status).toBe(404);
      expect((await next.call('GET', '/api/cart')).status).toBe(404);
    }
    // The order keeps its details, in the revoked session nobody can use.
    const [row] = await server.database.query<{ session_id: string }>('select session_id from orders where id = $1', [order.id]);
    expect(row?.session_id).toBe(claimsOf(s.token).sid);
    expect((await problem(await s.call('GET', '/api/order'), 401)).type).toBe('session-revoked');
  });

  it('nor is a revoked session whose token has also expired', async () => {
    const s = await shopper(server);
    await orderAtDetails(s);
    await revoke(claimsOf(s.token).sid);
    const answer = await later(TTL + MINUTE, () => handOverAnswer(s.token));
    expect(answer.handedOver).toBe(false);
    expect(claimsOf(answer.token)).toMatchObject({ cart: null, order: null });
  });
});

describe('handing an expired token over (POST /session/{siteId} with the old token)', () => {
  it('gives a new session with the same cart and order, which carries on to payment', async () => {
    const s = await shopper(server);
    const order = await orderAtDetails(s);
    const cart = await body(await s.call('GET', '/api/cart'), CartSchema, 200);
    const old = claimsOf(s.token);

    const answer = await later(TTL + MINUTE, () => handOverAnswer(s.token));
    expect(answer.handedOver).toBe(true);
    const fresh = claimsOf(answer.token);
    expect(fresh.sid).not.toBe(old.sid);
    expect(fresh).toMatchObject({ site: 1, cart: cart.id, order: order.id });

    const next = asShopper(answer.token);
    expect(await body(await next.call('GET', '/api/cart'), CartSchema, 200)).toEqual(cart);
    expect((await body(await next.call('GET', '/api/order'), OrderSchema, 200)).id).toBe(order.id);
    // The details step goes on where it was.
    expect((await next.call('PUT', '/api/order/customer-info', customer())).status).toBe(200);
    expect((await next.call('POST', '/api/order/create-payment-intent')).status).toBeLessThan(300);
  });

  it.each([
    ['not expired yet', 30 * MINUTE, true],
    ['expired a minute ago', TTL + MINUTE, true],
    ['expired 59 minutes ago', TTL + GRACE - MINUTE, true],
    ['expired 60 minutes ago (SESSION_HANDOVER_GRACE_MINUTES)', TTL + GRACE, false],
    ['expired a day ago', TTL + 24 * 60 * MINUTE, false],
    ['expired 30 days ago', TTL + 30 * 24 * 60 * MINUTE, false],
  ])('a token %s (presented %i ms after it was issued): handed over %s', async (_, age, handedOver) => {
    const s = await shopper(server);
    const order = await orderAtDetails(s);
    const answer = await later(age, () => handOverAnswer(s.token));
    expect(answer.handedOver).toBe(handedOver);
    expect(claimsOf(answer.token).order).toBe(handedOver ? order.id : null);
  });

  it('a token older than the grace opens nothing of the old order, and leaves the old session as it was', async () => {
    const s = await shopper(server);
    await orderAtDetails(s);
    await body(await s.call('PUT', '/api/order/customer-info', customer({ emailAddress: 'stale@example.com' })), CustomerInfoResultSchema, 200);
    const answer = await later(30 * 24 * 60 * MINUTE, () => handOverAnswer(s.token));
    expect(answer.handedOver).toBe(false);
    expect((await asShopper(answer.token).call('GET', '/api/order')).status).toBe(404);
    const [row] = await server.database.query<{ revoked_at: unknown; replaced_by: unknown }>('select revoked_at, replaced_by from sessions where id = $1', [claimsOf(s.token).sid]);
    expect(row).toEqual({ revoked_at: null, replaced_by: null });
  });

  it('follows SESSION_HANDOVER_GRACE_MINUTES: 0 hands over no expired token', async () => {
    const strict = await createTestServer({ config: { sessionHandoverGraceMinutes: 0 } });
    try {
      const token = await strict.newSession();
      await body(await strict.request('/cart', { method: 'POST', headers: { ...strict.auth(token), 'Content-Type': 'application/json' }, body: JSON.stringify({ storeId: 1, productId: 1, affiliateCode: null }) }), CartSchema, 201);
      expect((await later(TTL - MINUTE, () => handOverAnswer(token, 1, strict), strict)).handedOver).toBe(true);
      const other = await strict.newSession();
      expect((await later(TTL, () => handOverAnswer(other, 1, strict), strict)).handedOver).toBe(false);
    } finally {
      await strict.close();
    }
    // A server of its own: started and seeded.
  }, 120_000);

  it('SESSION_HANDOVER_GRACE_MINUTES defaults to the session lifetime and can be set apart from it', () => {
    expect(readEnv({}).sessionHandoverGraceMinutes).toBe(60);
    expect(readEnv({ SESSION_TTL_MINUTES: '90' }).sessionHandoverGraceMinutes).toBe(90);
    expect(readEnv({ SESSION_TTL_MINUTES: '90', SESSION_HANDOVER_GRACE_MINUTES: '15' }).sessionHandoverGraceMinutes).toBe(15);
    expect(() => readEnv({ SESSION_HANDOVER_GRACE_MINUTES: '-1' })).toThrow(/SESSION_HANDOVER_GRACE_MINUTES/);
  });

  it('hands a session over once: the same token again gets an empty session', async () => {
    const s = await shopper(server);
    await orderAtDetails(s);
    const [first, second] = await later(TTL + MINUTE, async () => [claimsOf(await handOver(s.token)), claimsOf(await handOver(s.token))]);
    expect(first?.cart).not.toBeNull();
    expect(second).toMatchObject({ cart: null, order: null });
    expect(second?.sid).not.toBe(first?.sid);
  });

  it('lets exactly one of two racing hand-overs take the cart', async () => {
    const s = await shopper(server);
    await orderAtDetails(s);
    const [a, b] = (await later(TTL + MINUTE, () => Promise.all([handOver(s.token), handOver(s.token)]))).map(claimsOf);
    expect([a?.cart === null, b?.cart === null].sort()).toEqual([false, true]);
  });

  it('ends the old session when an expired token is handed over, keeping the cart', async () => {
    const s = await shopper(server);
    const cart = await body(await s.call('POST', '/cart', { storeId: 1, productId: 1, affiliateCode: null }), CartSchema, 201);
    server.clock.advance(2 * 60_000);
    const token = await handOver(s.token);
    expect(claimsOf(token).cart).toBe(cart.id);
    expect((await problem(await s.call('GET', '/api/cart'), 401)).type).toBe('session-revoked');
  });

  it('keeps the loyalty profile', async () => {
    const s = await shopper(server);
    await markProfile(server.deps, claimsOf(s.token).sid);
    const token = await later(TTL + MINUTE, () => handOver(s.token));
    const res = await asShopper(token).call('GET', apiRoutes.sessionInfo.url(1));
    expect(v.parse(SessionInfoSchema, await res.json())).toEqual({ hasProfile: true });
  });

  it("gives a token of another site a fresh session of this site, not that site's cart", async () => {
    const s = await shopper(server, 2);
    await body(await s.call('POST', '/cart', { storeId: 1, productId: 1, affiliateCode: null }), CartSchema, 201).catch(() => null);
    const answer = await handOverAnswer(s.token, 1);
    expect(answer.handedOver).toBe(false);
    expect(claimsOf(answer.token)).toMatchObject({ site: 1, cart: null, order: null });
    // The other site's session is untouched.
    expect((await s.call('GET', apiRoutes.sessionToken.url(2))).status).toBe(200);
  });

  it('gives a token this shop did not sign a fresh session', async () => {
    const s = await shopper(server);
    const [header, payload] = s.token.split('.');
    const fresh = claimsOf(await handOver(`${header}.${payload}.c2lnbmF0dXJl`));
    expect(fresh).toMatchObject({ cart: null, order: null });
    expect(fresh.sid).not.toBe(claimsOf(s.token).sid);
  });
});
