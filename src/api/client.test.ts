import { http, HttpResponse, type JsonBodyType } from 'msw';
import { setupServer } from 'msw/node';
import * as v from 'valibot';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { apiRoutes } from '#domain/contract/api-routes.ts';
import { CartSchema } from '#domain/contract/cart.ts';
import { problemOf } from '#domain/problem.ts';
import { MOCK_API_BASE, handlers, problemResponse, routeUrl } from '../../mocks/handlers.ts';
import { fixtures } from '../../mocks/fixtures.ts';
import { HttpError, PRELOADED_FRESH_MS, ProblemError, ResponseShapeError, createApiClient, statusOf } from './client.ts';

const server = setupServer(...handlers);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

function client(token: string | null = 'token-1') {
  const onUnauthorized = vi.fn();
  const api = createApiClient({ baseUrl: MOCK_API_BASE, getToken: () => token, onUnauthorized });
  return { api, onUnauthorized };
}

/** Records the requests a route receives. */
function capture(name: keyof typeof apiRoutes, body: JsonBodyType = fixtures.cart, init?: ResponseInit) {
  const seen: Request[] = [];
  const method = apiRoutes[name].method.toLowerCase() as 'get' | 'post' | 'put' | 'delete';
  server.use(
    http[method](routeUrl(name), ({ request }) => {
      seen.push(request.clone());
      return HttpResponse.json(body, init);
    }),
  );
  return seen;
}

