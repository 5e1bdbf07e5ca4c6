/**
 * A session revoked mid-checkout (docs/decisions/011): its tokens are refused with 401
 * 'session-revoked'; the browser hands the revoked token over once (POST /session/{siteId} with it
 * as the bearer) and its new session carries on with the same cart and order.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { decodeJwt } from 'jose';
import { CartSchema } from '#domain/contract/cart.ts';
import { SessionClaimsSchema, SessionInfoSchema, TokenResponseSchema } from '#domain/contract/session.ts';
import { OrderSchema } from '#domain/contract/order.ts';
import { apiRoutes } from '#domain/contract/routes.ts';
import { markProfile } from '../services/session.ts';
import { createTestServer, type TestServer } from '../testing.ts';
import { body, customer, orderAtDetails, problem, shopper, shopperWith, type Shopper } from './commerce-fixtures.ts';

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

async function handOver(token: string, siteId = 1): Promise<string> {
  const res = await server.request(apiRoutes.sessionCreate.url(siteId), { method: 'POST', headers: server.auth(token) });
  return v.parse(TokenResponseSchema, await body(res, TokenResponseSchema, 201)).token;
}

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

describe('handing a revoked session over (POST /session/{siteId} with the old token)', () => {
  it('gives a new session with the same cart and order, which carries on to payment', async () => {
    const s = await shopper(server);
    const order = await orderAtDetails(s);
    const cart = await body(await s.call('GET', '/api/cart'), CartSchema, 200);
    const old = claimsOf(s.token);
    await revoke(old.sid);

    const token = await handOver(s.token);
    const fresh = claimsOf(token);
    expect(fresh.sid).not.toBe(old.sid);
    expect(fresh).toMatchObject({ site: 1, cart: cart.id, order: order.id });

    const next = asShopper(token);
    expect(await body(await next.call('GET', '/api/cart'), CartSchema, 200)).toEqual(cart);
    expect((await body(await next.call('GET', '/api/order'), OrderSchema, 200)).id).toBe(order.id);
    // The details step goes on where it was.
    expect((await next.call('PUT', '/api/order/customer-info', customer())).status).toBe(200);
    expect((await next.call('POST', '/api/order/create-payment-intent')).status).toBeLessThan(300);
  });

  it('hands a session over once: the same token again gets an empty session', async () => {
    const s = await shopper(server);
    await orderAtDetails(s);
    await revoke(claimsOf(s.token).sid);
    const first = claimsOf(await handOver(s.token));
    const second = claimsOf(await handOver(s.token));
    expect(first.cart).not.toBeNull();
    expect(second).toMatchObject({ cart: null, order: null });
    expect(second.sid).not.toBe(first.sid);
  });

  it('lets exactly one of two racing hand-overs take the cart', async () => {
    const s = await shopper(server);
    await orderAtDetails(s);
    await revoke(claimsOf(s.token).sid);
    const [a, b] = (await Promise.all([handOver(s.token), handOver(s.token)])).map(claimsOf);
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
    await revoke(claimsOf(s.token).sid);
    const res = await asShopper(await handOver(s.token)).call('GET', apiRoutes.sessionInfo.url(1));
    expect(v.parse(SessionInfoSchema, await res.json())).toEqual({ hasProfile: true });
  });

  it("gives a token of another site a fresh session of this site, not that site's cart", async () => {
    const s = await shopper(server, 2);
    await body(await s.call('POST', '/cart', { storeId: 1, productId: 1, affiliateCode: null }), CartSchema, 201).catch(() => null);
    const fresh = claimsOf(await handOver(s.token, 1));
    expect(fresh).toMatchObject({ site: 1, cart: null, order: null });
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
