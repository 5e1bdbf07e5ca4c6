/**
 * Carts (spec 4.3, 5.1, 7.4). The server prices every line itself with the quote the calculator
 * sees and the domain's rounding rules, applies the guarantee and spend rules, and enforces the
 * cart's expiry (CART_TTL_MINUTES from creation, the countdown the shopper sees).
 *
 * A session has one current cart (sessions.cart_id). It is open until checkout; after checkout it
 * is read-only and belongs to its order; DELETE /cart abandons it and any order in progress.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { Cart, CartExists, CreateCartRequest } from '#domain/contract/cart.ts';
import { formatMessage, serverMessages } from '#domain/messages.ts';
import { extendedExpiry, extensionRefusal } from '#domain/more-time.ts';
import { toMajor } from '#domain/money.ts';
import { ORDER_STATE } from '#domain/order-state.ts';
import { isProductId, PRODUCT, storeServesProduct } from '#domain/products.ts';
import type { Db } from '../db/client.ts';
import * as t from '../db/schema.ts';
import type { Deps } from '../deps.ts';
import { conflict, forbidden, HttpProblem, notFound, unprocessable } from '../errors.ts';
import { buybackRefusal, settleGuarantees } from './cart-pricing.ts';
import { price, pricingFor } from './cart-lines.ts';
import { cartExpired, cartView, cartWithLines, currentCart, guaranteeContext, noCart, openCart, productOf, sumLines, usableCart } from './cart-store.ts';
import type { ReferenceData } from './reference.ts';
import { setSessionCart, type SessionContext } from './session.ts';

export async function cartExists(deps: Deps, session: SessionContext): Promise<CartExists> {
  const cart = await currentCart(deps, session);
  return { id: cart.id, productId: productOf(cart), expiresAt: cart.expiresAt.toISOString() };
}

export async function getCart(deps: Deps, session: SessionContext): Promise<Cart> {
  const ref = await deps.reference.current();
  const { cart, lines } = await usableCart(deps, session, deps.db);
  return cartView(ref, cart, lines, deps.config);
}

/** POST /cart. A session with a usable cart must leave it (DELETE /cart) before starting another. */
export async function createCart(deps: Deps, session: SessionContext, request: CreateCartRequest): Promise<Cart> {
  const ref = await deps.reference.current();
  return deps.db.transaction(async (tx) => {
    await refuseIfCartInUse(deps, session, tx);
    // quoteFor's checks (site offers the product, store serves the site) without a currency yet.
    assertProductAndStore(ref, session.siteId, request.productId, request.storeId);
    const now = deps.clock.now();
    const [cart] = await tx
      .insert(t.carts)
      .values({
        sessionId: session.sessionId,
        siteId: session.siteId,
        storeId: request.storeId,
        productId: request.productId,
        affiliateCode: request.affiliateCode?.trim().toUpperCase() || null,
        expiresAt: new Date(now.getTime() + deps.config.cartTtlMinutes * 60_000),
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    if (cart === undefined) throw new Error('The cart was not created');
    await setSessionCart(tx, session.sessionId, { cartId: cart.id, orderId: null }, now);
    return cartView(ref, cart, [], deps.config);
  });
}

async function refuseIfCartInUse(deps: Pick<Deps, 'clock'>, session: SessionContext, db: Db): Promise<void> {
  try {
    await currentCart({ db, clock: deps.clock }, session, { db });
  } catch (error) {
    if (error instanceof HttpProblem && error.status === 404) return;
    throw error;
  }
  throw conflict('This session already has a cart. Empty it (DELETE /cart) to start another.', 'cart-exists');
}

function assertProductAndStore(ref: ReferenceData, siteId: number, productId: number, storeId: number): void {
  const product = ref.products.get(productId);
  if (product === undefined || !product.cartsEnabled) throw unprocessable(`Product ${productId} cannot be bought online.`, 'product-not-available');
  if (!ref.siteProducts.has(`${siteId}:${productId}`)) throw unprocessable(`Product ${productId} is not offered on this site.`, 'product-not-available');
  const store = ref.stores.get(storeId);
  if (store === undefined || (store.siteId !== null && store.siteId !== siteId)) {
    throw unprocessable(`There is no store ${storeId} on this site.`, 'store-not-available');
  }
  // Home delivery ships from a delivery centre; collection and sell back need a branch.
  if (!isProductId(productId) || !storeServesProduct(store, productId)) {
    throw unprocessable(productId === PRODUCT.HOME_DELIVERY ? 'Home delivery is sent from a delivery centre, not a branch.' : 'Choose a branch for this product.', 'store-not-available');
  }
}

/** GET /api/cart/buyback and /api/cart/refund: record the shopper's answer, if the rules allow it. */
export async function setGuarantee(deps: Deps, session: SessionContext, kind: 'buyback' | 'refund', chosen: boolean): Promise<Cart> {
  const ref = await deps.reference.current();
  return deps.db.transaction(async (tx) => {
    const { cart, lines } = await openCart(deps, session, tx);
    const ctx = guaranteeContext(ref, cart);
    const linesMinor = sumLines(lines);
    if (chosen && kind === 'buyback') {
      const refusal = buybackRefusal(linesMinor, ctx);
      if (refusal !== null) throw new HttpProblem(422, 'Unprocessable request', refusal, { fields: { buyBackGuarantee: refusal }, type: 'buyback-not-available' });
    }
    if (chosen && kind === 'refund' && settleGuarantees({ buyback: null, refund: true }, linesMinor, linesMinor, ctx).refund !== true) {
      const refusal = 'The Refund Guarantee is not available for this cart';
      throw new HttpProblem(422, 'Unprocessable request', refusal, { fields: { refundGuarantee: refusal }, type: 'refund-not-available' });
    }
    const choice = kind === 'buyback' ? { buyBackGuarantee: chosen, updatedAt: deps.clock.now() } : { refundGuarantee: chosen, updatedAt: deps.clock.now() };
    await tx.update(t.carts).set(choice).where(eq(t.carts.id, cart.id));
    return cartView(ref, { ...cart, ...choice }, lines, deps.config);
  });
}

/**
 * POST /api/cart/extend ("Need more time?", WCAG 2.2.1): in the countdown's last 5 minutes, adds
 * the cart's TTL to its expiry, at most config.cartExtensionLimit times. A cart at checkout takes
 * its order with it while the order waits for payment, so the hold the shopper sees is the one the
 * payment step enforces. Refused: an expired cart (404, 'Cart expired'), a cart with no extension
 * left or one not yet in its last 5 minutes (409, with the reason).
 */
export async function extendCart(deps: Deps, session: SessionContext): Promise<Cart> {
  const ref = await deps.reference.current();
  return deps.db.transaction(async (tx) => {
    const { cart, lines } = await usableCart(deps, session, tx, true, false);
    const now = deps.clock.now();
    const left = Math.max(0, deps.config.cartExtensionLimit - cart.extensions);
    const refusal = extensionRefusal(cart.expiresAt, now, left);
    if (refusal === 'expired') throw cartExpired(cart.expiresAt);
    if (refusal === 'used-up') {
      const detail = formatMessage(serverMessages.moreTimeLimitDetail, { limit: extensionCount(deps.config.cartExtensionLimit) });
      throw new HttpProblem(409, serverMessages.moreTimeLimitTitle, detail, { type: 'cart-extension-limit' });
    }
    if (refusal === 'too-early') throw new HttpProblem(409, serverMessages.moreTimeEarlyTitle, serverMessages.moreTimeEarlyDetail, { type: 'cart-extension-too-early' });
    const extended = { expiresAt: extendedExpiry(cart.expiresAt, deps.config.cartTtlMinutes), extensions: cart.extensions + 1, updatedAt: now };
    if (cart.status === 'checked_out') {
      // Only while its order waits for payment is a cart at checkout still the shopper's cart.
      const waiting = await tx
        .update(t.orders)
        .set({ expiresAt: extended.expiresAt, updatedAt: now })
        .where(and(eq(t.orders.cartId, cart.id), inArray(t.orders.state, [ORDER_STATE.CREATED, ORDER_STATE.PAYMENT_PENDING])))
        .returning({ id: t.orders.id });
      if (waiting.length === 0) throw noCart();
    }
    await tx.update(t.carts).set(extended).where(eq(t.carts.id, cart.id));
    return cartView(ref, { ...cart, ...extended }, lines, deps.config);
  });
}

/** 'once', 'twice', '3 times'. */
function extensionCount(limit: number): string {
  return limit === 1 ? 'once' : limit === 2 ? 'twice' : `${limit} times`;
}

/**
 * GET /api/cart/recreatewebcart?id=: a new open cart with the lines of an earlier web cart of the
 * same site (expired, abandoned or checked out), priced again at today's rates; the guarantee
 * questions are asked again. Asking twice for the same cart returns the copy already made.
 *
 * The earlier cart may be another session's: the emailed basket link (spec 2.8) is usually opened
 * in a new browser. Its random id is the link's secret, the copy carries only the store, product,
 * affiliate and amounts (never customer details), and the earlier cart is left untouched.
 */
export async function recreateCart(deps: Deps, session: SessionContext, sourceId: string): Promise<Cart> {
  const pricing = await pricingFor(deps, session);
  const { ref } = pricing;
  return deps.db.transaction(async (tx) => {
    const found = await cartWithLines(tx, sourceId);
    if (found === undefined) throw notFound('There is no such cart.');
    const source = found.cart;
    if (source.siteId !== session.siteId) throw forbidden('This cart belongs to another site.');
    const now = deps.clock.now();
    if (session.cartId !== null) {
      const current = session.cartId === source.id ? found : await cartWithLines(tx, session.cartId, true);
      if (current !== undefined && current.cart.recreatedFrom === source.id && current.cart.status === 'open' && current.cart.expiresAt > now) {
        return cartView(ref, current.cart, current.lines, deps.config);
      }
      if (current !== undefined && current.cart.id === source.id && current.cart.status === 'open' && current.cart.expiresAt > now) {
        return cartView(ref, current.cart, current.lines, deps.config);
      }
    }
    await abandonInTx(deps, tx, session);
    const [copy] = await tx
      .insert(t.carts)
      .values({
        sessionId: session.sessionId,
        siteId: source.siteId,
        storeId: source.storeId,
        productId: source.productId,
        affiliateCode: source.affiliateCode,
        recreatedFrom: source.id,
        expiresAt: new Date(now.getTime() + deps.config.cartTtlMinutes * 60_000),
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    if (copy === undefined) throw new Error('The cart was not created');
    const values = found.lines.flatMap((old) => {
      try {
        const { currency, line } = price(pricing, copy, old.currencyCode, toMajor(old.qtyMinor, old.currencyCode));
        return [{ cartId: copy.id, currencyCode: currency.code, ...line, createdAt: now }];
      } catch (error) {
        // A currency the shop no longer trades in this direction is left out rather than failing the copy.
        if (error instanceof HttpProblem && (error.status === 422 || error.status === 404)) return [];
        throw error;
      }
    });
    const lines = values.length === 0 ? [] : await tx.insert(t.cartLines).values(values).returning();
    const settled = settleGuarantees({ buyback: null, refund: null }, 0, sumLines(lines), guaranteeContext(ref, copy));
    const choices = { buyBackGuarantee: settled.buyback, refundGuarantee: settled.refund };
    await tx.update(t.carts).set(choices).where(eq(t.carts.id, copy.id));
    await setSessionCart(tx, session.sessionId, { cartId: copy.id, orderId: null }, now);
    return cartView(ref, { ...copy, ...choices }, lines, deps.config);
  });
}

/** Marks the session's cart abandoned and fails its order if that is still in progress. */
async function abandonInTx(deps: Pick<Deps, 'clock'>, tx: Db, session: SessionContext): Promise<void> {
  const now = deps.clock.now();
  if (session.cartId !== null) {
    await tx
      .update(t.carts)
      .set({ status: 'abandoned', updatedAt: now })
      .where(and(eq(t.carts.id, session.cartId), eq(t.carts.sessionId, session.sessionId), inArray(t.carts.status, ['open', 'checked_out'])));
    // An order still being checked out ends here; a completed one is kept as it is.
    await tx
      .update(t.orders)
      .set({ state: ORDER_STATE.CHECKOUT_FAILED, updatedAt: now })
      .where(and(eq(t.orders.cartId, session.cartId), eq(t.orders.sessionId, session.sessionId), inArray(t.orders.state, [ORDER_STATE.CREATED, ORDER_STATE.PAYMENT_PENDING])));
  }
  if (session.orderId !== null) {
    await tx
      .update(t.orders)
      .set({ state: ORDER_STATE.CHECKOUT_FAILED, updatedAt: now })
      .where(and(eq(t.orders.id, session.orderId), eq(t.orders.sessionId, session.sessionId), inArray(t.orders.state, [ORDER_STATE.CREATED, ORDER_STATE.PAYMENT_PENDING])));
  }
}

/** DELETE /cart: idempotent; afterwards the session has no cart and no order. */
export async function abandonCart(deps: Deps, session: SessionContext): Promise<void> {
  await deps.db.transaction(async (tx) => {
    await abandonInTx(deps, tx, session);
    await setSessionCart(tx, session.sessionId, { cartId: null, orderId: null }, deps.clock.now());
  });
}

