/**
 * Carts (spec 4.3, 5.1, 7.4). The server prices every line itself with the quote the calculator
 * sees and the domain's rounding rules, applies the guarantee and spend rules, and enforces the
 * cart's expiry (CART_TTL_MINUTES from creation, the countdown the shopper sees).
 *
 * A session has one current cart (sessions.cart_id). It is open until checkout; after checkout it
 * is read-only and belongs to its order; DELETE /cart abandons it and any order in progress.
 */
import { and, asc, eq, inArray } from 'drizzle-orm';
import { randomInt } from 'node:crypto';
import type { Currency, ProductId } from '#domain/contract/catalogue.ts';
import type { Cart, CartExists, CartLine, CheckoutResponse, CreateCartRequest } from '#domain/contract/cart.ts';
import { guaranteeErrors, type GuaranteeContext } from '#domain/guarantees.ts';
import { messages } from '#domain/messages.ts';
import { toMajor } from '#domain/money.ts';
import { ORDER_STATE } from '#domain/order-state.ts';
import { isProductId, PRODUCT, storeServesProduct, transactionTypeOf } from '#domain/products.ts';
import { checkSpend, spendLimitsOf } from '#domain/spend.ts';
import type { Db } from '../db/client.ts';
import * as t from '../db/schema.ts';
import type { Deps } from '../deps.ts';
import { conflict, forbidden, HttpProblem, notFound, unprocessable } from '../errors.ts';
import { buybackRefusal, cartTotalMinor, priceLine, settleGuarantees, type Guarantees } from './cart-pricing.ts';
import { findCurrency, findSite } from './catalogue.ts';
import { quoteFor } from './rates.ts';
import { findSession, setSessionCart, type SessionContext } from './session.ts';

type CartRow = typeof t.carts.$inferSelect;
type LineRow = typeof t.cartLines.$inferSelect;


/** What an order keeps of each cart line, frozen at checkout. */
export interface OrderLineRecord {
  currencyCode: string;
  pluralName: string;
  symbol: string;
  qtyMinor: number;
  rate: number;
  price: number;
  increment: number;
  totalMinor: number;
}

export const CART_EXPIRED_TYPE = 'cart-expired';
export const NO_CART_TYPE = 'no-cart';

/**
 * An expired cart is a 404 with its own type: to the client it is "no cart" (spec 8: 'You have
 * no cart' and back to /), and the title says why.
 */
export function cartExpired(expiresAt: Date): HttpProblem {
  return new HttpProblem(404, messages.cartExpired, `Your cart expired at ${expiresAt.toISOString()}. Add currency to start a new cart.`, { type: CART_EXPIRED_TYPE });
}

const noCart = () => new HttpProblem(404, messages.noCart, 'This session has no cart.', { type: NO_CART_TYPE });

function productOf(row: CartRow): ProductId {
  if (!isProductId(row.productId)) throw new Error(`Unexpected product ${row.productId}`);
  return row.productId;
}

async function guaranteeContext(db: Db, cart: CartRow): Promise<GuaranteeContext> {
  const site = await findSite(db, cart.siteId);
  return { productId: productOf(cart), isPartner: site.isPartner, showBuybackGuarantee: site.showBuybackGuarantee, showRefundGuarantee: site.showRefundGuarantee };
}

async function linesOf(db: Db, cartId: string): Promise<(LineRow & { pluralName: string; symbol: string })[]> {
  const rows = await db
    .select({ line: t.cartLines, pluralName: t.currencies.pluralName, symbol: t.currencies.symbol })
    .from(t.cartLines)
    .innerJoin(t.currencies, eq(t.currencies.code, t.cartLines.currencyCode))
    .where(eq(t.cartLines.cartId, cartId))
    .orderBy(asc(t.cartLines.position));
  return rows.map((r) => ({ ...r.line, pluralName: r.pluralName, symbol: r.symbol }));
}

const sumLines = (lines: readonly { totalMinor: number }[]) => lines.reduce((s, l) => s + l.totalMinor, 0);
const choicesOf = (cart: CartRow): Guarantees => ({ buyback: cart.buyBackGuarantee, refund: cart.refundGuarantee });

