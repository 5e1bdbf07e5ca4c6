/**
 * The order's journey after payment (issue 45, part 2). A paid order takes its first step in the
 * transaction that completes it (startFulfilment); staff move it on from the staff page, one step
 * at a time (moveOrder), and each move is decided by domain/fulfilment.ts `moveOf`, the rules
 * the fulfilment chart (machines/fulfilment/) draws: the server is the authority, and a move out
 * of order answers 409 in plain words. Each move asks for its email in the outbox in the same
 * transaction (decision 022), and manage my order shows the steps with their times (timelineOf).
 */
import { and, asc, desc, eq, inArray, isNull, ne } from 'drizzle-orm';
import { appPaths } from '#domain/contract/routes.ts';
import {
  ALL_FULFILMENT_STEPS,
  firstStep,
  fulfilmentKindOf,
  isLastStep,
  moveOf,
  nextMove,
  type FulfilmentStep,
  type StaffMove,
  type TimelineStep,
} from '#domain/fulfilment.ts';
import { formatGbpAmount, toMajor } from '#domain/money.ts';
import { ORDER_STATE } from '#domain/order-state.ts';
import { PRODUCT } from '#domain/products.ts';
import { fulfilmentProblems } from '#domain/texts/fulfilment-server.ts';
import type { Db } from '../db/client.ts';
import * as t from '../db/schema.ts';
import type { Deps } from '../deps.ts';
import { HttpProblem } from '../errors.ts';
import { isEmailedStep, renderFulfilmentEmail } from '../mail/fulfilment-email.ts';
import { findSite } from './catalogue.ts';
import { customerOf, linesOf, type OrderRow } from './order.ts';
import { noteChoiceText } from '#domain/note-mix.ts';

type FulfilmentDeps = Pick<Deps, 'db' | 'clock' | 'config' | 'reference'>;

/** Starts a paid order's journey at its kind's first step (once, whatever calls it again), inside the caller's transaction. */
export async function startFulfilment(tx: Db, order: Pick<OrderRow, 'id' | 'productId'>, now: Date): Promise<void> {
  await tx
    .insert(t.fulfilmentSteps)
    .values({ orderId: order.id, step: firstStep(fulfilmentKindOf(order.productId)), at: now })
    .onConflictDoNothing();
}

/** The steps an order has reached, oldest first. */
export async function timelineOf(db: Db, orderId: string): Promise<TimelineStep[]> {
  const rows = await db
    .select({ step: t.fulfilmentSteps.step, at: t.fulfilmentSteps.at, reference: t.fulfilmentSteps.reference })
    .from(t.fulfilmentSteps)
    .where(eq(t.fulfilmentSteps.orderId, orderId))
    .orderBy(asc(t.fulfilmentSteps.at), asc(t.fulfilmentSteps.id));
  return inJourneyOrder(rows.map((r) => ({ step: r.step, at: r.at.toISOString(), reference: r.reference })));
}

/** Steps in the order they happen (two moves in the same millisecond keep their order). */
function inJourneyOrder(steps: TimelineStep[]): TimelineStep[] {
  return steps.sort((a, b) => ALL_FULFILMENT_STEPS.indexOf(a.step) - ALL_FULFILMENT_STEPS.indexOf(b.step));
}

/** The step an order is at: the furthest it has reached (null before its payment completed). */
function currentOf(steps: readonly TimelineStep[]): TimelineStep | null {
  return inJourneyOrder([...steps]).at(-1) ?? null;
}

/** Where staff work: the warehouse (every home delivery) or a branch (its click and collect and sell-back orders). */
export type StaffLocation = { kind: 'warehouse' } | { kind: 'branch'; storeId: number };

export interface StaffPlace {
  /** 'warehouse' or the branch's store id. */
  value: string;
  name: string;
}

/** The branches staff can choose (the warehouse comes first on the page). */
export async function staffBranches(db: Db): Promise<StaffPlace[]> {
  const rows = await db.select({ id: t.stores.id, name: t.stores.name }).from(t.stores).where(eq(t.stores.isMeta, false)).orderBy(asc(t.stores.name));
  return rows.map((r) => ({ value: String(r.id), name: r.name }));
}

export interface StaffOrder {
  reference: string;
  customerName: string;
  /** 'EUR 300, USD 120'. */
  currencies: string;
  /** The collection, delivery or drop-off date (YYYY-MM-DD), when it has one. */
  date: string | null;
  step: FulfilmentStep;
  /** When it reached its step (ISO 8601). */
  since: string;
  trackingReference: string | null;
  /** The move staff make next; null once the journey is over. */
  nextMove: StaffMove | null;
}

/** How many orders of a location the page lists at most (the newest steps first within each). */
export const STAFF_LIST_LIMIT = 200;

