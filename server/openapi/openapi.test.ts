import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiRoutes, type ApiRouteName } from '#domain/contract/api-routes.ts';
import { groupCardNumber, TEST_CARDS } from '../psp/test-cards.ts';
import { createTestServer, type TestServer } from '../testing.ts';
import { openApiPath, type OpenApiDocument } from './document.ts';
import { DOCS_PATH, OPENAPI_PATH } from './paths.ts';

const OPS_TOKEN = 'openapi-test-operations-token-0123456789';

let server: TestServer;
let document: OpenApiDocument;
beforeAll(async () => {
  server = await createTestServer({ config: { opsToken: OPS_TOKEN } });
  const res = await server.request(OPENAPI_PATH);
  expect(res.status).toBe(200);
  document = (await res.json()) as OpenApiDocument;
}, 60_000);
afterAll(async () => {
  await server?.close();
});

const METHODS = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH'];

describe('the OpenAPI document', () => {
  it('is valid OpenAPI 3.1', async () => {
    const validator = new Validator();
    const result = await validator.validate(document as unknown as Parameters<Validator['validate']>[0]);
    expect(validator.version).toBe('3.1');
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('describes every route of the contract, with its method', () => {
    const missing = (Object.keys(apiRoutes) as ApiRouteName[]).filter((name) => {
      const route = apiRoutes[name];
      return document.paths[openApiPath(route.pattern)]?.[route.method.toLowerCase()] === undefined;
    });
    expect(missing).toEqual([]);
  });

  it('describes every route the API answers, and nothing it does not', () => {
    const answered = new Set(
      server.app.routes
        .filter((r) => METHODS.includes(r.method) && !r.path.includes('*'))
        .map((r) => `${r.method} ${openApiPath(r.path)}`),
    );
    const described = new Set(
      Object.entries(document.paths).flatMap(([path, item]) => Object.keys(item).filter((m) => METHODS.includes(m.toUpperCase())).map((m) => `${m.toUpperCase()} ${path}`)),
    );
    expect([...answered].filter((route) => !described.has(route))).toEqual([]);
    expect([...described].filter((route) => !answered.has(route))).toEqual([]);
  });

  it('gives each operation an id, its security and a problem document for each error', () => {
    for (const [path, item] of Object.entries(document.paths)) {
      for (const [method, op] of Object.entries(item)) {
        const where = `${method.toUpperCase()} ${path}`;
        expect(op.operationId, where).toBeTypeOf('string');
        expect(op.security, where).toBeInstanceOf(Array);
        const responses = op.responses as Record<string, { content?: Record<string, unknown> }>;
        expect(Object.keys(responses), where).toContain('500');
        for (const [status, response] of Object.entries(responses)) {
          if (Number(status) >= 400 && Object.keys(response.content ?? {}).includes('text/html') === false) {
            expect(Object.keys(response.content ?? {}), `${where} ${status}`).toContain('application/problem+json');
          }
        }
      }
    }
  });

  it('names the session token and the operations token, and which calls need which', () => {
    const schemes = (document.components as { securitySchemes: Record<string, { type: string; scheme: string }> }).securitySchemes;
    expect(schemes.sessionToken).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(schemes.opsToken).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(document.paths['/api/cart']?.get?.security).toEqual([{ sessionToken: [] }]);
    expect(document.paths['/api/currencies']?.get?.security).toEqual([]);
    expect(document.paths['/ops/sessions/{sessionId}/revoke']?.post?.security).toEqual([{ opsToken: [] }]);
  });

  it('says how to get a session token and lists the sandbox test cards', () => {
    const description = (document.info as { description: string }).description;
    expect(description).toContain('POST /session/{siteId}');
    for (const card of TEST_CARDS) expect(description).toContain(groupCardNumber(card.number));
  });

  it('leaves the operations routes out when the shop has no operations token', async () => {
    const plain = await createTestServer({ sharing: server });
    try {
      const doc = (await (await plain.request(OPENAPI_PATH)).json()) as OpenApiDocument;
      expect(Object.keys(doc.paths).some((path) => path.startsWith('/ops/'))).toBe(false);
    } finally {
      await plain.close();
    }
  });
});

describe('the docs page', () => {
  it('is served with a policy of its own and every file it loads comes from the API itself', async () => {
    const res = await server.request(DOCS_PATH);
    expect(res.status).toBe(200);
    const policy = res.headers.get('Content-Security-Policy') ?? '';
    expect(policy).toContain("script-src 'self'");
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).not.toContain('unsafe-inline');
    expect(policy).not.toContain('unsafe-eval');
    expect(res.headers.get('X-Frame-Options')).toBe('DENY');
    const html = await res.text();
    const files = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]!);
    expect(files.filter((f) => /^(?:https?:)?\/\//.test(f))).toEqual([]);
    const base = `http://api.test${DOCS_PATH}`;
    for (const file of files) {
      const url = new URL(file, base);
      const asset = await server.request(url.pathname, { headers: { 'Accept-Encoding': 'gzip' } });
      expect(asset.status, url.pathname).toBe(200);
      expect(asset.headers.get('Content-Type'), url.pathname).toMatch(/^(?:text\/(?:javascript|css|html)|image\/png|application\/json)/);
      expect((await asset.arrayBuffer()).byteLength, url.pathname).toBeGreaterThan(0);
    }
    expect(files.some((f) => f.endsWith('swagger-ui-bundle.js'))).toBe(true);
  });

  it('keeps the strict policy on the rest of the API', async () => {
    const res = await server.request('/api/emails/opt-out?email=a%40b.c&sig=x');
    expect(res.headers.get('Content-Security-Policy')).toBe("default-src 'none'; form-action 'none'; frame-ancestors 'none'; base-uri 'none'");
  });

  it('answers 404 for a file of another version', async () => {
    const res = await server.request(`${DOCS_PATH}/0.0.0/swagger-ui-bundle.js`);
    expect(res.status).toBe(404);
  });
});