describe('API client', () => {
  it('sends the session bearer token and asks for JSON or problems', async () => {
    const seen = capture('cart');
    const { api } = client('abc.def.ghi');
    await api.json(apiRoutes.cart, apiRoutes.cart.url(), CartSchema);
    expect(seen[0]?.headers.get('authorization')).toBe('Bearer abc.def.ghi');
    expect(seen[0]?.headers.get('accept')).toContain('application/problem+json');
  });

  it('sends no Authorization header without a token or for content calls', async () => {
    const seen = capture('cart');
    await client(null).api.json(apiRoutes.cart, '/api/cart', CartSchema);
    await client('t').api.json(apiRoutes.cart, '/api/cart', CartSchema, { auth: 'none' });
    expect(seen.map((r) => r.headers.has('authorization'))).toEqual([false, false]);
  });

  it("sends the token with a quote only when it may say the session has a loyalty profile ('profile')", async () => {
    const seen = capture('cart');
    const tokenSaying = (claims: Record<string, unknown>) => `h.${btoa(JSON.stringify({ sid: 's', site: 1, exp: 9e9, ...claims })).replace(/=+$/, '')}.s`;
    const anonymous = tokenSaying({ profile: false });
    const member = tokenSaying({ profile: true });
    const older = tokenSaying({});
    for (const token of [anonymous, member, older]) await client(token).api.json(apiRoutes.cart, '/api/cart', CartSchema, { auth: 'profile' });
    expect(seen.map((r) => r.headers.get('authorization'))).toEqual([null, `Bearer ${member}`, `Bearer ${older}`]);
  });

  it('hands a renewed token (Session-Token) to the session, with the token the call carried', async () => {
    capture('cartCreate', fixtures.cart, { status: 201, headers: { 'Session-Token': 'renewed.token.x' } });
    const onTokenRenewed = vi.fn();
    const api = createApiClient({ baseUrl: MOCK_API_BASE, getToken: () => 'current.token.x', onTokenRenewed });
    await api.json(apiRoutes.cartCreate, apiRoutes.cartCreate.url(), CartSchema, { json: { storeId: 1, productId: 1, affiliateCode: null } });
    expect(onTokenRenewed).toHaveBeenCalledWith('renewed.token.x', 'current.token.x');

    // Not for a call that carried no session token (or another one).
    onTokenRenewed.mockClear();
    await api.json(apiRoutes.cartCreate, apiRoutes.cartCreate.url(), CartSchema, { json: {}, auth: { token: 'legacy' } });
    expect(onTokenRenewed).not.toHaveBeenCalled();
  });

  it('answers preloaded reads from the page while they are fresh, then asks the API', async () => {
    const seen = capture('currencies', [{ code: 'USD', name: 'US Dollar', pluralName: 'US Dollars', sellable: true, buyable: true, inverse: false }]);
    const preloaded = { [apiRoutes.currencies.url()]: [{ code: 'EUR', name: 'Euro', pluralName: 'Euros', sellable: true, buyable: true, inverse: false }] };
    let time = 1_000_000;
    const api = createApiClient({ baseUrl: MOCK_API_BASE, preloaded, now: () => time });
    const schema = v.array(v.looseObject({ code: v.string() }));
    const codes = async () => (await api.json(apiRoutes.currencies, apiRoutes.currencies.url(), schema)).map((c) => c.code);
    expect(await codes()).toEqual(['EUR']);
    time += PRELOADED_FRESH_MS - 1;
    expect(await codes()).toEqual(['EUR']);
    expect(seen).toHaveLength(0);
    time += 1;
    expect(await codes()).toEqual(['USD']);
    expect(seen).toHaveLength(1);
  });

  it("answers a preloaded read as the host wrote it (the host checked it against the contract), loading no schema", async () => {
    const api = createApiClient({ baseUrl: MOCK_API_BASE, preloaded: { [apiRoutes.currencies.url()]: [{ code: 'EUR' }] } });
    const load = vi.fn(async () => v.array(v.object({ code: v.string(), name: v.string() })));
    await expect(api.json(apiRoutes.currencies, apiRoutes.currencies.url(), load, { auth: 'none' })).resolves.toEqual([{ code: 'EUR' }]);
    expect(load).not.toHaveBeenCalled();
  });

  it('answers a preloaded read in a later task, as the network would: the work it sets off is not one long task with the caller', async () => {
    const api = createApiClient({ baseUrl: MOCK_API_BASE, preloaded: { [apiRoutes.currencies.url()]: [{ code: 'EUR' }] } });
    let answered = false;
    const call = api.json(apiRoutes.currencies, apiRoutes.currencies.url(), v.array(v.object({ code: v.string() })), { auth: 'none' }).then(() => {
      answered = true;
    });
    // However many microtasks run, the answer waits for the next task.
    for (let i = 0; i < 20; i++) await Promise.resolve();
    expect(answered).toBe(false);
    await call;
    expect(answered).toBe(true);
  });

  it("asks the API, with the contract's schema loaded, for a call that carries the session's token: preloaded reads are anyone's", async () => {
    const seen = capture('currencies', [{ code: 'USD' }]);
    const api = createApiClient({ baseUrl: MOCK_API_BASE, getToken: () => 'current.token.x', preloaded: { [apiRoutes.currencies.url()]: [{ code: 'EUR' }] } });
    const load = vi.fn(async () => v.array(v.object({ code: v.string() })));
    await expect(api.json(apiRoutes.currencies, apiRoutes.currencies.url(), load)).resolves.toEqual([{ code: 'USD' }]);
    expect(load).toHaveBeenCalledTimes(1);
    expect(seen[0]?.headers.get('authorization')).toBe('Bearer current.token.x');
    await expect(api.json(apiRoutes.currencies, apiRoutes.currencies.url(), v.array(v.object({ code: v.number() })))).rejects.toBeInstanceOf(ResponseShapeError);
  });

  it('sends an explicit token when asked (the legacy exchange)', async () => {
    const seen = capture('cart');
    await client('current').api.json(apiRoutes.cart, '/api/cart', CartSchema, { auth: { token: 'legacy' } });
    expect(seen[0]?.headers.get('authorization')).toBe('Bearer legacy');
  });

  it('sends credentials with every call', async () => {
    const fetchSpy = vi.fn((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));
    const api = createApiClient({ baseUrl: MOCK_API_BASE, fetch: fetchSpy as typeof fetch });
    await api.json(apiRoutes.cart, '/api/cart', CartSchema);
    const request = fetchSpy.mock.calls[0]?.[0];
    expect(request instanceof Request ? request.credentials : fetchSpy.mock.calls[0]?.[1]?.credentials).toBe('include');
  });

  it('joins paths onto a base that has a path of its own', async () => {
    server.use(http.get('http://localhost:3001/shop-api/api/cart', () => HttpResponse.json(fixtures.cart)));
    const api = createApiClient({ baseUrl: 'http://localhost:3001/shop-api/' });
    await expect(api.json(apiRoutes.cart, '/api/cart', CartSchema)).resolves.toEqual(fixtures.cart);
    expect(api.url('/session/1/loyalty-signin')).toBe('http://localhost:3001/shop-api/session/1/loyalty-signin');
  });

  it.each([401, 403] as const)('reports %s to onUnauthorized with the token the call carried, and rejects', async (status) => {
    server.use(http.get(routeUrl('cart'), () => problemResponse({ title: 'Unauthorized', detail: 'Token expired' }, status)));
    const { api, onUnauthorized } = client();
    const error = await api.json(apiRoutes.cart, '/api/cart', CartSchema).catch((e: unknown) => e);
    expect(onUnauthorized).toHaveBeenCalledWith(status, 'token-1');
    expect(error).toBeInstanceOf(ProblemError);
    expect(statusOf(error)).toBe(status);
  });

  it('reports a refused call that carried no token with null', async () => {
    server.use(http.get(routeUrl('cart'), () => problemResponse({ title: 'Unauthorized' }, 401)));
    const { api, onUnauthorized } = client(null);
    await expect(api.json(apiRoutes.cart, '/api/cart', CartSchema)).rejects.toBeInstanceOf(ProblemError);
    expect(onUnauthorized).toHaveBeenCalledWith(401, null);
  });

  it('does not report a refused token that was presented on purpose (the hand-over, the legacy exchange)', async () => {
    server.use(http.get(routeUrl('cart'), () => problemResponse({ title: 'Unauthorized' }, 401)));
    const { api, onUnauthorized } = client();
    await expect(api.json(apiRoutes.cart, '/api/cart', CartSchema, { auth: { token: 'legacy.x' } })).rejects.toBeInstanceOf(ProblemError);
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('does not report other failures as unauthorized', async () => {
    server.use(http.get(routeUrl('cart'), () => problemResponse({ title: 'Not found' }, 404)));
    const { api, onUnauthorized } = client();
    await expect(api.json(apiRoutes.cart, '/api/cart', CartSchema)).rejects.toBeInstanceOf(ProblemError);
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('turns a problem document into a typed ProblemError', async () => {
    const problem = { type: 'about:blank', title: 'Some details need fixing', detail: 'Check the amount', errors: { 'lines[0].qty': 'Amount should be greater than 0' } };
    server.use(http.post(routeUrl('cartAdd'), () => problemResponse(problem, 422)));
    const error = await client()
      .api.json(apiRoutes.cartAdd, '/api/cart/add', CartSchema, { json: { currencyCode: 'EUR', qty: 0 } })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProblemError);
    const p = error as ProblemError;
    expect([p.status, p.title, p.detail, p.errors]).toEqual([422, problem.title, problem.detail, problem.errors]);
    // The domain reads the same problem for the problem dialog (spec 8).
    expect(problemOf(error)).toMatchObject({ title: problem.title, detail: problem.detail });
  });

  it('turns an error without a problem document into an HttpError', async () => {
    server.use(http.get(routeUrl('cart'), () => new HttpResponse('<h1>Bad gateway</h1>', { status: 502, headers: { 'Content-Type': 'text/html' } })));
    const error = await client().api.json(apiRoutes.cart, '/api/cart', CartSchema).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect(statusOf(error)).toBe(502);
  });

  it('never retries', async () => {
    let calls = 0;
    server.use(
      http.get(routeUrl('cart'), () => {
        calls++;
        return problemResponse({ title: 'Unavailable' }, 503);
      }),
    );
    await expect(client().api.json(apiRoutes.cart, '/api/cart', CartSchema)).rejects.toBeInstanceOf(ProblemError);
    expect(calls).toBe(1);
  });

  it('rejects an answer that does not match the contract', async () => {
    capture('cart', { ...fixtures.cart, lines: 'none' });
    const error = await client().api.json(apiRoutes.cart, '/api/cart', CartSchema).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ResponseShapeError);
    expect((error as ResponseShapeError).issues.join()).toContain('lines');
    expect(statusOf(error)).toBeUndefined();
  });

  it('passes network failures through', async () => {
    server.use(http.get(routeUrl('cart'), () => HttpResponse.error()));
    await expect(client().api.json(apiRoutes.cart, '/api/cart', CartSchema)).rejects.toBeInstanceOf(TypeError);
  });

  it('send() accepts an empty 204 answer', async () => {
    await expect(client().api.send(apiRoutes.cartAbandon, '/cart')).resolves.toBeUndefined();
  });

  it('parses with valibot schemas, including transforms', async () => {
    const Upper = v.object({ token: v.pipe(v.string(), v.toUpperCase()) });
    await expect(client().api.json(apiRoutes.sessionToken, '/session/1/token', Upper)).resolves.toEqual({ token: fixtures.token.toUpperCase() });
  });
});
