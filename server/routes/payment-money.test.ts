/**
 * Money taken always ends in a completed order (18, stock taken once) or a recorded refund (a
 * payment_refunds row with its reason, and the provider told), whatever order the provider's
 * callbacks arrive in and however often; and the sandbox provider keeps its payments across a
 * restart and between instances, so a card page never takes a second charge.
 */
import { rm, mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { OrderSchema } from '#domain/contract/order.ts';
import { PSP_REFUNDS_PATH } from '../psp/events.ts';
import { SIGNATURE_HEADER, signBody } from '../psp/signature.ts';
import { REFUND_MAX_ATTEMPTS, refundRetryDelaySeconds, sendRequestedRefunds } from '../services/payment.ts';
import { createTestServer, type TestServer } from '../testing.ts';
import { body, CARDS, orderAwaitingPayment, paymentUrl, providerCallback, sandbox, shopper, shopperWith, type Shopper } from '../../tests/support/commerce-fixtures.ts';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(async () => {
  await server.close();
});

/** London Canary Wharf: holds dollars. */
const STORE = 13;
let customers = 0;
const someone = () => ({ emailAddress: `money${++customers}@example.com` });

async function stockOf(s: TestServer, code = 'USD'): Promise<number> {
  const [row] = await s.database.query<{ units: string | number }>('select units from store_stock where store_id = $1 and currency_code = $2', [STORE, code]);
  return Number(row?.units);
}

const paymentIdOf = (url: URL) => url.pathname.split('/').pop() ?? '';

async function rowsOf(s: TestServer, paymentId: string) {
  const [payment] = await s.database.query<{ status: string; state: number }>('select p.status, o.state from payments p join orders o on o.id = p.order_id where p.id = $1', [paymentId]);
  const refunds = await s.database.query<{ reason: string; status: string; amount_minor: string }>('select reason, status, amount_minor from payment_refunds where payment_id = $1', [paymentId]);
  return { ...payment, refunds: refunds.map((r) => ({ reason: r.reason, status: r.status })) };
}

const callback = providerCallback;

async function orderOf(s: Shopper) {
  return body(await s.call('GET', '/api/order'), OrderSchema, 200);
}

describe('a success after a decline or failure of the same payment', () => {
  it.each(['declined', 'failed'] as const)('%s, then succeeded: the order completes and its stock is taken once', async (first) => {
    const s = await shopper(server);
    await orderAwaitingPayment(s, 2, [['USD', 100]], someone(), STORE);
    const paymentId = paymentIdOf(await paymentUrl(s));
    const stock = await stockOf(server);

    expect(await callback(server, paymentId, first)).toBe('failed');
    expect(await orderOf(s)).toMatchObject({ state: { value: 3 }, paymentAttempt: { success: false } });
    expect(await callback(server, paymentId, 'succeeded')).toBe('completed');
    expect(await orderOf(s)).toMatchObject({ state: { value: 18 }, paymentAttempt: { success: true } });
    expect(await stockOf(server)).toBe(stock - 100);
    expect(await rowsOf(server, paymentId)).toEqual({ status: 'succeeded', state: 18, refunds: [] });

    // Replays, in any order, change nothing.
    expect(await callback(server, paymentId, 'succeeded')).toBe('duplicate');
    expect(await callback(server, paymentId, first)).toBe('duplicate');
    expect(await stockOf(server)).toBe(stock - 100);
  });

  it('a success for a declined payment after the shopper paid again: the second payment of a completed order is refunded, with its reason, and the provider told', async () => {
    const s = await shopper(server);
    await orderAwaitingPayment(s, 2, [['USD', 100]], someone(), STORE);
    const first = paymentIdOf(await paymentUrl(s));
    expect(await callback(server, first, 'declined')).toBe('failed');
    // 'Try again?': a new payment for the same order.
    const second = paymentIdOf(await paymentUrl(s));
    expect(second).not.toBe(first);
    const stock = await stockOf(server);
    const told = server.refundRequests.length;

    // The first payment's money comes after all: it completes the order.
    expect(await callback(server, first, 'succeeded')).toBe('completed');
    // Then the second card is taken too: that money goes back.
    expect(await callback(server, second, 'succeeded')).toBe('refunded');
    expect(await orderOf(s)).toMatchObject({ state: { value: 18 }, paymentAttempt: { success: true } });
    expect(await stockOf(server)).toBe(stock - 100);
    expect(await rowsOf(server, first)).toEqual({ status: 'succeeded', state: 18, refunds: [] });
    expect(await rowsOf(server, second)).toEqual({ status: 'refunded', state: 18, refunds: [{ reason: 'order-already-paid', status: 'confirmed' }] });
    expect(server.refundRequests.slice(told)).toEqual([expect.objectContaining({ paymentId: second, reason: 'order-already-paid', amount: (await orderOf(s)).total })]);
  });
});

describe('whatever order the callbacks arrive in', () => {
  type Step = [payment: 'a' | 'b', type: 'succeeded' | 'declined' | 'failed' | 'processing'];
  const orders: Step[][] = [
    [['a', 'succeeded'], ['b', 'succeeded']],
    [['b', 'succeeded'], ['a', 'succeeded']],
    [['a', 'declined'], ['b', 'succeeded'], ['a', 'succeeded']],
    [['a', 'processing'], ['a', 'declined'], ['a', 'succeeded'], ['b', 'declined'], ['b', 'succeeded']],
    [['b', 'failed'], ['a', 'failed'], ['b', 'succeeded'], ['a', 'succeeded'], ['a', 'succeeded'], ['b', 'succeeded']],
    [['a', 'succeeded'], ['a', 'declined'], ['b', 'processing'], ['b', 'succeeded'], ['b', 'failed']],
  ];
  it.each(orders.map((steps) => [steps.map(([p, type]) => `${p} ${type}`).join(', '), steps] as const))('%s: one completed order, the other money refunded', async (_, steps) => {
    const s = await shopper(server);
    await orderAwaitingPayment(s, 2, [['USD', 100]], someone(), STORE);
    const a = paymentIdOf(await paymentUrl(s));
    // A second payment of the same order: a was declined before b was made.
    await server.database.query("update payments set status = 'declined' where id = $1", [a]);
    const b = paymentIdOf(await paymentUrl(s));
    await server.database.query("update payments set status = 'pending' where id = $1", [a]);
    const stock = await stockOf(server);

    for (const [p, type] of steps) await callback(server, p === 'a' ? a : b, type);

    expect((await orderOf(s)).state.value).toBe(18);
    expect(await stockOf(server)).toBe(stock - 100);
    const rows = [await rowsOf(server, a), await rowsOf(server, b)];
    expect(rows.map((r) => r.status).sort()).toEqual(['refunded', 'succeeded']);
    expect(rows.find((r) => r.status === 'refunded')?.refunds).toEqual([{ reason: 'order-already-paid', status: 'confirmed' }]);
  });
});

describe('refunds the provider has not confirmed', () => {
  it('stay recorded as requested and are sent again until the provider accepts them', async () => {
    const s = await shopper(server);
    await orderAwaitingPayment(s, 2, [['USD', 100]], someone(), STORE);
    const url = await paymentUrl(s);
    expect((await s.call('DELETE', '/cart')).status).toBe(204);
    server.connectRefunds(async () => ({ status: 503 }));
    try {
      expect(await callback(server, paymentIdOf(url), 'succeeded')).toBe('refunded');
      expect(await rowsOf(server, paymentIdOf(url))).toEqual({ status: 'refunded', state: 16, refunds: [{ reason: 'order-not-awaiting-payment', status: 'requested' }] });
    } finally {
      server.connectRefunds(null);
    }
    // Asked again once its wait after the refusal has passed.
    server.clock.advance(refundRetryDelaySeconds(1) * 1000);
    expect(await sendRequestedRefunds(server.deps, async () => ({ status: 200 }))).toBeGreaterThanOrEqual(1);
    expect((await rowsOf(server, paymentIdOf(url))).refunds).toEqual([{ reason: 'order-not-awaiting-payment', status: 'confirmed' }]);
  });
});

describe('a refund the provider refuses', () => {
  it.each([
    [1, 5],
    [2, 10],
    [3, 20],
    [4, 40],
    [5, 80],
    [9, 1280],
    [11, 3600],
    [20, 3600],
  ])('after refusal %i it is asked again %i s later', (attempt, seconds) => {
    expect(refundRetryDelaySeconds(attempt)).toBe(seconds);
  });

  it(`is asked again with a growing wait, ${REFUND_MAX_ATTEMPTS} times in all, then given up with one error line`, async () => {
    const s = await shopper(server);
    await orderAwaitingPayment(s, 2, [['USD', 100]], someone(), STORE);
    const url = await paymentUrl(s);
    expect((await s.call('DELETE', '/cart')).status).toBe(204);
    const askedAt: number[] = [];
    const start = server.clock.now().getTime();
    const refuse = async () => {
      askedAt.push((server.clock.now().getTime() - start) / 1000);
      return { status: 422 };
    };
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      server.connectRefunds(refuse);
      expect(await callback(server, paymentIdOf(url), 'succeeded')).toBe('refunded');
      const [refund] = await server.database.query<{ id: string }>('select id from payment_refunds where payment_id = $1', [paymentIdOf(url)]);
      const id = refund!.id;
      // The shop's catch-up runs every 5 s and asks only for what is due: for 50 minutes, then
      // hourly for a day.
      for (let second = 5; second <= 50 * 60; second += 5) {
        server.clock.advance(5_000);
        await sendRequestedRefunds(server.deps, refuse, [id]);
      }
      for (let hour = 1; hour <= 24; hour++) {
        server.clock.advance(60 * 60_000);
        await sendRequestedRefunds(server.deps, refuse, [id]);
      }
      let waited = 0;
      const expected = Array.from({ length: REFUND_MAX_ATTEMPTS }, (_, i) => (i === 0 ? 0 : (waited += refundRetryDelaySeconds(i))));
      expect(askedAt).toEqual(expected);
      expect((await rowsOf(server, paymentIdOf(url))).refunds).toEqual([{ reason: 'order-not-awaiting-payment', status: 'failed' }]);
      expect(error.mock.calls).toEqual([[`refund ${id}: the payment provider answered 422, ${REFUND_MAX_ATTEMPTS} times; not asked again: refund it by hand`]]);
    } finally {
      server.connectRefunds(null);
      warn.mockRestore();
      error.mockRestore();
    }
  });
});

