import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { decodeJwt, SignJWT } from 'jose';
import { eq } from 'drizzle-orm';
import { ProblemSchema } from '#domain/contract/common.ts';
import { apiRoutes } from '#domain/contract/api-routes.ts';
import { LoyaltySignInStartSchema, SessionClaimsSchema, SessionInfoSchema, TokenResponseSchema } from '#domain/contract/session.ts';
import * as t from '../db/schema.ts';
import { findSession, revokeSession, setSessionCart } from '../services/session.ts';
import { createTestServer, TEST_SESSION_SECRET, type TestServer } from '../testing.ts';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(async () => {
  await server?.close();
});

const claimsOf = (token: string) => v.parse(SessionClaimsSchema, decodeJwt(token));

async function problem(res: Response, status: number) {
  expect(res.status).toBe(status);
  return v.parse(ProblemSchema, await res.json());
}

async function createSessionWith(headers: Record<string, string> = {}, siteId = 1) {
  return server.request(apiRoutes.sessionCreate.url(siteId), { method: 'POST', headers });
}

/** A cart row for a session, as the cart service would make it. */
async function insertCart(sessionId: string) {
  const [cart] = await server.deps.db
    .insert(t.carts)
    .values({ sessionId, siteId: 1, storeId: 1, productId: 1, expiresAt: new Date(server.clock.now().getTime() + 30 * 60_000) })
    .returning();
  if (!cart) throw new Error('no cart');
  return cart.id;
}

describe('POST /session/{siteId}', () => {
  it('creates a session and returns a signed token with its claims', async () => {
    const res = await createSessionWith();
    expect(res.status).toBe(201);
    const { token } = v.parse(TokenResponseSchema, await res.json());
    const claims = claimsOf(token);
    expect(claims).toMatchObject({ site: 1, cart: null, order: null });
    expect(claims.exp).toBe(Math.floor(server.clock.now().getTime() / 1000) + 60 * 60);
    expect(await findSession(server.deps.db, claims.sid)).toMatchObject({ siteId: 1, hasProfile: false });
  });

  it('answers 404 for an unknown site', async () => {
    await problem(await createSessionWith({}, 99), 404);
  });

  it('answers 400 naming the siteId for a bad path', async () => {
    const p = await problem(await server.request('/session/abc', { method: 'POST' }), 400);
    expect(p.errors).toHaveProperty('siteId');
  });

  it('replaces a token of ours (even an expired one) with a new session', async () => {
    const old = await server.newSession();
    const res = await createSessionWith(server.auth(old));
    expect(res.status).toBe(201);
    const { token } = v.parse(TokenResponseSchema, await res.json());
    expect(claimsOf(token).sid).not.toBe(claimsOf(old).sid);
  });

  describe('legacy variant', () => {
    it('exchanges a seeded legacy token once, keeping its loyalty profile', async () => {
      const first = await createSessionWith({ Authorization: 'Bearer legacy.demo-loyalty-member' });
      expect(first.status).toBe(201);
      const { token } = v.parse(TokenResponseSchema, await first.json());
      const info = await server.request(apiRoutes.sessionInfo.url(1), { headers: server.auth(token) });
      expect(v.parse(SessionInfoSchema, await info.json())).toEqual({ hasProfile: true });

      const second = await createSessionWith({ Authorization: 'Bearer legacy.demo-loyalty-member' });
      const p = await problem(second, 401);
      expect(p.type).toBe('legacy-token-used');
    });

    it('accepts any token of the legacy format once', async () => {
      const token = 'legacy.abc-123_XYZ';
      expect((await createSessionWith({ Authorization: `Bearer ${token}` })).status).toBe(201);
      await problem(await createSessionWith({ Authorization: `Bearer ${token}` }), 401);
    });

    it('lets only one of two racing exchanges through', async () => {
      const token = 'legacy.racing';
      const [a, b] = await Promise.all([
        createSessionWith({ Authorization: `Bearer ${token}` }),
        createSessionWith({ Authorization: `Bearer ${token}` }),
      ]);
      expect([a.status, b.status].sort()).toEqual([201, 401]);
    });

    it.each([['Bearer not-a-legacy-token'], ['Bearer legacy.'], ['Basic abc'], ['Bearer']])('refuses %s with 401', async (header) => {
      await problem(await createSessionWith({ Authorization: header }), 401);
    });
  });
});

