import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { OrderSchema } from '#domain/contract/order.ts';
import { signBody, SIGNATURE_HEADER } from '../psp/signature.ts';
import { createTestServer, type TestServer } from '../testing.ts';
import { body, CARDS, orderAtDetails, orderAwaitingPayment, paymentUrl, problem, sandbox, shopper, type Shopper } from '../../tests/support/commerce-fixtures.ts';
import { pspWebhookSecret } from '../services/payment.ts';
import { PSP_CALLBACK_PATH } from './order.ts';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(async () => {
  await server.close();
});

/** London Canary Wharf: holds dollars, no store-specific increment. */
const STORE = 13;
let customers = 0;
const someone = () => ({ emailAddress: `payer${++customers}@example.com` });

async function stockOf(storeId: number, code: string): Promise<number> {
  const [row] = await server.database.query<{ units: string | number }>('select units from store_stock where store_id = $1 and currency_code = $2', [storeId, code]);
  return Number(row?.units);
}

async function paymentStatus(url: URL): Promise<string | undefined> {
  const [row] = await server.database.query<{ status: string }>('select status from payments where id = $1', [url.pathname.split('/').pop()]);
  return row?.status;
}

async function orderOf(s: Shopper) {
  return body(await s.call('GET', '/api/order'), OrderSchema, 200);
}

function callback(text: string, signature: string | null) {
  return server.request(PSP_CALLBACK_PATH, { method: 'POST', headers: { 'Content-Type': 'application/json', ...(signature === null ? {} : { [SIGNATURE_HEADER]: signature }) }, body: text });
}

describe('POST /api/order/create-payment-intent', () => {
  it('409 until the order awaits payment', async () => {
    const s = await shopper(server);
    await orderAtDetails(s);
    expect((await problem(await s.call('POST', '/api/order/create-payment-intent'), 409)).type).toBe('order-not-payable');
  });

  it('201 with a Location on the provider\'s origin (never the shop\'s), the same payment on a repeat', async () => {
    const s = await shopper(server);
    await orderAwaitingPayment(s, 2, [['EUR', 300]], someone());
    const url = await paymentUrl(s);
    expect(url.origin).toBe(server.config.pspOrigin);
    expect(url.pathname).toMatch(/^\/pay\/[0-9a-f-]{36}$/);
    expect((await paymentUrl(s)).pathname).toBe(url.pathname);
  });

  it('409 once the order has expired, and the order fails (16) so it is not offered again', async () => {
    const s = await shopper(server);
    const order = await orderAwaitingPayment(s, 2, [['EUR', 300]], someone());
    const now = server.clock.now();
    server.clock.set(order.expiresAt);
    try {
      expect((await problem(await s.call('POST', '/api/order/create-payment-intent'), 409)).type).toBe('order-expired');
      expect((await orderOf(s)).state.value).toBe(16);
      expect((await problem(await s.call('POST', '/api/order/create-payment-intent'), 409)).type).toBe('order-not-payable');
    } finally {
      server.clock.set(now);
    }
  });

  it('the card page shows the order\'s total', async () => {
    const s = await shopper(server);
    const order = await orderAwaitingPayment(s, 2, [['EUR', 300]], someone());
    const { psp } = sandbox(server);
    const url = await paymentUrl(s);
    const page = await (await psp.request(`${url.pathname}${url.search}`)).text();
    expect(page).toContain(`Pay £${order.total.toFixed(2)}`);
    expect(page).toContain(order.externalOrderId);
  });
});

