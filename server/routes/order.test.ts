import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CheckoutResponseSchema } from '#domain/contract/cart.ts';
import { CustomerInfoResultSchema, DeliverySlotsResponseSchema, NO_STOCK, OrderSchema } from '#domain/contract/order.ts';
import * as t from '../db/schema.ts';
import { createTestServer, type TestServer } from '../testing.ts';
import { answerGuarantees, body, BRANCH, cartWith, customer, orderAtDetails, problem, shopper } from '../../tests/support/commerce-fixtures.ts';

let server: TestServer;
beforeAll(async () => {
  // Monday 23 November 2026, 09:30 in London.
  server = await createTestServer();
});
afterAll(async () => {
  await server.close();
});

/** Inverness: open Monday to Saturday, holds no euros. */
const BRANCH_WITHOUT_EUROS = 29;

describe('GET /api/order', () => {
  it('404 before checkout', async () => {
    const s = await shopper(server);
    await problem(await s.call('GET', '/api/order'), 404);
    await problem(await s.call('GET', '/api/order/delivery-slots'), 404);
  });
});

describe('GET /api/order/delivery-slots', () => {
  async function slotsFor(productId: 1 | 2 | 3, storeId?: number) {
    const s = await shopper(server);
    const cart = await cartWith(s, productId, [['EUR', 300]], storeId);
    await answerGuarantees(s, cart);
    await body(await s.call('POST', '/cart/checkout'), CheckoutResponseSchema, 201);
    return body(await s.call('GET', '/api/order/delivery-slots'), DeliverySlotsResponseSchema, 200);
  }

  it('home delivery: the next working days from tomorrow, never Sunday; next day £4.99, later £3.99', async () => {
    const slots = await slotsFor(1);
    expect(slots.map((s) => [s.date, s.price, s.isFirstDay])).toEqual([
      ['2026-11-24', 4.99, true],
      ['2026-11-25', 3.99, false],
      ['2026-11-26', 3.99, false],
      ['2026-11-27', 3.99, false],
      ['2026-11-28', 3.99, false],
      ['2026-11-30', 3.99, false],
    ]);
  });

  it('click and collect from a branch holding the currency: from today, free, in stock', async () => {
    const slots = await slotsFor(2);
    expect(slots[0]).toMatchObject({ date: '2026-11-23', price: 0, isInStock: true, isFirstDay: true, deliveryMethodName: 'Click and collect' });
  });

  it('click and collect from a branch without it: from 2pm the next day, not in stock', async () => {
    const slots = await slotsFor(2, BRANCH_WITHOUT_EUROS);
    expect(slots[0]).toMatchObject({ date: '2026-11-24', isInStock: false, isFirstDay: true });
    expect(slots.some((s) => s.isInStock)).toBe(false);
  });

  it('sell back: branch drop-off dates from today', async () => {
    const slots = await slotsFor(3);
    expect(slots[0]).toMatchObject({ date: '2026-11-23', price: 0, deliveryMethodName: 'Branch drop-off' });
  });
});

describe('PUT /api/order/delivery-slot', () => {
  it('sets the slot from the server\'s own list and adds its price to the total', async () => {
    const s = await shopper(server);
    const order = await orderAtDetails(s, 1);
    expect(order.deliverySlot).toEqual({ date: '2026-11-24', price: 4.99, deliveryMethodName: 'Next working day delivery' });
    const lines = order.lines.reduce((sum, l) => sum + l.total, 0);
    expect(order.total).toBeCloseTo(lines + 4.99, 2);
  });

  it('422 for a slot it does not offer; 400 without an id', async () => {
    const s = await shopper(server);
    await orderAtDetails(s, 1);
    expect((await problem(await s.call('PUT', '/api/order/delivery-slot', { id: 'delivery-2026-11-29' }), 422)).errors).toHaveProperty('id');
    await problem(await s.call('PUT', '/api/order/delivery-slot', {}), 400);
  });
});

