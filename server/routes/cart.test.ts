import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CartExistsSchema, CartSchema, CheckoutResponseSchema } from '#domain/contract/cart.ts';
import { OrderSchema } from '#domain/contract/order.ts';
import { createTestServer, type TestServer } from '../testing.ts';
import { answerGuarantees, body, BRANCH, cartWith, problem, shopper } from '../../tests/support/commerce-fixtures.ts';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(async () => {
  await server.close();
});

describe('GET /cart and GET /api/cart', () => {
  it('404 while the session has no cart', async () => {
    const s = await shopper(server);
    expect((await problem(await s.call('GET', '/cart'), 404)).title).toBe('You have no cart');
    await problem(await s.call('GET', '/api/cart'), 404);
  });

  it('the cart once created, with the expiry CART_TTL_MINUTES (30) from now', async () => {
    const s = await shopper(server);
    const created = await cartWith(s, 2, []);
    expect(created).toMatchObject({ siteId: 1, product: { id: 2, transactionType: 'sell' }, store: { id: BRANCH }, lines: [], total: 0, currencyCode: null });
    expect(new Date(created.expiresAt).getTime() - server.clock.now().getTime()).toBe(30 * 60_000);
    expect(await body(await s.call('GET', '/cart'), CartExistsSchema, 200)).toEqual({ id: created.id, productId: 2, expiresAt: created.expiresAt });
    expect(await body(await s.call('GET', '/api/cart'), CartSchema, 200)).toEqual(created);
  });
});

describe('POST /cart', () => {
  it.each([
    [{ storeId: BRANCH, productId: 1, affiliateCode: null }, 'Home delivery is sent from a delivery centre, not a branch.'],
    [{ storeId: 1, productId: 2, affiliateCode: null }, 'Choose a branch for this product.'],
    [{ storeId: 9999, productId: 2, affiliateCode: null }, 'There is no store 9999 on this site.'],
  ])('refuses %j with 422', async (request, detail) => {
    const s = await shopper(server);
    expect((await problem(await s.call('POST', '/cart', request), 422)).detail).toBe(detail);
  });

  it('400 naming the fields of a malformed body', async () => {
    const s = await shopper(server);
    const doc = await problem(await s.call('POST', '/cart', { storeId: 'x', productId: 7 }), 400);
    expect(Object.keys(doc.errors ?? {})).toEqual(expect.arrayContaining(['storeId', 'productId']));
  });

  it('400, never a 500, for a store id too large to name a store', async () => {
    const s = await shopper(server);
    const doc = await problem(await s.call('POST', '/cart', { storeId: 1e20, productId: 2 }), 400);
    expect(doc.errors).toEqual({ storeId: 'must be at most 2147483647' });
  });

  it('409 when the session already has a cart', async () => {
    const s = await shopper(server);
    await cartWith(s, 2, []);
    expect((await problem(await s.call('POST', '/cart', { storeId: BRANCH, productId: 2 }), 409)).type).toBe('cart-exists');
  });
});

