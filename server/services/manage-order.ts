/**
 * Manage my order (/orders/find): a paid order is found by its reference, the email address and
 * the date of birth given for it (all three, or the same "not found" whatever was wrong), and can
 * then, until its deadline (domain/manage-order.ts), be cancelled (the card payment refunded
 * through the provider, the branch's notes given back, an email sent) or, for click and collect,
 * moved to another date its branch offers (an email sent).
 *
 * The answer to a find carries an access key: the order id and an expiry, signed with a key the
 * shop keeps (app_secrets), so a cancellation or date change needs no session and names no other
 * order. Every change runs in one transaction with the order row locked, and asks for its email
 * in the outbox in the same transaction (decision 022).
 */
import { MANAGE_ACCESS_MINUTES, type FindOrderRequest, type ManagedOrder } from '#domain/contract/manage-order.ts';
import type { DeliverySlot } from '#domain/contract/order.ts';
import { formatCutOffDay, londonDay } from '#domain/cut-off.ts';
import { firstStep, fulfilmentKindOf } from '#domain/fulfilment.ts';
import { changeDeadline, manageRefusal } from '#domain/manage-order.ts';
import { messages, serverMessages } from '#domain/messages.ts';
import { formatGbpAmount } from '#domain/money.ts';
import { ORDER_STATE } from '#domain/order-state.ts';
import { PRODUCT } from '#domain/products.ts';
import { appPaths } from '#domain/contract/routes.ts';
import { and, asc, desc, eq, inArray, isNotNull, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import * as t from '../db/schema.ts';
import type { Deps } from '../deps.ts';
import { HttpProblem } from '../errors.ts';
import { renderCollectionDateChangedEmail, renderOrderCancelledEmail, renderOrderFindLockedEmail } from '../mail/order-change-email.ts';
import type { RenderedEmail } from '../mail/order-confirmation-email.ts';
import type { SignedSend } from '../psp/events.ts';
import { bankHolidaysAt } from './bank-holidays.ts';
import { branchCalendar } from './branches.ts';
import { findSite } from './catalogue.ts';
import { deliverySlots } from './delivery-slots.ts';
import { isSignedLink, signLink } from './email-links.ts';
import { customerOf, linesOf, orderView, slotOf, unitsNeeded, type OrderRow, type SlotRecord } from './order.ts';
import { sendRequestedRefunds } from './payment.ts';
import { timelineOf } from './fulfilment.ts';
import { clearAttempts, countAttempt, lockWhenSpent, type AttemptGuard } from './rate-limits.ts';
import { returnNotes } from './note-mix.ts';

const ACCESS_PURPOSE = 'manage-order';

function notFound(): HttpProblem {
  return new HttpProblem(404, messages.orderNotFoundTitle, messages.orderNotFound, { type: 'order-not-found' });
}

function accessExpired(): HttpProblem {
  return new HttpProblem(403, serverMessages.manageAccessExpiredTitle, serverMessages.manageAccessExpired, { type: 'order-access-expired' });
}

function refused(view: ManagedOrder): HttpProblem {
  const detail = view.refusal === 'cancelled' ? serverMessages.manageAlreadyCancelled : view.refusal === 'notPaid' ? messages.orderNotPaid : serverMessages.manageTooLate;
  return new HttpProblem(409, serverMessages.manageNotChangeableTitle, detail, { type: 'order-not-changeable' });
}


async function accessFor(db: Db, orderId: string, now: Date): Promise<string> {
  const value = `${orderId}.${now.getTime() + MANAGE_ACCESS_MINUTES * 60_000}`;
  return `${value}.${await signLink(db, ACCESS_PURPOSE, value)}`;
}

/** The order an access key names, locked for the change; refused when forged or expired. */
async function orderOfAccess(tx: Db, access: string, now: Date): Promise<OrderRow> {
  const [orderId = '', expires = '', sig = ''] = access.split('.');
  if (!(await isSignedLink(tx, ACCESS_PURPOSE, `${orderId}.${expires}`, sig))) throw accessExpired();
  if (Number(expires) <= now.getTime()) throw accessExpired();
  const [order] = await tx.select().from(t.orders).where(eq(t.orders.id, orderId)).for('update');
  if (order === undefined) throw accessExpired();
  return order;
}

async function deadlineOf(order: OrderRow, now: Date): Promise<Date | null> {
  return changeDeadline(order.productId, slotOf(order)?.date ?? null, await bankHolidaysAt(now));
}

/** Click and collect: the other dates its branch offers now (the notes it holds for the order count as in stock). */
async function otherCollectionDates(db: Db, order: OrderRow, now: Date): Promise<DeliverySlot[]> {
  if (order.productId !== PRODUCT.CLICK_AND_COLLECT) return [];
  const [store] = await db.select().from(t.stores).where(eq(t.stores.id, order.storeId));
  const hours = await db.select().from(t.openingHours).where(eq(t.openingHours.storeId, order.storeId));
  if (store === undefined || hours.length === 0) return [];
  // The branch holds the order's notes when it took them from stock; otherwise they are sent over
  // for 2pm on an open day after today, as when the date was first chosen.
  const slots = deliverySlots({ productId: PRODUCT.CLICK_AND_COLLECT, now, holidays: await bankHolidaysAt(now), branch: branchCalendar(store, hours), inStock: order.stockTaken });
  const current = slotOf(order)?.date;
  return slots.filter((s) => s.date !== current).map(({ orderBy: _orderBy, ...slot }) => slot);
}

async function managedView(db: Db, order: OrderRow, now: Date, access: string): Promise<ManagedOrder> {
  const deadline = await deadlineOf(order, now);
  const timeline = await timelineOf(db, order.id);
  // Sent, collected, received or paid out: too late to change online, whatever the date.
  const movedOn = timeline.some((done) => done.step !== firstStep(fulfilmentKindOf(order.productId)) && done.step !== 'readyToCollect');
  const refusal = manageRefusal({ completed: order.state === ORDER_STATE.COMPLETED, cancelledAt: order.cancelledAt, deadline }, now) ?? (movedOn ? 'tooLate' : null);
  return {
    order: await orderView(db, order),
    access,
    changeBy: deadline?.toISOString() ?? null,
    cancelledAt: order.cancelledAt?.toISOString() ?? null,
    refusal,
    refundAmount: order.productId === PRODUCT.SELL_BACK ? 0 : order.totalMinor / 100,
    collectionDates: refusal === null ? await otherCollectionDates(db, order, now) : [],
    timeline,
  };
}

/**
 * Finds are counted per reference and per email address, whichever client address they come
 * from: after FIND_GUARD.attempts wrong answers (within a day) the reference or address is locked
 * for 30 minutes, when every find naming it answers the same "not found" as a wrong answer, the
 * right one too, so a lock tells a guesser nothing.
 */
export const FIND_GUARD: AttemptGuard = { attempts: 5, windowSeconds: 24 * 60 * 60, lockSeconds: 30 * 60 };

const FIND_LOCKED_KIND = 'order-find-locked';

/** The counter's key: a keyed hash of what was asked (the guesses themselves are never stored). */
async function guardKey(db: Db, scope: 'reference' | 'email', value: string): Promise<string> {
  return `${scope}:${await signLink(db, `order-find-${scope}`, value)}`;
}

function isManageable(order: OrderRow): boolean {
  // An order still being checked out is the shopper's checkout, not an order to manage.
  return order.state === ORDER_STATE.COMPLETED || order.cancelledAt !== null;
}

/** The latest order a customer could manage with this email address. */
async function latestOrderOf(db: Db, email: string): Promise<OrderRow | undefined> {
  const [order] = await db
    .select()
    .from(t.orders)
    .where(
      and(
        sql`lower(trim(${t.orders.customer}->>'emailAddress')) = ${email}`,
        or(eq(t.orders.state, ORDER_STATE.COMPLETED), isNotNull(t.orders.cancelledAt)),
      ),
    )
    .orderBy(desc(t.orders.createdAt))
    .limit(1);
  return order;
}

/**
 * Tells the customer that someone kept trying to open their order (at most one email an order a
 * London day, however many locks). Only to the address the order was placed with.
 */
async function warnOfLockedFinds(deps: ManageDeps, order: OrderRow): Promise<void> {
  const email = renderOrderFindLockedEmail({
    siteName: findSite(await deps.reference.current(), order.siteId).name,
    reference: order.externalOrderId,
    manageUrl: manageUrl(deps),
  });
  await askEmail(deps.db, order, FIND_LOCKED_KIND, londonDay(deps.clock.now()), email);
}

/** POST /api/orders/find. */
export async function findOrder(deps: ManageDeps, request: FindOrderRequest): Promise<ManagedOrder> {
  const now = deps.clock.now();
  const reference = request.reference.trim().toUpperCase();
  const emailAddress = request.emailAddress.trim().toLowerCase();
  const referenceKey = await guardKey(deps.db, 'reference', reference);
  const emailKey = await guardKey(deps.db, 'email', emailAddress);
  // Both are counted, whatever the answer.
  const referenceOpen = await countAttempt(deps, referenceKey, FIND_GUARD);
  const emailOpen = await countAttempt(deps, emailKey, FIND_GUARD);
  const [order] = await deps.db.select().from(t.orders).where(eq(t.orders.externalOrderId, reference));
  const customer = order === undefined ? null : customerOf(order);
  const matches =
    order !== undefined &&
    customer !== null &&
    customer.emailAddress.trim().toLowerCase() === emailAddress &&
    customer.dateOfBirth === request.dateOfBirth &&
    isManageable(order);
  if (!referenceOpen || !emailOpen) throw notFound();
  if (!matches) {
    const referenceLocked = (await lockWhenSpent(deps, referenceKey, FIND_GUARD)) !== null;
    const emailLocked = (await lockWhenSpent(deps, emailKey, FIND_GUARD)) !== null;
    const target = referenceLocked && order !== undefined && isManageable(order) ? order : emailLocked ? await latestOrderOf(deps.db, emailAddress) : undefined;
    if (target !== undefined) await warnOfLockedFinds(deps, target);
    throw notFound();
  }
  await clearAttempts(deps, referenceKey);
  await clearAttempts(deps, emailKey);
  return managedView(deps.db, order, now, await accessFor(deps.db, order.id, now));
}

type ManageDeps = Pick<Deps, 'db' | 'clock' | 'config' | 'reference'>;

function manageUrl(deps: ManageDeps): string {
  return new URL(appPaths.manageOrder, deps.config.appOrigin).toString();
}

async function askEmail(tx: Db, order: OrderRow, kind: string, key: string, email: RenderedEmail): Promise<void> {
  const to = customerOf(order)?.emailAddress;
  if (!to) return;
  await tx
    .insert(t.emails)
    .values({ dedupeKey: `${kind}:${order.id}:${key}`, kind, orderId: order.id, recipient: to, subject: email.subject, html: email.html, text: email.text })
    .onConflictDoNothing({ target: t.emails.dedupeKey });
}

/** Gives the branch back the notes a completed order took from it. */
export async function returnStock(tx: Db, order: OrderRow): Promise<void> {
  const lines = linesOf(order);
  if (!order.stockTaken || lines.length === 0) return;
  const codes = lines.map((l) => l.currencyCode);
  // The same lock order as taking stock (payment.ts), so the two cannot deadlock.
  await tx
    .select({ code: t.storeStock.currencyCode })
    .from(t.storeStock)
    .where(and(eq(t.storeStock.storeId, order.storeId), inArray(t.storeStock.currencyCode, codes)))
    .orderBy(asc(t.storeStock.currencyCode))
    .for('update');
  for (const l of [...lines].sort((a, b) => a.currencyCode.localeCompare(b.currencyCode))) {
    await tx
      .update(t.storeStock)
      .set({ units: sql`${t.storeStock.units} + ${unitsNeeded(l)}` })
      .where(and(eq(t.storeStock.storeId, order.storeId), eq(t.storeStock.currencyCode, l.currencyCode)));
  }
  await returnNotes(tx, order.storeId, lines);
}

/** POST /api/orders/cancel. */
export async function cancelOrder(deps: ManageDeps, access: string, sendRefund: SignedSend): Promise<ManagedOrder> {
  const now = deps.clock.now();
  const site = async (siteId: number) => findSite(await deps.reference.current(), siteId);
  const { view, refundId } = await deps.db.transaction(async (tx) => {
    const order = await orderOfAccess(tx, access, now);
    const before = await managedView(tx, order, now, access);
    if (before.refusal !== null) throw refused(before);
    let refundId: string | undefined;
    const [payment] = await tx
      .select()
      .from(t.payments)
      .where(and(eq(t.payments.orderId, order.id), eq(t.payments.status, 'succeeded')))
      .limit(1);
    if (payment !== undefined) {
      await tx.update(t.payments).set({ status: 'refunded', updatedAt: now }).where(eq(t.payments.id, payment.id));
      const [refund] = await tx
        .insert(t.paymentRefunds)
        .values({ paymentId: payment.id, amountMinor: payment.amountMinor, reason: 'cancelled-by-customer', createdAt: now })
        .onConflictDoNothing({ target: t.paymentRefunds.paymentId })
        .returning({ id: t.paymentRefunds.id });
      refundId = refund?.id;
    }
    await returnStock(tx, order);
    const [cancelled] = await tx
      .update(t.orders)
      .set({ cancelledAt: now, stockTaken: false, updatedAt: now })
      .where(eq(t.orders.id, order.id))
      .returning();
    const row = cancelled ?? order;
    const email = renderOrderCancelledEmail({
      siteName: (await site(order.siteId)).name,
      reference: order.externalOrderId,
      manageUrl: manageUrl(deps),
      refund: payment === undefined ? null : formatGbpAmount(payment.amountMinor / 100),
    });
    await askEmail(tx, row, 'order-cancelled', 'once', email);
    return { view: await managedView(tx, row, now, access), refundId };
  });
  // The provider is told after the commit; a refund it has not confirmed is sent again by the job.
  if (refundId !== undefined) await sendRequestedRefunds(deps, sendRefund, [refundId]);
  return view;
}

/** PUT /api/orders/collection-date: another date the branch offers now, never one taken from the client. */
export async function changeCollectionDate(deps: ManageDeps, access: string, slotId: string): Promise<ManagedOrder> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const order = await orderOfAccess(tx, access, now);
    const before = await managedView(tx, order, now, access);
    if (before.refusal !== null) throw refused(before);
    if (order.productId !== PRODUCT.CLICK_AND_COLLECT) {
      throw new HttpProblem(409, serverMessages.manageNotCollectionTitle, serverMessages.manageNotCollection, { type: 'order-not-collection' });
    }
    const slot = before.collectionDates.find((s) => s.id === slotId);
    if (slot === undefined) {
      const message = serverMessages.manageDateGone;
      throw new HttpProblem(422, 'Unprocessable request', message, { fields: { slotId: message }, type: 'slot-not-available' });
    }
    const record: SlotRecord = { id: slot.id, date: slot.date, price: 0, deliveryMethodName: slot.deliveryMethodName, isInStock: slot.isInStock };
    const [moved] = await tx.update(t.orders).set({ deliverySlot: record, updatedAt: now }).where(eq(t.orders.id, order.id)).returning();
    const row = moved ?? order;
    const [store] = await tx.select({ name: t.stores.name }).from(t.stores).where(eq(t.stores.id, order.storeId));
    const email = renderCollectionDateChangedEmail({
      siteName: findSite(await deps.reference.current(), order.siteId).name,
      reference: order.externalOrderId,
      manageUrl: manageUrl(deps),
      branch: store?.name ?? '',
      date: formatCutOffDay(slot.date),
    });
    await askEmail(tx, row, 'collection-date-changed', `${slot.date}:${now.getTime()}`, email);
    return managedView(tx, row, now, access);
  });
}
