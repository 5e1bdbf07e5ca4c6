import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { customer, orderAtDetails, problem, shopper } from '../tests/support/commerce-fixtures.ts';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import { createLogger, isoTime, LineBatches, LOG_BATCH_BYTES, requestLines, safeError, withRequestLog, type RequestLineFields } from './logger.ts';
import { createTestServer, type TestServer } from './testing.ts';

function capture() {
  const lines: string[] = [];
  const logger = createLogger({ level: 'info', name: 'test', destination: { write: (line) => void lines.push(line) } });
  return { logger, lines, records: () => lines.map((line) => JSON.parse(line) as Record<string, unknown>) };
}

/** Personal values no other part of the shop uses, so finding one in the log can only be a leak. */
const who = customer({
  firstName: 'Philippa',
  lastName: 'Quennell-Smythe',
  emailAddress: 'philippa.quennell@example.org',
  phoneNumber: '07834 615274',
  dateOfBirth: '1979-02-28',
  address: { houseNameNumber: 'Rosebank Cottage', addressLine1: 'Wharfedale Lane', addressLine2: 'Burley Woodhead', townCity: 'Otley', postcodeZip: 'LS21 1AB', country: 'United Kingdom' },
});
const PERSONAL = ['Philippa', 'Quennell', 'philippa.quennell', '615274', '1979-02-28', 'Rosebank', 'Wharfedale', 'Burley', 'Otley', 'LS21'];

