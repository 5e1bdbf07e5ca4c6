/**
 * The body read by the API's listener before the app runs (server/request-body.ts): over a real
 * socket, what a route receives and what it refuses are the same as when the app reads the body
 * itself (app.request).
 */
import { Hono } from 'hono';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiRoutes } from '#domain/contract/api-routes.ts';
import { HttpProblem } from './errors.ts';
import { readBody } from './request-body.ts';
import { createTestServer, type TestServer } from './testing.ts';

let server: TestServer;
let api: { url: string; close(): Promise<void> };
beforeAll(async () => {
  server = await createTestServer();
  api = await server.listen();
});
afterAll(async () => {
  await server.close();
});

/** A session with a fresh click-and-collect cart, and its headers for a JSON body. */
async function cartHeaders(): Promise<Record<string, string>> {
  const token = await server.newSession();
  const headers = { ...server.auth(token), 'Content-Type': 'application/json' };
  const res = await server.request(apiRoutes.cartCreate.url(), { method: 'POST', headers, body: JSON.stringify({ storeId: 10, productId: 2, affiliateCode: null }) });
  expect(res.status).toBe(201);
  return headers;
}

/** The same request through the listener (socket) and through app.request: status and JSON body of each. */
async function both(path: string, init: RequestInit): Promise<{ socket: { status: number; body: unknown }; app: { status: number; body: unknown } }> {
  const read = async (res: Response) => ({ status: res.status, body: res.headers.get('content-type')?.includes('json') ? await res.json() : await res.text() });
  return { socket: await read(await fetch(`${api.url}${path}`, init)), app: await read(await server.request(path, init)) };
}

/** Sends raw bytes on a fresh connection; resolves with what came back up to the first response's end. */
function rawExchange(bytes: string | Buffer, until = /\r\n\r\n[\s\S]*\}$/): Promise<string> {
  const { hostname, port } = new URL(api.url);
  return new Promise((resolve, reject) => {
    let reply = '';
    const socket = connect({ host: hostname, port: Number(port) }, () => socket.write(bytes));
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      reply += chunk;
      if (until.test(reply)) {
        socket.destroy();
        resolve(reply);
      }
    });
    socket.on('error', reject);
    socket.on('close', () => resolve(reply));
  });
}

