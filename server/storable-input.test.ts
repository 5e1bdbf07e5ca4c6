/**
 * Text PostgreSQL cannot store (NUL, half a surrogate pair) is refused as the shopper's mistake
 * (400 problem naming the field), never a 500, on every route that takes free text.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '#domain/messages.ts';
import { body, customer, orderAtDetails, orderAwaitingPayment, paymentUrl, problem, shopper, type Shopper } from '../tests/support/commerce-fixtures.ts';
import { PSP_CALLBACK_PATH } from './routes/order.ts';
import { signBody, SIGNATURE_HEADER } from './psp/signature.ts';
import { OrderSchema } from '#domain/contract/order.ts';
import { createTestServer, type TestServer } from './testing.ts';

const NUL = 'a\u0000b';
const HIGH = 'a\uD800b';
const LOW = '\uDC00b';
const BAD = [
  ['NUL', NUL],
  ['a lone high surrogate', HIGH],
  ['a lone low surrogate', LOW],
] as const;

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(async () => {
  await server?.close();
});

async function refused(res: Response, field: string) {
  const doc = await problem(res, 400);
  expect(doc.errors?.[field]).toBe(messages.unusableCharacters);
  expect(doc.requestId).toBeTruthy();
}

describe('query and path parameters', () => {
  it('GET a quote with affiliateCode=%00 (no session)', async () => {
    await refused(await server.request('/api/sites/1/stores/10/products/2/rates/currency/EUR?affiliateCode=%00'), 'affiliateCode');
  });

  it.each([
    ['/branches/%00abc'],
    ['/api/places?q=le%00eds'],
    ['/api/address-lookup?postcode=LS1%006LY'],
    ['/api/cart/recreatewebcart?id=%00'],
    ['/api/sites/1/stores/10/products/2/rates/currency/EU%00'],
  ])('GET %s', async (path) => {
    const doc = await problem(await server.request(path, { headers: server.auth(await server.newSession()) }), 400);
    expect(Object.values(doc.errors ?? {})).toContain(messages.unusableCharacters);
  });

  it.each([
    ['a NUL written into the URL as it is', `/api/places?q=le${'\u0000'}eds`],
    ['a NUL written into the path as it is', `/branches/${'\u0000'}abc`],
  ])('refuses %s (a URL carries such text only as an escape)', async (_, path) => {
    const doc = await problem(await server.request(path, { headers: server.auth(await server.newSession()) }), 400);
    expect(Object.values(doc.errors ?? {})).toContain(messages.unusableCharacters);
  });

  it('a text that is merely unusual still works', async () => {
    const res = await server.request('/api/sites/1/stores/10/products/2/rates/currency/EUR?affiliateCode=%F0%9F%98%80');
    expect(res.status).toBe(200);
  });
});

describe('JSON bodies', () => {
  it.each(BAD)('POST /cart with an affiliateCode holding %s', async (_, text) => {
    const s = await shopper(server);
    await refused(await s.call('POST', '/cart', { storeId: 10, productId: 2, affiliateCode: text }), 'affiliateCode');
  });

  // One order for the checkout cases: a refused request changes nothing, so each finds it as it was.
  let atDetails: Shopper;
  beforeAll(async () => {
    atDetails = await shopper(server);
    await orderAtDetails(atDetails);
  });

  it.each(BAD)('PUT /api/order/ga-info with %s', async (_, text) => {
    const s = atDetails;
    await refused(await s.call('PUT', '/api/order/ga-info', { UTM_Source: 'news', UTM_Campaign: text }), 'UTM_Campaign');
  });

  describe('PUT /api/order/customer-info', () => {
    const cases = (['houseNameNumber', 'addressLine1', 'addressLine2', 'townCity'] as const).flatMap((field) =>
      BAD.map(([what, text]) => [field, what, text] as const),
    );
    it.each(cases)('address.%s with %s', async (field, _, text) => {
      const s = atDetails;
      const who = customer();
      await refused(await s.call('PUT', '/api/order/customer-info', { ...who, address: { ...who.address, [field]: text } }), `address.${field}`);
      // Nothing was kept: the shopper can send the details again, corrected.
      expect((await body(await s.call('GET', '/api/order'), OrderSchema, 200)).customer).toBeNull();
    });
  });

  it('a signed provider callback whose ids hold NUL', async () => {
    const s = await shopper(server);
    await orderAwaitingPayment(s);
    const paymentId = (await paymentUrl(s)).pathname.split('/').pop()!;
    for (const event of [
      { id: `evt_${NUL}`, type: 'payment.succeeded', paymentId, amount: 1, created: server.clock.now().toISOString() },
      { id: 'evt_1', type: 'payment.succeeded', paymentId: HIGH, amount: 1, created: server.clock.now().toISOString() },
    ]) {
      const text = JSON.stringify(event);
      const res = await server.request(PSP_CALLBACK_PATH, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', [SIGNATURE_HEADER]: signBody(server.pspWebhookSecret, text) },
        body: text,
      });
      const doc = await problem(res, 400);
      expect(Object.keys(doc.errors ?? {})).toEqual([event.id === 'evt_1' ? 'paymentId' : 'id']);
    }
  });
});
