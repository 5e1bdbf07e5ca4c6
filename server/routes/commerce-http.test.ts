/**
 * The commerce routes' edges (tokens, ownership, unknown paths, body size), a whole purchase over
 * real sockets with the provider on its own port, and a restart in the middle of a checkout.
 */
import { serve } from '@hono/node-server';
import { SignJWT } from 'jose';
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CartExistsSchema, CartSchema, CheckoutResponseSchema } from '#domain/contract/cart.ts';
import { CustomerInfoResultSchema, DeliverySlotsResponseSchema, OrderSchema, PaymentIntentResponseSchema } from '#domain/contract/order.ts';
import { apiRoutes } from '#domain/contract/api-routes.ts';
import { createPsp } from '../psp/app.ts';
import { SIGNATURE_HEADER } from '../psp/signature.ts';
import { createTestServer, TEST_SESSION_SECRET, type TestServer } from '../testing.ts';
import { answerGuarantees, body, cartWith, CARDS, customer, orderAtDetails, orderAwaitingPayment, paymentUrl, problem, sandbox, shopper } from '../../tests/support/commerce-fixtures.ts';
import { PSP_CALLBACK_PATH } from './order.ts';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(async () => {
  await server.close();
});

const COMMERCE_ROUTES = [
  apiRoutes.cartExists,
  apiRoutes.cart,
  apiRoutes.cartCreate,
  apiRoutes.cartAdd,
  { method: 'PUT', pattern: '/api/cart/line/00000000-0000-4000-8000-000000000000' },
  { method: 'DELETE', pattern: '/api/cart/line/00000000-0000-4000-8000-000000000000' },
  { method: 'GET', pattern: '/api/cart/buyback?isBuyBack=true' },
  { method: 'GET', pattern: '/api/cart/refund?isRefund=true' },
  { method: 'GET', pattern: '/api/cart/recreatewebcart?id=00000000-0000-4000-8000-000000000000' },
  apiRoutes.cartAbandon,
  apiRoutes.cartCheckout,
  apiRoutes.order,
  apiRoutes.deliverySlots,
  apiRoutes.deliverySlot,
  apiRoutes.gaInfo,
  apiRoutes.customerInfo,
  apiRoutes.createPaymentIntent,
].map((r) => [r.method, r.pattern] as const);

async function signed(claims: Record<string, unknown>, expiresInSeconds = 3600): Promise<string> {
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuer('travel-money-shop')
    .setIssuedAt(Math.floor(server.clock.now().getTime() / 1000))
    .setExpirationTime(Math.floor(server.clock.now().getTime() / 1000) + expiresInSeconds)
    .sign(new TextEncoder().encode(TEST_SESSION_SECRET));
}

describe('tokens', () => {
  it.each(COMMERCE_ROUTES)('%s %s: 401 without a token', async (method, path) => {
    const doc = await problem(await server.request(path, { method }), 401);
    expect(doc.type).toBe('token-missing');
  });

  it('401 for a forged token and for an expired one', async () => {
    const s = await shopper(server);
    const [head, payload] = s.token.split('.');
    const forged = `${head}.${payload}.${'A'.repeat(43)}`;
    expect((await problem(await server.request('/api/cart', { headers: server.auth(forged) }), 401)).type).toBe('token-forged');

    const local = await createTestServer({ config: { sessionTtlMinutes: 10 } });
    try {
      const t = await shopper(local);
      local.clock.advance(11 * 60_000);
      expect((await problem(await t.call('GET', '/api/cart'), 401)).type).toBe('token-expired');
    } finally {
      await local.close();
    }
  });

  it('403 for a token naming another session\'s cart or order', async () => {
    const victim = await shopper(server);
    const order = await orderAtDetails(victim);
    const thief = await shopper(server);
    const thiefClaims = JSON.parse(Buffer.from(thief.token.split('.')[1]!, 'base64url').toString()) as { sid: string; site: number };
    for (const claim of [{ cart: order.cartId }, { order: order.id }]) {
      const token = await signed({ sid: thiefClaims.sid, site: thiefClaims.site, ...claim });
      await problem(await server.request('/api/order', { headers: server.auth(token) }), 403);
      await problem(await server.request('/api/cart', { headers: server.auth(token) }), 403);
    }
  });
});

describe('edges', () => {
  it('404 problem for an unknown route', async () => {
    const s = await shopper(server);
    await problem(await s.call('GET', '/api/cart/nowhere'), 404);
    await problem(await s.call('POST', '/api/order/refund'), 404);
  });

  it('413 for an oversized body', async () => {
    const s = await shopper(server);
    await cartWith(s, 2, []);
    const res = await server.request('/api/cart/add', {
      method: 'POST',
      headers: { ...server.auth(s.token), 'Content-Type': 'application/json' },
      body: JSON.stringify({ currencyCode: 'EUR', qty: 1, padding: 'x'.repeat(server.config.bodyLimitBytes) }),
    });
    await problem(res, 413);
  });

  it('400 for a customer-info body that is not JSON', async () => {
    const s = await shopper(server);
    await orderAtDetails(s);
    await problem(await server.request('/api/order/customer-info', { method: 'PUT', headers: { ...server.auth(s.token), 'Content-Type': 'application/json' }, body: '{' }), 400);
  });
});