/** The paid, not cancelled orders of a location with the step each is at. */
export async function staffOrders(db: Db, location: StaffLocation): Promise<StaffOrder[]> {
  const where =
    location.kind === 'warehouse'
      ? eq(t.orders.productId, PRODUCT.HOME_DELIVERY)
      : and(eq(t.orders.storeId, location.storeId), ne(t.orders.productId, PRODUCT.HOME_DELIVERY));
  const orders = await db
    .select()
    .from(t.orders)
    .where(and(where, eq(t.orders.state, ORDER_STATE.COMPLETED), isNull(t.orders.cancelledAt)))
    .orderBy(desc(t.orders.updatedAt))
    .limit(STAFF_LIST_LIMIT);
  if (orders.length === 0) return [];
  const steps = await db
    .select()
    .from(t.fulfilmentSteps)
    .where(inArray(t.fulfilmentSteps.orderId, orders.map((o) => o.id)));
  const byOrder = new Map<string, TimelineStep[]>();
  for (const s of steps) byOrder.set(s.orderId, [...(byOrder.get(s.orderId) ?? []), { step: s.step, at: s.at.toISOString(), reference: s.reference }]);
  const list: StaffOrder[] = [];
  for (const order of orders) {
    const timeline = byOrder.get(order.id) ?? [];
    const current = currentOf(timeline);
    if (current === null) continue;
    const kind = fulfilmentKindOf(order.productId);
    const customer = customerOf(order);
    const slot = order.deliverySlot as { date?: string } | null;
    list.push({
      reference: order.externalOrderId,
      customerName: customer === null ? '' : `${customer.firstName} ${customer.lastName}`.trim(),
      currencies: linesOf(order)
        // The notes the shopper chose, when not mixed (issue 45 part 3): staff count them out.
        .map((l) => `${l.currencyCode} ${toMajor(l.qtyMinor, l.currencyCode)}${l.notes === undefined || l.notes.kind === 'mixed' ? '' : ` (${noteChoiceText(l.notes, l.symbol)})`}`)
        .join(', '),
      date: slot?.date ?? null,
      step: current.step,
      since: current.at,
      trackingReference: timeline.find((s) => s.step === 'dispatched')?.reference ?? null,
      nextMove: isLastStep(kind, current.step) ? null : nextMove(kind, current.step),
    });
  }
  return list;
}

function notMovable(detail: string, type: string): HttpProblem {
  return new HttpProblem(409, fulfilmentProblems.notMovableTitle, detail, { type });
}

/**
 * Moves an order on by one step (the staff page's button), with the courier's tracking reference
 * for a dispatch. Refused, with why, when the order is not paid, was cancelled, is not at the step
 * before, or its journey is over; the step and its email are kept in one transaction.
 */
export async function moveOrder(
  deps: FulfilmentDeps,
  reference: string,
  move: StaffMove,
  trackingReference: string | null,
): Promise<{ reference: string; step: FulfilmentStep }> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const [order] = await tx.select().from(t.orders).where(eq(t.orders.externalOrderId, reference.trim().toUpperCase())).for('update');
    if (order === undefined) throw new HttpProblem(404, fulfilmentProblems.orderNotFoundTitle, fulfilmentProblems.orderNotFound, { type: 'order-not-found' });
    if (order.cancelledAt !== null) throw notMovable(fulfilmentProblems.cancelled, 'order-cancelled');
    if (order.state !== ORDER_STATE.COMPLETED) throw notMovable(fulfilmentProblems.notPaid, 'order-not-paid');
    const timeline = await timelineOf(tx, order.id);
    const kind = fulfilmentKindOf(order.productId);
    // An order paid before its journey was recorded is at its first step.
    const current = currentOf(timeline)?.step ?? firstStep(kind);
    const outcome = moveOf(kind, current, move, trackingReference);
    if (!outcome.allowed) throw notMovable(fulfilmentProblems[outcome.reason], `fulfilment-${outcome.reason}`);
    const [added] = await tx
      .insert(t.fulfilmentSteps)
      .values({ orderId: order.id, step: outcome.step, at: now, reference: outcome.reference })
      .onConflictDoNothing()
      .returning({ id: t.fulfilmentSteps.id });
    if (added === undefined) throw notMovable(fulfilmentProblems.outOfOrder, 'fulfilment-outOfOrder');
    await tx.update(t.orders).set({ updatedAt: now }).where(eq(t.orders.id, order.id));
    await askStepEmail(deps, tx, order, outcome.step, outcome.reference);
    return { reference: order.externalOrderId, step: outcome.step };
  });
}

async function askStepEmail(deps: FulfilmentDeps, tx: Db, order: OrderRow, step: FulfilmentStep, trackingReference: string | null): Promise<void> {
  const to = customerOf(order)?.emailAddress;
  if (!to || !isEmailedStep(step)) return;
  const [store] = await tx.select({ name: t.stores.name }).from(t.stores).where(eq(t.stores.id, order.storeId));
  const email = renderFulfilmentEmail(step, {
    siteName: findSite(await deps.reference.current(), order.siteId).name,
    reference: order.externalOrderId,
    manageUrl: new URL(appPaths.manageOrder, deps.config.appOrigin).toString(),
    branch: store?.name ?? '',
    amount: formatGbpAmount(order.totalMinor / 100),
    trackingReference,
  });
  const kind = `fulfilment-${step}`;
  await tx
    .insert(t.emails)
    .values({ dedupeKey: `${kind}:${order.id}`, kind, orderId: order.id, recipient: to, subject: email.subject, html: email.html, text: email.text })
    .onConflictDoNothing({ target: t.emails.dedupeKey });
}
