/**
 * Reserve now, pay at the branch (issue 45 part 1). When the card provider is unavailable, a
 * click-and-collect order waiting for its card payment can be reserved instead: the order takes
 * state 5 (reserved, pay at branch), the branch's notes are taken for it as for a paid order, and
 * its rate is held until the branch closes on the collection day (the order's expires_at). The
 * confirmation email goes out with the reservation, through the outbox.
 *
 * The server decides: only a click-and-collect order awaiting payment (so it has passed the
 * spend limits at checkout and the velocity and AML checks with its details, exactly as a card
 * payment must) with no card payment underway can be reserved. A reservation counts in the
 * customer's velocity and AML history as a payment-pending or paid order does
 * (services/order.ts customerHistory). An unpaid reservation past its time is ended by the purge
 * job (releaseExpiredReservations), which gives its notes back to the branch as a cancelled order's
 * (services/manage-order.ts returnStock).
 */
import { and, eq, lte } from 'drizzle-orm';
import type { Order } from '#domain/contract/order.ts';
import { PROVIDER_UNAVAILABLE, reservationHeldUntil, weekdayOf } from '#domain/pay-at-branch.ts';
import { ORDER_STATE } from '#domain/order-state.ts';
import { PRODUCT } from '#domain/products.ts';
import { payAtBranchServerTexts as texts } from '#domain/texts/pay-at-branch-server.ts';
import * as t from '../db/schema.ts';
import type { Deps } from '../deps.ts';
import { HttpProblem } from '../errors.ts';
import { askOrderConfirmation } from './outbox.ts';
import { returnStock } from './manage-order.ts';
import { currentOrder, hasPaymentUnderway, orderView, slotOf } from './order.ts';
import { takeStock } from './payment.ts';
import type { SessionContext } from './session.ts';

const refused = (detail: string, type: string) => new HttpProblem(409, texts.notReservableTitle, detail, { type });

/** 503 while the sandbox provider is made unavailable (PSP_UNAVAILABLE): no card payment can start. */
export function providerUnavailable(): HttpProblem {
  return new HttpProblem(503, texts.providerUnavailableTitle, texts.providerUnavailableDetail, {
    type: PROVIDER_UNAVAILABLE,
    headers: { 'Retry-After': '60' },
  });
}

/**
 * POST /api/order/reserve-at-branch: the session's order, reserved to be paid at the branch.
 * A second request for an order already reserved answers it again, changing nothing.
 */
export async function reserveAtBranch(deps: Deps, session: SessionContext): Promise<Order> {
  return deps.db.transaction(async (tx) => {
    const order = await currentOrder(deps, session, { lock: true, db: tx });
    if (order.state === ORDER_STATE.RESERVED_PAY_AT_BRANCH) return orderView(tx, order);
    if (order.productId !== PRODUCT.CLICK_AND_COLLECT) throw refused(texts.notCollection, 'reservation-not-collection');
    if (order.state !== ORDER_STATE.PAYMENT_PENDING) throw refused(texts.notAwaitingPayment, 'order-not-reservable');
    const now = deps.clock.now();
    if (order.expiresAt.getTime() <= now.getTime()) throw refused('This order has expired. Please start again.', 'order-expired');
    if (await hasPaymentUnderway(tx, order.id)) throw refused(texts.paymentUnderway, 'payment-processing');

    const slot = slotOf(order);
    if (slot === null) throw refused(texts.notAwaitingPayment, 'slot-missing');
    const [hours] = await tx
      .select()
      .from(t.openingHours)
      .where(and(eq(t.openingHours.storeId, order.storeId), eq(t.openingHours.dayOfWeek, weekdayOf(slot.date))));
    const heldUntil = reservationHeldUntil(slot.date, hours?.closes ?? null);
    if (heldUntil === null || heldUntil.getTime() <= now.getTime()) throw refused(texts.noClosingTime, 'branch-closed-on-collection-day');

    // A collection from stock holds the branch's notes now, as a card payment takes them (services/payment.ts
    // takeStock); one the branch has sent for is supplied from elsewhere.
    const fromStock = slot.isInStock;
    if (fromStock && !(await takeStock(tx, order))) throw refused(texts.soldOut, 'sold-out');
    const [updated] = await tx
      .update(t.orders)
      .set({ state: ORDER_STATE.RESERVED_PAY_AT_BRANCH, stockTaken: fromStock, expiresAt: heldUntil, updatedAt: now })
      .where(eq(t.orders.id, order.id))
      .returning();
    // A card payment link already issued stops working once the order is no longer awaiting payment.
    await askOrderConfirmation(tx, order.id);
    return orderView(tx, updated ?? order);
  });
}

/**
 * Ends unpaid reservations whose branch has closed on their collection day (state 16) and gives
 * their notes back, a bounded batch per run; rows another run has locked are skipped. Answers how
 * many ended.
 */
export async function releaseExpiredReservations(deps: Pick<Deps, 'db' | 'clock'>, batch: number): Promise<number> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const due = await tx
      .select()
      .from(t.orders)
      .where(and(eq(t.orders.state, ORDER_STATE.RESERVED_PAY_AT_BRANCH), lte(t.orders.expiresAt, now)))
      .orderBy(t.orders.expiresAt)
      .limit(batch)
      .for('update', { skipLocked: true });
    for (const order of due) {
      if (order.stockTaken) await returnStock(tx, order);
      await tx.update(t.orders).set({ state: ORDER_STATE.CHECKOUT_FAILED, stockTaken: false, updatedAt: now }).where(eq(t.orders.id, order.id));
    }
    return due.length;
  });
}
