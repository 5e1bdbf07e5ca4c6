import { Hono } from 'hono';
import type { Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import * as v from 'valibot';
import { cardPage, formatGbp, messagePage, processingPage, setCardPageShopOrigin, SIZE_SCRIPT_HASH, type CardErrors, type CardValues } from './card-page.ts';
import { and, asc, eq, isNull, lte, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import * as t from '../db/schema.ts';
import {
  eventId,
  PaymentLinkSchema,
  PSP_REFUNDS_PATH,
  RefundRequestSchema,
  type PaymentEvent,
  type PaymentEventType,
  type PaymentLink,
  type PaymentOutcome,
  type SignedSend,
} from './events.ts';
import { readToken, SIGNATURE_HEADER, signBody, verifyBody } from './signature.ts';
import { PROBLEM_CONTENT_TYPE } from '#domain/contract/common.ts';
import { jsonShapeProblem, jsonShapeRefusal } from '../json-shape.ts';
import { behaviourOf, luhnValid } from './test-cards.ts';

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

type PspPayment = typeof t.pspPayments.$inferSelect;
type PspState = PspPayment['state'];

const ReadySchema = v.object({ pid: v.string(), readyAt: v.number() });

const defaultSchedule = (fn: () => void, ms: number) => {
  setTimeout(fn, ms).unref();
};

const OUTCOME_STATE = { 'payment.succeeded': 'succeeded', 'payment.declined': 'declined', 'payment.failed': 'failed' } as const satisfies Record<PaymentOutcome, PspState>;

/** What the card page says about a payment that already has its outcome. */
const OUTCOME_TEXT: Record<Exclude<PspState, 'pending'>, string> = {
  succeeded: 'The payment was taken.',
  declined: 'The card was declined; no money was taken.',
  failed: 'The payment failed; no money was taken.',
  refunded: 'The payment was refunded.',
};

/**
 * The sandbox payment provider: a hosted card page on its own origin, so card data never reaches
 * the shop. It trusts only payment links and refund requests signed by the shop and tells the
 * shop the outcome in a signed server-to-server callback before sending the shopper's frame back.
 *
 * Its payments live in the database (psp_payments), claimed by the first submit of a card page
 * (an insert on the payment id), so a paid or declined card page never takes a second charge,
 * also after a restart or on another instance. A pending payment keeps its due time and is
 * finished once, by its own timer or by whichever instance's sweep() sees it due. Callbacks are
 * kept (psp_events) until the shop accepts them.
 */
export function createPsp(deps: PspDeps) {
  const { config, clock, db } = deps;
  const schedule = deps.schedule ?? defaultSchedule;
  const log = deps.log ?? ((m: string) => console.warn(m));
  const redeliverAfterMs = config.redeliverAfterMs ?? 30_000;

  const app = new Hono();
  setCardPageShopOrigin(config.appOrigin);

  app.use('*', async (c, next) => {
    await next();
    c.header('Content-Security-Policy', `default-src 'none'; style-src 'unsafe-inline'; script-src ${SIZE_SCRIPT_HASH}; form-action 'self' ${config.appOrigin}; frame-ancestors ${config.appOrigin}; base-uri 'none'`);
    c.header('X-Content-Type-Options', 'nosniff');
    c.header('Referrer-Policy', 'no-referrer');
    c.header('Cache-Control', 'no-store');
  });
  app.use('*', bodyLimit({ maxSize: 16 * 1024, onError: (c) => c.html(messagePage({ title: 'Request too large', body: 'The form was too large to process.' }), 413) }));

  function link(token: string | undefined): PaymentLink | null {
    const parsed = v.safeParse(PaymentLinkSchema, readToken(config.secret, token));
    return parsed.success ? parsed.output : null;
  }

  function invalidLink(c: Context) {
    return c.html(messagePage({ title: 'Payment link not valid', body: 'This payment link is not valid or has expired. Please go back to the shop and try again.' }), 404);
  }

  function returnTo(l: PaymentLink): string {
    const url = new URL(l.returnUrl);
    url.searchParams.set('paymentId', l.pid);
    return url.toString();
  }

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

  app.get('/healthz', (c) => c.json({ status: 'ok' }));

  app.get('/pay/:paymentId', async (c) => {
    const token = c.req.query('token');
    const l = link(token);
    if (!l || !token || l.pid !== c.req.param('paymentId')) return invalidLink(c);
    const payment = await paymentOf(l.pid);
    if (payment?.state === 'pending') {
      return c.html(messagePage({ title: 'Payment being confirmed', body: 'Your bank is confirming this payment.', link: { href: returnTo(l), text: 'Continue' } }), 409);
    }
    if (payment !== undefined) {
      return c.html(
        messagePage({ title: 'Payment already processed', body: `This payment has already been processed. ${OUTCOME_TEXT[payment.state]}`, link: { href: returnTo(l), text: 'Continue' } }),
        409,
      );
    }
    if (l.exp * 1000 < clock.now().getTime()) return invalidLink(c);
    return c.html(cardPage({ action: `/pay/${encodeURIComponent(l.pid)}`, token, amount: l.amount, reference: l.reference }));
  });

  app.post('/pay/:paymentId', async (c) => {
    const form = await c.req.parseBody();
    const text = (name: string) => (typeof form[name] === 'string' ? form[name].trim() : '');
    const token = text('token');
    const l = link(token);
    if (!l || l.pid !== c.req.param('paymentId')) return invalidLink(c);
    // A second submit of a payment already taken (with an outcome or still processing) changes nothing.
    if ((await paymentOf(l.pid)) !== undefined) return c.redirect(returnTo(l), 303);
    if (l.exp * 1000 < clock.now().getTime()) return invalidLink(c);

    const values: CardValues = { cardNumber: text('cardNumber'), expiry: text('expiry'), cvc: text('cvc'), name: text('name') };
    const { errors, digits } = validateCard(values, clock.now());
    if (Object.keys(errors).length > 0) {
      // Never echo the card number or CVC back into the page.
      const safe: CardValues = { expiry: values.expiry, name: values.name };
      return c.html(cardPage({ action: `/pay/${encodeURIComponent(l.pid)}`, token, amount: l.amount, reference: l.reference, values: safe, errors }), 422);
    }

    const behaviour = behaviourOf(digits);
    if (behaviour === 'pendingThenSucceeds') {
      // The shop hears at once that the bank has still to confirm, so its page shows the wait
      // ('payment.processing'); the outcome goes when the bank confirms, whether or not the
      // shopper is still there, and after a restart through sweep().
      const processing = paymentEvent(l, 'payment.processing');
      if (await claim(l, 'pending', [processing], new Date(clock.now().getTime() + config.pendingMs))) {
        await send(processing.id);
        schedule(() => void confirmPending(l.pid, false), config.pendingMs);
      }
      return c.redirect(returnTo(l), 303);
    }
    const outcome: PaymentOutcome = behaviour === 'succeeds' ? 'payment.succeeded' : behaviour === 'declined' ? 'payment.declined' : 'payment.failed';
    const event = paymentEvent(l, outcome, behaviour === 'declined' ? 'card_declined' : behaviour === 'providerError' ? 'processing_error' : undefined);
    if (await claim(l, OUTCOME_STATE[outcome], [event])) await send(event.id);
    return c.redirect(returnTo(l), 303);
  });

  // The provider's own waiting page, for frames sent to it before the shop's payment response
  // page took over the wait: it refreshes until the payment is due, then confirms it (also when a
  // restart lost the timer) and sends the frame back to the shop.
  app.get('/pay/:paymentId/processing', async (c) => {
    const token = c.req.query('token');
    const l = link(token);
    const ready = v.safeParse(ReadySchema, readToken(config.secret, c.req.query('ready')));
    if (!l || !token || !ready.success || ready.output.pid !== l.pid || l.pid !== c.req.param('paymentId')) return invalidLink(c);
    const payment = await paymentOf(l.pid);
    if (payment !== undefined && payment.state !== 'pending') return c.redirect(returnTo(l), 303);
    if (clock.now().getTime() < ready.output.readyAt) {
      return c.html(processingPage({ amount: l.amount, refreshUrl: c.req.url.replace(/^https?:\/\/[^/]+/, ''), refreshSeconds: 1 }));
    }
    // Due: confirm now, before the shop's page reads the order. A link from before the payments
    // were kept has no row yet: it is claimed as succeeded, once.
    const succeeded = paymentEvent(l, 'payment.succeeded');
    if (payment === undefined) {
      if (await claim(l, 'succeeded', [succeeded])) await send(succeeded.id);
    } else {
      await confirmPending(l.pid, false);
    }
    return c.redirect(returnTo(l), 303);
  });

  /** An error of the refunds call as a problem document (RFC 9457), as the shop's own API answers. */
  function refundProblem(c: Context, status: 400 | 401 | 404 | 409 | 422, title: string, detail: string) {
    return c.body(JSON.stringify({ type: 'about:blank', title, status, detail, instance: c.req.path }), status, { 'Content-Type': PROBLEM_CONTENT_TYPE });
  }

  // The shop gives a payment's money back (a success it could not turn into a completed order).
  app.post(PSP_REFUNDS_PATH, async (c) => {
    const raw = await c.req.text();
    if (!verifyBody(config.secret, raw, c.req.header(SIGNATURE_HEADER))) {
      return refundProblem(c, 401, 'Signature not valid', 'The refund request is not signed with the shop\'s key, so it was not made.');
    }
    const shape = jsonShapeProblem(raw);
    if (shape !== null) return refundProblem(c, 400, 'Bad request', jsonShapeRefusal(shape).detail ?? 'The body is not a refund request.');
    let json: unknown;
    try {
      json = JSON.parse(raw);
    } catch {
      return refundProblem(c, 400, 'Bad request', 'The body of a refund request must be JSON.');
    }
    const parsed = v.safeParse(RefundRequestSchema, json);
    if (!parsed.success) return refundProblem(c, 400, 'Bad request', 'The body is not a refund request: it needs refundId, paymentId, amount and reason.');
    const r = parsed.output;
    const now = clock.now();
    const [refunded] = await db
      .update(t.pspPayments)
      .set({ state: 'refunded', refundReason: r.reason, refundedAt: now, updatedAt: now })
      .where(and(eq(t.pspPayments.id, r.paymentId), eq(t.pspPayments.state, 'succeeded'), eq(t.pspPayments.amountMinor, Math.round(r.amount * 100))))
      .returning({ id: t.pspPayments.id });
    if (refunded !== undefined) return c.json({ refunded: true });
    const payment = await paymentOf(r.paymentId);
    if (payment === undefined) return refundProblem(c, 404, 'Payment not found', `There is no payment ${r.paymentId}.`);
    // Asked again (a retry): already done.
    if (payment.state === 'refunded') return c.json({ refunded: true });
    if (payment.amountMinor !== Math.round(r.amount * 100)) {
      return refundProblem(c, 422, 'Amount does not match', `The refund asks for ${formatGbp(r.amount)}, but the payment took ${formatGbp(payment.amountMinor / 100)}.`);
    }
    return refundProblem(c, 409, 'Nothing to refund', `The payment took no money (${payment.state}), so there is nothing to give back.`);
  });

  app.notFound((c) => c.html(messagePage({ title: 'Page not found', body: 'There is nothing at this address.' }), 404));
  app.onError((error, c) => {
    log(`psp: ${String(error)}`);
    return c.html(messagePage({ title: 'Something went wrong', body: 'The payment page could not be shown. Please try again.' }), 500);
  });

  return Object.assign(app, { sweep });
}

export type Psp = ReturnType<typeof createPsp>;

const CARD_MESSAGES = {
  cardNumberRequired: 'Enter your card number',
  cardNumberInvalid: 'Enter a valid card number',
  expiryRequired: 'Enter the expiry date',
  expiryInvalid: 'Enter the expiry date as MM/YY',
  expiryPast: 'This card has expired',
  cvcInvalid: 'Enter the 3 or 4 digit security code',
  nameRequired: 'Enter the name on the card',
} as const;

export function validateCard(values: CardValues, now: Date): { errors: CardErrors; digits: string } {
  const errors: CardErrors = {};
  const digits = (values.cardNumber ?? '').replace(/[\s-]/g, '');
  if (digits === '') errors.cardNumber = CARD_MESSAGES.cardNumberRequired;
  else if (!/^\d{12,19}$/.test(digits) || !luhnValid(digits)) errors.cardNumber = CARD_MESSAGES.cardNumberInvalid;

  const expiry = (values.expiry ?? '').replace(/\s/g, '');
  const m = /^(\d{1,2})\/?(\d{2}|\d{4})$/.exec(expiry);
  if (expiry === '') errors.expiry = CARD_MESSAGES.expiryRequired;
  else if (!m || Number(m[1]) < 1 || Number(m[1]) > 12) errors.expiry = CARD_MESSAGES.expiryInvalid;
  else {
    const month = Number(m[1]);
    const year = m[2]!.length === 2 ? 2000 + Number(m[2]) : Number(m[2]);
    // A card is valid to the end of its expiry month.
    if (Date.UTC(year, month, 1) <= now.getTime()) errors.expiry = CARD_MESSAGES.expiryPast;
  }

  if (!/^\d{3,4}$/.test(values.cvc ?? '')) errors.cvc = CARD_MESSAGES.cvcInvalid;
  const name = values.name ?? '';
  if (name === '') errors.name = CARD_MESSAGES.nameRequired;
  return { errors, digits };
}
