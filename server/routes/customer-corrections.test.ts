/**
 * PUT /api/order/customer-info again: before the payment has started the last details win and
 * are checked again (velocity, AML); once it has started, different details are a clear 409.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CustomerInfoResultSchema, OrderSchema } from '#domain/contract/order.ts';
import { createTestServer, type TestServer } from '../testing.ts';
import { body, customer, orderAtDetails, orderAwaitingPayment, paymentUrl, problem, shopper, type Shopper } from '../../tests/support/commerce-fixtures.ts';

let server: TestServer;
beforeAll(async () => {
  // A low 30-day AML threshold, so a customer's one earlier order takes the next past it.
  server = await createTestServer({ config: { amlRollingThresholdGbp: 500 } });
});
afterAll(async () => {
  await server.close();
});

const submit = async (s: Shopper, details: ReturnType<typeof customer>) => s.call('PUT', '/api/order/customer-info', details);
const answer = async (s: Shopper, details: ReturnType<typeof customer>) => body(await submit(s, details), CustomerInfoResultSchema, 200);
const orderOf = async (s: Shopper) => body(await s.call('GET', '/api/order'), OrderSchema, 200);

describe('correcting the details before the payment has started', () => {
  it('the last details win: the order keeps them', async () => {
    const s = await shopper(server);
    await orderAtDetails(s, 1);
    expect(await answer(s, customer({ emailAddress: 'first@example.com', firstName: 'Anne' }))).toEqual({ showAMLPopup: false, state: { value: 3 } });
    const corrected = customer({ emailAddress: 'second@example.com', firstName: 'Ann', address: { ...customer().address, houseNameNumber: '14' } });
    expect(await answer(s, corrected)).toEqual({ showAMLPopup: false, state: { value: 3 } });
    const order = await orderOf(s);
    expect(order.customer).toMatchObject({ email: 'second@example.com', firstName: 'Ann' });
    expect(order.deliveryAddress).toMatchObject({ buildingNameNumber: '14' });
  });

  it('the AML check runs again on the new details: the answer follows them both ways', async () => {
    // An earlier order of this customer: about £260 awaiting payment.
    const known = { emailAddress: 'known@example.com', dateOfBirth: '1966-06-06' };
    await orderAwaitingPayment(await shopper(server), 2, [['EUR', 300]], known);

    const s = await shopper(server);
    await orderAtDetails(s, 2, [['EUR', 300]]);
    expect(await answer(s, customer({ emailAddress: 'stranger@example.com' }))).toEqual({ showAMLPopup: false, state: { value: 3 } });
    // The same customer again: the two orders pass £500 within 30 days.
    expect(await answer(s, customer(known))).toEqual({ showAMLPopup: true, state: { value: 3 } });
    expect(await answer(s, customer({ emailAddress: 'stranger@example.com' }))).toEqual({ showAMLPopup: false, state: { value: 3 } });
  });

  it('the velocity check runs again on the new details: a customer with three orders today is refused (1), and stays refused', async () => {
    const busy = { emailAddress: 'busy@example.com', dateOfBirth: '1977-07-07' };
    for (let i = 0; i < 3; i++) await orderAwaitingPayment(await shopper(server), 2, [['EUR', 300]], busy);

    const s = await shopper(server);
    await orderAtDetails(s, 2, [['EUR', 300]]);
    expect((await answer(s, customer({ emailAddress: 'someone-else@example.com' }))).state.value).toBe(3);
    expect(await answer(s, customer(busy))).toEqual({ showAMLPopup: false, state: { value: 1 } });
    expect((await orderOf(s)).state.value).toBe(1);
    // Other details cannot talk a refused order round.
    const locked = await problem(await submit(s, customer({ emailAddress: 'someone-else@example.com' })), 409);
    expect(locked).toMatchObject({ type: 'customer-details-locked', title: 'Your details can no longer be changed' });
    expect((await orderOf(s)).state.value).toBe(1);
  });
});

describe('once the payment has started', () => {
  it('different details are 409 customer-details-locked with a title and detail a shopper understands; the same details again still answer 200', async () => {
    const s = await shopper(server);
    const first = customer({ emailAddress: 'payer@example.com' });
    await orderAtDetails(s, 2, [['EUR', 300]]);
    expect(await answer(s, first)).toEqual({ showAMLPopup: false, state: { value: 3 } });
    await paymentUrl(s);

    const doc = await problem(await submit(s, customer({ emailAddress: 'changed@example.com' })), 409);
    expect(doc).toMatchObject({
      type: 'customer-details-locked',
      title: 'Your details can no longer be changed',
      detail: 'Payment for this order has already started, so the details given for it can no longer be changed.',
    });
    expect((await orderOf(s)).customer).toMatchObject({ email: 'payer@example.com' });
    expect(await answer(s, first)).toEqual({ showAMLPopup: false, state: { value: 3 } });
  });

  it('a completed sell-back order keeps its details', async () => {
    const s = await shopper(server);
    await orderAtDetails(s, 3, [['EUR', 100]]);
    expect((await answer(s, customer({ emailAddress: 'seller2@example.com' }))).state.value).toBe(18);
    const doc = await problem(await submit(s, customer({ emailAddress: 'other-seller@example.com' })), 409);
    expect(doc.type).toBe('customer-details-locked');
    expect((await orderOf(s)).customer).toMatchObject({ email: 'seller2@example.com' });
  });
});
