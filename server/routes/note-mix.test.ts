/**
 * The notes you want on the server (issue 45 part 3): what each line may have at the cart's store,
 * each choice checked against the line's amount and the notes the store holds (in the words the
 * review shows), kept through amount changes as the rules say, copied into the order, taken with
 * the payment, listed on the branch's staff page, and given back when the order is cancelled.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CheckoutResponseSchema } from '#domain/contract/cart.ts';
import { ManagedOrderSchema } from '#domain/contract/manage-order.ts';
import { CustomerInfoResultSchema, DeliverySlotsResponseSchema, OrderSchema } from '#domain/contract/order.ts';
import { CartNotesSchema, type NoteChoice } from '#domain/note-mix.ts';
import { staffOrders } from '../services/fulfilment.ts';
import { createTestServer, type TestServer } from '../testing.ts';
import { answerGuarantees, body, BRANCH, cartWith, customer, payByProvider, problem, shopper, type Shopper } from '../../tests/support/commerce-fixtures.ts';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(async () => {
  await server?.close();
});

const notes = async (s: Shopper) => body(await s.call('GET', '/api/cart/notes'), CartNotesSchema, 200);
const choose = (s: Shopper, lineId: string, choice: NoteChoice) => s.call('PUT', `/api/cart/line/${lineId}/notes`, choice);
const notesHeld = async (storeId: number, code: string, value: number) =>
  Number((await server.database.query<{ count: string | number }>('select count from store_notes where store_id = $1 and currency_code = $2 and denomination = $3', [storeId, code, value]))[0]?.count);
const setNotesHeld = (storeId: number, code: string, value: number, count: number) =>
  server.database.query('update store_notes set count = $4 where store_id = $1 and currency_code = $2 and denomination = $3', [storeId, code, value, count]);

describe('what a line may have', () => {
  it('offers euros note by note as the branch holds them, and mixed notes until chosen', async () => {
    const s = await shopper(server);
    await cartWith(s, 2, [['EUR', 300]]);
    const [line] = (await notes(s)).lines;
    expect(line).toMatchObject({ currencyCode: 'EUR', symbol: '€', units: 300, choice: { kind: 'mixed' }, offered: { smaller: true, larger: true } });
    // Each note the branch holds, no more than the amount could use: no €500, at most 1 €200.
    expect(line!.offered.exact!.map((n) => n.value)).toEqual([5, 10, 20, 50, 100, 200]);
    expect(line!.offered.exact!.find((n) => n.value === 200)!.available).toBe(1);
    expect(line!.offered.exact!.find((n) => n.value === 50)!.available).toBe(6);
  });

  it('offers a currency not counted note by note only as a preference', async () => {
    const s = await shopper(server);
    await cartWith(s, 2, [['AUD', 300]]);
    const [line] = (await notes(s)).lines;
    expect(line!.offered).toEqual({ smaller: true, larger: true, exact: null });
    const refused = await problem(await choose(s, line!.lineId, { kind: 'exact', counts: [{ value: 50, count: 6 }] }), 422);
    expect(refused.detail).toBe('You can choose each note for euros and US dollars only.');
    await body(await choose(s, line!.lineId, { kind: 'larger' }), CartNotesSchema, 200);
    expect((await notes(s)).lines[0]!.choice).toEqual({ kind: 'larger' });
  });

  it('has no notes to choose on a sell-back cart', async () => {
    const s = await shopper(server);
    const cart = await cartWith(s, 3, [['EUR', 300]]);
    expect((await notes(s)).lines).toEqual([]);
    const refused = await problem(await choose(s, cart.lines[0]!.id, { kind: 'smaller' }), 409);
    expect(refused.detail).toBe('You choose notes only when you buy currency.');
  });
});

describe('a choice is checked as the review checks it', () => {
  const cases: { name: string; choice: NoteChoice; detail: string }[] = [
    { name: 'notes that do not add up', choice: { kind: 'exact', counts: [{ value: 50, count: 5 }] }, detail: 'Your notes add up to €250: choose notes that add up to €300.' },
    { name: 'more of a note than the branch can give', choice: { kind: 'exact', counts: [{ value: 200, count: 2 }] }, detail: 'We have only 1 of the €200 notes for this order. Choose fewer of them.' },
    { name: 'a note the currency does not have', choice: { kind: 'exact', counts: [{ value: 500, count: 1 }] }, detail: 'We have no €500 notes to give for this order.' },
  ];
  it.each(cases)('refuses $name', async ({ choice, detail }) => {
    const s = await shopper(server);
    const cart = await cartWith(s, 2, [['EUR', 300]]);
    const refused = await problem(await choose(s, cart.lines[0]!.id, choice), 422);
    expect(refused.detail).toBe(detail);
    expect((await notes(s)).lines[0]!.choice).toEqual({ kind: 'mixed' });
  });

  it('refuses a count that is not a whole number', async () => {
    const s = await shopper(server);
    const cart = await cartWith(s, 2, [['EUR', 300]]);
    const refused = await problem(await choose(s, cart.lines[0]!.id, { kind: 'exact', counts: [{ value: 50, count: 5.5 }] }), 400);
    expect(refused.errors).toEqual({ 'counts.0.count': 'The number of each note must be a whole number, 0 or more.' });
  });

  it('keeps exact notes without the zeros, highest first, until the amount changes', async () => {
    const s = await shopper(server);
    const cart = await cartWith(s, 2, [['EUR', 300]]);
    const lineId = cart.lines[0]!.id;
    const saved = await body(
      await choose(s, lineId, { kind: 'exact', counts: [{ value: 10, count: 5 }, { value: 20, count: 0 }, { value: 50, count: 5 }] }),
      CartNotesSchema,
      200,
    );
    expect(saved.lines[0]!.choice).toEqual({ kind: 'exact', counts: [{ value: 50, count: 5 }, { value: 10, count: 5 }] });
    // The same amount again keeps them; another amount no longer adds up: back to mixed.
    await s.call('PUT', `/api/cart/line/${lineId}`, { currencyCode: 'EUR', qty: 300 });
    expect((await notes(s)).lines[0]!.choice.kind).toBe('exact');
    await s.call('PUT', `/api/cart/line/${lineId}`, { currencyCode: 'EUR', qty: 400 });
    expect((await notes(s)).lines[0]!.choice).toEqual({ kind: 'mixed' });
    // A preference survives a new amount.
    await body(await choose(s, lineId, { kind: 'smaller' }), CartNotesSchema, 200);
    await s.call('PUT', `/api/cart/line/${lineId}`, { currencyCode: 'EUR', qty: 500 });
    expect((await notes(s)).lines[0]!.choice).toEqual({ kind: 'smaller' });
  });
});

describe('the order', () => {
  const pay = (s: Shopper) => payByProvider(server, s);

  let orders = 0;
  /** An order awaiting payment with the notes chosen, by a customer of its own (the velocity checks count per customer). */
  async function orderWithNotes(s: Shopper, choice: NoteChoice, slot = 0) {
    orders += 1;
    const who = customer({ emailAddress: `notes.${orders}@example.com` });
    const cart = await cartWith(s, 2, [['USD', 200]]);
    await body(await choose(s, cart.lines[0]!.id, choice), CartNotesSchema, 200);
    await answerGuarantees(s, cart);
    await body(await s.call('POST', '/cart/checkout'), CheckoutResponseSchema, 201);
    const slots = await body(await s.call('GET', '/api/order/delivery-slots'), DeliverySlotsResponseSchema, 200);
    await body(await s.call('PUT', '/api/order/delivery-slot', { id: slots[slot]!.id }), OrderSchema, 200);
    await body(await s.call('PUT', '/api/order/customer-info', who), CustomerInfoResultSchema, 200);
    return who;
  }

  it('keeps the notes on its lines and takes exact notes from the branch with the payment', async () => {
    const s = await shopper(server);
    const before = await notesHeld(BRANCH, 'USD', 20);
    await orderWithNotes(s, { kind: 'exact', counts: [{ value: 20, count: 10 }] });
    const order = await body(await s.call('GET', '/api/order'), OrderSchema, 200);
    expect(order.lines[0]!.notes).toEqual({ kind: 'exact', counts: [{ value: 20, count: 10 }] });
    expect(await notesHeld(BRANCH, 'USD', 20)).toBe(before);
    expect(await pay(s)).toBe('completed');
    expect(await notesHeld(BRANCH, 'USD', 20)).toBe(before - 10);
    // The branch's staff page lists the order with its notes.
    const listed = (await staffOrders(server.deps.db, { kind: 'branch', storeId: BRANCH })).find((o) => o.reference === order.externalOrderId);
    expect(listed?.currencies).toBe('USD 200 (10 × $20)');
  });

  it('gives the notes back to the branch when the shopper cancels the order', async () => {
    const s = await shopper(server);
    const before = await notesHeld(BRANCH, 'USD', 50);
    // Its collection date has not started yet, so it can still be cancelled.
    const who = await orderWithNotes(s, { kind: 'exact', counts: [{ value: 50, count: 4 }] }, 1);
    const order = await body(await s.call('GET', '/api/order'), OrderSchema, 200);
    expect(await pay(s)).toBe('completed');
    expect(await notesHeld(BRANCH, 'USD', 50)).toBe(before - 4);
    const post = (path: string, json: unknown) => server.request(path, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(json) });
    const view = await body(await post('/api/orders/find', { reference: order.externalOrderId, emailAddress: who.emailAddress, dateOfBirth: who.dateOfBirth }), ManagedOrderSchema, 200);
    expect((await body(await post('/api/orders/cancel', { access: view.access }), ManagedOrderSchema, 200)).refusal).toBe('cancelled');
    expect(await notesHeld(BRANCH, 'USD', 50)).toBe(before);
  });

  it('a preference takes no note in particular', async () => {
    const s = await shopper(server);
    const before = await notesHeld(BRANCH, 'USD', 20);
    await orderWithNotes(s, { kind: 'smaller' });
    expect((await body(await s.call('GET', '/api/order'), OrderSchema, 200)).lines[0]!.notes).toEqual({ kind: 'smaller' });
    expect(await pay(s)).toBe('completed');
    expect(await notesHeld(BRANCH, 'USD', 20)).toBe(before);
  });

  it('is refunded as sold out when the chosen notes went before the payment came', async () => {
    const s = await shopper(server);
    await orderWithNotes(s, { kind: 'exact', counts: [{ value: 100, count: 2 }] });
    const held = await notesHeld(BRANCH, 'USD', 100);
    await setNotesHeld(BRANCH, 'USD', 100, 1);
    expect(await pay(s)).not.toBe('completed');
    expect(await notesHeld(BRANCH, 'USD', 100)).toBe(1);
    await setNotesHeld(BRANCH, 'USD', 100, held);
  });
});
