/**
 * Manage my order on the server: a paid order found by its reference, email address and date of
 * birth (one answer for any mismatch), cancelled (refund asked of the provider, notes back to the
 * branch, an email) or moved to another collection date (an email), until its deadline.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManagedOrderSchema, type ManagedOrder } from '#domain/contract/manage-order.ts';
import { CustomerInfoResultSchema, DeliverySlotsResponseSchema, OrderSchema } from '#domain/contract/order.ts';
import { CheckoutResponseSchema } from '#domain/contract/cart.ts';
import { createApi } from '../app.ts';
import { createMailer, type Mailer } from '../mail/mailer.ts';
import { startMailCatcher, type MailCatcher } from '../mail/catcher.ts';
import { deliverEmails } from '../services/outbox.ts';
import { createTestServer, type TestServer } from '../testing.ts';
import { answerGuarantees, body, BRANCH, cartWith, customer, payByProvider, problem, shopper } from '../../tests/support/commerce-fixtures.ts';

let server: TestServer;
let catcher: MailCatcher;
let mailer: Mailer;
beforeAll(async () => {
  // One proxy in front: the last X-Forwarded-For entry is the client's address (the guessing tests rotate it).
  server = await createTestServer({ config: { trustedProxyHops: 1 } });
  catcher = await startMailCatcher();
  mailer = createMailer(catcher.smtpUrl, 'Travel Money Shop <orders@travelmoney.example>');
});
afterAll(async () => {
  mailer?.close();
  await catcher?.close();
  await server?.close();
});

const DOB = '1985-04-12';

/** A paid order on its second date (a date that has not started yet), through the provider's signed callback. */
async function paidOrder(productId: 1 | 2 | 3, email: string): Promise<{ reference: string; total: number }> {
  const s = await shopper(server);
  const cart = await cartWith(s, productId, [['EUR', 300]]);
  await answerGuarantees(s, cart);
  await body(await s.call('POST', '/cart/checkout'), CheckoutResponseSchema, 201);
  const slots = await body(await s.call('GET', '/api/order/delivery-slots'), DeliverySlotsResponseSchema, 200);
  await body(await s.call('PUT', '/api/order/delivery-slot', { id: slots[1]!.id }), OrderSchema, 200);
  const result = await body(await s.call('PUT', '/api/order/customer-info', customer({ emailAddress: email, dateOfBirth: DOB })), CustomerInfoResultSchema, 200);
  const order = await body(await s.call('GET', '/api/order'), OrderSchema, 200);
  if (productId === 3) {
    expect(result.state.value).toBe(18);
    return { reference: order.externalOrderId, total: order.total };
  }
  expect(await payByProvider(server, s)).toBe('completed');
  return { reference: order.externalOrderId, total: order.total };
}

const call = (method: string, path: string, json: unknown) => server.request(path, { method, headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(json) });
const find = (reference: string, emailAddress: string, dateOfBirth = DOB) => call('POST', '/api/orders/find', { reference, emailAddress, dateOfBirth });
const findFrom = (address: string, reference: string, emailAddress: string, dateOfBirth: string) =>
  server.request('/api/orders/find', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': `198.51.100.7, ${address}` },
    body: JSON.stringify({ reference, emailAddress, dateOfBirth }),
  });
const found = async (reference: string, email: string): Promise<ManagedOrder> => body(await find(reference, email), ManagedOrderSchema, 200);
const units = async (code: string) =>
  Number((await server.database.query<{ units: number }>('select units from store_stock where store_id = $1 and currency_code = $2', [BRANCH, code]))[0]?.units);

describe('finding an order', () => {
  it('needs the reference, the email address and the date of birth, and says the same for any mismatch', async () => {
    const { reference } = await paidOrder(2, 'find.me@example.com');
    for (const res of [await find(reference, 'someone.else@example.com'), await find(reference, 'find.me@example.com', '1990-01-01'), await find('TM-999999', 'find.me@example.com')]) {
      const p = await problem(res, 404);
      expect(p.detail).toBe("We couldn't find a paid order with those details. Check the reference, the email address and the date of birth, and try again.");
    }
    // Case and spaces aside.
    const view = await found(` ${reference.toLowerCase()} `, 'Find.Me@Example.com');
    expect(view.order.externalOrderId).toBe(reference);
    expect(view.refusal).toBeNull();
    expect(view.order.deliverySlot).not.toBeNull();
    // Click and collect: until the collection date starts; the branch's other dates offered.
    expect(Date.parse(view.changeBy!)).toBeGreaterThan(server.clock.now().getTime());
    expect(view.collectionDates.length).toBeGreaterThan(0);
    expect(view.collectionDates.map((d) => d.date)).not.toContain(view.order.deliverySlot!.date);
  });

  it('refuses a bad request in words, and a forged access key', async () => {
    expect((await call('POST', '/api/orders/find', { reference: 'TM-1', emailAddress: 'not an email', dateOfBirth: DOB })).status).toBe(400);
    await problem(await call('POST', '/api/orders/cancel', { access: 'ord.123.forged' }), 403);
  });
});