describe('the sandbox provider', () => {
  it('takes the refund of a paid order the shop could not complete, and its card page then says so', async () => {
    const s = await shopper(server);
    await orderAwaitingPayment(s, 2, [['USD', 100]], someone(), STORE);
    const url = await paymentUrl(s);
    expect((await s.call('DELETE', '/cart')).status).toBe(204);
    const { psp, pay } = sandbox(server);
    expect((await pay(url, CARDS.succeeds)).status).toBe(303);
    const [row] = await server.database.query<{ state: string; refund_reason: string }>('select state, refund_reason from psp_payments where id = $1', [paymentIdOf(url)]);
    expect(row).toEqual({ state: 'refunded', refund_reason: 'order-not-awaiting-payment' });
    expect((await rowsOf(server, paymentIdOf(url))).refunds).toEqual([{ reason: 'order-not-awaiting-payment', status: 'confirmed' }]);
    const page = await psp.request(`${url.pathname}${url.search}`);
    expect(page.status).toBe(409);
    expect(await page.text()).toContain('The payment was refunded.');
  });

  it('refuses a refund request it did not get from the shop', async () => {
    const { psp } = sandbox(server);
    const request = JSON.stringify({ refundId: 'r1', paymentId: 'nope', amount: 1, reason: 'x' });
    const res = await psp.request(PSP_REFUNDS_PATH, { method: 'POST', headers: { [SIGNATURE_HEADER]: signBody('another-secret', request) }, body: request });
    expect(res.status).toBe(401);
  });

  it('two instances on one database: one card page submitted to both charges once; a pending payment due on both finishes once', async () => {
    const s = await shopper(server);
    await orderAwaitingPayment(s, 2, [['USD', 100]], someone(), STORE);
    const stock = await stockOf(server);
    const a = sandbox(server);
    const b = sandbox(server);
    const url = await paymentUrl(s);
    // The shopper's card page was open in two tabs, each served by another instance: both forms are submitted at once.
    for (const instance of [a, b]) expect((await instance.psp.request(`${url.pathname}${url.search}`)).status).toBe(200);
    const submit = (instance: typeof a) =>
      instance.psp.request(url.pathname, {
        method: 'POST',
        body: new URLSearchParams({ token: url.searchParams.get('token') ?? '', cardNumber: CARDS.succeeds, expiry: '12/30', cvc: '123', name: 'Ann ONeill' }),
      });
    const results = await Promise.all([submit(a), submit(b)]);
    expect(results.map((r) => r.status)).toEqual([303, 303]);
    const events = await server.database.query<{ n: string }>('select count(*) as n from psp_events where payment_id = $1', [paymentIdOf(url)]);
    expect(Number(events[0]?.n)).toBe(1);
    expect((await orderOf(s)).state.value).toBe(18);
    expect(await stockOf(server)).toBe(stock - 100);

    const t = await shopper(server);
    await orderAwaitingPayment(t, 2, [['USD', 100]], someone(), STORE);
    const pending = await paymentUrl(t);
    expect((await a.pay(pending, CARDS.pending)).status).toBe(303);
    // The instance that took the card stops before its timer fires; both sweep once it is due.
    server.clock.advance(3000);
    const finished = await Promise.all([a.psp.sweep(), b.psp.sweep()]);
    expect(finished.reduce((x, y) => x + y, 0)).toBe(1);
    await a.runTimers();
    expect((await orderOf(t)).state.value).toBe(18);
    expect(await stockOf(server)).toBe(stock - 200);
    const succeeded = await server.database.query('select 1 from payment_events e join payments p on p.id = e.payment_id where p.id = $1 and e.type = $2', [paymentIdOf(pending), 'payment.succeeded']);
    expect(succeeded).toHaveLength(1);
  });
});

