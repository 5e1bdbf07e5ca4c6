/**
 * Carts (spec 4.3, 5.1, 7.4). The server prices every line itself with the quote the calculator
 * sees and the domain's rounding rules, applies the guarantee and spend rules, and enforces the
 * cart's expiry (CART_TTL_MINUTES from creation, the countdown the shopper sees).
 *
 * A session has one current cart (sessions.cart_id). It is open until checkout; after checkout it
 * is read-only and belongs to its order; DELETE /cart abandons it and any order in progress.
 */
import { and, asc, eq, inArray, sql, type Placeholder } from 'drizzle-orm';
import { randomInt, randomUUID } from 'node:crypto';
import { londonDateKey } from '#domain/availability.ts';
import type { Currency, ProductId } from '#domain/contract/catalogue.ts';
import type { Cart, CartExists, CartLine, CheckoutResponse, CreateCartRequest } from '#domain/contract/cart.ts';
import { guaranteeErrors, type GuaranteeContext } from '#domain/guarantees.ts';
import { formatMessage, messages, serverMessages } from '#domain/messages.ts';
import { extendedExpiry, extensionRefusal } from '#domain/more-time.ts';
import { toMajor } from '#domain/money.ts';
import { ORDER_STATE } from '#domain/order-state.ts';
import { isProductId, PRODUCT, storeServesProduct, transactionTypeOf } from '#domain/products.ts';
import { checkSpend, spendLimitsOf } from '#domain/spend.ts';
import type { Db } from '../db/client.ts';
import { reusable, setTo } from '../db/reusable.ts';
import * as t from '../db/schema.ts';
import type { Deps } from '../deps.ts';
import { conflict, forbidden, HttpProblem, notFound, unprocessable } from '../errors.ts';
import { buybackRefusal, cartTotalMinor, priceLine, settleGuarantees, type Guarantees } from './cart-pricing.ts';
import { findCurrency, findSite } from './catalogue.ts';
import { assertRatesCurrent } from './rate-freshness.ts';
import { priceQuote } from './rates.ts';
import type { MidRate, ReferenceData } from './reference.ts';
import { setSessionCart, type SessionContext } from './session.ts';

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

function guaranteeContext(ref: ReferenceData, cart: CartRow): GuaranteeContext {
  const site = findSite(ref, cart.siteId);
  return { productId: productOf(cart), isPartner: site.isPartner, showBuybackGuarantee: site.showBuybackGuarantee, showRefundGuarantee: site.showRefundGuarantee };
}

const sumLines = (lines: readonly { totalMinor: number }[]) => lines.reduce((s, l) => s + l.totalMinor, 0);
const choicesOf = (cart: CartRow): Guarantees => ({ buyback: cart.buyBackGuarantee, refund: cart.refundGuarantee });

type CartTimeConfig = Pick<Deps['config'], 'cartTtlMinutes' | 'cartExtensionLimit'>;

/** The cart as the contract shows it, from its row and lines (currency names from the reference data). */
export function cartView(ref: ReferenceData, cart: CartRow, lines: readonly LineRow[], config: CartTimeConfig): Cart {
  const linesMinor = sumLines(lines);
  const productId = productOf(cart);
  return {
    id: cart.id,
    siteId: cart.siteId,
    product: { id: productId, transactionType: transactionTypeOf(productId) },
    store: { id: cart.storeId },
    lines: lines.map((l): CartLine => {
      const currency = ref.currencyByCode.get(l.currencyCode);
      return {
        id: l.id,
        currency: { code: l.currencyCode, pluralName: currency?.pluralName ?? l.currencyCode, symbol: currency?.symbol ?? '' },
        qty: toMajor(l.qtyMinor, l.currencyCode),
        rate: l.rate,
        total: toMajor(l.totalMinor),
        increment: l.increment,
      };
    }),
    total: toMajor(cartTotalMinor(linesMinor, choicesOf(cart))),
    linesTotal: toMajor(linesMinor),
    expiresAt: cart.expiresAt.toISOString(),
    extensionsLeft: Math.max(0, config.cartExtensionLimit - cart.extensions),
    extensionMinutes: config.cartTtlMinutes,
    buyBackGuarantee: cart.buyBackGuarantee,
    refundGuarantee: cart.refundGuarantee,
    affiliateCode: cart.affiliateCode,
    currencyCode: lines[0]?.currencyCode ?? null,
  };
}

