import { createHash } from 'node:crypto';
import * as v from 'valibot';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestServer, type TestServer } from '../testing.ts';
import { createPsp } from './app.ts';
import { validateCard } from './card-routes.ts';
import type { PspConfig } from './payments.ts';
import { PaymentEventSchema, PSP_REFUNDS_PATH, type PaymentEvent } from './events.ts';
import { SIGNATURE_HEADER, signBody, signToken, verifyBody } from './signature.ts';

const SECRET = 'test-secret';
const config: PspConfig = { secret: SECRET, pendingMs: 3000, appOrigin: 'http://localhost:3000', retryDelaysMs: [1000, 5000] };

// The provider keeps its payments in its own tables: one database for the file, emptied before each test.
let database: TestServer;
beforeAll(async () => {
  database = await createTestServer({ seed: false });
});
afterAll(async () => {
  await database.close();
});
beforeEach(async () => {
  await database.database.exec('TRUNCATE psp_events, psp_payments');
});

function setup(answer: () => number = () => 200) {
  let now = new Date('2025-06-02T10:00:00Z');
  const received: PaymentEvent[] = [];
  const timers: { fn: () => void; ms: number }[] = [];
  const psp = createPsp({
    config,
    db: database.deps.db,
    clock: { now: () => now },
    deliver: async ({ body, signature }) => {
      expect(verifyBody(SECRET, body, signature)).toBe(true);
      const status = answer();
      if (status === 200) received.push(v.parse(PaymentEventSchema, JSON.parse(body)));
      return { status };
    },
    schedule: (fn, ms) => timers.push({ fn, ms }),
    log: () => {},
  });
  const token = signToken(SECRET, {
    pid: 'pay_1',
    amount: 1212.35,
    reference: 'TM-000123',
    returnUrl: 'http://localhost:3000/checkout/payment-response',
    exp: Math.floor(now.getTime() / 1000) + 1800,
  });
  const pay = (fields: Record<string, string>, t = token) =>
    psp.request('/pay/pay_1', { method: 'POST', body: new URLSearchParams({ token: t, expiry: '12/30', cvc: '123', name: 'A Shopper', ...fields }) });
  const runTimers = async () => {
    for (const t of timers.splice(0)) t.fn();
    await new Promise((r) => setTimeout(r, 0));
  };
  return { psp, token, pay, received, timers, runTimers, advance: (ms: number) => (now = new Date(now.getTime() + ms)) };
}

describe('hosted card page', () => {
  it('shows an accessible card form with the amount to pay, framable only by the shop', async () => {
    const { psp, token } = setup();
    const res = await psp.request(`/pay/pay_1?token=${encodeURIComponent(token)}`);
    expect(res.status).toBe(200);
    const page = await res.text();
    expect(page).toContain('Pay £1,212.35');
    expect(page).toContain('TM-000123');
    for (const [id, label, autocomplete] of [
      ['card-cardNumber', 'Card number', 'cc-number'],
      ['card-expiry', 'Expiry date', 'cc-exp'],
      ['card-cvc', 'Security code (CVC)', 'cc-csc'],
      ['card-name', 'Name on card', 'cc-name'],
    ]) {
      expect(page).toContain(`<label for="${id}">${label}</label>`);
      expect(page).toContain(`autocomplete="${autocomplete}"`);
    }
    expect(page).toContain('lang="en-GB"');
    // Only the shop may frame the card page: not the provider itself, not any other site.
    expect(res.headers.get('content-security-policy')).toMatch(/frame-ancestors http:\/\/localhost:3000(;|$)/);
  });

  it.each([
    ['a forged link', signToken('other-secret', { pid: 'pay_1', amount: 1, reference: 'x', returnUrl: 'http://evil.test/', exp: 9e9 })],
    ['no link', ''],
    ['a link for another payment', signToken(SECRET, { pid: 'pay_2', amount: 1, reference: 'x', returnUrl: 'http://localhost:3000/', exp: 9e9 })],
  ])('refuses %s', async (_, t) => {
    const { psp } = setup();
    const res = await psp.request(`/pay/pay_1?token=${encodeURIComponent(t)}`);
    expect(res.status).toBe(404);
    expect(await res.text()).toContain('This payment link is not valid or has expired.');
  });

  it('refuses an expired link', async () => {
    const { psp, token, advance } = setup();
    advance(31 * 60_000);
    expect((await psp.request(`/pay/pay_1?token=${encodeURIComponent(token)}`)).status).toBe(404);
  });

  it('tells the shop its height with the one script its policy allows, and hints the card brands it takes', async () => {
    const { psp, token } = setup();
    const res = await psp.request(`/pay/pay_1?token=${encodeURIComponent(token)}`);
    const page = await res.text();
    const script = /<script>([^<]*)<\/script>/.exec(page)?.[1] ?? '';
    const hash = `'sha256-${createHash('sha256').update(script).digest('base64')}'`;
    expect(res.headers.get('Content-Security-Policy')).toContain(`script-src ${hash};`);
    expect(script).toContain("type:'frame.resized'");
    expect(page).toMatch(/<html lang="en-GB" data-shop-origin="http:\/\/localhost:\d+">/);
    expect(page).toMatch(/<span class="brands" aria-hidden="true">.*VISA.*MC.*AMEX/);
    // The shop's sans-serif stack reaches the page as written (quotes unescaped inside <style>).
    expect(page).toContain('font-family: system-ui, -apple-system, "Segoe UI"');
  });

  it('names each invalid field and never echoes the card number or CVC', async () => {
    const { pay, received } = setup();
    const res = await pay({ cardNumber: '4242 4242 4242 4241', expiry: '13/30', cvc: '12', name: '' });
    expect(res.status).toBe(422);
    const page = await res.text();
    expect(page).toContain('There is a problem');
    expect(page).toContain('Enter a valid card number');
    expect(page).toContain('Enter the expiry date as MM/YY');
    expect(page).toContain('Enter the 3 or 4 digit security code');
    expect(page).toContain('Enter the name on the card');
    expect(page).toContain('aria-invalid="true"');
    expect(page).not.toContain('4242 4242 4242 4241');
    expect(received).toEqual([]);
  });
});