/** The cart as the contract shows it. */
export async function cartView(db: Db, cart: CartRow): Promise<Cart> {
  const lines = await linesOf(db, cart.id);
  const linesMinor = sumLines(lines);
  const productId = productOf(cart);
  return {
    id: cart.id,
    siteId: cart.siteId,
    product: { id: productId, transactionType: transactionTypeOf(productId) },
    store: { id: cart.storeId },
    lines: lines.map(
      (l): CartLine => ({
        id: l.id,
        currency: { code: l.currencyCode, pluralName: l.pluralName, symbol: l.symbol },
        qty: toMajor(l.qtyMinor, l.currencyCode),
        rate: l.rate,
        total: toMajor(l.totalMinor),
        increment: l.increment,
      }),
    ),
    total: toMajor(cartTotalMinor(linesMinor, choicesOf(cart))),
    linesTotal: toMajor(linesMinor),
    expiresAt: cart.expiresAt.toISOString(),
    buyBackGuarantee: cart.buyBackGuarantee,
    refundGuarantee: cart.refundGuarantee,
    affiliateCode: cart.affiliateCode,
    currencyCode: lines[0]?.currencyCode ?? null,
  };
}

async function cartRow(db: Db, cartId: string, lock = false): Promise<CartRow | undefined> {
  const query = db.select().from(t.carts).where(eq(t.carts.id, cartId));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

async function orderStateOfCart(db: Db, cartId: string): Promise<number | null> {
  const [order] = await db.select({ state: t.orders.state }).from(t.orders).where(eq(t.orders.cartId, cartId));
  return order?.state ?? null;
}

/**
 * The session's current cart while it is usable: open, or checked out with its order still in
 * progress (created or payment pending), and not expired.
 */
export async function currentCart(deps: Pick<Deps, 'db' | 'clock'>, session: SessionContext, options: { lock?: boolean; db?: Db } = {}): Promise<CartRow> {
  const db = options.db ?? deps.db;
  if (session.cartId === null) throw noCart();
  const cart = await cartRow(db, session.cartId, options.lock);
  if (cart === undefined || cart.status === 'abandoned') throw noCart();
  if (cart.sessionId !== session.sessionId) throw forbidden('This cart belongs to another session.');
  if (cart.status === 'checked_out') {
    const state = await orderStateOfCart(db, cart.id);
    if (state !== ORDER_STATE.CREATED && state !== ORDER_STATE.PAYMENT_PENDING) throw noCart();
  }
  if (cart.expiresAt.getTime() <= deps.clock.now().getTime()) throw cartExpired(cart.expiresAt);
  return cart;
}

/** The current cart, which must still be open for changes (not yet at checkout). */
async function openCart(deps: Pick<Deps, 'db' | 'clock'>, session: SessionContext, db: Db): Promise<CartRow> {
  const cart = await currentCart(deps, session, { lock: true, db });
  if (cart.status !== 'open') {
    throw conflict('This cart is already at checkout. Leave checkout to change it.', 'cart-checked-out');
  }
  return cart;
}

export async function cartExists(deps: Deps, session: SessionContext): Promise<CartExists> {
  const cart = await currentCart(deps, session);
  return { id: cart.id, productId: productOf(cart), expiresAt: cart.expiresAt.toISOString() };
}

export async function getCart(deps: Deps, session: SessionContext): Promise<Cart> {
  return cartView(deps.db, await currentCart(deps, session));
}

/** POST /cart. A session with a usable cart must leave it (DELETE /cart) before starting another. */
export async function createCart(deps: Deps, session: SessionContext, request: CreateCartRequest): Promise<Cart> {
  return deps.db.transaction(async (tx) => {
    await refuseIfCartInUse(deps, session, tx);
    // quoteFor's checks (site offers the product, store serves the site) without a currency yet.
    await assertProductAndStore(tx, session.siteId, request.productId, request.storeId);
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
    return cartView(tx, cart);
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

async function assertProductAndStore(db: Db, siteId: number, productId: number, storeId: number): Promise<void> {
  const [product] = await db.select().from(t.products).where(eq(t.products.id, productId));
  if (product === undefined || !product.cartsEnabled) throw unprocessable(`Product ${productId} cannot be bought online.`, 'product-not-available');
  const [offered] = await db
    .select()
    .from(t.siteProducts)
    .where(and(eq(t.siteProducts.siteId, siteId), eq(t.siteProducts.productId, productId)));
  if (offered === undefined) throw unprocessable(`Product ${productId} is not offered on this site.`, 'product-not-available');
  const [store] = await db.select().from(t.stores).where(eq(t.stores.id, storeId));
  if (store === undefined || (store.siteId !== null && store.siteId !== siteId)) {
    throw unprocessable(`There is no store ${storeId} on this site.`, 'store-not-available');
  }
  // Home delivery ships from a delivery centre; collection and sell back need a branch.
  if (!isProductId(productId) || !storeServesProduct(store, productId)) {
    throw unprocessable(productId === PRODUCT.HOME_DELIVERY ? 'Home delivery is sent from a delivery centre, not a branch.' : 'Choose a branch for this product.', 'store-not-available');
  }
}

function currencyOf(row: typeof t.currencies.$inferSelect): Currency {
  return {
    code: row.code,
    pluralName: row.pluralName,
    shortName: row.shortName,
    symbol: row.symbol,
    purchaseAllowed: row.purchaseAllowed,
    sellBackAllowed: row.sellBackAllowed,
    currencyRestrictions: [],
  };
}

/** Prices an amount of a currency for a cart: the quote the calculator showed, the domain's rounding. */
async function price(deps: Pick<Deps, 'clock'>, db: Db, cart: CartRow, currencyCode: string, qty: number) {
  const currency = currencyOf(await findCurrency(db, currencyCode));
  const session = await findSession(db, cart.sessionId);
  const quote = await quoteFor(
    { db, clock: deps.clock },
    { siteId: cart.siteId, storeId: cart.storeId, productId: cart.productId, currencyCode: currency.code, hasProfile: session?.hasProfile ?? false, affiliateCode: cart.affiliateCode },
  );
  const priced = priceLine(productOf(cart), currency, quote, qty);
  if (!priced.ok) {
    throw new HttpProblem(422, 'Unprocessable request', priced.message, { fields: { [priced.field]: priced.message }, type: priced.field === 'qty' ? 'amount-not-valid' : 'currency-not-available' });
  }
  return { currency, line: priced.line };
}

/** Applies a change to the lines, then re-settles the guarantee choices for the new total. */
async function changeLines(deps: Deps, session: SessionContext, change: (tx: Db, cart: CartRow) => Promise<void>): Promise<Cart> {
  return deps.db.transaction(async (tx) => {
    const cart = await openCart(deps, session, tx);
    const before = sumLines(await linesOf(tx, cart.id));
    await change(tx, cart);
    const after = sumLines(await linesOf(tx, cart.id));
    const settled = settleGuarantees(choicesOf(cart), before, after, await guaranteeContext(tx, cart));
    const [updated] = await tx
      .update(t.carts)
      .set({ buyBackGuarantee: settled.buyback, refundGuarantee: settled.refund, updatedAt: deps.clock.now() })
      .where(eq(t.carts.id, cart.id))
      .returning();
    return cartView(tx, updated ?? cart);
  });
}

export async function addLine(deps: Deps, session: SessionContext, request: { currencyCode: string; qty: number }): Promise<Cart> {
  return changeLines(deps, session, async (tx, cart) => {
    const { currency, line } = await price(deps, tx, cart, request.currencyCode, request.qty);
    const [existing] = await tx
      .select({ id: t.cartLines.id })
      .from(t.cartLines)
      .where(and(eq(t.cartLines.cartId, cart.id), eq(t.cartLines.currencyCode, currency.code)));
    if (existing !== undefined) {
      throw conflict(`${currency.pluralName} are already in your cart: change that line's amount instead.`, 'currency-in-cart');
    }
    await tx.insert(t.cartLines).values({
      cartId: cart.id,
      currencyCode: currency.code,
      qtyMinor: line.qtyMinor,
      rate: line.rate,
      price: line.price,
      increment: line.increment,
      totalMinor: line.totalMinor,
      createdAt: deps.clock.now(),
    });
  });
}

/** A line of the session's open cart; another session's line is 403, an unknown one 404. */
async function ownLine(tx: Db, session: SessionContext, cart: CartRow, lineId: string): Promise<LineRow> {
  const [row] = await tx
    .select({ line: t.cartLines, sessionId: t.carts.sessionId })
    .from(t.cartLines)
    .innerJoin(t.carts, eq(t.carts.id, t.cartLines.cartId))
    .where(eq(t.cartLines.id, lineId));
  if (row === undefined) throw notFound('There is no such line in your cart.');
  if (row.sessionId !== session.sessionId) throw forbidden('This cart line belongs to another session.');
  if (row.line.cartId !== cart.id) throw notFound('There is no such line in your cart.');
  return row.line;
}

export async function updateLine(deps: Deps, session: SessionContext, lineId: string, request: { currencyCode: string; qty: number }): Promise<Cart> {
  return changeLines(deps, session, async (tx, cart) => {
    const existing = await ownLine(tx, session, cart, lineId);
    if (existing.currencyCode !== request.currencyCode) {
      const message = `This line is for ${existing.currencyCode}, not ${request.currencyCode}.`;
      throw new HttpProblem(422, 'Unprocessable request', message, { fields: { currencyCode: message } });
    }
    const { line } = await price(deps, tx, cart, existing.currencyCode, request.qty);
    await tx
      .update(t.cartLines)
      .set({ qtyMinor: line.qtyMinor, rate: line.rate, price: line.price, increment: line.increment, totalMinor: line.totalMinor })
      .where(eq(t.cartLines.id, existing.id));
  });
}

export async function deleteLine(deps: Deps, session: SessionContext, lineId: string): Promise<Cart> {
  return changeLines(deps, session, async (tx, cart) => {
    const existing = await ownLine(tx, session, cart, lineId);
    await tx.delete(t.cartLines).where(eq(t.cartLines.id, existing.id));
  });
}

/** GET /api/cart/buyback and /api/cart/refund: record the shopper's answer, if the rules allow it. */
export async function setGuarantee(deps: Deps, session: SessionContext, kind: 'buyback' | 'refund', chosen: boolean): Promise<Cart> {
  return deps.db.transaction(async (tx) => {
    const cart = await openCart(deps, session, tx);
    const ctx = await guaranteeContext(tx, cart);
    const linesMinor = sumLines(await linesOf(tx, cart.id));
    if (chosen && kind === 'buyback') {
      const refusal = buybackRefusal(linesMinor, ctx);
      if (refusal !== null) throw new HttpProblem(422, 'Unprocessable request', refusal, { fields: { buyBackGuarantee: refusal }, type: 'buyback-not-available' });
    }
    if (chosen && kind === 'refund' && settleGuarantees({ buyback: null, refund: true }, linesMinor, linesMinor, ctx).refund !== true) {
      const refusal = 'The Refund Guarantee is not available for this cart';
      throw new HttpProblem(422, 'Unprocessable request', refusal, { fields: { refundGuarantee: refusal }, type: 'refund-not-available' });
    }
    const [updated] = await tx
      .update(t.carts)
      .set(kind === 'buyback' ? { buyBackGuarantee: chosen, updatedAt: deps.clock.now() } : { refundGuarantee: chosen, updatedAt: deps.clock.now() })
      .where(eq(t.carts.id, cart.id))
      .returning();
    return cartView(tx, updated ?? cart);
  });
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
  return deps.db.transaction(async (tx) => {
    const source = await cartRow(tx, sourceId);
    if (source === undefined) throw notFound('There is no such cart.');
    if (source.siteId !== session.siteId) throw forbidden('This cart belongs to another site.');
    const now = deps.clock.now();
    if (session.cartId !== null) {
      const current = await cartRow(tx, session.cartId, true);
      if (current !== undefined && current.recreatedFrom === source.id && current.status === 'open' && current.expiresAt > now) {
        return cartView(tx, current);
      }
      if (current !== undefined && current.id === source.id && current.status === 'open' && current.expiresAt > now) {
        return cartView(tx, current);
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
    for (const old of await linesOf(tx, source.id)) {
      // A currency the shop no longer trades in this direction is left out rather than failing the copy.
      const priced = await price(deps, tx, copy, old.currencyCode, toMajor(old.qtyMinor, old.currencyCode)).catch((error: unknown) => {
        if (error instanceof HttpProblem && (error.status === 422 || error.status === 404)) return null;
        throw error;
      });
      if (priced === null) continue;
      await tx.insert(t.cartLines).values({
        cartId: copy.id,
        currencyCode: priced.currency.code,
        qtyMinor: priced.line.qtyMinor,
        rate: priced.line.rate,
        price: priced.line.price,
        increment: priced.line.increment,
        totalMinor: priced.line.totalMinor,
        createdAt: now,
      });
    }
    const settled = settleGuarantees({ buyback: null, refund: null }, 0, sumLines(await linesOf(tx, copy.id)), await guaranteeContext(tx, copy));
    const [updated] = await tx
      .update(t.carts)
      .set({ buyBackGuarantee: settled.buyback, refundGuarantee: settled.refund })
      .where(eq(t.carts.id, copy.id))
      .returning();
    await setSessionCart(tx, session.sessionId, { cartId: copy.id, orderId: null }, now);
    return cartView(tx, updated ?? copy);
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

/** Spec 5.1's checks before checkout, with the spec's messages, keyed by the field they concern. */
export function checkoutProblems(args: { linesMinor: number; lineCount: number; choices: Guarantees; ctx: GuaranteeContext; siteProduct: { minSpend: number; maxSpend: number } | undefined }): Record<string, string> {
  const problems: Record<string, string> = {};
  if (args.lineCount === 0) problems.lines = messages.viewCartEmpty;
  const guarantees = guaranteeErrors(args.choices, args.linesMinor, args.ctx);
  if (guarantees.buyback !== null) problems.buyBackGuarantee = guarantees.buyback;
  if (guarantees.refund !== null) problems.refundGuarantee = guarantees.refund;
  const spend = checkSpend(args.linesMinor, spendLimitsOf(args.siteProduct));
  if (args.lineCount > 0 && spend.message !== null) problems.total = spend.message;
  return problems;
}

const REFERENCE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** A short reference a customer can read out over the phone: TMS-7K2Q9XHB. */
export function newExternalOrderId(): string {
  let s = '';
  for (let i = 0; i < 8; i++) s += REFERENCE_ALPHABET[randomInt(REFERENCE_ALPHABET.length)];
  return `TMS-${s}`;
}

/**
 * POST /cart/checkout: the order (state 0) from the open cart, in one transaction with the cart
 * row locked; the unique cart_id makes a second checkout of the same cart return the same order.
 */
export async function checkout(deps: Deps, session: SessionContext): Promise<{ created: boolean; response: CheckoutResponse }> {
  return deps.db.transaction(async (tx) => {
    const cart = await currentCart(deps, session, { lock: true, db: tx });
    const [existing] = await tx.select().from(t.orders).where(eq(t.orders.cartId, cart.id));
    if (existing !== undefined) {
      return { created: false, response: { orderId: existing.id, externalOrderId: existing.externalOrderId } };
    }
    const lines = await linesOf(tx, cart.id);
    const linesMinor = sumLines(lines);
    const ctx = await guaranteeContext(tx, cart);
    const [siteProduct] = await tx
      .select()
      .from(t.siteProducts)
      .where(and(eq(t.siteProducts.siteId, cart.siteId), eq(t.siteProducts.productId, cart.productId)));
    const choices = choicesOf(cart);
    const problems = checkoutProblems({ linesMinor, lineCount: lines.length, choices, ctx, siteProduct });
    const first = Object.values(problems)[0];
    if (first !== undefined) throw new HttpProblem(422, 'Checkout refused', first, { fields: problems, type: 'checkout-refused' });

    const now = deps.clock.now();
    const record: OrderLineRecord[] = lines.map((l) => ({
      currencyCode: l.currencyCode,
      pluralName: l.pluralName,
      symbol: l.symbol,
      qtyMinor: l.qtyMinor,
      rate: l.rate,
      price: l.price,
      increment: l.increment,
      totalMinor: l.totalMinor,
    }));
    const [order] = await tx
      .insert(t.orders)
      .values({
        externalOrderId: newExternalOrderId(),
        cartId: cart.id,
        sessionId: session.sessionId,
        siteId: cart.siteId,
        storeId: cart.storeId,
        productId: cart.productId,
        state: ORDER_STATE.CREATED,
        linesTotalMinor: linesMinor,
        totalMinor: cartTotalMinor(linesMinor, choices),
        lines: record,
        buyBackGuarantee: choices.buyback === true,
        refundGuarantee: choices.refund === true,
        expiresAt: cart.expiresAt,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing({ target: t.orders.cartId })
      .returning();
    if (order === undefined) {
      // Another request checked this cart out first: answer with its order.
      const [winner] = await tx.select().from(t.orders).where(eq(t.orders.cartId, cart.id));
      if (winner === undefined) throw new Error('The order was not created');
      return { created: false, response: { orderId: winner.id, externalOrderId: winner.externalOrderId } };
    }
    await tx.update(t.carts).set({ status: 'checked_out', updatedAt: now }).where(eq(t.carts.id, cart.id));
    await setSessionCart(tx, session.sessionId, { orderId: order.id }, now);
    return { created: true, response: { orderId: order.id, externalOrderId: order.externalOrderId } };
  });
}
