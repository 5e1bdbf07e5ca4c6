/**
 * The sandbox provider's payments and callbacks, kept in its own tables: a payment is claimed once
 * by the first submit of its card page, a pending one is confirmed once by whichever timer or
 * instance gets there first, and each callback is kept and sent again until the shop accepts it.
 */
import { and, asc, eq, isNull, lte, sql } from 'drizzle-orm';
import * as v from 'valibot';
import type { Db } from '../db/client.ts';
import * as t from '../db/schema.ts';
import { eventId, PaymentLinkSchema, type PaymentEvent, type PaymentEventType, type PaymentLink, type SignedSend } from './events.ts';
import { signBody } from './signature.ts';

export interface PspConfig {
  /** PSP_WEBHOOK_SECRET: verifies payment links and refund requests, signs callbacks. */
  secret: string;
  /** How long the pending test card stays processing before it succeeds. */
  pendingMs: number;
  /** The shop's app origin: the only page allowed to frame the card page. */
  appOrigin: string;
  /** Waits between redeliveries of a callback the shop did not accept. */
  retryDelaysMs: readonly number[];
  /** sweep() sends again a callback still not accepted this long after it was made (default 30 s). */
  redeliverAfterMs?: number;
}

/** A signed callback to the shop. In production over HTTP; in tests straight into the shop app. */
export type Deliver = SignedSend;

export interface PspDeps {
  config: PspConfig;
  /** The provider's own tables (psp_payments, psp_events): shared by every instance, kept across restarts. */
  db: Db;
  clock: { now(): Date };
  deliver: Deliver;
  /** Runs fn after ms; setTimeout unless a test supplies its own. */
  schedule?: (fn: () => void, ms: number) => void;
  log?: (message: string) => void;
}

export type PspPayment = typeof t.pspPayments.$inferSelect;
export type PspState = PspPayment['state'];

const defaultSchedule = (fn: () => void, ms: number) => {
  setTimeout(fn, ms).unref();
};

/** The payments store and callback sender of one provider instance (its own timers, shared tables). */
export function createPayments(deps: PspDeps) {
  const { config, clock, db } = deps;
  const schedule = deps.schedule ?? defaultSchedule;
  const log = deps.log ?? ((m: string) => console.warn(m));
  const redeliverAfterMs = config.redeliverAfterMs ?? 30_000;

  async function paymentOf(pid: string): Promise<PspPayment | undefined> {
    const [row] = await db.select().from(t.pspPayments).where(eq(t.pspPayments.id, pid));
    return row;
  }

  function paymentEvent(l: PaymentLink, type: PaymentEventType, reason?: string): PaymentEvent {
    return { id: eventId(l.pid, type), type, paymentId: l.pid, amount: l.amount, created: clock.now().toISOString(), ...(reason ? { reason } : {}) };
  }

  /** Keeps a callback the shop is owed; the same event id again is the same callback. */
  async function keepEvent(tx: Db, event: PaymentEvent): Promise<void> {
    await tx
      .insert(t.pspEvents)
      .values({ id: event.id, paymentId: event.paymentId, type: event.type, body: JSON.stringify(event), createdAt: clock.now() })
      .onConflictDoNothing({ target: t.pspEvents.id });
  }

  /** One delivery of a kept callback; true once the shop has accepted it (now or before). */
  async function attempt(id: string): Promise<boolean> {
    const [event] = await db.select().from(t.pspEvents).where(eq(t.pspEvents.id, id));
    if (event === undefined) return false;
    if (event.deliveredAt !== null) return true;
    await db.update(t.pspEvents).set({ attempts: sql`${t.pspEvents.attempts} + 1` }).where(eq(t.pspEvents.id, id));
    try {
      const res = await deps.deliver({ body: event.body, signature: signBody(config.secret, event.body) });
      if (res.status >= 200 && res.status < 300) {
        await db.update(t.pspEvents).set({ deliveredAt: clock.now() }).where(and(eq(t.pspEvents.id, id), isNull(t.pspEvents.deliveredAt)));
        return true;
      }
      log(`psp: callback ${id} answered ${res.status}`);
    } catch (error) {
      log(`psp: callback ${id} failed: ${String(error)}`);
    }
    return false;
  }

  /** Delivers now and, if the shop does not accept it, again after each configured wait. */
  async function send(id: string): Promise<void> {
    if (await attempt(id)) return;
    const retry = (i: number) => {
      const wait = config.retryDelaysMs[i];
      if (wait === undefined) return;
      schedule(() => void attempt(id).then((ok) => ok || retry(i + 1)), wait);
    };
    retry(0);
  }

  /**
   * Takes the card for a payment seen for the first time: the insert on the payment id is the
   * claim, so of two submits (two tabs, two instances) one charges and the other changes nothing.
   */
  async function claim(l: PaymentLink, state: PspState, events: PaymentEvent[], dueAt: Date | null = null): Promise<boolean> {
    return db.transaction(async (tx) => {
      const now = clock.now();
      const [row] = await tx
        .insert(t.pspPayments)
        .values({ id: l.pid, state, amountMinor: Math.round(l.amount * 100), reference: l.reference, link: l, dueAt, createdAt: now, updatedAt: now })
        .onConflictDoNothing({ target: t.pspPayments.id })
        .returning({ id: t.pspPayments.id });
      if (row === undefined) return false;
      for (const event of events) await keepEvent(tx, event);
      return true;
    });
  }

  /**
   * The bank confirms a pending payment: it succeeds once (UPDATE ... WHERE state = 'pending'),
   * whichever timer or instance gets there first. onlyIfDue: only when its due time has come.
   */
  async function confirmPending(pid: string, onlyIfDue: boolean): Promise<boolean> {
    const now = clock.now();
    const event = await db.transaction(async (tx) => {
      const [row] = await tx
        .update(t.pspPayments)
        .set({ state: 'succeeded', updatedAt: now })
        .where(and(eq(t.pspPayments.id, pid), eq(t.pspPayments.state, 'pending'), ...(onlyIfDue ? [lte(t.pspPayments.dueAt, now)] : [])))
        .returning();
      if (row === undefined) return null;
      const e = paymentEvent(v.parse(PaymentLinkSchema, row.link), 'payment.succeeded');
      await keepEvent(tx, e);
      return e;
    });
    if (event === null) return false;
    await send(event.id);
    return true;
  }

  /**
   * What every instance runs now and then (server/main.ts), and at start: finishes the pending
   * payments that are due (also those whose timer a restart lost), once each, and sends again
   * the callbacks the shop has not accepted for a while. Returns the payments finished.
   */
  async function sweep(): Promise<number> {
    const now = clock.now();
    const due = await db
      .select({ id: t.pspPayments.id })
      .from(t.pspPayments)
      .where(and(eq(t.pspPayments.state, 'pending'), lte(t.pspPayments.dueAt, now)));
    let finished = 0;
    for (const p of due) if (await confirmPending(p.id, true)) finished++;
    const stale = await db
      .select({ id: t.pspEvents.id })
      .from(t.pspEvents)
      .where(and(isNull(t.pspEvents.deliveredAt), lte(t.pspEvents.createdAt, new Date(now.getTime() - redeliverAfterMs))))
      .orderBy(asc(t.pspEvents.createdAt));
    for (const e of stale) await attempt(e.id);
    return finished;
  }

  return { paymentOf, paymentEvent, claim, confirmPending, send, sweep, schedule };
}

export type Payments = ReturnType<typeof createPayments>;