describe('the API log of a customer-info the database refuses', () => {
  let server: TestServer;
  const log = capture();
  beforeAll(async () => {
    server = await createTestServer({ providers: { logger: log.logger } });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('names the request id and the database error, and none of the customer', async () => {
    const s = await shopper(server);
    await orderAtDetails(s);
    // Any customer written to an order now fails in the database, with the whole row in its detail.
    await server.database.query('alter table orders add constraint no_customers_today check (customer is null)');
    log.lines.length = 0;

    const doc = await problem(await s.call('PUT', '/api/order/customer-info', who), 500);
    const text = log.lines.join('');
    for (const value of PERSONAL) expect(text).not.toContain(value);
    expect(text).not.toContain(server.config.sessionSecret);
    expect(text).not.toContain(s.token);

    const records = log.records();
    const failure = records.find((r) => r.msg === 'unhandled error');
    expect(failure).toMatchObject({ reqId: doc.requestId, method: 'PUT', path: '/api/order/customer-info' });
    expect(JSON.stringify(failure?.err)).toContain('23514');
    const request = records.find((r) => r.msg === 'request');
    expect(request).toMatchObject({ reqId: doc.requestId, method: 'PUT', path: '/api/order/customer-info', status: 500 });
  });

  it('logs every request with its id, the path without its query, and never the token', async () => {
    log.lines.length = 0;
    const token = await server.newSession();
    const res = await server.request('/session/1/loyalty-signin?returnUrl=%2F&token=' + token, { headers: { 'X-Request-Id': 'support-ref-123' } });
    expect(res.headers.get('x-request-id')).toBe('support-ref-123');
    const text = log.lines.join('');
    expect(text).not.toContain(token);
    const lines = log.records().filter((r) => r.msg === 'request');
    expect(lines.at(-1)).toMatchObject({ reqId: 'support-ref-123', method: 'GET', path: '/session/1/loyalty-signin' });
    expect(lines.every((r) => typeof r.reqId === 'string' && r.reqId !== '')).toBe(true);
  });
});

describe('the time on each line', () => {
  it('is pino\'s ISO time, formatted again as soon as the millisecond changes', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      for (const at of ['2026-11-26T21:00:00.000Z', '2026-11-26T21:00:00.000Z', '2026-11-26T21:00:00.001Z', '2026-03-29T01:00:00.000Z']) {
        vi.setSystemTime(new Date(at));
        expect(isoTime()).toBe(pino.stdTimeFunctions.isoTime());
        expect(isoTime()).toBe(`,"time":"${at}"`);
      }
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('request lines', () => {
  /** The lines requestLines writes through a logger from createLogger, and those pino writes for the same fields. */
  function both(level: 'debug' | 'info' | 'error', name: string | undefined, fields: RequestLineFields) {
    const direct: string[] = [];
    const viaPino: string[] = [];
    requestLines(createLogger({ level, ...(name === undefined ? {} : { name }), destination: { write: (line) => void direct.push(line) } }))(fields);
    // Not from createLogger: requestLines writes through pino itself.
    const plain = pino({ level, ...(name === undefined ? {} : { name }), base: undefined, timestamp: isoTime }, { write: (line: string) => void viaPino.push(line) });
    requestLines(plain)(fields);
    return { direct, viaPino };
  }

  it.each<[string, 'debug' | 'info' | 'error', string | undefined, RequestLineFields, number]>([
    ['a quote', 'info', 'api', { reqId: 'cd82b731-7156-448f-9770-d8fb9c995438', method: 'GET', path: '/api/sites/1/stores/1/products/1/rates/currency/EUR', status: 200, ms: 0.1 }, 1],
    ['a refusal', 'info', 'api', { reqId: 'support-ref-123', method: 'POST', path: '/api/cart/add', status: 422, ms: 12.3 }, 1],
    ['a server error, at error', 'error', 'psp', { reqId: 'r1', method: 'PUT', path: '/api/order/customer-info', status: 500, ms: 0 }, 1],
    ['a 404, below error', 'error', 'api', { reqId: 'r2', method: 'GET', path: '/nowhere', status: 404, ms: 1 }, 0],
    ['a health check, at debug', 'debug', 'api', { reqId: 'r3', method: 'GET', path: '/healthz', status: 200, ms: 0.2 }, 1],
    ['a health check, below info', 'info', 'api', { reqId: 'r4', method: 'GET', path: '/healthz', status: 200, ms: 0.2 }, 0],
    ['quotes, backslashes and letters beyond ASCII in the path', 'info', 'app', { reqId: 'r5', method: 'GET', path: '/a"b\\c/caf\u00e9/\u20ac', status: 404, ms: 3.25 }, 1],
    ['no name', 'info', undefined, { reqId: 'r6', method: 'DELETE', path: '/api/cart/lines/1', status: 204, ms: 1.5 }, 1],
  ])('are the text pino writes: %s', (_what, level, name, fields, count) => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(new Date('2026-11-27T10:00:00.123Z'));
      const { direct, viaPino } = both(level, name, fields);
      expect(direct).toHaveLength(count);
      expect(direct).toEqual(viaPino);
      if (count > 0) expect(JSON.parse(direct[0] ?? '')).toMatchObject({ ...fields, msg: 'request', time: '2026-11-27T10:00:00.123Z' });
    } finally {
      vi.useRealTimers();
    }
  });

  it('follow the logger\'s level as it is changed', () => {
    const lines: string[] = [];
    const logger = createLogger({ level: 'info', name: 'api', destination: { write: (line) => void lines.push(line) } });
    const line = requestLines(logger);
    line({ reqId: 'a', method: 'GET', path: '/healthz', status: 200, ms: 0.1 });
    logger.level = 'debug';
    line({ reqId: 'b', method: 'GET', path: '/healthz', status: 200, ms: 0.1 });
    logger.level = 'warn';
    line({ reqId: 'c', method: 'GET', path: '/api/currencies', status: 200, ms: 0.1 });
    expect(lines.map((l) => (JSON.parse(l) as { reqId: string }).reqId)).toEqual(['b']);
  });
});

describe('redaction', () => {
  it.each([
    [{ body: who }],
    [{ customer: who }],
    [{ order: { customer: who, deliveryAddress: { postcode: 'LS21 1AB', address1: 'Otley' } } }],
    [{ req: { headers: { authorization: 'Bearer secret-token-value', cookie: 'sid=secret-token-value' } } }],
    [{ query: { token: 'secret-token-value' }, signature: 'sha256=secret-token-value' }],
    [{ firstName: 'Philippa', emailAddress: 'philippa.quennell@example.org', headers: { 'psp-signature': 'secret-token-value' } }],
  ])('censors %j', (value) => {
    const log = capture();
    log.logger.info(value, 'something happened');
    const text = log.lines.join('');
    for (const secret of [...PERSONAL, 'secret-token-value']) expect(text).not.toContain(secret);
    expect(text).toContain('[redacted]');
  });

  it('keeps a database error to its code and message, never its parameters or failing row', () => {
    const pg = Object.assign(new Error('new row for relation "orders" violates check constraint "x"'), {
      code: '23514',
      severity: 'ERROR',
      detail: 'Failing row contains (Philippa, Otley).',
    });
    const drizzle = Object.assign(new Error('Failed query: update "orders" set "customer" = $1\nparams: {"firstName":"Philippa"}'), {
      name: 'DrizzleQueryError',
      query: 'update "orders" set "customer" = $1',
      params: [{ firstName: 'Philippa' }],
      cause: pg,
    });
    const safe = safeError(drizzle);
    expect(safe).toEqual({ type: 'DrizzleQueryError', cause: { type: 'Error', code: '23514', message: pg.message } });
    const log = capture();
    log.logger.error({ err: drizzle }, 'failed');
    expect(log.lines.join('')).not.toContain('Philippa');
  });

  it('keeps the stack of an error that is not the database’s', () => {
    expect(safeError(new TypeError('x is undefined'))).toMatchObject({ type: 'TypeError', message: 'x is undefined', stack: expect.stringContaining('TypeError') });
  });
});

describe('the app host and the provider', () => {
  it('log each request with a request id, through the same wrapper, answering as before', async () => {
    const log = capture();
    const inner = new Hono();
    inner.get('/pay/:id', (c) => c.text('card page'));
    inner.get('/boom', () => {
      throw new Error('the page broke');
    });
    inner.notFound((c) => c.text('no such page', 404));
    const app = withRequestLog(inner, log.logger);

    const page = await app.request('/pay/p1?token=secret-token-value');
    // The id is read before the body: once a test server of the same worker has started,
    // @hono/node-server's lightweight Response stands in for the global one, and reading its body
    // makes it again from its first headers (the Node adapter itself writes the headers set here).
    const id = page.headers.get('x-request-id');
    expect(id).toBeTruthy();
    expect(await page.text()).toBe('card page');
    expect((await app.request('/nowhere')).status).toBe(404);
    expect(await (await app.request('/nowhere')).text()).toBe('no such page');
    expect((await app.request('/boom')).status).toBe(500);

    expect(log.lines.join('')).not.toContain('secret-token-value');
    const requests = log.records().filter((r) => r.msg === 'request');
    expect(requests.map((r) => [r.path, r.status])).toEqual([
      ['/pay/p1', 200],
      ['/nowhere', 404],
      ['/nowhere', 404],
      ['/boom', 500],
    ]);
    expect(requests[0]?.reqId).toBe(id);
  });
});

describe('the log on stdout, written a batch at a time', () => {
  it('hands the destination whole batches, not a line at a time, and keeps every line in order', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'log-batches-'));
    try {
      const file = path.join(dir, 'log');
      const out = pino.destination({ dest: file, sync: true, minLength: 1 });
      await new Promise((resolve) => out.once('ready', resolve));
      let writes = 0;
      const write = out.write.bind(out);
      out.write = (text: string) => {
        writes++;
        return write(text);
      };
      const batches = new LineBatches(out, -1);
      const line = requestLines(createLogger({ level: 'info', destination: batches }));
      for (let i = 0; i < 1_000; i++) line({ reqId: `r${i}`, method: 'GET', path: '/api/currencies', status: 200, ms: 0.1 });
      // The last lines, less than a batch, would wait for the flush interval: a flush writes them now.
      await new Promise<void>((resolve) => batches.flush(resolve));
      const lines = (await readFile(file, 'utf8')).split('\n').filter(Boolean);
      expect(lines.map((l) => (JSON.parse(l) as { reqId: string }).reqId)).toEqual(Array.from({ length: 1_000 }, (_, i) => `r${i}`));
      // About 130 bytes a line: a write every LOG_BATCH_BYTES or so, not one a line.
      expect(writes).toBeLessThanOrEqual(Math.ceil((1_000 * 140) / LOG_BATCH_BYTES) + 1);
      expect(writes).toBeGreaterThan(0);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  /** A process that logs `count` request lines on stdout, then waits `waitMs` and exits as `exit` says. */
  async function child(count: number, waitMs: number, exit: 'exit' | 'stop' | 'stay'): Promise<{ lines: string[]; firstAfterMs: number | null }> {
    const { spawn } = await import('node:child_process');
    const script = [
      `import { createLogger, flushLogs, requestLines } from ${JSON.stringify(new URL('./logger.ts', import.meta.url).pathname)};`,
      "const line = requestLines(createLogger({ level: 'info', name: 'api' }));",
      `for (let i = 0; i < ${count}; i++) line({ reqId: 'r' + i, method: 'GET', path: '/api/currencies', status: 200, ms: 0.1 });`,
      // 'exit': at once, as a crash would; 'stop': as the shop's clean stop does (server/start.ts).
      exit === 'exit'
        ? `setTimeout(() => process.exit(0), ${waitMs});`
        : exit === 'stop'
          ? `setTimeout(async () => { await flushLogs(); process.exit(0); }, ${waitMs});`
          : `setTimeout(() => {}, ${waitMs});`,
    ].join('\n');
    const proc = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
    const started = Date.now();
    let out = '';
    let firstAfterMs: number | null = null;
    proc.stdout.on('data', (chunk: Buffer) => {
      firstAfterMs ??= Date.now() - started;
      out += chunk.toString('utf8');
    });
    await new Promise((resolve) => proc.once('close', resolve));
    return { lines: out.split('\n').filter(Boolean), firstAfterMs };
  }

  it('loses no line when the process exits with fewer than a batch waiting', async () => {
    const { lines } = await child(3, 0, 'exit');
    expect(lines.map((l) => (JSON.parse(l) as { reqId: string }).reqId)).toEqual(['r0', 'r1', 'r2']);
  }, 30_000);

  it('writes a line that waits for no batch within the flush interval', async () => {
    const { lines, firstAfterMs } = await child(1, 3_000, 'stay');
    expect(lines).toHaveLength(1);
    // Written well before the process ends on its own three seconds later.
    expect(firstAfterMs).not.toBeNull();
    expect(firstAfterMs ?? Infinity).toBeLessThan(2_900);
  }, 30_000);

  it('keeps every line of a burst larger than a batch, in order, through a clean stop', async () => {
    const { lines } = await child(500, 0, 'stop');
    expect(lines.map((l) => (JSON.parse(l) as { reqId: string }).reqId)).toEqual(Array.from({ length: 500 }, (_, i) => `r${i}`));
  }, 30_000);
});
