import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeJwt } from 'jose';
import type { AppEnv } from '../app-env.ts';
import { createApi } from '../app.ts';
import * as t from '../db/schema.ts';
import { setSessionCart } from '../services/session.ts';
import { createTestServer, type TestServer } from '../testing.ts';
import { requireSession } from './session-auth.ts';

let server: TestServer;
let api: ReturnType<typeof createApi>;
beforeAll(async () => {
  server = await createTestServer();
  // An authorised route as the cart and order routes use it.
  const guarded = new Hono<AppEnv>();
  guarded.get('/api/whoami', requireSession, (c) => c.json(c.get('session')));
  guarded.get('/api/sites/:siteId/whoami', requireSession, (c) => c.json(c.get('session')));
  api = createApi(server.deps);
  api.route('/', guarded);
});
afterAll(async () => {
  await server?.close();
});

/** A session whose row has moved to a cart its token does not name. */
async function sessionWithCartBehindItsToken() {
  const token = await server.newSession();
  const sid = String(decodeJwt(token).sid);
  const [cart] = await server.deps.db
    .insert(t.carts)
    .values({ sessionId: sid, siteId: 1, storeId: 1, productId: 2, expiresAt: new Date('2026-11-23T10:00:00Z') })
    .returning();
  await setSessionCart(server.deps.db, sid, { cartId: cart?.id ?? null });
  return { token, sid, cart };
}

describe('requireSession', () => {
  it("sets the session from the database row, not the token's claims", async () => {
    const { token, sid, cart } = await sessionWithCartBehindItsToken();

    const res = await api.request('/api/whoami', { headers: server.auth(token) });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ sessionId: sid, siteId: 1, cartId: cart?.id, orderId: null, hasProfile: false });
  });

  it('answers 401 problems without a usable token', async () => {
    const attempts: Record<string, string>[] = [{}, { Authorization: 'Bearer nope' }, { Authorization: 'Token abc' }];
    for (const headers of attempts) {
      const res = await api.request('/api/whoami', { headers });
      expect(res.status).toBe(401);
      expect(res.headers.get('content-type')).toContain('application/problem+json');
    }
  });

  it("answers 403 on another site's path", async () => {
    const token = await server.newSession(2);
    expect((await api.request('/api/sites/2/whoami', { headers: server.auth(token) })).status).toBe(200);
    expect((await api.request('/api/sites/1/whoami', { headers: server.auth(token) })).status).toBe(403);
  });
});

describe('the renewed token (Session-Token)', () => {
  const claimsOf = (token: string | null) => {
    expect(token).toEqual(expect.any(String));
    const claims = decodeJwt(token ?? '');
    return { cart: claims.cart, order: claims.order };
  };

  it('answers one when the token no longer names the cart the session has', async () => {
    const { token, cart } = await sessionWithCartBehindItsToken();

    const res = await api.request('/api/whoami', { headers: server.auth(token) });
    expect(claimsOf(res.headers.get('Session-Token'))).toEqual({ cart: cart?.id, order: null });
    const renewed = res.headers.get('Session-Token') ?? '';
    const again = await api.request('/api/whoami', { headers: server.auth(renewed) });
    expect(again.status).toBe(200);
    expect(again.headers.get('Session-Token')).toBeNull();
  });

  it('carries the new cart after POST /cart and none after DELETE /cart', async () => {
    const token = await server.newSession();
    const created = await api.request('/cart', {
      method: 'POST',
      headers: { ...server.auth(token), 'Content-Type': 'application/json' },
      body: JSON.stringify({ storeId: 1, productId: 1, affiliateCode: null }),
    });
    expect(created.status).toBe(201);
    const cart = (await created.json()) as { id: string };
    const withCart = created.headers.get('Session-Token');
    expect(claimsOf(withCart)).toEqual({ cart: cart.id, order: null });

    // Calls that leave the session's cart as it is answer no new token.
    const read = await api.request('/api/cart', { headers: server.auth(withCart ?? '') });
    expect(read.status).toBe(200);
    expect(read.headers.get('Session-Token')).toBeNull();

    const dropped = await api.request('/cart', { method: 'DELETE', headers: server.auth(withCart ?? '') });
    expect(dropped.status).toBe(204);
    expect(claimsOf(dropped.headers.get('Session-Token'))).toEqual({ cart: null, order: null });
  });

  it('answers none on a refused call', async () => {
    const token = await server.newSession();
    const res = await api.request('/api/cart/line/00000000-0000-4000-8000-000000000000', { method: 'DELETE', headers: server.auth(token) });
    expect(res.ok).toBe(false);
    expect(res.headers.get('Session-Token')).toBeNull();
  });

  it('is readable by the app on another origin (CORS exposes it)', async () => {
    const token = await server.newSession();
    const res = await api.request('/api/cart', { headers: { ...server.auth(token), Origin: server.deps.config.appOrigin } });
    expect(res.headers.get('Access-Control-Expose-Headers')).toContain('Session-Token');
  });
});