describe('paying with the test cards', () => {
  it('4242 4242 4242 4242: completed (18), stock taken once, the frame sent to the payment response page', async () => {
    const s = await shopper(server);
    const before = await stockOf(STORE, 'USD');
    await orderAwaitingPayment(s, 2, [['USD', 300]], someone(), STORE);
    const { pay } = sandbox(server);
    const res = await pay(await paymentUrl(s), CARDS.succeeds);
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toMatch(new RegExp(`^${server.config.appOrigin}/checkout/payment-response\\?paymentId=`));
    const order = await orderOf(s);
    expect(order.state.value).toBe(18);
    expect(order.paymentAttempt).toEqual({ success: true });
    expect(await stockOf(STORE, 'USD')).toBe(before - 300);
    await problem(await s.call('POST', '/api/order/create-payment-intent'), 409);
  });

  it('a replayed callback changes nothing', async () => {
    const s = await shopper(server);
    await orderAwaitingPayment(s, 2, [['USD', 200]], someone(), STORE);
    const url = await paymentUrl(s);
    const paymentId = url.pathname.split('/').pop()!;
    const [payment] = await server.database.query<{ amount_minor: string }>('select amount_minor from payments where id = $1', [paymentId]);
    const event = JSON.stringify({ id: `evt_${paymentId}_succeeded`, type: 'payment.succeeded', paymentId, amount: Number(payment!.amount_minor) / 100, created: server.clock.now().toISOString() });
    const signature = signBody(server.pspWebhookSecret, event);
    const stock = await stockOf(STORE, 'USD');

    const first = await callback(event, signature);
    expect(await first.json()).toEqual({ received: true, outcome: 'completed' });
    const replays = await Promise.all([callback(event, signature), callback(event, signature), callback(event, signature)]);
    for (const replay of replays) expect(await replay.json()).toEqual({ received: true, outcome: 'duplicate' });
    expect(await stockOf(STORE, 'USD')).toBe(stock - 200);
    const [events] = await server.database.query<{ n: string }>('select count(*) as n from payment_events where payment_id = $1', [paymentId]);
    expect(Number(events?.n)).toBe(1);
    expect((await orderOf(s)).state.value).toBe(18);

    // A later, different event for the same payment (a decline after success) changes nothing either.
    const late = JSON.stringify({ id: `evt_${paymentId}_declined`, type: 'payment.declined', paymentId, amount: Number(payment!.amount_minor) / 100, created: server.clock.now().toISOString() });
    expect(await (await callback(late, signBody(server.pspWebhookSecret, late))).json()).toEqual({ received: true, outcome: 'ignored' });
    expect((await orderOf(s)).state.value).toBe(18);
  });

  it.each([
    ['4000 0000 0000 0002 (declined)', CARDS.declined, 'declined'],
    ['4000 0000 0000 0119 (provider error)', CARDS.providerError, 'failed'],
  ])('%s: still payment pending (3), paymentAttempt false, no stock taken; the next intent is a new payment that can succeed', async (_, card, status) => {
    const s = await shopper(server);
    const before = await stockOf(STORE, 'USD');
    await orderAwaitingPayment(s, 2, [['USD', 100]], someone(), STORE);
    const { pay } = sandbox(server);
    const first = await paymentUrl(s);
    const res = await pay(first, card);
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toMatch(new RegExp(`^${server.config.appOrigin}/checkout/payment-response\\?paymentId=`));
    const order = await orderOf(s);
    expect(order.state.value).toBe(3);
    expect(order.paymentAttempt).toEqual({ success: false });
    expect(await paymentStatus(first)).toBe(status);
    expect(await stockOf(STORE, 'USD')).toBe(before);

    // 'Try again?': a fresh card page for the same order.
    const second = await paymentUrl(s);
    expect(second.pathname).not.toBe(first.pathname);
    expect((await pay(second, CARDS.succeeds)).status).toBe(303);
    expect(await orderOf(s)).toMatchObject({ state: { value: 18 }, paymentAttempt: { success: true } });
    expect(await paymentStatus(first)).toBe(status);
    expect(await paymentStatus(second)).toBe('succeeded');
    expect(await stockOf(STORE, 'USD')).toBe(before - 100);
  });

  it('a late decline of an earlier payment does not undo the order paid with the next one', async () => {
    const s = await shopper(server);
    await orderAwaitingPayment(s, 2, [['USD', 100]], someone(), STORE);
    const { pay } = sandbox(server);
    const first = await paymentUrl(s);
    await pay(first, CARDS.declined);
    await pay(await paymentUrl(s), CARDS.succeeds);
    const paymentId = first.pathname.split('/').pop()!;
    const event = JSON.stringify({ id: `evt_${paymentId}_failed`, type: 'payment.failed', paymentId, amount: (await orderOf(s)).total, created: server.clock.now().toISOString() });
    expect(await (await callback(event, signBody(server.pspWebhookSecret, event))).json()).toEqual({ received: true, outcome: 'ignored' });
    expect(await orderOf(s)).toMatchObject({ state: { value: 18 }, paymentAttempt: { success: true } });
  });

  it('4000 0000 0000 3220: processing at once, the order read as 503 \'Payment status not known yet\' (Retry-After: 1) until the provider confirms, then completed', async () => {
    const s = await shopper(server);
    await orderAwaitingPayment(s, 1, [['EUR', 300]], someone());
    const { pay, timers, runTimers } = sandbox(server, { pendingMs: 4000 });
    const url = await paymentUrl(s);
    const res = await pay(url, CARDS.pending);
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toMatch(new RegExp(`^${server.config.appOrigin}/checkout/payment-response\\?paymentId=`));
    expect(timers.map((t) => t.ms)).toEqual([4000]);
    expect(await paymentStatus(url)).toBe('processing');

    const waiting = await s.call('GET', '/api/order');
    expect(waiting.headers.get('retry-after')).toBe('1');
    const doc = await problem(waiting, 503);
    expect(doc).toMatchObject({ title: 'Payment status not known yet', type: 'payment-status-unknown' });
    expect(doc.detail).toMatch(/try again/);
    // No second payment while the first one's outcome is still to come.
    expect((await problem(await s.call('POST', '/api/order/create-payment-intent'), 409)).type).toBe('payment-processing');

    await runTimers();
    await vi.waitFor(async () => expect(await orderOf(s)).toMatchObject({ state: { value: 18 }, paymentAttempt: { success: true } }));
    expect(await paymentStatus(url)).toBe('succeeded');
  });

  it('a processing payment that is then declined: the order reads again, awaiting another payment (3)', async () => {
    const s = await shopper(server);
    await orderAwaitingPayment(s, 2, [['USD', 100]], someone(), STORE);
    const url = await paymentUrl(s);
    const paymentId = url.pathname.split('/').pop()!;
    const amount = (await orderOf(s)).total;
    const event = (type: string) => JSON.stringify({ id: `evt_${paymentId}_${type}`, type: `payment.${type}`, paymentId, amount, created: server.clock.now().toISOString() });
    const processing = event('processing');
    expect(await (await callback(processing, signBody(server.pspWebhookSecret, processing))).json()).toEqual({ received: true, outcome: 'processing' });
    expect(await (await callback(processing, signBody(server.pspWebhookSecret, processing))).json()).toEqual({ received: true, outcome: 'duplicate' });
    await problem(await s.call('GET', '/api/order'), 503);

    const declined = event('declined');
    expect(await (await callback(declined, signBody(server.pspWebhookSecret, declined))).json()).toEqual({ received: true, outcome: 'failed' });
    expect(await orderOf(s)).toMatchObject({ state: { value: 3 }, paymentAttempt: { success: false } });
    expect((await paymentUrl(s)).pathname).not.toBe(url.pathname);
  });

  it('a processing payment stops holding the order back once the order has expired', async () => {
    const s = await shopper(server);
    const order = await orderAwaitingPayment(s, 2, [['EUR', 300]], someone());
    const { pay } = sandbox(server);
    await pay(await paymentUrl(s), CARDS.pending);
    await problem(await s.call('GET', '/api/order'), 503);
    const now = server.clock.now();
    server.clock.set(order.expiresAt);
    try {
      expect((await orderOf(s)).state.value).toBe(3);
    } finally {
      server.clock.set(now);
    }
  });
});