// The statements of every cart change, built once (server/db/reusable.ts).
const cartWithLinesQuery = (db: Db) =>
  db
    .select({ cart: t.carts, line: t.cartLines })
    .from(t.carts)
    .leftJoin(t.cartLines, eq(t.cartLines.cartId, t.carts.id))
    .where(eq(t.carts.id, sql.placeholder('cartId')))
    .orderBy(asc(t.cartLines.position));
const readCartWithLines = reusable(cartWithLinesQuery);
const lockCartWithLines = reusable((db) => cartWithLinesQuery(db).for('update', { of: t.carts }));

/** The cart's guarantee choices and time of change, as a change to its lines writes them. */
const cartChoicesSet: CartChoices = {
  buyBackGuarantee: setTo('buyBackGuarantee'),
  refundGuarantee: setTo('refundGuarantee'),
  updatedAt: setTo('updatedAt'),
};
/** Every column of a new line but its position (the database numbers it): a column added to the table fails the type check here until it is written. */
const newLineValues = {
  id: sql.placeholder('id'),
  cartId: sql.placeholder('cartId'),
  currencyCode: sql.placeholder('currencyCode'),
  qtyMinor: sql.placeholder('qtyMinor'),
  rate: sql.placeholder('rate'),
  price: sql.placeholder('price'),
  increment: sql.placeholder('increment'),
  totalMinor: sql.placeholder('totalMinor'),
  createdAt: sql.placeholder('createdAt'),
} satisfies Record<Exclude<keyof LineRow, 'position'>, Placeholder>;
const addLineAndChoices = reusable((db) => {
  const inserted = db.$with('inserted').as(db.insert(t.cartLines).values(newLineValues).returning({ id: t.cartLines.id }));
  return db.with(inserted).update(t.carts).set(cartChoicesSet).where(eq(t.carts.id, sql.placeholder('cartId')));
});
const updateLineAndChoices = reusable((db) => {
  const updated = db.$with('updated').as(
    db
      .update(t.cartLines)
      .set({
        qtyMinor: setTo('qtyMinor'),
        rate: setTo('rate'),
        price: setTo('price'),
        increment: setTo('increment'),
        totalMinor: setTo('totalMinor'),
      })
      .where(eq(t.cartLines.id, sql.placeholder('lineId')))
      .returning({ id: t.cartLines.id }),
  );
  return db.with(updated).update(t.carts).set(cartChoicesSet).where(eq(t.carts.id, sql.placeholder('cartId')));
});
const deleteLineAndChoices = reusable((db) => {
  const deleted = db.$with('deleted').as(db.delete(t.cartLines).where(eq(t.cartLines.id, sql.placeholder('lineId'))).returning({ id: t.cartLines.id }));
  return db.with(deleted).update(t.carts).set(cartChoicesSet).where(eq(t.carts.id, sql.placeholder('cartId')));
});

