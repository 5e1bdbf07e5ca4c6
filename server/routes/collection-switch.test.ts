/**
 * Collect from a branch instead (issue 45 part 1): a home delivery whose card provider is
 * unavailable moves to a branch that holds its currency, priced again there, and is then reserved
 * and paid for at the branch. The server decides every step.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CollectionBranchesSchema } from '#domain/contract/collection-switch.ts';
import { QuoteResponseSchema } from '#domain/contract/catalogue.ts';
import { CustomerInfoResultSchema, DeliverySlotsResponseSchema, OrderSchema } from '#domain/contract/order.ts';
import { apiRoutes } from '#domain/contract/api-routes.ts';
import { createTestServer, type TestServer } from '../testing.ts';
import { body, BRANCH, customer, HOME_DELIVERY_STORE, orderAtDetails, orderAwaitingPayment, paymentUrl, problem, providerCallback, shopper, type Shopper } from '../../tests/support/commerce-fixtures.ts';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(async () => {
  await server.close();
});

let customers = 0;
const someone = () => ({ emailAddress: `switcher${++customers}@example.com` });
const BRANCHES = apiRoutes.collectionBranches.url();
const SWITCH = apiRoutes.switchToCollection.url();

async function unitsAt(storeId: number, code: string): Promise<number> {
  const [row] = await server.database.query<{ units: string | number }>('select units from store_stock where store_id = $1 and currency_code = $2', [storeId, code]);
  return Number(row?.units ?? 0);
}

/** Collection date, then the same details again: the switched order back at payment. */
async function toPaymentAgain(s: Shopper, who: ReturnType<typeof someone>) {
  const slots = await body(await s.call('GET', '/api/order/delivery-slots'), DeliverySlotsResponseSchema, 200);
  expect(slots.length).toBeGreaterThan(0);
  await body(await s.call('PUT', '/api/order/delivery-slot', { id: slots[0]!.id }), OrderSchema, 200);
  const result = await body(await s.call('PUT', '/api/order/customer-info', customer(who)), CustomerInfoResultSchema, 200);
  expect(result.state.value).toBe(3);
}

describe('GET /api/order/collection-branches', () => {
  it('answers up to five branches that hold all of the order, nearest the delivery address (Leeds) first, each with its first collection day', async () => {
    const s = await shopper(server);
    const order = await orderAwaitingPayment(s, 1, [['EUR', 300], ['USD', 200]], someone());
    expect(order.product.id).toBe(1);
    const found = await body(await s.call('GET', BRANCHES), CollectionBranchesSchema, 200);
    expect(found.near).toBe('LS1 6LY');
    expect(found.items.length).toBeGreaterThan(0);
    expect(found.items.length).toBeLessThanOrEqual(5);
    const miles = found.items.map((b) => b.distanceInMiles ?? Number.POSITIVE_INFINITY);
    expect(miles).toEqual([...miles].sort((a, b) => a - b));
    for (const branch of found.items) {
      expect(branch.storeId).not.toBe(HOME_DELIVERY_STORE);
      expect(await unitsAt(branch.storeId, 'EUR'), branch.name).toBeGreaterThanOrEqual(300);
      expect(await unitsAt(branch.storeId, 'USD'), branch.name).toBeGreaterThanOrEqual(200);
      expect(branch.address.length).toBeGreaterThan(0);
    }
  });

  it('says what the order would cost at each branch, and moving there costs exactly that', async () => {
    const s = await shopper(server);
    const who = someone();
    const before = await orderAwaitingPayment(s, 1, [['EUR', 300]], who);
    const found = await body(await s.call('GET', BRANCHES), CollectionBranchesSchema, 200);
    const [first] = found.items;
    expect(first).toBeDefined();
    // No delivery charge at a branch: not what the home delivery cost with its charge.
    expect(first!.total).not.toBe(before.total);
    const switched = await body(await s.call('POST', SWITCH, { storeId: first!.storeId }), OrderSchema, 200);
    expect(switched.total).toBe(first!.total);
  });

  it('409 for a collection, and for a home delivery not yet at payment', async () => {
    const collection = await shopper(server);
    await orderAwaitingPayment(collection, 2, [['EUR', 300]], someone(), BRANCH);
    expect((await problem(await collection.call('GET', BRANCHES), 409)).type).toBe('switch-not-home-delivery');
    const early = await shopper(server);
    await orderAtDetails(early, 1, [['EUR', 300]]);
    expect((await problem(await early.call('GET', BRANCHES), 409)).type).toBe('order-not-switchable');
  });
});