/** A 404's status, headers and body, the request id aside: what a guesser can compare. */
async function answerSeen(res: Response): Promise<{ status: number; headers: [string, string][]; body: unknown }> {
  const { requestId: _requestId, ...doc } = (await res.json()) as Record<string, unknown>;
  return { status: res.status, headers: [...res.headers].filter(([name]) => name !== 'x-request-id'), body: doc };
}

const lockEmails = async (reference: string) =>
  server.database.query<{ recipient: string; subject: string; text: string }>(
    "select e.recipient, e.subject, e.text from emails e join orders o on o.id = e.order_id where e.kind = 'order-find-locked' and o.external_order_id = $1",
    [reference],
  );

/** Day n after 1 January 1950, as a date of birth. */
const dayOf = (n: number) => new Date(Date.UTC(1950, 0, 1 + n)).toISOString().slice(0, 10);
/** Six client addresses of a test's own (the per-address limit is not what these tests are about). */
const addressesOf = (n: number) => Array.from({ length: 6 }, (_, i) => `203.0.113.${n * 10 + i}`);

describe('guessing the details of an order', () => {
  it('locks a reference after 5 wrong dates of birth from 6 client addresses: the right one refused alike, in again after 30 minutes, the customer emailed once', async () => {
    const addresses = addressesOf(1);
    const email = 'guess.me@example.com';
    const { reference } = await paidOrder(2, email);
    const started = server.clock.now();
    const wrong = Array.from({ length: 100 }, (_, i) => dayOf(i)).filter((d) => d !== DOB);
    // 100 guesses, each address in turn; the right date is the 6th and the 100th.
    const guesses = [...wrong.slice(0, 5), DOB, ...wrong.slice(5, 98), DOB];
    expect(guesses).toHaveLength(100);
    const seen = [];
    for (const [i, dateOfBirth] of guesses.entries()) seen.push(await answerSeen(await findFrom(addresses[i % 6]!, reference, email, dateOfBirth)));
    // None let in, none rate limited per address: the reference itself is locked.
    expect(seen.map((a) => a.status)).toEqual(guesses.map(() => 404));
    // No oracle: the right answer while locked gets what a wrong one gets, body and headers.
    expect(seen[5]).toEqual(seen[0]);
    expect(seen[99]).toEqual(seen[4]);
    expect((seen[0]!.body as { detail: string }).detail).toBe(
      "We couldn't find a paid order with those details. Check the reference, the email address and the date of birth, and try again.",
    );

    // 30 minutes after the 5th wrong answer, the customer gets in.
    server.clock.set(new Date(started.getTime() + 30 * 60_000 - 1000));
    expect((await findFrom(addresses[0]!, reference, email, DOB)).status).toBe(404);
    server.clock.set(new Date(started.getTime() + 30 * 60_000));
    expect((await body(await findFrom(addresses[1]!, reference, email, DOB), ManagedOrderSchema, 200)).order.externalOrderId).toBe(reference);

    // One email, to the order's address, naming none of the guesses.
    const emails = await lockEmails(reference);
    expect(emails).toHaveLength(1);
    expect(emails[0]).toMatchObject({ recipient: email, subject: `Someone tried to open your order ${reference}` });
    expect(emails[0]!.text).toContain('we have paused finding it online for 30 minutes');
    for (const guess of guesses) expect(emails[0]!.text).not.toContain(guess);
  });

  it.each([
    [4, 200],
    [5, 404],
  ])('after %i wrong dates of birth the right one answers %i', async (wrongAnswers, status) => {
    const addresses = addressesOf(wrongAnswers);
    const email = `wrong.${wrongAnswers}@example.com`;
    const { reference } = await paidOrder(2, email);
    for (let i = 0; i < wrongAnswers; i++) expect((await findFrom(addresses[i % 6]!, reference, email, dayOf(i))).status).toBe(404);
    expect((await findFrom(addresses[5]!, reference, email, DOB)).status).toBe(status);
    expect(await lockEmails(reference)).toHaveLength(status === 404 ? 1 : 0);
    // The count is kept in the database: another API instance on it answers alike.
    const other = createApi(server.deps);
    const res = await other.request('/api/orders/find', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ reference, emailAddress: email, dateOfBirth: DOB }) });
    expect(res.status).toBe(status);
  });

  it('counts a right answer as a fresh start: 4 wrong, the right one, 4 wrong again, still found', async () => {
    const addresses = addressesOf(6);
    const email = 'forgetful@example.com';
    const { reference } = await paidOrder(2, email);
    for (const round of [0, 1]) {
      for (let i = 0; i < 4; i++) expect((await findFrom(addresses[i]!, reference, email, dayOf(round * 10 + i))).status).toBe(404);
      expect((await findFrom(addresses[5]!, reference, email, DOB)).status).toBe(200);
    }
  });

  it('locks an email address after 5 wrong references, whatever the reference, and emails its latest order once', async () => {
    const addresses = addressesOf(7);
    const email = 'many.refs@example.com';
    const { reference } = await paidOrder(2, email);
    for (let i = 0; i < 5; i++) expect((await findFrom(addresses[i]!, `TM-99${String(i).padStart(4, '0')}`, email, DOB)).status).toBe(404);
    expect((await findFrom(addresses[5]!, reference, email, DOB)).status).toBe(404);
    expect(await lockEmails(reference)).toHaveLength(1);
    server.clock.advance(30 * 60_000);
    expect((await findFrom(addresses[5]!, reference, email, DOB)).status).toBe(200);
  });
});

