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

describe('requireSession', () => {
  it("sets the session from the database row, not the token's claims", async () => {
    const token = await server.newSession();
    const sid = String(decodeJwt(token).sid);
    const [cart] = await server.deps.db
      .insert(t.carts)
      .values({ sessionId: sid, siteId: 1, storeId: 1, productId: 2, expiresAt: new Date('2026-11-23T10:00:00Z') })
      .returning();
    await setSessionCart(server.deps.db, sid, { cartId: cart?.id ?? null });

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