describe('POST /api/order/switch-to-collection', () => {
  it("moves the order to the branch at its collection rate, back to choosing a date and giving details; then it is reserved there and paid at the branch", async () => {
    const s = await shopper(server);
    const who = someone();
    const before = await orderAwaitingPayment(s, 1, [['EUR', 300]], who);
    const switched = await body(await s.call('POST', SWITCH, { storeId: BRANCH }), OrderSchema, 200);
    expect(switched.id).toBe(before.id);
    expect(switched.product.id).toBe(2);
    expect(switched.store.id).toBe(BRANCH);
    expect(switched.state.value).toBe(0);
    expect(switched.deliverySlot).toBeNull();
    // Priced again as a collection at that branch: the rate the calculator quotes there, and no delivery charge.
    const quote = await body(await s.call('GET', apiRoutes.quote.url(1, BRANCH, 2, 'EUR')), QuoteResponseSchema, 200);
    expect(switched.lines[0]?.qty).toBe(300);
    expect(switched.lines[0]?.rate).toBe(quote.rate);
    expect(switched.total).toBe(switched.lines[0]?.total);

    await toPaymentAgain(s, who);
    const reserved = await body(await s.call('POST', apiRoutes.reserveAtBranch.url()), OrderSchema, 200);
    expect(reserved.state.value).toBe(5);
    expect(reserved.store.id).toBe(BRANCH);
  });

  it('a card page issued for the home delivery cannot pay the switched order: its money is refunded', async () => {
    const s = await shopper(server);
    const who = someone();
    await orderAwaitingPayment(s, 1, [['EUR', 300]], who);
    const oldPage = await paymentUrl(s);
    await body(await s.call('POST', SWITCH, { storeId: BRANCH }), OrderSchema, 200);
    await toPaymentAgain(s, who);
    const paymentId = oldPage.pathname.split('/').pop() ?? '';
    expect(await providerCallback(server, paymentId, 'succeeded')).toBe('refunded');
    const [refund] = await server.database.query<{ reason: string }>('select reason from payment_refunds where payment_id = $1', [paymentId]);
    expect(refund?.reason).toBe('order-changed');
    expect((await body(await s.call('GET', '/api/order'), OrderSchema, 200)).state.value).toBe(3);
  });

  it('409 for a branch without the currency, for a delivery centre, and once switched; 400 for a store id that is not one', async () => {
    const s = await shopper(server);
    await orderAwaitingPayment(s, 1, [['EUR', 300]], someone());
    const [empty] = await server.database.query<{ store_id: number }>(
      "select s.id as store_id from stores s left join store_stock k on k.store_id = s.id and k.currency_code = 'EUR' where not s.is_meta and coalesce(k.units, 0) < 300 limit 1",
    );
    if (empty !== undefined) expect((await problem(await s.call('POST', SWITCH, { storeId: empty.store_id }), 409)).type).toBe('branch-lacks-currency');
    expect((await problem(await s.call('POST', SWITCH, { storeId: HOME_DELIVERY_STORE }), 409)).type).toBe('branch-lacks-currency');
    expect((await problem(await s.call('POST', SWITCH, { storeId: 'ten' }), 400)).title).toBeTruthy();
    await body(await s.call('POST', SWITCH, { storeId: BRANCH }), OrderSchema, 200);
    expect((await problem(await s.call('POST', SWITCH, { storeId: BRANCH }), 409)).type).toBe('switch-not-home-delivery');
  });
});