describe('moving a collection date', () => {
  it('moves to another date the branch offers, emails the new date, and refuses a date not offered', async () => {
    catcher.clear();
    const { reference } = await paidOrder(2, 'move.me@example.com');
    const view = await found(reference, 'move.me@example.com');
    const target = view.collectionDates.at(-1)!;
    const bad = await call('PUT', '/api/orders/collection-date', { access: view.access, slotId: 'collection-2001-01-01' });
    expect((await problem(bad, 422)).detail).toBe('That date is no longer available. Please choose another.');

    const moved = await body(await call('PUT', '/api/orders/collection-date', { access: view.access, slotId: target.id }), ManagedOrderSchema, 200);
    expect(moved.order.deliverySlot?.date).toBe(target.date);
    expect((await found(reference, 'move.me@example.com')).order.deliverySlot?.date).toBe(target.date);

    expect(await deliverEmails(server.deps, mailer)).toMatchObject({ failed: 0 });
    await expect.poll(() => catcher.messages().filter((m) => m.subject === `New collection date for your order ${reference}`).length).toBe(1);
    const mail = catcher.messages().find((m) => m.subject === `New collection date for your order ${reference}`)!;
    expect(mail.to).toEqual(['move.me@example.com']);
    expect(mail.links).toContain(`${server.config.appOrigin}/orders/find`);
  });

  it('is for click and collect only', async () => {
    const { reference } = await paidOrder(1, 'home.move@example.com');
    const view = await found(reference, 'home.move@example.com');
    expect(view.collectionDates).toEqual([]);
    await problem(await call('PUT', '/api/orders/collection-date', { access: view.access, slotId: 'collection-2030-01-01' }), 409);
  });
});

