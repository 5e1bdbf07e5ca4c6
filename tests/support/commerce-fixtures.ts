/**
 * Shared steps of the cart, order and payment tests: a shopper with a session, the checkout up to
 * payment, and the sandbox provider wired to the test server in-process.
 */
import * as v from 'valibot';
import { expect } from 'vitest';
import { CartSchema, CheckoutResponseSchema, type Cart } from '#domain/contract/cart.ts';
import { PROBLEM_CONTENT_TYPE, ProblemSchema, type Problem } from '#domain/contract/common.ts';
import { CustomerInfoResultSchema, DeliverySlotsResponseSchema, OrderSchema, PaymentIntentResponseSchema, type Order } from '#domain/contract/order.ts';
import type { CustomerDetails } from '#domain/customer.ts';
import { createPsp } from '#server/psp/app.ts';
import { PSP_REFUNDS_PATH } from '#server/psp/events.ts';
import { SIGNATURE_HEADER, signBody } from '#server/psp/signature.ts';
import type { TestServer } from '#server/testing.ts';
import { PSP_CALLBACK_PATH } from '#server/routes/order.ts';

export async function body<S extends v.GenericSchema>(res: Response, schema: S, status?: number): Promise<v.InferOutput<S>> {
  const text = await res.text();
  if (status !== undefined) expect(res.status, text).toBe(status);
  expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  return v.parse(schema, JSON.parse(text));
}

export async function problem(res: Response, status: number): Promise<Problem> {
  const text = await res.text();
  expect(res.status, text).toBe(status);
  expect(res.headers.get('content-type')).toBe(PROBLEM_CONTENT_TYPE);
  const doc = v.parse(ProblemSchema, JSON.parse(text));
  expect(doc.title).toBeTruthy();
  return doc;
}

export interface Shopper {
  token: string;
  call(method: string, path: string, json?: unknown): Promise<Response>;
}

export async function shopper(server: TestServer, siteId = 1): Promise<Shopper> {
  return shopperWith(server, await server.newSession(siteId));
}

/** A shopper calling with a token of their own (a session handed over, say). */
export function shopperWith(server: TestServer, token: string): Shopper {
  return {
    token,
    call: (method, path, json) =>
      server.request(path, {
        method,
        headers: { ...server.auth(token), ...(json === undefined ? {} : { 'Content-Type': 'application/json' }) },
        ...(json === undefined ? {} : { body: JSON.stringify(json) }),
      }),
  };
}

/** London Oxford Street: open every day, holds euros (increment 10) and dollars. */
export const BRANCH = 10;
export const HOME_DELIVERY_STORE = 1;

export async function cartWith(s: Shopper, productId: 1 | 2 | 3, lines: [string, number][], storeId = productId === 1 ? HOME_DELIVERY_STORE : BRANCH): Promise<Cart> {
  let cart = await body(await s.call('POST', '/cart', { storeId, productId, affiliateCode: null }), CartSchema, 201);
  for (const [currencyCode, qty] of lines) {
    cart = await body(await s.call('POST', '/api/cart/add', { currencyCode, qty }), CartSchema, 201);
  }
  return cart;
}

/** Answers the guarantee questions the cart asks (no to both). */
export async function answerGuarantees(s: Shopper, cart: Cart): Promise<void> {
  if (cart.buyBackGuarantee === null) await body(await s.call('GET', '/api/cart/buyback?isBuyBack=false'), CartSchema, 200);
  if (cart.refundGuarantee === null) await body(await s.call('GET', '/api/cart/refund?isRefund=false'), CartSchema, 200);
}

export function customer(overrides: Partial<CustomerDetails> = {}): CustomerDetails {
  return {
    firstName: 'Ann',
    lastName: "O'Neill",
    emailAddress: 'ann@example.com',
    phoneNumber: '07911 123456',
    dateOfBirth: '1985-04-12',
    terms: true,
    marketing: false,
    marketingABTATravelMoney: false,
    marketingABTATravelInsurance: false,
    address: { houseNameNumber: '12', addressLine1: 'High Street', addressLine2: '', townCity: 'Leeds', postcodeZip: 'LS1 6LY', country: 'United Kingdom' },
    ...overrides,
  };
}

/** Cart, checkout and the first slot: an order in state 0 ready for the customer's details. */
export async function orderAtDetails(s: Shopper, productId: 1 | 2 | 3 = 2, lines: [string, number][] = [['EUR', 300]], storeId?: number): Promise<Order> {
  const cart = await cartWith(s, productId, lines, storeId);
  await answerGuarantees(s, cart);
  await body(await s.call('POST', '/cart/checkout'), CheckoutResponseSchema, 201);
  const slots = await body(await s.call('GET', '/api/order/delivery-slots'), DeliverySlotsResponseSchema, 200);
  const first = slots[0];
  if (first === undefined) throw new Error('no delivery slots');
  return body(await s.call('PUT', '/api/order/delivery-slot', { id: first.id }), OrderSchema, 200);
}