describe('GET /session/{siteId}/token', () => {
  it("returns a fresh token carrying the session's current cart and order", async () => {
    const token = await server.newSession();
    const { sid } = claimsOf(token);
    const cartId = await insertCart(sid);
    await setSessionCart(server.deps.db, sid, { cartId });
    server.clock.advance(60_000);

    const res = await server.request(apiRoutes.sessionToken.url(1), { headers: server.auth(token) });
    expect(res.status).toBe(200);
    const fresh = claimsOf(v.parse(TokenResponseSchema, await res.json()).token);
    expect(fresh).toMatchObject({ sid, site: 1, cart: cartId, order: null });
    expect(fresh.exp).toBeGreaterThan(claimsOf(token).exp);
  });

  // Spec 4.4: 'Fetched when missing or expired'; spec 7.1: 'GET /session/{siteId}/token: returns token.'
  it('fetched when missing: without a token it returns the token of a new anonymous session, with no cart', async () => {
    const res = await server.request(apiRoutes.sessionToken.url(1));
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const answer = v.parse(TokenResponseSchema, await res.json());
    expect(answer.handedOver).toBeUndefined();
    const claims = claimsOf(answer.token);
    expect(claims).toMatchObject({ site: 1, cart: null, order: null });
    expect(await findSession(server.deps.db, claims.sid)).toMatchObject({ siteId: 1, cartId: null, orderId: null, revoked: false });
    // The token it returns opens its session.
    const info = await server.request(apiRoutes.sessionInfo.url(1), { headers: server.auth(answer.token) });
    expect(info.status).toBe(200);
  });

  it('fetched when missing: each visitor without a token gets a session of their own, on the site asked for', async () => {
    const [a, b, c] = await Promise.all([1, 1, 2].map(async (siteId) => v.parse(TokenResponseSchema, await (await server.request(apiRoutes.sessionToken.url(siteId))).json()).token));
    expect(new Set([a, b, c].map((token) => claimsOf(token!).sid)).size).toBe(3);
    expect(claimsOf(c!).site).toBe(2);
  });

  it('answers 401 for a malformed token', async () => {
    const p = await problem(await server.request(apiRoutes.sessionToken.url(1), { headers: server.auth('garbage') }), 401);
    expect(p.type).toBe('token-malformed');
  });

  it('answers 401 for a token signed with another key', async () => {
    const token = await server.newSession();
    const claims = claimsOf(token);
    const forged = await new SignJWT({ sid: claims.sid, site: 1, cart: null, order: null })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer('travel-money-shop')
      .setExpirationTime(claims.exp)
      .sign(new TextEncoder().encode('another-secret-another-secret-00'));
    const p = await problem(await server.request(apiRoutes.sessionToken.url(1), { headers: server.auth(forged) }), 401);
    expect(p.type).toBe('token-forged');
  });

  it("fetched when expired: an expired token gets a new anonymous session's token, without the old session's cart", async () => {
    const token = await server.newSession();
    const { sid } = claimsOf(token);
    const cartId = await insertCart(sid);
    await setSessionCart(server.deps.db, sid, { cartId });
    server.clock.advance(61 * 60_000);

    const res = await server.request(apiRoutes.sessionToken.url(1), { headers: server.auth(token) });
    expect(res.status).toBe(200);
    const answer = v.parse(TokenResponseSchema, await res.json());
    expect(answer.handedOver).toBe(false);
    const fresh = claimsOf(answer.token);
    expect(fresh.sid).not.toBe(sid);
    expect(fresh).toMatchObject({ cart: null, order: null });
    // The old session and its cart are as they were: nothing was handed over.
    expect(await findSession(server.deps.db, sid)).toMatchObject({ cartId, revoked: false });
    const cart = await server.request('/api/cart', { headers: server.auth(answer.token) });
    expect(cart.status).toBe(404);
  });

  it("a revoked session's token is still refused (401), never renewed into its cart", async () => {
    const token = await server.newSession();
    const { sid } = claimsOf(token);
    const cartId = await insertCart(sid);
    await setSessionCart(server.deps.db, sid, { cartId });
    await revokeSession(server.deps, sid);
    const p = await problem(await server.request(apiRoutes.sessionToken.url(1), { headers: server.auth(token) }), 401);
    expect(p.type).toBe('session-revoked');
  });

  it('creating sessions this way counts against the same limit as POST /session/{siteId}', async () => {
    const limited = await createTestServer({ config: { rateLimits: { ...server.config.rateLimits, sessionCreate: { points: 2, windowSeconds: 60 } } } });
    try {
      const token = await limited.newSession();
      expect((await limited.request(apiRoutes.sessionToken.url(1))).status).toBe(200);
      const refused = await problem(await limited.request(apiRoutes.sessionToken.url(1)), 429);
      expect(refused.type).toBe('rate-limited');
      // A good token is not a new session: it is not counted, nor refused.
      expect((await limited.request(apiRoutes.sessionToken.url(1), { headers: limited.auth(token) })).status).toBe(200);
    } finally {
      await limited.close();
    }
  });

  it('answers 401 for a well-signed token of a session that does not exist', async () => {
    const token = await new SignJWT({ sid: '00000000-0000-4000-8000-000000000000', site: 1, cart: null, order: null })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer('travel-money-shop')
      .setExpirationTime(Math.floor(server.clock.now().getTime() / 1000) + 600)
      .sign(new TextEncoder().encode(TEST_SESSION_SECRET));
    const p = await problem(await server.request(apiRoutes.sessionToken.url(1), { headers: server.auth(token) }), 401);
    expect(p.type).toBe('session-unknown');
  });

  it("answers 403 for a token naming another session's cart", async () => {
    const mine = await server.newSession();
    const theirs = await server.newSession();
    const theirCart = await insertCart(claimsOf(theirs).sid);
    const claims = claimsOf(mine);
    const token = await new SignJWT({ sid: claims.sid, site: 1, cart: theirCart, order: null })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer('travel-money-shop')
      .setExpirationTime(claims.exp)
      .sign(new TextEncoder().encode(TEST_SESSION_SECRET));
    await problem(await server.request(apiRoutes.sessionToken.url(1), { headers: server.auth(token) }), 403);
  });

  it("answers 403 for a token used on another site's path", async () => {
    const token = await server.newSession(1);
    await problem(await server.request(apiRoutes.sessionToken.url(2), { headers: server.auth(token) }), 403);
  });
});