describe('POST /api/psp/callback', () => {
  it('401 without a signature or with a forged one; 400 for a signed body that is not an event; 404 for an unknown payment', async () => {
    const event = JSON.stringify({ id: 'evt_x', type: 'payment.succeeded', paymentId: 'nope', amount: 1, created: server.clock.now().toISOString() });
    expect((await problem(await callback(event, null), 401)).type).toBe('signature-invalid');
    await problem(await callback(event, signBody('another-secret', event)), 401);
    await problem(await callback(event.replace('nope', 'nope2'), signBody(server.pspWebhookSecret, event)), 401);
    await problem(await callback('{"hello":1}', signBody(server.pspWebhookSecret, '{"hello":1}')), 400);
    await problem(await callback(event, signBody(server.pspWebhookSecret, event)), 404);
  });

  it('a success for an order abandoned meanwhile is refunded and the order stays failed', async () => {
    const s = await shopper(server);
    await orderAwaitingPayment(s, 2, [['USD', 100]], someone(), STORE);
    const url = await paymentUrl(s);
    const stock = await stockOf(STORE, 'USD');
    expect((await s.call('DELETE', '/cart')).status).toBe(204);
    const { pay } = sandbox(server);
    await pay(url, CARDS.succeeds);
    const paymentId = url.pathname.split('/').pop()!;
    const [row] = await server.database.query<{ status: string; state: number }>('select p.status, o.state from payments p join orders o on o.id = p.order_id where p.id = $1', [paymentId]);
    expect(row).toEqual({ status: 'refunded', state: 16 });
    expect(await stockOf(STORE, 'USD')).toBe(stock);
  });
});