/** ... and the customer's details accepted: an order in state 3. */
export async function orderAwaitingPayment(s: Shopper, productId: 1 | 2 = 2, lines: [string, number][] = [['EUR', 300]], who: Partial<CustomerDetails> = {}, storeId?: number): Promise<Order> {
  await orderAtDetails(s, productId, lines, storeId);
  const result = await body(await s.call('PUT', '/api/order/customer-info', customer(who)), CustomerInfoResultSchema, 200);
  expect(result.state.value).toBe(3);
  return body(await s.call('GET', '/api/order'), OrderSchema, 200);
}

export async function paymentUrl(s: Shopper): Promise<URL> {
  const res = await s.call('POST', '/api/order/create-payment-intent');
  const intent = await body(res, PaymentIntentResponseSchema, 201);
  expect(res.headers.get('location')).toBe(intent.url);
  return new URL(intent.url);
}

/** The sandbox provider, delivering its callbacks straight into the test server. */
export function sandbox(server: TestServer, options: { pendingMs?: number } = {}) {
  const timers: { fn: () => void; ms: number }[] = [];
  const psp = createPsp({
    config: { secret: server.pspWebhookSecret, pendingMs: options.pendingMs ?? 3000, appOrigin: server.config.appOrigin, retryDelaysMs: [] },
    db: server.deps.db,
    clock: server.clock,
    deliver: async ({ body: text, signature }) => {
      const res = await server.request(PSP_CALLBACK_PATH, { method: 'POST', headers: { 'Content-Type': 'application/json', [SIGNATURE_HEADER]: signature }, body: text });
      return { status: res.status };
    },
    schedule: (fn, ms) => timers.push({ fn, ms }),
    log: () => {},
  });
  // The shop's refund requests reach this provider.
  server.connectRefunds(({ body: text, signature }) =>
    Promise.resolve(psp.request(PSP_REFUNDS_PATH, { method: 'POST', headers: { 'Content-Type': 'application/json', [SIGNATURE_HEADER]: signature }, body: text })),
  );
  /** Opens the card page and submits a card, as the shopper's browser would. */
  const pay = async (url: URL, cardNumber: string): Promise<Response> => {
    const page = await psp.request(`${url.pathname}${url.search}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    const token = /name="token" value="([^"]+)"/.exec(html)?.[1];
    if (token === undefined) throw new Error('no token on the card page');
    return psp.request(url.pathname, {
      method: 'POST',
      body: new URLSearchParams({ token: token.replace(/&amp;/g, '&'), cardNumber, expiry: '12/30', cvc: '123', name: 'Ann ONeill' }),
    });
  };
  const runTimers = async () => {
    for (const timer of timers.splice(0)) timer.fn();
    await new Promise((resolve) => setTimeout(resolve, 20));
  };
  return { psp, pay, timers, runTimers };
}

export const CARDS = {
  succeeds: '4242 4242 4242 4242',
  declined: '4000 0000 0000 0002',
  pending: '4000 0000 0000 3220',
  providerError: '4000 0000 0000 0119',
} as const;

/** The provider's signed callback for a payment, as it would send it (the payment's own amount); the outcome the shop answers. */
export async function providerCallback(server: TestServer, paymentId: string, type: 'processing' | 'succeeded' | 'declined' | 'failed'): Promise<string> {
  const [payment] = await server.database.query<{ amount_minor: string }>('select amount_minor from payments where id = $1', [paymentId]);
  const event = JSON.stringify({ id: `evt_${paymentId}_${type}`, type: `payment.${type}`, paymentId, amount: Number(payment?.amount_minor) / 100, created: server.clock.now().toISOString() });
  const res = await server.request(PSP_CALLBACK_PATH, { method: 'POST', headers: { 'Content-Type': 'application/json', [SIGNATURE_HEADER]: signBody(server.pspWebhookSecret, event) }, body: event });
  expect(res.status).toBe(200);
  return ((await res.json()) as { outcome: string }).outcome;
}

/** The order paid as the provider reports a card payment taken: a card page asked for, then its signed success callback; the outcome the shop answers. */
export async function payByProvider(server: TestServer, s: Shopper): Promise<string> {
  const url = await paymentUrl(s);
  return providerCallback(server, url.pathname.split('/').pop() ?? '', 'succeeded');
}
