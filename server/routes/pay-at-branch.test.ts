/** Reserve now, pay at the branch (issue 45 part 1): the server decides, holds the notes and the rate, and a job ends an unpaid reservation. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CheckoutResponseSchema } from '#domain/contract/cart.ts';
import { DeliverySlotsResponseSchema, OrderSchema } from '#domain/contract/order.ts';
import { PROVIDER_UNAVAILABLE } from '#domain/pay-at-branch.ts';
import { createTestServer, type TestServer } from '../testing.ts';
import { answerGuarantees, body, BRANCH, cartWith, customer, orderAtDetails, orderAwaitingPayment, paymentUrl, problem, shopper } from '../../tests/support/commerce-fixtures.ts';
import { orderConfirmationEmail } from '../services/outbox.ts';
import { purgeExpired } from '../services/purge.ts';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(async () => {
  await server.close();
});

let customers = 0;
const someone = () => ({ emailAddress: `reserver${++customers}@example.com` });
const RESERVE = '/api/order/reserve-at-branch';

async function stockOf(storeId: number, code: string): Promise<number> {
  const [row] = await server.database.query<{ units: string | number }>('select units from store_stock where store_id = $1 and currency_code = $2', [storeId, code]);
  return Number(row?.units);
}

describe('POST /api/order/reserve-at-branch', () => {
  it('reserves a collection awaiting payment: state 5, its notes held, its rate held until the branch closes on the collection day, the email says what to pay and bring', async () => {
    const s = await shopper(server);
    const before = await stockOf(BRANCH, 'EUR');
    const order = await orderAwaitingPayment(s, 2, [['EUR', 300]], someone(), BRANCH);
    const reserved = await body(await s.call('POST', RESERVE), OrderSchema, 200);
    expect(reserved.state.value).toBe(5);
    expect(await stockOf(BRANCH, 'EUR')).toBe(before - 300);
    // London Oxford Street closes at 18:00 (20:00 on Thursdays) London time on the collection day.
    const heldUntil = new Date(reserved.expiresAt);
    const closing = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', hour: '2-digit', minute: '2-digit', year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(heldUntil);
    const part = (type: string) => closing.find((p) => p.type === type)?.value;
    expect(`${part('year')}-${part('month')}-${part('day')}`).toBe(order.deliverySlot?.date);
    expect(['18:00', '20:00', '16:00']).toContain(`${part('hour')}:${part('minute')}`);
    // Again: the same reservation, nothing taken twice.
    expect((await body(await s.call('POST', RESERVE), OrderSchema, 200)).state.value).toBe(5);
    expect(await stockOf(BRANCH, 'EUR')).toBe(before - 300);
    // No card payment can start for it any more.
    expect((await problem(await s.call('POST', '/api/order/create-payment-intent'), 409)).type).toBe('order-not-payable');

    const email = await orderConfirmationEmail(server.deps, reserved.id);
    expect(email.subject).toBe(`Your currency is reserved: pay at the branch (${reserved.externalOrderId})`);
    expect(email.text).toContain('Pay £');
    expect(email.text).toContain(`Bring your order reference ${reserved.externalOrderId} and photo ID`);
    const [queued] = await server.database.query<{ n: string | number }>("select count(*) as n from emails where kind = 'order-confirmation' and order_id = $1", [reserved.id]);
    expect(Number(queued?.n)).toBe(1);
  });

  it('an unpaid reservation ends by the purge job once the branch has closed, and its notes go back', async () => {
    const s = await shopper(server);
    // Dollars: no other reservation of this file holds them, so the branch's count is this one's alone.
    const before = await stockOf(BRANCH, 'USD');
    await orderAwaitingPayment(s, 2, [['USD', 200]], someone(), BRANCH);
    const reserved = await body(await s.call('POST', RESERVE), OrderSchema, 200);
    expect(await stockOf(BRANCH, 'USD')).toBe(before - 200);
    const now = server.clock.now();
    try {
      server.clock.set(new Date(new Date(reserved.expiresAt).getTime() - 1000));
      await purgeExpired(server.deps);
      const [still] = await server.database.query<{ state: number }>('select state from orders where id = $1', [reserved.id]);
      expect(still?.state).toBe(5);
      server.clock.set(new Date(reserved.expiresAt));
      expect((await purgeExpired(server.deps)).expiredReservations).toBeGreaterThanOrEqual(1);
    } finally {
      server.clock.set(now);
    }
    const [row] = await server.database.query<{ state: number }>('select state from orders where id = $1', [reserved.id]);
    expect(row?.state).toBe(16);
    expect(await stockOf(BRANCH, 'USD')).toBe(before);
  });

  it('409 for a home delivery: only a collection can be paid at the branch', async () => {
    const s = await shopper(server);
    await orderAwaitingPayment(s, 1, [['EUR', 300]], someone());
    expect((await problem(await s.call('POST', RESERVE), 409)).type).toBe('reservation-not-collection');
    expect((await body(await s.call('GET', '/api/order'), OrderSchema, 200)).state.value).toBe(3);
  });

  it('409 before the details are accepted (velocity and AML still decide first)', async () => {
    const s = await shopper(server);
    await orderAtDetails(s, 2, [['EUR', 300]], BRANCH);
    expect((await problem(await s.call('POST', RESERVE), 409)).type).toBe('order-not-reservable');
  });

  it('a reservation counts in the velocity check like a card payment', async () => {
    const who = someone();
    for (let i = 0; i < server.config.velocityMaxOrdersPerDay; i++) {
      const s = await shopper(server);
      await orderAwaitingPayment(s, 2, [['EUR', 100]], who, BRANCH);
      await body(await s.call('POST', RESERVE), OrderSchema, 200);
    }
    const last = await shopper(server);
    await orderAtDetails(last, 2, [['EUR', 100]], BRANCH);
    const answer = (await (await last.call('PUT', '/api/order/customer-info', customer(who))).json()) as { state: { value: number } };
    expect(answer.state.value).toBe(1);
  });
});

describe('PSP_UNAVAILABLE', () => {
  it('makes the sandbox provider unavailable: no payment starts (503, its own problem type), and a collection can still be reserved', async () => {
    const down = await createTestServer({ config: { pspUnavailable: true } });
    try {
      const s = await shopper(down);
      await orderAwaitingPayment(s, 2, [['EUR', 300]], someone(), BRANCH);
      const refused = await s.call('POST', '/api/order/create-payment-intent');
      expect((await problem(refused, 503)).type).toBe(PROVIDER_UNAVAILABLE);
      expect((await body(await s.call('POST', RESERVE), OrderSchema, 200)).state.value).toBe(5);
    } finally {
      await down.close();
    }
  });

  it('off by default: the payment starts', async () => {
    const s = await shopper(server);
    await orderAwaitingPayment(s, 2, [['EUR', 300]], someone(), BRANCH);
    expect((await paymentUrl(s)).origin).toBe(server.config.pspOrigin);
  });
});

describe('a reservation with the notes the shopper chose (issue 45 part 3)', () => {
  async function notesOf(value: number): Promise<number> {
    const [row] = await server.database.query<{ count: string | number }>(
      "select count from store_notes where store_id = $1 and currency_code = 'EUR' and denomination = $2",
      [BRANCH, value],
    );
    return Number(row?.count);
  }

  it('holds the exact notes as a paid order would, and gives them back when it ends unpaid', async () => {
    const s = await shopper(server);
    const cart = await cartWith(s, 2, [['EUR', 300]], BRANCH);
    const line = cart.lines[0]!;
    expect((await s.call('PUT', `/api/cart/line/${line.id}/notes`, { kind: 'exact', counts: [{ value: 50, count: 6 }] })).status).toBe(200);
    await answerGuarantees(s, cart);
    await body(await s.call('POST', '/cart/checkout'), CheckoutResponseSchema, 201);
    const slots = await body(await s.call('GET', '/api/order/delivery-slots'), DeliverySlotsResponseSchema, 200);
    await body(await s.call('PUT', '/api/order/delivery-slot', { id: slots[0]!.id }), OrderSchema, 200);
    expect((await s.call('PUT', '/api/order/customer-info', customer(someone()))).status).toBe(200);
    const fifties = await notesOf(50);

    const reserved = await body(await s.call('POST', RESERVE), OrderSchema, 200);
    expect(await notesOf(50)).toBe(fifties - 6);
    const now = server.clock.now();
    try {
      server.clock.set(new Date(reserved.expiresAt));
      await purgeExpired(server.deps);
    } finally {
      server.clock.set(now);
    }
    expect(await notesOf(50)).toBe(fifties);
  });
});
