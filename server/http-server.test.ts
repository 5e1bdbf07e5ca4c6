import { Hono } from 'hono';
import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listen } from './http-server.ts';
import { createTestServer, type TestServer } from './testing.ts';

const TIMEOUTS = { headersTimeoutMs: 400, requestTimeoutMs: 400, keepAliveTimeoutMs: 300 };

/** Sends raw bytes on a fresh connection; resolves with what came back once the server closed it. */
function rawExchange(url: string, bytes: string): Promise<{ reply: string; closedAfterMs: number }> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const started = Date.now();
    let reply = '';
    const socket = connect({ host: hostname, port: Number(port) }, () => socket.write(bytes));
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (reply += chunk));
    socket.on('error', reject);
    socket.on('close', () => resolve({ reply, closedAfterMs: Date.now() - started }));
  });
}

const shortBody = (path: string, host: string) =>
  `POST ${path} HTTP/1.1\r\nHost: ${host}\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"qty": 1,`;

describe('HTTP time-outs', () => {
  let server: TestServer;
  let http: { url: string; close(): Promise<void> };

  beforeAll(async () => {
    server = await createTestServer({ config: TIMEOUTS });
    http = await server.listen();
  });
  afterAll(async () => {
    await server?.close();
  });

  // Without explicit time-outs Node would wait 300 s for the other 990 bytes.
  it('cuts off a request that declares 1000 bytes of body and sends 10, after the request time-out', async () => {
    const token = await server.newSession();
    const request = shortBody('/api/cart/add', new URL(http.url).host).replace('\r\n\r\n', `\r\nAuthorization: Bearer ${token}\r\n\r\n`);
    const { reply, closedAfterMs } = await rawExchange(http.url, request);
    expect(reply).toMatch(/^HTTP\/1\.1 408/);
    expect(closedAfterMs).toBeGreaterThanOrEqual(TIMEOUTS.requestTimeoutMs - 50);
    expect(closedAfterMs).toBeLessThan(5_000);
  }, 10_000);

  it('cuts off a client that never finishes its headers', async () => {
    const { reply, closedAfterMs } = await rawExchange(http.url, `GET /healthz HTTP/1.1\r\nHost: x\r\n`);
    expect(reply).toMatch(/^HTTP\/1\.1 408/);
    expect(closedAfterMs).toBeLessThan(5_000);
  }, 10_000);

  it('closes an idle keep-alive connection after the keep-alive time-out', async () => {
    const { reply, closedAfterMs } = await rawExchange(http.url, `GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: keep-alive\r\n\r\n`);
    expect(reply).toMatch(/^HTTP\/1\.1 200/);
    expect(closedAfterMs).toBeLessThan(5_000);
  }, 10_000);
});

describe('the same listener serves the app host and the provider', () => {
  it('cuts off a stalled body on any app', async () => {
    const app = new Hono().post('/pay/x', async (c) => c.text(await c.req.text()));
    const { url, close } = await new Promise<{ url: string; close: () => void }>((resolve) => {
      const s = listen({
        fetch: app.fetch,
        port: 0,
        hostname: '127.0.0.1',
        timeouts: TIMEOUTS,
        onListening: (info: AddressInfo) => resolve({ url: `http://127.0.0.1:${info.port}`, close: () => s.close() }),
      });
    });
    try {
      const { reply, closedAfterMs } = await rawExchange(url, shortBody('/pay/x', new URL(url).host));
      expect(reply).toMatch(/^HTTP\/1\.1 408/);
      expect(closedAfterMs).toBeLessThan(5_000);
    } finally {
      close();
    }
  }, 10_000);
});

/** The status line, headers and JSON body of a raw reply. */
function parseReply(reply: string): { statusLine: string; headers: Record<string, string>; body: unknown } {
  const [head = '', body = ''] = reply.split('\r\n\r\n');
  const [statusLine = '', ...lines] = head.split('\r\n');
  const headers = Object.fromEntries(lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]));
  return { statusLine, headers, body: JSON.parse(body) as unknown };
}

describe('requests Node refuses before the app sees them', () => {
  let server: TestServer;
  let http: { url: string; close(): Promise<void> };

  beforeAll(async () => {
    server = await createTestServer({ config: TIMEOUTS });
    http = await server.listen();
  });
  afterAll(async () => {
    await server?.close();
  });

  it('headers over 16 KB: 431 with a problem document saying what to do, not an empty body', async () => {
    const { reply } = await rawExchange(http.url, `GET /healthz HTTP/1.1\r\nHost: x\r\nCookie: c=${'x'.repeat(20_000)}\r\n\r\n`);
    const { statusLine, headers, body } = parseReply(reply);
    expect(statusLine).toBe('HTTP/1.1 431 Request Header Fields Too Large');
    expect(headers['content-type']).toBe('application/problem+json');
    expect(body).toEqual({
      type: 'about:blank',
      title: 'Request header fields too large',
      status: 431,
      detail: "The request's headers are too large: together they may be at most 16 KB. Clearing this site's cookies usually helps.",
    });
  }, 10_000);

  it('a request that is not HTTP: 400 with a problem document', async () => {
    const { reply } = await rawExchange(http.url, `NONSENSE\r\n\r\n`);
    const { statusLine, headers, body } = parseReply(reply);
    expect(statusLine).toBe('HTTP/1.1 400 Bad Request');
    expect(headers['content-type']).toBe('application/problem+json');
    expect(body).toMatchObject({ title: 'Bad request', status: 400, detail: 'The request is not valid HTTP.' });
  }, 10_000);

  it('a request too slow to arrive: 408 with a problem document', async () => {
    const { reply } = await rawExchange(http.url, `GET /healthz HTTP/1.1\r\nHost: x\r\n`);
    expect(parseReply(reply)).toMatchObject({ statusLine: 'HTTP/1.1 408 Request Timeout', body: { title: 'Request timeout', status: 408 } });
  }, 10_000);

  it('the provider and the app host, on the same listener, answer 431 the same way', async () => {
    const app = new Hono().get('/pay/x', (c) => c.html('<p>card page</p>'));
    const { url, close } = await new Promise<{ url: string; close: () => void }>((resolve) => {
      const s = listen({
        fetch: app.fetch,
        port: 0,
        hostname: '127.0.0.1',
        timeouts: TIMEOUTS,
        onListening: (info: AddressInfo) => resolve({ url: `http://127.0.0.1:${info.port}`, close: () => s.close() }),
      });
    });
    try {
      const { reply } = await rawExchange(url, `GET /pay/x HTTP/1.1\r\nHost: x\r\nX-Big: ${'y'.repeat(20_000)}\r\n\r\n`);
      expect(parseReply(reply)).toMatchObject({ statusLine: 'HTTP/1.1 431 Request Header Fields Too Large', body: { status: 431 } });
    } finally {
      close();
    }
  }, 10_000);
});
