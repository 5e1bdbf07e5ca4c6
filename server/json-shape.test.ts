/**
 * A JSON body nested too deeply or holding too many values is a bad request, refused before any
 * route (and so before authentication) with a 400 problem naming the limit, never a 500 and never
 * an error line in the log, whichever route it is sent to.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiRoutes } from '#domain/contract/api-routes.ts';
import { PROBLEM_CONTENT_TYPE } from '#domain/contract/common.ts';
import { createLogger } from './logger.ts';
import { JSON_MAX_DEPTH, JSON_MAX_VALUES, jsonShapeProblem } from './json-shape.ts';
import { PSP_CALLBACK_PATH } from './routes/order.ts';
import { createTestServer, type TestServer } from './testing.ts';
import { unstorablePaths } from './validation.ts';

const nestedArrays = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;
const nestedObjects = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;

describe('the shape of a JSON body, read from its text', () => {
  it.each([
    ['arrays', nestedArrays],
    ['objects', nestedObjects],
  ])(`nested %s: ${JSON_MAX_DEPTH} levels pass, ${JSON_MAX_DEPTH + 1} are too deep`, (_, nested) => {
    expect(jsonShapeProblem(nested(JSON_MAX_DEPTH))).toBeNull();
    expect(jsonShapeProblem(nested(JSON_MAX_DEPTH + 1))).toBe('tooDeep');
    expect(jsonShapeProblem(nested(6_000))).toBe('tooDeep');
  });

  it('brackets inside strings, escaped quotes included, do not count', () => {
    expect(jsonShapeProblem(JSON.stringify({ a: '['.repeat(100), b: `"${'{'.repeat(100)}\\"[[[` }))).toBeNull();
  });

  it(`${JSON_MAX_VALUES} values pass, more are too many`, () => {
    expect(jsonShapeProblem(JSON.stringify(Array.from({ length: JSON_MAX_VALUES - 1 }, () => 0)))).toBeNull();
    expect(jsonShapeProblem(JSON.stringify(Array.from({ length: JSON_MAX_VALUES }, () => 0)))).toBe('tooManyValues');
  });
});

describe('the places of unstorable text in a parsed value', () => {
  it('are found in order, without recursion, however deep the value', () => {
    let deep: unknown = 'a\u0000b';
    for (let i = 0; i < 100_000; i++) deep = { a: deep };
    expect(unstorablePaths(deep)).toHaveLength(1);
    expect(unstorablePaths({ x: ['ok', '\uD800'], y: { z: '\u0000' } })).toEqual(['x[1]', 'y.z']);
  });
});

let server: TestServer;
let token: string;
const lines: string[] = [];
beforeAll(async () => {
  const logger = createLogger({ level: 'info', name: 'api', destination: { write: (line) => void lines.push(line) } });
  server = await createTestServer({ providers: { logger } });
  token = await server.newSession();
});
afterAll(async () => {
  await server?.close();
});

const ROUTES = [
  ['create a session', apiRoutes.sessionCreate.method, apiRoutes.sessionCreate.url(1)],
  ['create a cart', apiRoutes.cartCreate.method, apiRoutes.cartCreate.url()],
  ['add to the cart', apiRoutes.cartAdd.method, apiRoutes.cartAdd.url()],
  ['find nearby branches', apiRoutes.nearbyBranches.method, apiRoutes.nearbyBranches.url()],
  ['send the customer details', 'PUT', '/api/order/customer-info'],
  ['the payment provider callback', 'POST', PSP_CALLBACK_PATH],
] as const;

const BODIES = [
  ['6,000 opening brackets', '['.repeat(6_000)],
  ['arrays nested 6,000 deep', nestedArrays(6_000)],
  ['{"a":{"a":...}} 2,000 deep', nestedObjects(2_000)],
  [`${JSON_MAX_VALUES + 1} values in one array`, JSON.stringify(Array.from({ length: JSON_MAX_VALUES + 1 }, () => 0))],
] as const;

describe.each(BODIES)('a body of %s', (_, body) => {
  it.each(ROUTES)('is a 400 problem on "%s" (%s %s), without a session token and with one', async (_, method, path) => {
    for (const headers of [{}, server.auth(token)]) {
      const from = lines.length;
      const res = await server.request(path, { method, headers: { ...headers, 'Content-Type': 'application/json' }, body });
      expect(res.status).toBe(400);
      expect(res.headers.get('Content-Type')).toBe(PROBLEM_CONTENT_TYPE);
      const doc = (await res.json()) as { title: string; detail: string; requestId: string };
      expect(doc.title).toBe('Bad request');
      expect(doc.detail).toMatch(/^The request body (nests too deeply|holds too many values)/);
      expect(doc.requestId).toBeTruthy();
      // No error line (level 50 and up), only the request's own line.
      const written = lines.slice(from).map((line) => JSON.parse(line) as { level: number; status?: number });
      expect(written.filter((line) => line.level >= 50)).toEqual([]);
      expect(written.some((line) => line.status === 400)).toBe(true);
    }
  });
});