describe('test cards', () => {
  it.each([
    ['4242 4242 4242 4242', 'payment.succeeded', undefined],
    ['4000 0000 0000 0002', 'payment.declined', 'card_declined'],
    ['4000 0000 0000 0119', 'payment.failed', 'processing_error'],
    ['4000 0566 5566 5556', 'payment.declined', 'card_declined'],
  ])('%s: signed callback %s, then back to the shop', async (cardNumber, type, reason) => {
    const { pay, received } = setup();
    const res = await pay({ cardNumber });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('http://localhost:3000/checkout/payment-response?paymentId=pay_1');
    expect(received).toEqual([
      { id: `evt_pay_1_${type.replace('payment.', '')}`, type, paymentId: 'pay_1', amount: 1212.35, created: '2025-06-02T10:00:00.000Z', ...(reason ? { reason } : {}) },
    ]);
  });

  it('4000 0000 0000 3220: a signed payment.processing at once, the frame straight back to the shop, payment.succeeded after the configured time', async () => {
    const { psp, pay, token, received, timers, runTimers, advance } = setup();
    const res = await pay({ cardNumber: '4000000000003220' });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('http://localhost:3000/checkout/payment-response?paymentId=pay_1');
    expect(received).toEqual([{ id: 'evt_pay_1_processing', type: 'payment.processing', paymentId: 'pay_1', amount: 1212.35, created: '2025-06-02T10:00:00.000Z' }]);
    expect(timers.map((t) => t.ms)).toEqual([3000]);

    // Meanwhile the card is not taken again, and the card page is not offered again.
    const again = await pay({ cardNumber: '4000000000003220' });
    expect(again.status).toBe(303);
    expect(again.headers.get('location')).toBe('http://localhost:3000/checkout/payment-response?paymentId=pay_1');
    const page = await psp.request(`/pay/pay_1?token=${encodeURIComponent(token)}`);
    expect(page.status).toBe(409);
    expect(await page.text()).toContain('Your bank is confirming this payment.');
    expect(received).toHaveLength(1);

    advance(3000);
    await runTimers();
    // The timer's work goes through the database: wait for it rather than for one turn of the loop.
    await vi.waitFor(() =>
      expect(received.map((e) => [e.id, e.type])).toEqual([
        ['evt_pay_1_processing', 'payment.processing'],
        ['evt_pay_1_succeeded', 'payment.succeeded'],
      ]),
    );
  });

  it('a processing page link issued earlier still works: it refreshes until due, then confirms once (also when a restart lost the timer) and returns to the shop', async () => {
    const { psp, token, received, advance } = setup();
    const ready = signToken(SECRET, { pid: 'pay_1', readyAt: new Date('2025-06-02T10:00:03Z').getTime() });
    const processing = `/pay/pay_1/processing?token=${encodeURIComponent(token)}&ready=${encodeURIComponent(ready)}`;

    const waiting = await psp.request(processing);
    expect(waiting.status).toBe(200);
    const page = await waiting.text();
    expect(page).toContain('Processing your payment');
    expect(page).toContain('http-equiv="refresh"');
    expect(received).toEqual([]);

    advance(3000);
    const done = await psp.request(processing);
    expect(done.status).toBe(303);
    expect(done.headers.get('location')).toBe('http://localhost:3000/checkout/payment-response?paymentId=pay_1');
    expect((await psp.request(processing)).status).toBe(303);
    expect(received.map((e) => e.id)).toEqual(['evt_pay_1_succeeded']);

    const forged = signToken('other-secret', { pid: 'pay_1', readyAt: 0 });
    expect((await psp.request(`/pay/pay_1/processing?token=${encodeURIComponent(token)}&ready=${encodeURIComponent(forged)}`)).status).toBe(404);
  });

  it('a double submit pays once', async () => {
    const { pay, received, psp, token } = setup();
    await pay({ cardNumber: '4242424242424242' });
    const again = await pay({ cardNumber: '4242424242424242' });
    expect(again.status).toBe(303);
    expect(received).toHaveLength(1);
    const page = await psp.request(`/pay/pay_1?token=${encodeURIComponent(token)}`);
    expect(page.status).toBe(409);
    expect(await page.text()).toContain('This payment has already been processed.');
  });
});