describe('a body read before the app runs', () => {
  it('adds the line a JSON body asks for, as the app does when it reads the body itself', async () => {
    const headers = await cartHeaders();
    const body = JSON.stringify({ currencyCode: 'EUR', qty: 300 });
    const socket = await fetch(`${api.url}${apiRoutes.cartAdd.url()}`, { method: 'POST', headers, body });
    expect(socket.status).toBe(201);
    const cart = (await socket.json()) as { lines: { currency: { code: string }; qty: number }[] };
    expect(cart.lines.map((l) => [l.currency.code, l.qty])).toEqual([['EUR', 300]]);
  });

  it('reads a body with a byte order mark as the fetch Request would (the mark dropped)', async () => {
    const body = `\uFEFF${JSON.stringify({ currencyCode: 'USD', qty: 200 })}`;
    const socket = await fetch(`${api.url}${apiRoutes.cartAdd.url()}`, { method: 'POST', headers: await cartHeaders(), body });
    const app = await server.request(apiRoutes.cartAdd.url(), { method: 'POST', headers: await cartHeaders(), body });
    expect([socket.status, app.status]).toEqual([201, 201]);
  });

  it('answers the same 400s: a body that is not JSON, a field out of range, text PostgreSQL cannot keep', async () => {
    for (const body of ['{', JSON.stringify({ currencyCode: 'EUR', qty: -1 }), JSON.stringify({ currencyCode: 'EUR\u0000', qty: 300 })]) {
      const headers = await cartHeaders();
      const { socket, app } = await both(apiRoutes.cartAdd.url(), { method: 'POST', headers, body });
      expect(socket.status).toBe(400);
      const strip = (problem: unknown) => ({ ...(problem as Record<string, unknown>), requestId: undefined });
      expect(strip(socket.body)).toEqual(strip(app.body));
    }
  });

  it('413 for a body that declares more than the limit, without reading it', async () => {
    const headers = await cartHeaders();
    const limit = server.config.bodyLimitBytes;
    const reply = await rawExchange(
      `POST ${apiRoutes.cartAdd.url()} HTTP/1.1\r\nHost: x\r\nAuthorization: ${headers.Authorization}\r\nContent-Type: application/json\r\nContent-Length: ${limit + 1}\r\n\r\n{"qty":`,
    );
    expect(reply).toMatch(/^HTTP\/1\.1 413/);
    expect(reply).toContain('application/problem+json');
    expect(reply).toContain(`The request body may be at most ${limit} bytes.`);
  });

  it('413 for a chunked body that grows past the limit, answered before it ends', async () => {
    const headers = await cartHeaders();
    const limit = server.config.bodyLimitBytes;
    const chunk = 'x'.repeat(limit + 10);
    // One chunk past the limit and no final chunk: the answer cannot wait for the body's end.
    const reply = await rawExchange(
      `POST ${apiRoutes.cartAdd.url()} HTTP/1.1\r\nHost: x\r\nAuthorization: ${headers.Authorization}\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n${chunk.length.toString(16)}\r\n${chunk}\r\n`,
    );
    expect(reply).toMatch(/^HTTP\/1\.1 413/);
    expect(reply).toContain(`The request body may be at most ${limit} bytes.`);
  });

  it('a body of exactly the limit is read', async () => {
    const headers = await cartHeaders();
    const limit = server.config.bodyLimitBytes;
    const start = JSON.stringify({ currencyCode: 'EUR', qty: 300, padding: '' });
    const body = start.replace('"padding":""', `"padding":"${'x'.repeat(limit - start.length)}"`);
    expect(Buffer.byteLength(body)).toBe(limit);
    const res = await fetch(`${api.url}${apiRoutes.cartAdd.url()}`, { method: 'POST', headers, body });
    // Read and parsed: the contract refuses the field it does not know, or takes the line.
    expect([201, 400]).toContain(res.status);
    expect(res.status).not.toBe(413);
  });

  it('a form is read as a form: the loyalty sign-in answers alike', async () => {
    const init = {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ code: 'not-a-code', returnUrl: '/?signedIn', email: 'a@b.example', password: 'x' }).toString(),
    };
    const { socket, app } = await both(apiRoutes.loyaltySignIn.url(1), init);
    expect(socket.status).toBe(app.status);
    expect(socket.status).toBe(400);
  });
});

describe('readBody', () => {
  const echo = () => {
    const app = new Hono();
    app.use(readBody(20));
    app.post('/', async (c) => c.text(await c.req.text()));
    app.onError((error) => (error instanceof HttpProblem ? new Response(error.detail ?? '', { status: error.status }) : new Response('?', { status: 500 })));
    return app;
  };
  const post = (body: string) => new Request('http://shop.test/', { method: 'POST', body, headers: { 'Content-Type': 'application/json' } });

  it('gives the route the bytes its listener read, not the Request body', async () => {
    const res = await echo().fetch(post('{"from":"the request"}'), { incoming: { rawBody: Buffer.from('{"from":"the socket"}') } });
    expect(await res.text()).toBe('{"from":"the socket"}');
  });

  it('answers 413 when the listener found the body too long', async () => {
    const res = await echo().fetch(post('{}'), { incoming: { bodyTooLarge: true } });
    expect(res.status).toBe(413);
    expect(await res.text()).toBe('The request body may be at most 20 bytes.');
  });

  it('reads the Request body, under the same limit, when no listener read it', async () => {
    expect(await (await echo().fetch(post('{"a":1}'))).text()).toBe('{"a":1}');
    expect((await echo().fetch(post('{"a":"a long body, past 20 bytes"}'))).status).toBe(413);
  });
});
