/**
 * The session's cart as the database holds it (spec 4.3, 7.4): reading it, locking it for a change,
 * refusing it when it is gone, expired or another session's, and the view the contract shows.
 *
 * A session has one current cart (sessions.cart_id). It is open until checkout; after checkout it
 * is read-only and belongs to its order while that order is in progress.
 */
import { asc, eq, sql } from 'drizzle-orm';
import type { ProductId } from '#domain/contract/catalogue.ts';
import type { Cart, CartLine } from '#domain/contract/cart.ts';
import type { GuaranteeContext } from '#domain/guarantees.ts';
import { messages } from '#domain/messages.ts';
import { toMajor } from '#domain/money.ts';
import { ORDER_STATE } from '#domain/order-state.ts';
import { isProductId, transactionTypeOf } from '#domain/products.ts';
import type { Db } from '../db/client.ts';
import { reusable } from '../db/reusable.ts';
import * as t from '../db/schema.ts';
import type { Deps } from '../deps.ts';
import { conflict, forbidden, HttpProblem } from '../errors.ts';
import { cartTotalMinor, type Guarantees } from './cart-pricing.ts';
import { findSite } from './catalogue.ts';
import type { ReferenceData } from './reference.ts';
import type { SessionContext } from './session.ts';

export type CartRow = typeof t.carts.$inferSelect;
export type LineRow = typeof t.cartLines.$inferSelect;

export const CART_EXPIRED_TYPE = 'cart-expired';
export const NO_CART_TYPE = 'no-cart';

/**
 * An expired cart is a 404 with its own type: to the client it is "no cart" (spec 8: 'You have
 * no cart' and back to /), and the title says why.
 */
export function cartExpired(expiresAt: Date): HttpProblem {
  return new HttpProblem(404, messages.cartExpired, `Your cart expired at ${expiresAt.toISOString()}. Add currency to start a new cart.`, { type: CART_EXPIRED_TYPE });
}

export const noCart = () => new HttpProblem(404, messages.noCart, 'This session has no cart.', { type: NO_CART_TYPE });

export function productOf(row: CartRow): ProductId {
  if (!isProductId(row.productId)) throw new Error(`Unexpected product ${row.productId}`);
  return row.productId;
}

export function guaranteeContext(ref: ReferenceData, cart: CartRow): GuaranteeContext {
  const site = findSite(ref, cart.siteId);
  return { productId: productOf(cart), isPartner: site.isPartner, showBuybackGuarantee: site.showBuybackGuarantee, showRefundGuarantee: site.showRefundGuarantee };
}

export const sumLines = (lines: readonly { totalMinor: number }[]) => lines.reduce((s, l) => s + l.totalMinor, 0);
export const choicesOf = (cart: CartRow): Guarantees => ({ buyback: cart.buyBackGuarantee, refund: cart.refundGuarantee });

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

// Read or locked (for a change) in one statement with its lines, built once (server/db/reusable.ts).
const cartWithLinesQuery = (db: Db) =>
  db
    .select({ cart: t.carts, line: t.cartLines })
    .from(t.carts)
    .leftJoin(t.cartLines, eq(t.cartLines.cartId, t.carts.id))
    .where(eq(t.carts.id, sql.placeholder('cartId')))
    .orderBy(asc(t.cartLines.position));
const readCartWithLines = reusable(cartWithLinesQuery);
const lockCartWithLines = reusable((db) => cartWithLinesQuery(db).for('update', { of: t.carts }));

/** A cart and its lines in the order they were added, in one statement; the cart row locked if asked. */
export async function cartWithLines(db: Db, cartId: string, lock = false): Promise<{ cart: CartRow; lines: LineRow[] } | undefined> {
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
export async function usableCart(
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
export async function openCart(deps: Pick<Deps, 'clock'>, session: SessionContext, tx: Db): Promise<{ cart: CartRow; lines: LineRow[] }> {
  const found = await usableCart(deps, session, tx, true);
  if (found.cart.status !== 'open') {
    throw conflict('This cart is already at checkout. Leave checkout to change it.', 'cart-checked-out');
  }
  return found;
}