describe('PUT /api/order/ga-info', () => {
  it('keeps the tracking values (204); 400 for a value too long', async () => {
    const s = await shopper(server);
    const order = await orderAtDetails(s);
    const res = await s.call('PUT', '/api/order/ga-info', { UTM_Source: 'newsletter', UTM_Medium: 'email', Gclid: null });
    expect(res.status).toBe(204);
    const [row] = await server.database.query<{ tracking: unknown }>('select tracking from orders where id = $1', [order.id]);
    expect(row?.tracking).toEqual({ UTM_Source: 'newsletter', UTM_Medium: 'email' });
    await problem(await s.call('PUT', '/api/order/ga-info', { UTM_Source: 'x'.repeat(501) }), 400);
  });
});

describe('PUT /api/order/customer-info', () => {
  it('422 naming each invalid field with the form\'s messages', async () => {
    const s = await shopper(server);
    await orderAtDetails(s);
    const doc = await problem(
      await s.call('PUT', '/api/order/customer-info', customer({ emailAddress: 'nope', firstName: 'A', dateOfBirth: '2030-01-01', address: { ...customer().address, postcodeZip: 'XYZ' } })),
      422,
    );
    expect(doc.errors).toMatchObject({
      emailAddress: 'Please enter a valid email address',
      firstName: 'First name must be at least 2 characters',
      dateOfBirth: 'Please enter a valid date of birth',
      'address.postcodeZip': 'Please enter a valid post code',
    });
  });

  it('keeps fields filled to their limits (email 500, address lines 250); one character more is refused with the maximum-characters message', async () => {
    const maxChars = "You've used the maximum number of characters available (250)";
    const s = await shopper(server);
    await orderAtDetails(s, 1);
    const email = (length: number) => `${'f'.repeat(length - '@example.com'.length)}@example.com`;
    const over = customer({ emailAddress: email(501), address: { ...customer().address, addressLine1: 'l'.repeat(251), townCity: 't'.repeat(251) } });
    const doc = await problem(await s.call('PUT', '/api/order/customer-info', over), 422);
    expect(doc.errors).toEqual({ emailAddress: maxChars, 'address.addressLine1': maxChars, 'address.townCity': maxChars });

    const full = customer({ emailAddress: email(500), address: { ...customer().address, addressLine1: 'l'.repeat(250), addressLine2: 'm'.repeat(250) } });
    expect(await body(await s.call('PUT', '/api/order/customer-info', full), CustomerInfoResultSchema, 200)).toEqual({ showAMLPopup: false, state: { value: 3 } });
    const order = await body(await s.call('GET', '/api/order'), OrderSchema, 200);
    expect(order.customer?.email).toHaveLength(500);
    expect(order.deliveryAddress?.address1).toHaveLength(250);
    expect(order.deliveryAddress?.address2).toHaveLength(250);
  });

  it('takes details without the ABTA opt-ins (optional in the contract) as both declined', async () => {
    const s = await shopper(server);
    await orderAtDetails(s);
    const { marketingABTATravelMoney: _money, marketingABTATravelInsurance: _insurance, ...withoutAbta } = customer();
    expect(await body(await s.call('PUT', '/api/order/customer-info', withoutAbta), CustomerInfoResultSchema, 200)).toEqual({ showAMLPopup: false, state: { value: 3 } });
    const order = await body(await s.call('GET', '/api/order'), OrderSchema, 200);
    const [row] = await server.deps.db.select({ customer: t.orders.customer }).from(t.orders).where(eq(t.orders.id, order.id));
    expect(row?.customer).toMatchObject({ marketingABTATravelMoney: false, marketingABTATravelInsurance: false });
  });

  it('409 before a date is chosen', async () => {
    const s = await shopper(server);
    const cart = await cartWith(s, 2, [['EUR', 300]]);
    await answerGuarantees(s, cart);
    await body(await s.call('POST', '/cart/checkout'), CheckoutResponseSchema, 201);
    expect((await problem(await s.call('PUT', '/api/order/customer-info', customer({ emailAddress: 'early@example.com' })), 409)).type).toBe('slot-missing');
  });

  it('state 3 (payment pending), then the same answer on a repeat; the order keeps the details', async () => {
    const s = await shopper(server);
    await orderAtDetails(s, 1);
    const who = customer({ emailAddress: 'Repeat@Example.com', address: { ...customer().address, postcodeZip: 'ls1 6ly' } });
    expect(await body(await s.call('PUT', '/api/order/customer-info', who), CustomerInfoResultSchema, 200)).toEqual({ showAMLPopup: false, state: { value: 3 } });
    expect(await body(await s.call('PUT', '/api/order/customer-info', who), CustomerInfoResultSchema, 200)).toEqual({ showAMLPopup: false, state: { value: 3 } });
    const order = await body(await s.call('GET', '/api/order'), OrderSchema, 200);
    expect(order.customer).toMatchObject({ email: 'Repeat@Example.com', firstName: 'Ann', address: { postcodeZip: 'LS1 6LY', country: 'United Kingdom' } });
    expect(order.deliveryAddress).toMatchObject({ buildingNameNumber: '12', address1: 'High Street', postcode: 'LS1 6LY' });
    expect((await problem(await s.call('PUT', '/api/order/delivery-slot', { id: 'delivery-2026-11-25' }), 409)).type).toBe('order-not-open');
  });

  it('sell back completes without a card payment (state 18)', async () => {
    const s = await shopper(server);
    await orderAtDetails(s, 3);
    expect(await body(await s.call('PUT', '/api/order/customer-info', customer({ emailAddress: 'seller@example.com' })), CustomerInfoResultSchema, 200)).toEqual({ showAMLPopup: false, state: { value: 18 } });
    expect((await problem(await s.call('POST', '/api/order/create-payment-intent'), 409)).type).toBe('order-not-payable');
  });

  it('NoStock (text/plain) when the branch can no longer cover an in-stock collection', async () => {
    const s = await shopper(server);
    const order = await orderAtDetails(s, 2, [['USD', 500]], 13);
    await server.database.query("update store_stock set units = 100 where store_id = 13 and currency_code = 'USD'");
    const res = await s.call('PUT', '/api/order/customer-info', customer({ emailAddress: 'stock@example.com' }));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(await res.text()).toBe(NO_STOCK);
    expect((await body(await s.call('GET', '/api/order'), OrderSchema, 200)).state.value).toBe(0);

    // The shopper picks the next day (sent over for 2pm), and the details go through.
    const slots = await body(await s.call('GET', '/api/order/delivery-slots'), DeliverySlotsResponseSchema, 200);
    expect(slots[0]).toMatchObject({ isInStock: false, date: '2026-11-24' });
    await body(await s.call('PUT', '/api/order/delivery-slot', { id: slots[0]!.id }), OrderSchema, 200);
    expect(await body(await s.call('PUT', '/api/order/customer-info', customer({ emailAddress: 'stock@example.com' })), CustomerInfoResultSchema, 200)).toMatchObject({ state: { value: 3 } });
    expect(order.state.value).toBe(0);
  });
});