describe('lines', () => {
  it('prices each line on the server: rounded up to the branch increment, GBP up to the penny', async () => {
    const s = await shopper(server);
    const cart = await cartWith(s, 2, [['EUR', 243]]);
    const line = cart.lines[0]!;
    expect(line).toMatchObject({ currency: { code: 'EUR', pluralName: 'Euros', symbol: '€' }, qty: 250, increment: 10 });
    expect(line.total).toBe(Math.ceil((250 / line.rate) * 100 - 1e-9) / 100);
    expect(cart).toMatchObject({ linesTotal: line.total, total: line.total, currencyCode: 'EUR' });
  });

  it('floors a sell-back amount to whole units', async () => {
    const s = await shopper(server);
    const cart = await cartWith(s, 3, [['USD', 120.75]]);
    expect(cart.lines[0]).toMatchObject({ qty: 120, increment: 1 });
    expect(cart.buyBackGuarantee).toBe(false);
    expect(cart.refundGuarantee).toBe(false);
  });

  it.each([
    [2, 'INR', "Oh snap! We don't have any Indian Rupees right now - check back soon!"],
    [3, 'KRW', "Oh snap! We can't buy South Korean Won right now - check back soon!"],
  ] as const)('product %i refuses %s with the spec message', async (productId, code, message) => {
    const s = await shopper(server);
    await cartWith(s, productId, []);
    expect((await problem(await s.call('POST', '/api/cart/add', { currencyCode: code, qty: 1000 }), 422)).detail).toBe(message);
  });

  it('400 "Amount should be greater than 0" for a quantity of 0; 409 for a currency already in the cart', async () => {
    const s = await shopper(server);
    await cartWith(s, 2, [['EUR', 100]]);
    expect((await problem(await s.call('POST', '/api/cart/add', { currencyCode: 'USD', qty: 0 }), 400)).errors).toEqual({ qty: 'Amount should be greater than 0' });
    expect((await problem(await s.call('POST', '/api/cart/add', { currencyCode: 'EUR', qty: 50 }), 409)).type).toBe('currency-in-cart');
  });

  it('updates and deletes a line; another session gets 403, an unknown line 404', async () => {
    const s = await shopper(server);
    const cart = await cartWith(s, 2, [['EUR', 100], ['USD', 100]]);
    const [eur, usd] = cart.lines;
    const updated = await body(await s.call('PUT', `/api/cart/line/${eur!.id}`, { currencyCode: 'EUR', qty: 401 }), CartSchema, 200);
    expect(updated.lines.find((l) => l.id === eur!.id)?.qty).toBe(410);
    // Two lines of one currency are never made: a line keeps its currency.
    await problem(await s.call('PUT', `/api/cart/line/${eur!.id}`, { currencyCode: 'USD', qty: 401 }), 422);

    const other = await shopper(server);
    await cartWith(other, 2, []);
    await problem(await other.call('PUT', `/api/cart/line/${eur!.id}`, { currencyCode: 'EUR', qty: 1 }), 403);
    await problem(await other.call('DELETE', `/api/cart/line/${usd!.id}`), 403);
    await problem(await s.call('DELETE', '/api/cart/line/00000000-0000-4000-8000-000000000000'), 404);
    await problem(await s.call('DELETE', '/api/cart/line/not-an-id'), 400);

    const after = await body(await s.call('DELETE', `/api/cart/line/${usd!.id}`), CartSchema, 200);
    expect(after.lines.map((l) => l.currency.code)).toEqual(['EUR']);
  });
});

describe('guarantees', () => {
  it('Buyback only from £150 on the main site; fees £4 and £3 added to the total', async () => {
    const s = await shopper(server);
    const small = await cartWith(s, 2, [['EUR', 100]]);
    expect(small.buyBackGuarantee).toBe(false);
    expect((await problem(await s.call('GET', '/api/cart/buyback?isBuyBack=true'), 422)).detail).toBe("Your cart is too small to use the Buyback Guarantee. It's available on carts of £150 or more.");

    const big = await body(await s.call('PUT', `/api/cart/line/${small.lines[0]!.id}`, { currencyCode: 'EUR', qty: 300 }), CartSchema, 200);
    expect(big.linesTotal).toBeGreaterThanOrEqual(150);
    expect(big.buyBackGuarantee).toBeNull();
    const withBuyback = await body(await s.call('GET', '/api/cart/buyback?isBuyBack=true'), CartSchema, 200);
    const withBoth = await body(await s.call('GET', '/api/cart/refund?isRefund=true'), CartSchema, 200);
    expect(withBuyback.total).toBeCloseTo(big.linesTotal + 4, 2);
    expect(withBoth.total).toBeCloseTo(big.linesTotal + 7, 2);

    // Back below £150: forced off again, and the fee goes.
    const shrunk = await body(await s.call('PUT', `/api/cart/line/${small.lines[0]!.id}`, { currencyCode: 'EUR', qty: 100 }), CartSchema, 200);
    expect(shrunk.buyBackGuarantee).toBe(false);
    expect(shrunk.total).toBeCloseTo(shrunk.linesTotal + 3, 2);
  });

  it('the partner site needs £200 for Buyback and has no Refund Guarantee', async () => {
    const s = await shopper(server, 2);
    // About £175 of euros: enough on the main site, not on the partner site.
    const cart = await body(await s.call('POST', '/cart', { storeId: BRANCH, productId: 2 }), CartSchema, 201);
    expect(cart.siteId).toBe(2);
    const added = await body(await s.call('POST', '/api/cart/add', { currencyCode: 'EUR', qty: 200 }), CartSchema, 201);
    expect(added.linesTotal).toBeGreaterThanOrEqual(150);
    expect(added.linesTotal).toBeLessThan(200);
    expect(added.buyBackGuarantee).toBe(false);
    expect(added.refundGuarantee).toBe(false);
    await problem(await s.call('GET', '/api/cart/buyback?isBuyBack=true'), 422);
    await problem(await s.call('GET', '/api/cart/refund?isRefund=true'), 422);
    await problem(await s.call('GET', '/api/cart/refund?isRefund=maybe'), 400);
  });
});