/** A cart and its lines in the order they were added, in one statement; the cart row locked if asked. */
async function cartWithLines(db: Db, cartId: string, lock = false): Promise<{ cart: CartRow; lines: LineRow[] } | undefined> {
  const rows = await (lock ? lockCartWithLines : readCartWithLines)(db, { cartId });
  const first = rows[0];
  if (first === undefined) return undefined;
  return { cart: first.cart, lines: rows.flatMap((r) => (r.line === null ? [] : [r.line])) };
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
 * The session's current cart and its lines while it is usable: open, or checked out with its order
 * still in progress (created or payment pending), and not expired.
 */
async function usableCart(
  deps: Pick<Deps, 'clock'>,
  session: SessionContext,
  db: Db,
  lock = false,
  /** false: the caller checks the order's state itself (in the statement that changes it). */
  readOrderState = true,
): Promise<{ cart: CartRow; lines: LineRow[] }> {
  if (session.cartId === null) throw noCart();
  const found = await cartWithLines(db, session.cartId, lock);
  if (found === undefined || found.cart.status === 'abandoned') throw noCart();
  const { cart } = found;
  if (cart.sessionId !== session.sessionId) throw forbidden('This cart belongs to another session.');
  if (cart.status === 'checked_out' && readOrderState) {
    const state = await orderStateOfCart(db, cart.id);
    if (state !== ORDER_STATE.CREATED && state !== ORDER_STATE.PAYMENT_PENDING) throw noCart();
  }
  if (cart.expiresAt.getTime() <= deps.clock.now().getTime()) throw cartExpired(cart.expiresAt);
  return found;
}

/** The session's current cart (see usableCart), without its lines. */
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

/** The current cart, locked, with its lines; it must still be open for changes (not yet at checkout). */
async function openCart(deps: Pick<Deps, 'clock'>, session: SessionContext, tx: Db): Promise<{ cart: CartRow; lines: LineRow[] }> {
  const found = await usableCart(deps, session, tx, true);
  if (found.cart.status !== 'open') {
    throw conflict('This cart is already at checkout. Leave checkout to change it.', 'cart-checked-out');
  }
  return found;
}

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

/** What pricing a cart line needs: the reference data and the day's mid rates, both from memory. */
interface Pricing {
  ref: ReferenceData;
  mids: ReadonlyMap<string, MidRate>;
  /** The session's loyalty profile (better rates), from the authorisation step. */
  hasProfile: boolean;
}

async function pricingFor(deps: Pick<Deps, 'reference' | 'clock'>, session: SessionContext): Promise<Pricing> {
  const ref = await deps.reference.current();
  return { ref, mids: await ref.midRates(londonDateKey(deps.clock.now())), hasProfile: session.hasProfile };
}

/** Prices an amount of a currency for a cart: the quote the calculator showed, the domain's rounding. */
function price(pricing: Pricing, cart: CartRow, currencyCode: string, qty: number) {
  const currency = currencyOf(findCurrency(pricing.ref, currencyCode));
  const quote = priceQuote(pricing.ref, pricing.mids, {
    siteId: cart.siteId,
    storeId: cart.storeId,
    productId: cart.productId,
    currencyCode: currency.code,
    hasProfile: pricing.hasProfile,
    affiliateCode: cart.affiliateCode,
  });
  const priced = priceLine(productOf(cart), currency, quote, qty);
  if (!priced.ok) {
    throw new HttpProblem(422, 'Unprocessable request', priced.message, { fields: { [priced.field]: priced.message }, type: priced.field === 'qty' ? 'amount-not-valid' : 'currency-not-available' });
  }
  return { currency, line: priced.line };
}

type CartChoices = Pick<CartRow, 'buyBackGuarantee' | 'refundGuarantee' | 'updatedAt'>;

/** A change to a cart's lines: the lines it leaves, and the one statement that writes it with the cart's new choices. */
interface LineChange {
  lines: LineRow[];
  write(tx: Db, cart: CartChoices): Promise<void>;
}

/**
 * Applies a change to the lines of the session's open cart and re-settles the guarantee choices
 * for the new total: the cart row locked with its lines (one statement), then the line and the
 * cart written together (one statement). The answer is built from what was written.
 */
async function changeLines(deps: Deps, session: SessionContext, plan: (pricing: Pricing, cart: CartRow, lines: LineRow[], tx: Db) => LineChange | Promise<LineChange>): Promise<Cart> {
  const pricing = await pricingFor(deps, session);
  return deps.db.transaction(async (tx) => {
    const { cart, lines } = await openCart(deps, session, tx);
    const change = await plan(pricing, cart, lines, tx);
    const settled = settleGuarantees(choicesOf(cart), sumLines(lines), sumLines(change.lines), guaranteeContext(pricing.ref, cart));
    const choices: CartChoices = { buyBackGuarantee: settled.buyback, refundGuarantee: settled.refund, updatedAt: deps.clock.now() };
    await change.write(tx, choices);
    return cartView(pricing.ref, { ...cart, ...choices }, change.lines, deps.config);
  });
}

export async function addLine(deps: Deps, session: SessionContext, request: { currencyCode: string; qty: number }): Promise<Cart> {
  return changeLines(deps, session, (pricing, cart, lines) => {
    const { currency, line } = price(pricing, cart, request.currencyCode, request.qty);
    if (lines.some((l) => l.currencyCode === currency.code)) {
      throw conflict(`${currency.pluralName} are already in your cart: change that line's amount instead.`, 'currency-in-cart');
    }
    const now = deps.clock.now();
    const added: LineRow = { id: randomUUID(), cartId: cart.id, currencyCode: currency.code, ...line, createdAt: now, position: Number.MAX_SAFE_INTEGER };
    const { position: _position, ...values } = added;
    return {
      lines: [...lines, added],
      write: async (tx, choices) => {
        await addLineAndChoices(tx, { ...values, ...choices });
      },
    };
  });
}

/** A line of the session's open cart; another session's line is 403, an unknown one 404. */
async function ownLine(tx: Db, session: SessionContext, lines: readonly LineRow[], lineId: string): Promise<LineRow> {
  const own = lines.find((l) => l.id === lineId);
  if (own !== undefined) return own;
  const [row] = await tx
    .select({ sessionId: t.carts.sessionId })
    .from(t.cartLines)
    .innerJoin(t.carts, eq(t.carts.id, t.cartLines.cartId))
    .where(eq(t.cartLines.id, lineId));
  if (row !== undefined && row.sessionId !== session.sessionId) throw forbidden('This cart line belongs to another session.');
  throw notFound('There is no such line in your cart.');
}

export async function updateLine(deps: Deps, session: SessionContext, lineId: string, request: { currencyCode: string; qty: number }): Promise<Cart> {
  return changeLines(deps, session, async (pricing, cart, lines, tx) => {
    const existing = await ownLine(tx, session, lines, lineId);
    if (existing.currencyCode !== request.currencyCode) {
      const message = `This line is for ${existing.currencyCode}, not ${request.currencyCode}.`;
      throw new HttpProblem(422, 'Unprocessable request', message, { fields: { currencyCode: message } });
    }
    const { line } = price(pricing, cart, existing.currencyCode, request.qty);
    return {
      lines: lines.map((l) => (l.id === existing.id ? { ...l, ...line } : l)),
      write: async (tx, choices) => {
        await updateLineAndChoices(tx, { ...line, lineId: existing.id, cartId: cart.id, ...choices });
      },
    };
  });
}

export async function deleteLine(deps: Deps, session: SessionContext, lineId: string): Promise<Cart> {
  return changeLines(deps, session, async (_pricing, cart, lines, tx) => {
    const existing = await ownLine(tx, session, lines, lineId);
    return {
      lines: lines.filter((l) => l.id !== existing.id),
      write: async (tx, choices) => {
        await deleteLineAndChoices(tx, { lineId: existing.id, cartId: cart.id, ...choices });
      },
    };
  });
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
  const ref = await deps.reference.current();
  // Never an order at a stale rate (production): services/rate-freshness.ts.
  await assertRatesCurrent(deps, await ref.midRates(londonDateKey(deps.clock.now())));
  return deps.db.transaction(async (tx) => {
    const { cart, lines } = await usableCart(deps, session, tx, true);
    // An open cart has no order yet: only a cart already at checkout can have one.
    if (cart.status !== 'open') {
      const [existing] = await tx.select().from(t.orders).where(eq(t.orders.cartId, cart.id));
      if (existing !== undefined) {
        return { created: false, response: { orderId: existing.id, externalOrderId: existing.externalOrderId } };
      }
    }
    const linesMinor = sumLines(lines);
    const ctx = guaranteeContext(ref, cart);
    const siteProduct = ref.siteProducts.get(`${cart.siteId}:${cart.productId}`);
    const choices = choicesOf(cart);
    const problems = checkoutProblems({ linesMinor, lineCount: lines.length, choices, ctx, siteProduct });
    const first = Object.values(problems)[0];
    if (first !== undefined) throw new HttpProblem(422, 'Checkout refused', first, { fields: problems, type: 'checkout-refused' });

    const now = deps.clock.now();
    const record: OrderLineRecord[] = lines.map((l) => {
      const currency = ref.currencyByCode.get(l.currencyCode);
      return {
        currencyCode: l.currencyCode,
        pluralName: currency?.pluralName ?? l.currencyCode,
        symbol: currency?.symbol ?? '',
        qtyMinor: l.qtyMinor,
        rate: l.rate,
        price: l.price,
        increment: l.increment,
        totalMinor: l.totalMinor,
      };
    });
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