describe('velocity and AML checks', () => {
  it('the same customer\'s 4th order of the day is refused with state 1 (email case ignored)', async () => {
    const dob = '1970-01-01';
    for (const email of ['vel@example.com', 'VEL@example.com', 'vel@example.com']) {
      const s = await shopper(server);
      await orderAtDetails(s, 2, [['EUR', 100]]);
      expect(await body(await s.call('PUT', '/api/order/customer-info', customer({ emailAddress: email, dateOfBirth: dob })), CustomerInfoResultSchema, 200)).toEqual({ showAMLPopup: false, state: { value: 3 } });
    }
    const fourth = await shopper(server);
    await orderAtDetails(fourth, 2, [['EUR', 100]]);
    expect(await body(await fourth.call('PUT', '/api/order/customer-info', customer({ emailAddress: 'vel@example.com', dateOfBirth: dob })), CustomerInfoResultSchema, 200)).toEqual({ showAMLPopup: false, state: { value: 1 } });

    // Another date of birth is another customer.
    const other = await shopper(server);
    await orderAtDetails(other, 2, [['EUR', 100]]);
    expect(await body(await other.call('PUT', '/api/order/customer-info', customer({ emailAddress: 'vel@example.com', dateOfBirth: '1970-01-02' })), CustomerInfoResultSchema, 200)).toMatchObject({ state: { value: 3 } });

    // The next day the count starts again.
    server.clock.advance(24 * 3_600_000);
    try {
      const tomorrow = await shopper(server);
      await orderAtDetails(tomorrow, 2, [['EUR', 100]]);
      expect(await body(await tomorrow.call('PUT', '/api/order/customer-info', customer({ emailAddress: 'vel@example.com', dateOfBirth: dob })), CustomerInfoResultSchema, 200)).toMatchObject({ state: { value: 3 } });
    } finally {
      server.clock.advance(-24 * 3_600_000);
    }
  });

  it('a day passing £2,500 is refused too', async () => {
    const who = { emailAddress: 'value@example.com', dateOfBirth: '1971-01-01' };
    const first = await shopper(server);
    await orderAtDetails(first, 1, [['EUR', 2000], ['USD', 500]]);
    expect(await body(await first.call('PUT', '/api/order/customer-info', customer(who)), CustomerInfoResultSchema, 200)).toEqual({ showAMLPopup: true, state: { value: 3 } });
    const second = await shopper(server);
    await orderAtDetails(second, 2, [['EUR', 500]]);
    expect(await body(await second.call('PUT', '/api/order/customer-info', customer(who)), CustomerInfoResultSchema, 200)).toEqual({ showAMLPopup: false, state: { value: 1 } });
  });

  it('an order of £1,000 or more shows the AML popup and still goes on to payment', async () => {
    const s = await shopper(server);
    const order = await orderAtDetails(s, 2, [['EUR', 1300]]);
    expect(order.total).toBeGreaterThanOrEqual(1000);
    expect(await body(await s.call('PUT', '/api/order/customer-info', customer({ emailAddress: 'aml@example.com' })), CustomerInfoResultSchema, 200)).toEqual({ showAMLPopup: true, state: { value: 3 } });
    // The order says so as it is read, so the confirmation page and email ask for proof of address.
    expect((await body(await s.call('GET', '/api/order'), OrderSchema, 200)).identificationRequired).toBe(true);
  });

  it('an order under £1,000 is read as needing no additional identification', async () => {
    const s = await shopper(server);
    await orderAtDetails(s, 2, [['EUR', 300]]);
    await s.call('PUT', '/api/order/customer-info', customer({ emailAddress: 'small@example.com' }));
    expect((await body(await s.call('GET', '/api/order'), OrderSchema, 200)).identificationRequired).toBe(false);
  });

  it('so does a customer\'s 30 days reaching £3,000', async () => {
    const who = { emailAddress: 'rolling@example.com', dateOfBirth: '1972-01-01' };
    const days = [0, 8, 16];
    const answers: boolean[] = [];
    try {
      for (const day of days) {
        server.clock.set(new Date(Date.parse('2026-11-02T09:30:00Z') + day * 86_400_000));
        const s = await shopper(server);
        await orderAtDetails(s, 2, [['EUR', 1000]], BRANCH);
        answers.push((await body(await s.call('PUT', '/api/order/customer-info', customer(who)), CustomerInfoResultSchema, 200)).showAMLPopup);
      }
    } finally {
      server.clock.set('2026-11-23T09:30:00Z');
    }
    // About £880 each: three stay under £3,000 over the 30 days; a fourth takes them past it.
    expect(answers).toEqual([false, false, false]);
    const fourth = await shopper(server);
    await orderAtDetails(fourth, 2, [['EUR', 1000]]);
    expect((await body(await fourth.call('PUT', '/api/order/customer-info', customer(who)), CustomerInfoResultSchema, 200)).showAMLPopup).toBe(true);
  });
});

describe('an expired order', () => {
  it('409 order-expired for a slot, the details and the payment once the cart\'s countdown has run out', async () => {
    const s = await shopper(server);
    const order = await orderAtDetails(s, 2);
    const now = server.clock.now();
    server.clock.set(order.expiresAt);
    try {
      expect((await problem(await s.call('PUT', '/api/order/delivery-slot', { id: `collection-${order.deliverySlot!.date}` }), 409)).type).toBe('order-expired');
      expect((await problem(await s.call('PUT', '/api/order/customer-info', customer({ emailAddress: 'late@example.com' })), 409)).type).toBe('order-expired');
      expect((await body(await s.call('GET', '/api/order'), OrderSchema, 200)).state.value).toBe(0);
      expect((await problem(await s.call('GET', '/cart'), 404)).type).toBe('cart-expired');
    } finally {
      server.clock.set(now);
    }
  });
});