describe('POST /cart/checkout', () => {
  it('refuses unanswered guarantee questions with the spec messages', async () => {
    const s = await shopper(server);
    await cartWith(s, 2, [['EUR', 300]]);
    const doc = await problem(await s.call('POST', '/cart/checkout'), 422);
    expect(doc.errors).toEqual({ buyBackGuarantee: 'Please select your Buyback guarantee option', refundGuarantee: 'Please select your Refund guarantee option' });
  });

  it('refuses a spend below minSpend or above maxSpend with the spec messages', async () => {
    const s = await shopper(server);
    const cart = await cartWith(s, 2, [['EUR', 20]]);
    await answerGuarantees(s, cart);
    expect((await problem(await s.call('POST', '/cart/checkout'), 422)).errors).toEqual({ total: 'Minimum spend of £50 has not been met' });

    const t = await shopper(server);
    const big = await cartWith(t, 2, [['EUR', 2000], ['USD', 2000]]);
    await answerGuarantees(t, big);
    expect((await problem(await t.call('POST', '/cart/checkout'), 422)).errors).toEqual({ total: 'Maximum spend of £2,500 has been exceeded' });
  });

  it('refuses an empty cart', async () => {
    const s = await shopper(server);
    await cartWith(s, 2, []);
    expect((await problem(await s.call('POST', '/cart/checkout'), 422)).detail).toBe('Your cart is empty, add some currency to continue');
  });

  it('creates one order in state 0 (201), and the same order again on a repeat (200); the cart is then read-only', async () => {
    const s = await shopper(server);
    const cart = await cartWith(s, 2, [['EUR', 300]]);
    await answerGuarantees(s, cart);
    const first = await body(await s.call('POST', '/cart/checkout'), CheckoutResponseSchema, 201);
    expect(first.externalOrderId).toMatch(/^TMS-[A-Z2-9]{8}$/);
    expect(await body(await s.call('POST', '/cart/checkout'), CheckoutResponseSchema, 200)).toEqual(first);
    const order = await body(await s.call('GET', '/api/order'), OrderSchema, 200);
    expect(order).toMatchObject({ id: first.orderId, cartId: cart.id, state: { value: 0 }, product: { id: 2, name: 'Click and collect' }, ClickAndCollect: true, paymentAttempt: null, buyBackGuarantee: false, refundGuarantee: false });
    expect(order.lines[0]).toMatchObject({ currency: { code: 'EUR', name: 'Euros' }, qty: 300 });
    expect((await problem(await s.call('POST', '/api/cart/add', { currencyCode: 'USD', qty: 10 }), 409)).type).toBe('cart-checked-out');
    expect(await body(await s.call('GET', '/cart'), CartExistsSchema, 200)).toMatchObject({ id: cart.id });
  });

  it('two checkouts of one cart at once make one order', async () => {
    const s = await shopper(server);
    const cart = await cartWith(s, 2, [['EUR', 300]]);
    await answerGuarantees(s, cart);
    const answers = await Promise.all([s.call('POST', '/cart/checkout'), s.call('POST', '/cart/checkout'), s.call('POST', '/cart/checkout')]);
    const bodies = await Promise.all(answers.map((r) => body(r, CheckoutResponseSchema)));
    expect(answers.map((r) => r.status).sort()).toEqual([200, 200, 201]);
    expect(new Set(bodies.map((b) => b.orderId)).size).toBe(1);
  });
});