describe('the sandbox provider across a restart', () => {
  /** Stops the shop and its provider and starts them again on the same data. */
  async function restart(dataDir: string, before: TestServer): Promise<TestServer> {
    // PostgreSQL keeps the data itself; what a restart loses is the provider's memory, so a new provider on the same database is the restart.
    if (process.env.DATABASE_URL) return before;
    const now = before.clock.now();
    await before.close();
    return createTestServer({ dataDir, now });
  }

  it('a paid or declined card page shows its outcome and takes no second charge; a pending payment due meanwhile finishes once', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'psp-restart-'));
    let local = await createTestServer({ dataDir });
    try {
      const paid = await shopper(local);
      await orderAwaitingPayment(paid, 2, [['USD', 100]], someone(), STORE);
      const declined = await shopper(local);
      await orderAwaitingPayment(declined, 2, [['USD', 100]], someone(), STORE);
      const waiting = await shopper(local);
      await orderAwaitingPayment(waiting, 2, [['USD', 100]], someone(), STORE);
      const stock = await stockOf(local);

      const before = sandbox(local);
      const paidUrl = await paymentUrl(paid);
      const declinedUrl = await paymentUrl(declined);
      const waitingUrl = await paymentUrl(waiting);
      await before.pay(paidUrl, CARDS.succeeds);
      await before.pay(declinedUrl, CARDS.declined);
      await before.pay(waitingUrl, CARDS.pending);
      // Stopped before the pending payment's timer fired.

      local = await restart(dataDir, local);
      const after = sandbox(local);
      for (const [url, outcome] of [
        [paidUrl, 'The payment was taken.'],
        [declinedUrl, 'The card was declined; no money was taken.'],
      ] as const) {
        const page = await after.psp.request(`${url.pathname}${url.search}`);
        expect(page.status).toBe(409);
        expect(await page.text()).toContain(`This payment has already been processed. ${outcome}`);
        // Submitting the old page again (the form is still in the browser) charges nothing.
        const again = await after.psp.request(url.pathname, {
          method: 'POST',
          body: new URLSearchParams({ token: url.searchParams.get('token') ?? '', cardNumber: CARDS.succeeds, expiry: '12/30', cvc: '123', name: 'Ann ONeill' }),
        });
        expect(again.status).toBe(303);
      }
      expect(await local.database.query("select 1 from psp_events where type = 'payment.succeeded'")).toHaveLength(1);

      // The bank's confirmation falls due while the shop is up again: the sweep finishes it, once.
      expect(await after.psp.sweep()).toBe(0);
      local.clock.advance(3000);
      expect(await after.psp.sweep()).toBe(1);
      expect(await after.psp.sweep()).toBe(0);

      const states = async (s: Shopper) => (await body(await shopperWith(local, s.token).call('GET', '/api/order'), OrderSchema, 200)).state.value;
      expect([await states(paid), await states(declined), await states(waiting)]).toEqual([18, 3, 18]);
      expect(await stockOf(local)).toBe(stock - 200);
    } finally {
      await local.close();
      await rm(dataDir, { recursive: true, force: true });
    }
    // Two file-backed starts and seeds of the embedded database.
  }, 180_000);
});