describe('cancelling an order', () => {
  it('refunds the card payment through the provider, gives the notes back to the branch and emails the customer, once', async () => {
    catcher.clear();
    const before = await units('EUR');
    const { reference, total } = await paidOrder(2, 'cancel.me@example.com');
    expect(await units('EUR')).toBe(before - 300);
    const view = await found(reference, 'cancel.me@example.com');
    expect(view.refundAmount).toBe(total);

    const cancelled = await body(await call('POST', '/api/orders/cancel', { access: view.access }), ManagedOrderSchema, 200);
    expect(cancelled.refusal).toBe('cancelled');
    expect(cancelled.cancelledAt).not.toBeNull();
    expect(await units('EUR')).toBe(before);
    expect(server.refundRequests.at(-1)).toMatchObject({ amount: total, reason: 'cancelled-by-customer' });
    const [payment] = await server.database.query<{ status: string }>(
      'select p.status from payments p join orders o on o.id = p.order_id where o.external_order_id = $1',
      [reference],
    );
    expect(payment?.status).toBe('refunded');

    // Again: refused, nothing refunded twice.
    const refunds = server.refundRequests.length;
    expect((await problem(await call('POST', '/api/orders/cancel', { access: view.access }), 409)).detail).toBe('This order is already cancelled.');
    expect(server.refundRequests).toHaveLength(refunds);
    // Still found, as cancelled.
    expect((await found(reference, 'cancel.me@example.com')).refusal).toBe('cancelled');

    expect(await deliverEmails(server.deps, mailer)).toMatchObject({ failed: 0 });
    await expect.poll(() => catcher.messages().filter((m) => m.subject === `Your order ${reference} is cancelled`).length).toBe(1);
    const mail = catcher.messages().find((m) => m.subject === `Your order ${reference} is cancelled`)!;
    expect(mail.text).toContain(`We have refunded £${total.toFixed(2)} to the card you paid with.`);
  });

  it('cancels a sell back with no refund', async () => {
    const { reference } = await paidOrder(3, 'sell.cancel@example.com');
    const view = await found(reference, 'sell.cancel@example.com');
    expect(view.refundAmount).toBe(0);
    const refunds = server.refundRequests.length;
    expect((await body(await call('POST', '/api/orders/cancel', { access: view.access }), ManagedOrderSchema, 200)).refusal).toBe('cancelled');
    expect(server.refundRequests).toHaveLength(refunds);
  });
});

describe('after the deadline', () => {
  it('says why it cannot, and refuses the change', async () => {
    const { reference } = await paidOrder(1, 'too.late@example.com');
    const view = await found(reference, 'too.late@example.com');
    // Home delivery: until the order is sent, 2pm on the last working day before its date.
    const changeBy = Date.parse(view.changeBy!);
    expect(new Date(changeBy).toISOString()).toMatch(/T1[34]:00:00\.000Z$/);
    server.clock.set(new Date(changeBy));
    const late = await found(reference, 'too.late@example.com');
    expect(late.refusal).toBe('tooLate');
    expect((await problem(await call('POST', '/api/orders/cancel', { access: late.access }), 409)).detail).toBe('This order can no longer be changed or cancelled online.');
  });

  it('asks to find the order again once the access key has expired', async () => {
    const { reference } = await paidOrder(2, 'expired.key@example.com');
    const view = await found(reference, 'expired.key@example.com');
    server.clock.advance(31 * 60_000);
    expect((await problem(await call('POST', '/api/orders/cancel', { access: view.access }), 403)).title).toBe('Please find your order again');
  });
});

describe('the deadline (domain/manage-order.ts), with the library bank holidays', () => {
  it('home delivery: 2pm on the last working day before the date; a branch: the start of the date', async () => {
    const { changeDeadline } = await import('#domain/manage-order.ts');
    const { bankHolidaysAt } = await import('../services/bank-holidays.ts');
    const { dayOfWeek, isDispatchDay, londonAt, plusDays } = await import('#domain/cut-off.ts');
    const holidays = await bankHolidaysAt(new Date('2026-06-01T12:00:00Z'));
    // A Tuesday after a bank holiday Monday: sent on the working day before the Monday.
    for (const monday of holidays.englandAndWales.filter((d) => dayOfWeek(d) === 1)) {
      let sent = plusDays(monday, -1);
      while (!isDispatchDay(holidays, sent)) sent = plusDays(sent, -1);
      expect(changeDeadline(1, plusDays(monday, 1), holidays), monday).toEqual(londonAt(sent, '14:00'));
      expect(sent < monday && dayOfWeek(sent) >= 1 && dayOfWeek(sent) <= 5).toBe(true);
    }
    expect(changeDeadline(1, '2026-06-10', holidays)).toEqual(new Date('2026-06-09T13:00:00Z'));
    expect(changeDeadline(2, '2026-06-10', holidays)).toEqual(new Date('2026-06-09T23:00:00Z'));
    expect(changeDeadline(3, '2026-12-10', holidays)).toEqual(new Date('2026-12-10T00:00:00Z'));
    expect(changeDeadline(2, null, holidays)).toBeNull();
  });
});