describe('expiry', () => {
  it('an expired cart answers 404 "Cart expired" and a new cart may be started', async () => {
    const local = await createTestServer({ config: { cartTtlMinutes: 5 } });
    try {
      const s = await shopper(local);
      await cartWith(s, 2, [['EUR', 100]]);
      local.clock.advance(5 * 60_000);
      for (const [method, path, json] of [
        ['GET', '/cart'],
        ['GET', '/api/cart'],
        ['POST', '/api/cart/add', { currencyCode: 'USD', qty: 10 }],
        ['POST', '/cart/checkout'],
      ] as const) {
        const doc = await problem(await s.call(method, path, json), 404);
        expect(doc).toMatchObject({ title: 'Cart expired', type: 'cart-expired' });
      }
      await cartWith(s, 2, []);
    } finally {
      await local.close();
    }
  });
});

describe('POST /api/cart/extend ("Need more time?")', () => {
  // Carts of 5 minutes: in the countdown's last 5 minutes (under 300 s) a second after they are
  // made; CART_EXTENSION_LIMIT 2.
  let local: TestServer;
  beforeAll(async () => {
    local = await createTestServer({ config: { cartTtlMinutes: 5, cartExtensionLimit: 2 } });
  });
  afterAll(async () => {
    await local.close();
  });

  it('adds the TTL to the expiry twice, then refuses with 409 and the reason', async () => {
    const s = await shopper(local);
    const cart = await cartWith(s, 2, [['EUR', 100]]);
    expect(cart).toMatchObject({ extensionsLeft: 2, extensionMinutes: 5 });
    local.clock.advance(60_000);
    const once = await body(await s.call('POST', '/api/cart/extend'), CartSchema, 200);
    expect(Date.parse(once.expiresAt) - Date.parse(cart.expiresAt)).toBe(5 * 60_000);
    expect(once).toMatchObject({ extensionsLeft: 1, lines: cart.lines, total: cart.total });
    local.clock.advance(5 * 60_000);
    const twice = await body(await s.call('POST', '/api/cart/extend'), CartSchema, 200);
    expect(Date.parse(twice.expiresAt) - Date.parse(cart.expiresAt)).toBe(10 * 60_000);
    expect(twice.extensionsLeft).toBe(0);
    expect(await body(await s.call('GET', '/api/cart'), CartSchema, 200)).toEqual(twice);
    const refused = await problem(await s.call('POST', '/api/cart/extend'), 409);
    expect(refused).toMatchObject({
      type: 'cart-extension-limit',
      title: 'No more time can be added',
      detail: 'This cart has already had all the extra time we can give it (twice).',
    });
    expect((await body(await s.call('GET', '/api/cart'), CartSchema, 200)).expiresAt).toBe(twice.expiresAt);
  });

  it('refuses a cart not yet in its last 5 minutes, an expired cart and no cart', async () => {
    const long = await createTestServer({ config: { cartTtlMinutes: 30 }, sharing: local });
    try {
      const s = await shopper(long);
      await cartWith(s, 2, [['EUR', 100]]);
      expect(await problem(await s.call('POST', '/api/cart/extend'), 409)).toMatchObject({
        type: 'cart-extension-too-early',
        title: 'Too early to add time',
        detail: 'You can add more time in the last 5 minutes before your cart expires.',
      });
    } finally {
      await long.close();
    }
    const s = await shopper(local);
    await cartWith(s, 2, [['EUR', 100]]);
    local.clock.advance(5 * 60_000);
    expect(await problem(await s.call('POST', '/api/cart/extend'), 404)).toMatchObject({ title: 'Cart expired', type: 'cart-expired' });
    const none = await shopper(local);
    expect((await problem(await none.call('POST', '/api/cart/extend'), 404)).title).toBe('You have no cart');
  });

  it('takes the order waiting for payment with it', async () => {
    const s = await shopper(local);
    const cart = await cartWith(s, 2, [['EUR', 300]]);
    await answerGuarantees(s, cart);
    const { orderId } = await body(await s.call('POST', '/cart/checkout'), CheckoutResponseSchema, 201);
    // Under 300 s left: 'expiring'.
    local.clock.advance(1000);
    const extended = await body(await s.call('POST', '/api/cart/extend'), CartSchema, 200);
    const order = await body(await s.call('GET', '/api/order'), OrderSchema, 200);
    expect(order.id).toBe(orderId);
    expect(order.expiresAt).toBe(extended.expiresAt);
  });

  it('needs the session token', async () => {
    expect((await local.request('/api/cart/extend', { method: 'POST' })).status).toBe(401);
  });
});