describe('over real sockets', () => {
  it('a whole purchase: API and provider on their own ports, the callback over HTTP', async () => {
    const api = await server.listen();
    const psp = createPsp({
      config: { secret: server.pspWebhookSecret, pendingMs: 0, appOrigin: server.config.appOrigin, retryDelaysMs: [] },
      db: server.deps.db,
      clock: server.clock,
      deliver: async ({ body: text, signature }) => {
        const res = await fetch(`${api.url}${PSP_CALLBACK_PATH}`, { method: 'POST', headers: { 'Content-Type': 'application/json', [SIGNATURE_HEADER]: signature }, body: text });
        return { status: res.status };
      },
      log: () => {},
    });
    const pspServer = await new Promise<{ url: string; close: () => void }>((resolve) => {
      const http = serve({ fetch: psp.fetch, port: 0, hostname: '127.0.0.1' }, (info: AddressInfo) =>
        resolve({ url: `http://127.0.0.1:${info.port}`, close: () => http.close() }),
      );
    });
    try {
      const token = ((await (await fetch(`${api.url}/session/1`, { method: 'POST' })).json()) as { token: string }).token;
      const call = (method: string, path: string, json?: unknown) =>
        fetch(`${api.url}${path}`, { method, headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' }, ...(json === undefined ? {} : { body: JSON.stringify(json) }) });

      await body(await call('POST', '/cart', { storeId: 1, productId: 1, affiliateCode: null }), CartSchema, 201);
      const cart = await body(await call('POST', '/api/cart/add', { currencyCode: 'EUR', qty: 500 }), CartSchema, 201);
      expect(cart.lines[0]?.qty).toBe(500);
      await body(await call('GET', '/api/cart/buyback?isBuyBack=true'), CartSchema, 200);
      await body(await call('GET', '/api/cart/refund?isRefund=false'), CartSchema, 200);
      await body(await call('POST', '/cart/checkout'), CheckoutResponseSchema, 201);
      const slots = await body(await call('GET', '/api/order/delivery-slots'), DeliverySlotsResponseSchema, 200);
      await body(await call('PUT', '/api/order/delivery-slot', { id: slots[1]!.id }), OrderSchema, 200);
      expect((await call('PUT', '/api/order/ga-info', { UTM_Source: 'test' })).status).toBe(204);
      expect(await body(await call('PUT', '/api/order/customer-info', customer({ emailAddress: 'socket@example.com' })), CustomerInfoResultSchema, 200)).toEqual({ showAMLPopup: false, state: { value: 3 } });
      const intent = await body(await call('POST', '/api/order/create-payment-intent'), PaymentIntentResponseSchema, 201);

      const link = new URL(intent.url);
      const page = await (await fetch(`${pspServer.url}${link.pathname}${link.search}`)).text();
      const formToken = /name="token" value="([^"]+)"/.exec(page)![1]!.replace(/&amp;/g, '&');
      const paid = await fetch(`${pspServer.url}${link.pathname}`, {
        method: 'POST',
        redirect: 'manual',
        body: new URLSearchParams({ token: formToken, cardNumber: CARDS.succeeds, expiry: '12/30', cvc: '123', name: 'Ann' }),
      });
      expect(paid.status).toBe(303);
      expect(paid.headers.get('location')).toContain('/checkout/payment-response');

      const order = await body(await call('GET', '/api/order'), OrderSchema, 200);
      expect(order).toMatchObject({ state: { value: 18 }, paymentAttempt: { success: true }, buyBackGuarantee: true, refundGuarantee: false, deliverySlot: { price: 3.99 } });
      expect(order.total).toBeCloseTo(order.lines[0]!.total + 4 + 3.99, 2);
    } finally {
      pspServer.close();
      await api.close();
    }
  });
});

// A restart is a file-backed PGlite closed and opened again; with DATABASE_URL each test server
// gets a schema of its own, so there is nothing to reopen.
describe.skipIf(Boolean(process.env.DATABASE_URL))('a restart mid-checkout', () => {
  it('keeps the cart, the order and the payment, and the payment link still opens (no PSP_WEBHOOK_SECRET set)', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'tms-restart-'));
    const config = { pspWebhookSecret: null };
    try {
      const first = await createTestServer({ dataDir, config });
      const s = await shopper(first);
      const order = await orderAwaitingPayment(s, 2, [['EUR', 300]], { emailAddress: 'restart@example.com' });
      const url = await paymentUrl(s);
      const cart = await body(await s.call('GET', '/api/cart'), CartSchema, 200);
      await first.close();

      const second = await createTestServer({ dataDir, config });
      try {
        // The secret made on the first start is the one read on the second.
        expect(second.pspWebhookSecret).toBe(first.pspWebhookSecret);
        const again = { token: s.token, call: (method: string, path: string) => second.request(path, { method, headers: second.auth(s.token) }) };
        expect(await body(await again.call('GET', '/api/cart'), CartSchema, 200)).toEqual(cart);
        expect(await body(await again.call('GET', '/cart'), CartExistsSchema, 200)).toMatchObject({ id: cart.id });
        expect(await body(await again.call('GET', '/api/order'), OrderSchema, 200)).toEqual(order);
        // The payment link made before the restart is still the order's payment.
        expect((await paymentUrl(again)).pathname).toBe(url.pathname);
        const { pay } = sandbox(second);
        await pay(url, CARDS.succeeds);
        expect((await body(await again.call('GET', '/api/order'), OrderSchema, 200)).state.value).toBe(18);
      } finally {
        await second.close();
      }
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it('a checkout repeated after a restart still makes one order', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'tms-restart-'));
    try {
      const first = await createTestServer({ dataDir });
      const s = await shopper(first);
      const cart = await cartWith(s, 2, [['EUR', 300]]);
      await answerGuarantees(s, cart);
      const made = await body(await s.call('POST', '/cart/checkout'), CheckoutResponseSchema, 201);
      await first.close();
      const second = await createTestServer({ dataDir });
      try {
        const res = await second.request('/cart/checkout', { method: 'POST', headers: second.auth(s.token) });
        expect(await body(res, CheckoutResponseSchema, 200)).toEqual(made);
      } finally {
        await second.close();
      }
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
