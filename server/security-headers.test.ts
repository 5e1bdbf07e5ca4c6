import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiRoutes } from '#domain/contract/api-routes.ts';
import { createTestServer, type TestServer } from './testing.ts';

describe('API security headers', () => {
  let server: TestServer;
  let token: string;

  beforeAll(async () => {
    server = await createTestServer();
    token = await server.newSession();
  });
  afterAll(async () => {
    await server.close();
  });

  // Personal data: a shared cache or the browser's back/forward cache must never keep it.
  it.each([
    ['GET', '/api/cart'],
    ['GET', '/cart'],
    ['GET', '/api/order'],
    ['GET', '/api/order/delivery-slots'],
    ['GET', '/session/1/token'],
    ['GET', '/session/1'],
    ['POST', '/session/1'],
  ])('%s %s answers Cache-Control: no-store and nosniff', async (method, path) => {
    const res = await server.request(path, { method, headers: server.auth(token) });
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('marks a personal route no-store also when it answers a problem', async () => {
    const res = await server.request('/api/order');
    expect(res.status).toBe(401);
    expect(res.headers.get('content-type')).toContain('application/problem+json');
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it.each([
    ['GET', '/healthz'],
    ['GET', apiRoutes.quote.url(1, 1, 2, 'EUR')],
    ['GET', '/no/such/path'],
  ])('%s %s answers nosniff', async (method, path) => {
    const res = await server.request(path, { method });
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('strict-transport-security')).toBeNull();
  });

  it('sends HSTS when the API is served over https', async () => {
    const https = await createTestServer({ seed: false, config: { apiBase: 'https://api.shop.example' } });
    try {
      const res = await https.request('/healthz');
      expect(res.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
    } finally {
      await https.close();
    }
  });
});