describe('DELETE /cart and recreatewebcart', () => {
  it('abandons the cart and the order in progress (204, idempotent)', async () => {
    const s = await shopper(server);
    const cart = await cartWith(s, 2, [['EUR', 300]]);
    await answerGuarantees(s, cart);
    const { orderId } = await body(await s.call('POST', '/cart/checkout'), CheckoutResponseSchema, 201);
    expect((await s.call('DELETE', '/cart')).status).toBe(204);
    expect((await s.call('DELETE', '/cart')).status).toBe(204);
    await problem(await s.call('GET', '/cart'), 404);
    await problem(await s.call('GET', '/api/order'), 404);
    const [row] = await server.database.query<{ state: number }>('select state from orders where id = $1', [orderId]);
    expect(row?.state).toBe(16);
  });

  it('recreates an abandoned cart as a new open cart at today\'s prices; once per source', async () => {
    const s = await shopper(server);
    const old = await cartWith(s, 2, [['EUR', 300], ['USD', 50]]);
    expect((await s.call('DELETE', '/cart')).status).toBe(204);
    const copy = await body(await s.call('GET', `/api/cart/recreatewebcart?id=${old.id}`), CartSchema, 200);
    expect(copy.id).not.toBe(old.id);
    expect(copy.lines.map((l) => [l.currency.code, l.qty])).toEqual([['EUR', 300], ['USD', 50]]);
    expect(copy.buyBackGuarantee).toBeNull();
    expect(await body(await s.call('GET', `/api/cart/recreatewebcart?id=${old.id}`), CartSchema, 200)).toEqual(copy);
    expect(await body(await s.call('GET', '/api/cart'), CartSchema, 200)).toEqual(copy);

    await problem(await s.call('GET', '/api/cart/recreatewebcart?id=00000000-0000-4000-8000-000000000000'), 404);
  });

  it('recreates the emailed basket in another browser (another session of the same site), not on another site', async () => {
    const s = await shopper(server);
    const old = await cartWith(s, 2, [['EUR', 300]]);
    const elsewhere = await shopper(server);
    const copy = await body(await elsewhere.call('GET', `/api/cart/recreatewebcart?id=${old.id}`), CartSchema, 200);
    expect(copy.lines.map((l) => [l.currency.code, l.qty])).toEqual([['EUR', 300]]);
    // The original is untouched and still its owner's.
    expect(await body(await s.call('GET', '/api/cart'), CartSchema, 200)).toEqual(old);

    const partner = await shopper(server, 2);
    await problem(await partner.call('GET', `/api/cart/recreatewebcart?id=${old.id}`), 403);
  });
});
