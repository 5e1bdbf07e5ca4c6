import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { PROBLEM_CONTENT_TYPE, ProblemSchema } from '#domain/contract/common.ts';
import { readEnv } from './env.ts';
import { createTestServer, type TestServer } from './testing.ts';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer({ config: { bodyLimitBytes: 2048 } });
});
afterAll(async () => {
  await server?.close();
});

async function problemOf(res: Response) {
  expect(res.headers.get('content-type')).toContain(PROBLEM_CONTENT_TYPE);
  return v.parse(ProblemSchema, await res.json());
}

describe('API', () => {
  it('answers GET /healthz', async () => {
    const res = await server.request('/healthz');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok' });
  });

  it('answers an unknown route with a 404 problem carrying the request id', async () => {
    const res = await server.request('/api/nothing-here', { headers: { 'X-Request-Id': 'req-42' } });
    expect(res.status).toBe(404);
    const problem = await problemOf(res);
    expect(problem).toMatchObject({ title: 'Not found', status: 404, requestId: 'req-42', instance: '/api/nothing-here' });
    expect(problem.detail).toContain('GET /api/nothing-here');
  });

  it('gives every problem a request id of its own when none is sent', async () => {
    const a = await problemOf(await server.request('/nope'));
    const b = await problemOf(await server.request('/nope'));
    expect(a.requestId).toBeTruthy();
    expect(a.requestId).not.toBe(b.requestId);
  });

  it('refuses an oversized body with 413', async () => {
    const res = await server.request('/api/branches/nearby', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ latitude: 51.5, longitude: -0.1, padding: 'x'.repeat(4096) }),
    });
    expect(res.status).toBe(413);
    expect(await problemOf(res)).toMatchObject({ status: 413, title: 'Request body too large' });
  });

  it('answers malformed JSON with a 400 problem', async () => {
    const res = await server.request('/api/branches/nearby', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{"latitude": 51.5,',
    });
    expect(res.status).toBe(400);
    expect((await problemOf(res)).detail).toBe('Malformed JSON in request body');
  });

  it('names each invalid field', async () => {
    const res = await server.request('/api/branches/nearby', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ latitude: 123, longitude: 'west' }),
    });
    expect(res.status).toBe(400);
    const problem = await problemOf(res);
    expect(Object.keys(problem.errors ?? {}).sort()).toEqual(['latitude', 'longitude']);
  });
});

describe('CORS', () => {
  it("allows the shop's origin with credentials", async () => {
    const res = await server.request('/api/currencies', {
      method: 'OPTIONS',
      headers: { Origin: server.config.appOrigin, 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'authorization,content-type' },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe(server.config.appOrigin);
    expect(res.headers.get('access-control-allow-credentials')).toBe('true');
    expect(res.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('authorization');
  });

  it('gives any other origin no CORS headers', async () => {
    const res = await server.request('/api/currencies', { headers: { Origin: 'https://evil.example' } });
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
  });
});

describe('over a real port', () => {
  it('serves the API, CORS and problems over HTTP', async () => {
    const http = await server.listen();
    try {
      const ok = await fetch(`${http.url}/api/products`, { headers: { Origin: server.config.appOrigin } });
      expect(ok.status).toBe(200);
      expect(ok.headers.get('access-control-allow-origin')).toBe(server.config.appOrigin);
      const missing = await fetch(`${http.url}/api/missing`);
      expect(missing.status).toBe(404);
      expect(missing.headers.get('content-type')).toContain(PROBLEM_CONTENT_TYPE);
    } finally {
      await http.close();
    }
  });
});

describe('readEnv', () => {
  it('defaults the three ports, origins and limits', () => {
    expect(readEnv({})).toMatchObject({
      appPort: 3000,
      apiPort: 3001,
      pspPort: 3002,
      appOrigin: 'http://localhost:3000',
      apiBase: 'http://localhost:3001',
      pspOrigin: 'http://localhost:3002',
      databaseUrl: null,
      dataDir: './data',
      sessionSecret: null,
      pspWebhookSecret: null,
      cartTtlMinutes: 30,
      cartExtensionLimit: 2,
      basketEmailDelayMinutes: 60,
      placeSearch: 'geonames',
      addressLookup: 'demo',
    });
  });

  it('derives the origins from the ports and trims a trailing slash', () => {
    expect(readEnv({ APP_PORT: '4000', API_BASE: 'https://api.example.com/' })).toMatchObject({
      appOrigin: 'http://localhost:4000',
      apiBase: 'https://api.example.com',
    });
  });

  it.each([
    [{ API_PORT: 'abc' }, /API_PORT: must be a number/],
    [{ APP_PORT: '70000' }, /APP_PORT: must be 65535 or less/],
    [{ CART_TTL_MINUTES: '0' }, /CART_TTL_MINUTES: must be 1 or more/],
    [{ APP_ORIGIN: 'localhost:3000' }, /APP_ORIGIN: must start with http:\/\/ or https:\/\//],
    [{ PSP_ORIGIN: 'not a url' }, /PSP_ORIGIN: must be a URL/],
    [{ DATABASE_URL: 'mysql://x' }, /DATABASE_URL: must be a postgres:\/\/ or postgresql:\/\/ URL/],
    [{ SESSION_SECRET: 'short' }, /SESSION_SECRET: must be at least 32 characters/],
    [{ PSP_WEBHOOK_SECRET: 'short' }, /PSP_WEBHOOK_SECRET: must be at least 32 characters/],
    [{ AML_THRESHOLD_GBP: '-5' }, /AML_THRESHOLD_GBP: must be a number/],
    [{ PLACE_SEARCH: 'google' }, /PLACE_SEARCH: must be geonames/],
    [{ SEED: 'maybe' }, /SEED: must be 0, 1, true or false/],
  ])('names the bad value %j', (env, message) => {
    expect(() => readEnv(env)).toThrow(message);
  });

  it('lists every bad value at once', () => {
    expect(() => readEnv({ API_PORT: 'x', PSP_PORT: 'y' })).toThrow(/API_PORT[\s\S]*PSP_PORT/);
  });
});