describe('callback delivery', () => {
  let answers: number[];
  beforeEach(() => {
    answers = [503, 500, 200];
  });

  it('retries a callback the shop did not accept, after each configured wait', async () => {
    const { pay, received, timers, runTimers } = setup(() => answers.shift() ?? 200);
    await pay({ cardNumber: '4242424242424242' });
    expect(received).toEqual([]);
    expect(timers.map((t) => t.ms)).toEqual([1000]);
    await runTimers();
    await vi.waitFor(() => expect(timers.map((t) => t.ms)).toEqual([5000]));
    await runTimers();
    await vi.waitFor(() => expect(received.map((e) => e.type)).toEqual(['payment.succeeded']));
    expect(timers).toEqual([]);
  });
});

describe('limits', () => {
  it('answers 413 to an oversized form and 404 to unknown paths, each a page only the shop may frame', async () => {
    const { psp } = setup();
    const res = await psp.request('/pay/pay_1', { method: 'POST', body: 'x'.repeat(20_000), headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(res.status).toBe(413);
    const missing = await psp.request('/nowhere');
    expect(missing.status).toBe(404);
    for (const page of [res, missing]) {
      expect(page.headers.get('content-type')).toMatch(/^text\/html/);
      expect(page.headers.get('content-security-policy')).toMatch(/default-src 'none'.*frame-ancestors http:\/\/localhost:3000(;|$)/);
    }
  });
});

describe('refund requests', () => {
  const refund = (psp: ReturnType<typeof setup>['psp'], body: string, secret = SECRET) =>
    psp.request(PSP_REFUNDS_PATH, { method: 'POST', headers: { [SIGNATURE_HEADER]: signBody(secret, body), 'Content-Type': 'application/json' }, body });
  const asked = (amount: number) => JSON.stringify({ refundId: 'r1', paymentId: 'pay_1', amount, reason: 'order-already-paid' });

  async function problemOf(res: Response, status: number) {
    expect(res.status).toBe(status);
    expect(res.headers.get('content-type')).toBe('application/problem+json');
    const doc = (await res.json()) as { title?: unknown; detail?: unknown; status?: unknown };
    expect(doc.status).toBe(status);
    expect(typeof doc.title).toBe('string');
    expect(typeof doc.detail).toBe('string');
    return doc;
  }

  it('each refusal is a problem document with a title and a detail', async () => {
    const { psp, pay } = setup();
    expect(await problemOf(await refund(psp, asked(1212.35), 'another-secret'), 401)).toMatchObject({ title: 'Signature not valid' });
    expect(await problemOf(await refund(psp, '{"refundId":'), 400)).toMatchObject({ detail: 'The body of a refund request must be JSON.' });
    expect(await problemOf(await refund(psp, '{"refundId":"r1"}'), 400)).toMatchObject({ title: 'Bad request' });
    expect(await problemOf(await refund(psp, '['.repeat(6_000)), 400)).toMatchObject({ detail: expect.stringMatching(/^The request body nests too deeply/) as unknown });
    expect(await problemOf(await refund(psp, asked(1212.35)), 404)).toMatchObject({ title: 'Payment not found', detail: 'There is no payment pay_1.' });

    await pay({ cardNumber: '4000 0000 0000 0002' });
    expect(await problemOf(await refund(psp, asked(1212.35)), 409)).toMatchObject({ title: 'Nothing to refund', detail: 'The payment took no money (declined), so there is nothing to give back.' });
  });

  it('a refund of another amount than the payment took is refused; the right amount is refunded, and asking again is no error', async () => {
    const { psp, pay } = setup();
    await pay({ cardNumber: '4242 4242 4242 4242' });
    expect(await problemOf(await refund(psp, asked(1)), 422)).toMatchObject({
      title: 'Amount does not match',
      detail: 'The refund asks for £1.00, but the payment took £1,212.35.',
    });
    for (let i = 0; i < 2; i++) {
      const res = await refund(psp, asked(1212.35));
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ refunded: true });
    }
  });
});

describe('validateCard', () => {
  const now = new Date('2025-06-02T10:00:00Z');
  it.each([
    [{ expiry: '06/25' }, {}],
    [{ expiry: '05/25' }, { expiry: 'This card has expired' }],
    [{ expiry: '0630' }, {}],
    [{ expiry: '' }, { expiry: 'Enter the expiry date' }],
    [{ cardNumber: '' }, { cardNumber: 'Enter your card number' }],
    [{ cardNumber: '4242-4242-4242-4242' }, {}],
    [{ cvc: '1234' }, {}],
  ])('%j → %j', (override, errors) => {
    expect(validateCard({ cardNumber: '4242424242424242', expiry: '12/30', cvc: '123', name: 'A', ...override }, now).errors).toEqual(errors);
  });
});