describe('PSP_WEBHOOK_SECRET', () => {
  it('unset: made once and kept in the database; set: used as given', async () => {
    expect(server.config.pspWebhookSecret).toBeNull();
    const rows = await server.database.query<{ value: string }>("select value from app_secrets where name = 'psp-webhook-secret'");
    expect(rows.map((r) => r.value)).toEqual([server.pspWebhookSecret]);
    expect(await pspWebhookSecret(server.deps)).toBe(server.pspWebhookSecret);
    const configured = 'configured-webhook-secret-0123456789abcdef';
    expect(await pspWebhookSecret({ db: server.deps.db, config: { ...server.config, pspWebhookSecret: configured } })).toBe(configured);
  });
});

describe('limited stock', () => {
  it('five shoppers paying for the last notes at once: only what the stock covers completes', async () => {
    const local = await createTestServer();
    try {
      // Room for exactly two orders of $400 at this branch.
      await local.database.query("update store_stock set units = 800 where store_id = $1 and currency_code = 'USD'", [STORE]);
      const shoppers = await Promise.all([1, 2, 3, 4, 5].map(() => shopper(local)));
      for (const [i, s] of shoppers.entries()) await orderAwaitingPayment(s, 2, [['USD', 400]], { emailAddress: `race${i}@example.com` }, STORE);
      const urls = await Promise.all(shoppers.map((s) => paymentUrl(s)));
      const { pay } = sandbox(local);
      await Promise.all(urls.map((url) => pay(url, CARDS.succeeds)));

      const states = await Promise.all(shoppers.map(async (s) => (await body(await s.call('GET', '/api/order'), OrderSchema, 200)).state.value));
      expect(states.filter((x) => x === 18)).toHaveLength(2);
      expect(states.filter((x) => x === 16)).toHaveLength(3);
      const [left] = await local.database.query<{ units: string | number }>("select units from store_stock where store_id = $1 and currency_code = 'USD'", [STORE]);
      expect(Number(left?.units)).toBe(0);
      const payments = await local.database.query<{ status: string }>('select status from payments order by status');
      expect(payments.map((p) => p.status)).toEqual(['refunded', 'refunded', 'refunded', 'succeeded', 'succeeded']);
    } finally {
      await local.close();
    }
  });
});
