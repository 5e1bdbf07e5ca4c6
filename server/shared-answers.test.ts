/**
 * Anonymous answers kept in memory (server/shared-answers.ts): a kept answer goes out again, with
 * its own request id and log line, without the route running; only to a request that could not
 * have been answered differently; and never once its route's test says it no longer holds. Each
 * rule is checked both where the API's Node listener answers (a real port) and in the app's
 * middleware (app.request).
 */
import { Hono } from 'hono';
import { requestId } from 'hono/request-id';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import type { AppEnv } from './app-env.ts';
import { listen } from './http-server.ts';
import { requestLog, type RequestLineFields } from './logger.ts';
import { SharedAnswers, shareAnswer } from './shared-answers.ts';

const TIMEOUTS = { headersTimeoutMs: 5_000, requestTimeoutMs: 5_000, keepAliveTimeoutMs: 1_000 };
const KEPT = 3;

let runs = 0;
let holds = true;
const lines: RequestLineFields[] = [];
const log = (line: RequestLineFields) => void lines.push(line);
const answers = new SharedAnswers(log, KEPT);

const app = new Hono<AppEnv>();
app.use(requestId());
app.use(requestLog(log));
app.use(answers.middleware());
app.use(async (c, next) => {
  c.header('Vary', 'Origin');
  if (c.req.header('Origin') === 'https://shop.example') c.header('Access-Control-Allow-Origin', 'https://shop.example');
  await next();
});
app.get('/shared/:name', (c) => {
  runs += 1;
  c.header('Cache-Control', 'public, no-cache');
  c.header('ETag', '"v1"');
  return shareAnswer(c, { name: c.req.param('name'), q: c.req.query('q') ?? null, run: runs }, () => holds);
});
app.get('/personal', (c) => {
  runs += 1;
  return c.json({ run: runs });
});
app.get('/refused', (c) => {
  runs += 1;
  c.status(404);
  return shareAnswer(c, { run: runs }, () => true);
});

const server = listen({ fetch: app.fetch, answerFirst: answers.answerFromMemory, port: 0, hostname: '127.0.0.1', timeouts: TIMEOUTS });
const base = new Promise<string>((resolve) => {
  if (server.listening) resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  else server.once('listening', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`));
});
afterAll(() => new Promise<void>((done) => server.close(() => done())));

let next = 0;
beforeEach(() => {
  holds = true;
  lines.length = 0;
  // A path of its own per test, so one test's kept answers do not serve another's.
  next += 1;
});
const path = (suffix = '') => `/shared/t${next}${suffix}`;

const ways = [
  ['the Node listener', async (target: string, init?: RequestInit) => fetch(`${await base}${target}`, init)],
  ['the middleware', async (target: string, init?: RequestInit) => app.request(target, init)],
] as const;

/** Headers as a plain object, the request id and what Node adds of its own (date, connection) aside. */
function headersOf(res: Response): Record<string, string> {
  const out: Record<string, string> = {};
  res.headers.forEach((value, name) => {
    if (!['x-request-id', 'date', 'connection', 'keep-alive', 'content-length'].includes(name)) out[name] = value;
  });
  return out;
}

describe.each(ways)('through %s', (_way, get) => {
  it('goes out again as it was, without the route running, with a request id and a log line of its own', async () => {
    const first = await get(path());
    const firstBody = await first.text();
    const before = runs;
    const again = await get(path());
    expect(runs).toBe(before);
    expect(again.status).toBe(200);
    expect(await again.text()).toBe(firstBody);
    expect(headersOf(again)).toEqual(headersOf(first));
    expect(headersOf(again)).toMatchObject({ 'cache-control': 'public, no-cache', etag: '"v1"', 'content-type': 'application/json' });
    expect(again.headers.get('X-Request-Id')).toMatch(/^[0-9a-f-]{36}$/);
    expect(again.headers.get('X-Request-Id')).not.toBe(first.headers.get('X-Request-Id'));
    expect(lines.map((l) => [l.reqId, l.method, l.path, l.status])).toEqual([
      [first.headers.get('X-Request-Id'), 'GET', path(), 200],
      [again.headers.get('X-Request-Id'), 'GET', path(), 200],
    ]);
  });

  it("keeps the caller's request id, as the request-id middleware does, and makes one for an unusable one", async () => {
    await get(path());
    const own = await get(path(), { headers: { 'X-Request-Id': 'support-case-42' } });
    expect(own.headers.get('X-Request-Id')).toBe('support-case-42');
    const odd = await get(path(), { headers: { 'X-Request-Id': 'not a token!' } });
    expect(odd.headers.get('X-Request-Id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('is not sent once its test says it no longer holds: the route answers, and its new answer is kept', async () => {
    const first = await (await get(path())).json();
    holds = false;
    const second = await (await get(path())).json();
    expect(second).not.toEqual(first);
    holds = true;
    const before = runs;
    expect(await (await get(path())).json()).toEqual(second);
    expect(runs).toBe(before);
  });

  it.each([
    ['a bearer token', { headers: { Authorization: 'Bearer abc' } }],
    ['a conditional request', { headers: { 'If-None-Match': '"v1"' } }],
    ['a request for changes since a date', { headers: { 'If-Modified-Since': 'Mon, 23 Nov 2026 09:00:00 GMT' } }],
  ])('never answers %s', async (_name, init) => {
    await get(path());
    const before = runs;
    await get(path(), init);
    await get(path(), init);
    expect(runs).toBe(before + 2);
  });

  it('is kept per URL and per Origin (the CORS headers depend on it)', async () => {
    const before = runs;
    await get(path());
    await get(path('?q=1'));
    const fromShop = await get(path(), { headers: { Origin: 'https://shop.example' } });
    expect(runs).toBe(before + 3);
    expect(fromShop.headers.get('Access-Control-Allow-Origin')).toBe('https://shop.example');
    const plain = await get(path());
    expect(plain.headers.get('Access-Control-Allow-Origin')).toBeNull();
    expect((await get(path('?q=1'))).status).toBe(200);
    expect(runs).toBe(before + 3);
  });

  it('keeps nothing of a route that does not share its answer, or of an answer that is not a 200', async () => {
    const before = runs;
    await get('/personal');
    await get('/personal');
    expect((await get('/refused')).status).toBe(404);
    expect((await get('/refused')).status).toBe(404);
    expect(runs).toBe(before + 4);
  });
});

it(`keeps at most ${KEPT} answers, the oldest dropped first`, async () => {
  const get = async (target: string) => fetch(`${await base}${target}`);
  for (let i = 0; i <= KEPT; i++) await get(path(`?q=${i}`));
  expect(answers.size).toBe(KEPT);
  const before = runs;
  await get(path(`?q=${KEPT}`));
  expect(runs).toBe(before);
  await get(path('?q=0'));
  expect(runs).toBe(before + 1);
});
