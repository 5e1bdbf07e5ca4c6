/**
 * Checkout (spec 5.1, 7.4): turning the session's open cart into an order, once. The cart row is
 * locked for the whole transaction and the order's unique cart_id makes a second checkout of the
 * same cart answer with the same order; the order keeps the lines as they were priced.
 */
import { eq } from 'drizzle-orm';
import { randomInt } from 'node:crypto';
import { londonDateKey } from '#domain/availability.ts';
import type { CheckoutResponse } from '#domain/contract/cart.ts';
import { guaranteeErrors, type GuaranteeContext } from '#domain/guarantees.ts';
import { messages } from '#domain/messages.ts';
import { ORDER_STATE } from '#domain/order-state.ts';
import type { NoteChoice } from '#domain/note-mix.ts';
import { checkSpend, spendLimitsOf } from '#domain/spend.ts';
import * as t from '../db/schema.ts';
import type { Deps } from '../deps.ts';
import { HttpProblem } from '../errors.ts';
import { cartTotalMinor, type Guarantees } from './cart-pricing.ts';
import { choicesOf, guaranteeContext, sumLines, usableCart } from './cart-store.ts';
import { choiceOf } from './note-mix.ts';
import { assertRatesCurrent } from './rate-freshness.ts';
import { setSessionCart, type SessionContext } from './session.ts';

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
  /** The shopper's notes (domain/note-mix.ts); absent: mixed notes. */
  notes?: NoteChoice;
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
      const notes = choiceOf(l.notes);
      return {
        currencyCode: l.currencyCode,
        pluralName: currency?.pluralName ?? l.currencyCode,
        symbol: currency?.symbol ?? '',
        qtyMinor: l.qtyMinor,
        rate: l.rate,
        price: l.price,
        increment: l.increment,
        totalMinor: l.totalMinor,
        ...(notes === null ? {} : { notes }),
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