describe('GET /session/{siteId}', () => {
  it('says whether the session has a loyalty profile', async () => {
    const token = await server.newSession();
    const res = await server.request(apiRoutes.sessionInfo.url(1), { headers: server.auth(token) });
    expect(v.parse(SessionInfoSchema, await res.json())).toEqual({ hasProfile: false });
  });

  it('answers 401 without a token', async () => {
    await problem(await server.request(apiRoutes.sessionInfo.url(1)), 401);
  });
});

describe('loyalty sign-in', () => {
  /** POST .../loyalty-signin/code with the bearer: the address the browser goes to. */
  async function startSignIn(token: string, body?: unknown): Promise<URL> {
    const res = await server.request(apiRoutes.loyaltySignInStart.url(1), {
      method: 'POST',
      headers: { ...server.auth(token), ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    expect(res.status).toBe(201);
    const start = v.parse(LoyaltySignInStartSchema, await res.json());
    return new URL(start.url);
  }
  const local = (url: URL) => `${url.pathname}${url.search}`;
  const submit = (code: string, returnUrl?: string) =>
    server.request(apiRoutes.loyaltySignIn.url(1), {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ code, ...(returnUrl === undefined ? {} : { returnUrl }), email: 'a@b.example', password: 'x' }).toString(),
    });

  it('shows the sandbox sign-in form, then marks the profile and returns to the shop', async () => {
    const token = await server.newSession();
    const url = await startSignIn(token);
    expect(url.origin + url.pathname).toBe(`${server.config.apiBase}${apiRoutes.loyaltySignIn.url(1)}`);
    const page = await server.request(local(url));
    expect(page.status).toBe(200);
    const body = await page.text();
    expect(body).toContain('Sign in to your loyalty account');
    expect(body).toContain('<button type="submit">');

    const res = await submit(url.searchParams.get('code') ?? '', '/?signedIn');
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(`${server.config.appOrigin}/?signedIn`);

    const info = await server.request(apiRoutes.sessionInfo.url(1), { headers: server.auth(token) });
    expect(await info.json()).toEqual({ hasProfile: true });
  });

  it('never puts the session token in the sign-in address or the page', async () => {
    const token = await server.newSession();
    const url = await startSignIn(token);
    expect(url.toString()).not.toContain(token);
    expect([...url.searchParams.keys()].sort()).toEqual(['code', 'returnUrl']);
    expect(await (await server.request(local(url))).text()).not.toContain(token);
  });

  it('defaults the return address to /?signedIn', async () => {
    const url = await startSignIn(await server.newSession());
    expect(url.searchParams.get('returnUrl')).toBe('/?signedIn');
    const res = await submit(url.searchParams.get('code') ?? '');
    expect(res.headers.get('location')).toBe(`${server.config.appOrigin}/?signedIn`);
  });

  it.each([['https://evil.example/'], ['//evil.example'], ['/\\evil.example']])('refuses the return address %s', async (returnUrl) => {
    const token = await server.newSession();
    const p = await problem(
      await server.request(apiRoutes.loyaltySignInStart.url(1), {
        method: 'POST',
        headers: { ...server.auth(token), 'Content-Type': 'application/json' },
        body: JSON.stringify({ returnUrl }),
      }),
      400,
    );
    expect(p.errors).toHaveProperty('returnUrl');
    const url = await startSignIn(token);
    url.searchParams.set('returnUrl', returnUrl);
    expect((await problem(await server.request(local(url)), 400)).errors).toHaveProperty('returnUrl');
  });

  it('answers 401 for a sign-in code asked without a session, and 400 for a page without a code', async () => {
    await problem(await server.request(apiRoutes.loyaltySignInStart.url(1), { method: 'POST' }), 401);
    const missing = await problem(await server.request(`${apiRoutes.loyaltySignIn.url(1)}?returnUrl=%2F`), 400);
    expect(missing.errors).toHaveProperty('code');
  });

  it('uses a code once', async () => {
    const token = await server.newSession();
    const code = (await startSignIn(token)).searchParams.get('code') ?? '';
    expect((await submit(code)).status).toBe(303);
    const again = await submit(code);
    expect(again.status).toBe(400);
    expect(await again.text()).toContain('This sign-in link has expired or has already been used.');
    expect((await server.request(`${apiRoutes.loyaltySignIn.url(1)}?code=${code}`)).status).toBe(400);
  });

  it('lets a code wait five minutes, no longer', async () => {
    const late = (await startSignIn(await server.newSession())).searchParams.get('code') ?? '';
    const inTime = (await startSignIn(await server.newSession())).searchParams.get('code') ?? '';
    server.clock.advance(5 * 60_000 - 1000);
    expect((await submit(inTime)).status).toBe(303);
    server.clock.advance(2000);
    expect((await submit(late)).status).toBe(400);
  });

  it('refuses a made-up code', async () => {
    const res = await submit('A'.repeat(43));
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toContain('text/html');
  });

  it('keeps the profile in the database', async () => {
    const token = await server.newSession();
    await submit((await startSignIn(token)).searchParams.get('code') ?? '');
    const [row] = await server.deps.db.select().from(t.sessions).where(eq(t.sessions.id, claimsOf(token).sid));
    expect(row?.hasProfile).toBe(true);
  });

  it('serves the page with its own strict policy, a favicon, and no Referer, never framed or stored', async () => {
    const url = await startSignIn(await server.newSession());
    const page = await server.request(local(url));
    const csp = page.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'none'");
    expect(csp).toMatch(/style-src 'sha256-[A-Za-z0-9+/=]+'/);
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain(`form-action 'self' ${server.config.appOrigin}`);
    expect(page.headers.get('x-frame-options')).toBe('DENY');
    expect(page.headers.get('referrer-policy')).toBe('no-referrer');
    expect(page.headers.get('cache-control')).toBe('no-store');
    // The shop's own favicon.svg, from the shop's origin, which the policy lets the page load.
    const origin = new URL(server.config.appOrigin).origin;
    expect(await page.text()).toContain(`<link rel="icon" type="image/svg+xml" href="${origin}/favicon.svg" />`);
    expect(csp).toContain(`img-src ${origin};`);
  });
});

describe('setSessionCart', () => {
  it('sets and clears the cart and order independently', async () => {
    const { sid } = claimsOf(await server.newSession());
    const cartId = await insertCart(sid);
    expect(await setSessionCart(server.deps.db, sid, { cartId })).toMatchObject({ cartId, orderId: null });
    expect(await setSessionCart(server.deps.db, sid, { cartId: null })).toMatchObject({ cartId: null, orderId: null });
  });
});
