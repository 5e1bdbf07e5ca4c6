/**
 * Card payments through the sandbox provider (server/psp). The shop never sees card data: it
 * hands the shopper a signed link to the provider's hosted card page and learns the outcome from
 * the provider's signed server-to-server callback.
 *
 * Completion happens once: the callback's event id is unique (a replay finds it stored and
 * changes nothing), and the payment and order rows are locked while the order moves to completed
 * and the branch's stock is taken, all in one transaction.
 */
import { askOrderConfirmation } from './outbox.ts';
import { startFulfilment } from './fulfilment.ts';
import { addSeconds } from 'date-fns';
import { and, asc, eq, inArray, isNull, lte, or } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import * as v from 'valibot';
import { appPaths } from '#domain/contract/routes.ts';
import { exponentOf } from '#domain/money.ts';
import { isOrderStateValue, ORDER_STATE } from '#domain/order-state.ts';
import { isSellBack, isProductId } from '#domain/products.ts';
import type { Db } from '../db/client.ts';
import * as t from '../db/schema.ts';
import type { Deps } from '../deps.ts';
import { badRequest, conflict, HttpProblem, notFound, unauthorized } from '../errors.ts';
import { PaymentEventSchema, PSP_REFUNDS_PATH, type PaymentEvent, type PaymentLink, type RefundRequest, type SignedSend } from '../psp/events.ts';
import { SIGNATURE_HEADER, signBody, signToken, verifyBody } from '../psp/signature.ts';
import { storedSecret } from './app-secrets.ts';
import { providerUnavailable } from './reservation.ts';
import { decideCallback, type PaymentStatus, type RefundReason } from './payment-outcome.ts';
import type { OrderLineRecord } from './checkout.ts';
import { currentOrder, linesOf, type OrderRow, type SlotRecord } from './order.ts';
import type { SessionContext } from './session.ts';
import { takeNotes } from './note-mix.ts';

const PSP_SECRET_NAME = 'psp-webhook-secret';
const pspSecrets = new WeakMap<Db, Promise<string>>();

/**
 * PSP_WEBHOOK_SECRET, or one made on first use and kept in app_secrets: payment links issued and
 * callbacks signed before a restart still verify after it. The sandbox provider started with the
 * shop (main.ts) is handed the same value.
 */
export function pspWebhookSecret(deps: Pick<Deps, 'db' | 'config'>): Promise<string> {
  if (deps.config.pspWebhookSecret !== null) return Promise.resolve(deps.config.pspWebhookSecret);
  let secret = pspSecrets.get(deps.db);
  if (secret === undefined) {
    secret = storedSecret(deps.db, PSP_SECRET_NAME);
    pspSecrets.set(deps.db, secret);
    secret.catch(() => pspSecrets.delete(deps.db));
  }
  return secret;
}

/**
 * POST /api/order/create-payment-intent: only for an order awaiting payment. A pending payment of
 * the order is reused (a reloaded page gets the same payment), so one order is never paid twice;
 * after a declined or failed payment the next intent is a new payment. An order past its expiry
 * fails here (16), so the unsuccessful page stops offering 'Try again?' for it.
 */
export async function createPaymentIntent(deps: Deps, session: SessionContext): Promise<{ url: string }> {
  // The sandbox provider made unavailable (PSP_UNAVAILABLE): no payment starts; pay at the branch is offered.
  if (deps.config.pspUnavailable) throw providerUnavailable();
  const secret = await pspWebhookSecret(deps);
  const result = await deps.db.transaction(async (tx) => {
    const order = await currentOrder(deps, session, { lock: true, db: tx });
    if (order.state !== ORDER_STATE.PAYMENT_PENDING) {
      throw conflict(`This order is not awaiting payment (state ${order.state}).`, 'order-not-payable');
    }
    if (isProductId(order.productId) && isSellBack(order.productId)) throw conflict('Sell-back orders are not paid by card.', 'order-not-payable');
    const now = deps.clock.now();
    if (order.expiresAt.getTime() <= now.getTime()) {
      await tx.update(t.orders).set({ state: ORDER_STATE.CHECKOUT_FAILED, updatedAt: now }).where(eq(t.orders.id, order.id));
      return 'expired' as const;
    }

    const [processing] = await tx
      .select({ id: t.payments.id })
      .from(t.payments)
      .where(and(eq(t.payments.orderId, order.id), eq(t.payments.status, 'processing')));
    // Its outcome is still to come: a second payment now could take the money twice.
    if (processing !== undefined) throw conflict('A payment for this order is being confirmed by the bank.', 'payment-processing');

    const [pending] = await tx
      .select()
      .from(t.payments)
      .where(and(eq(t.payments.orderId, order.id), eq(t.payments.status, 'pending'), eq(t.payments.amountMinor, order.totalMinor)));
    let paymentId = pending?.id;
    if (paymentId === undefined) {
      paymentId = randomUUID();
      await tx.insert(t.payments).values({ id: paymentId, orderId: order.id, providerRef: paymentId, status: 'pending', amountMinor: order.totalMinor, createdAt: now, updatedAt: now });
    }
    const link: PaymentLink = {
      pid: paymentId,
      amount: order.totalMinor / 100,
      reference: order.externalOrderId,
      returnUrl: `${deps.config.appOrigin}${appPaths.paymentResponse}`,
      exp: Math.floor(order.expiresAt.getTime() / 1000),
    };
    const token = signToken(secret, link);
    return { url: `${deps.config.pspOrigin}/pay/${paymentId}?token=${encodeURIComponent(token)}` };
  });
  // Thrown after the commit: the order's move to failed must stay.
  if (result === 'expired') throw conflict('This order has expired. Please start again.', 'order-expired');
  return result;
}

/** Takes the order's currency from the store's notes; false (and nothing taken) when it cannot cover it. */
export async function takeStock(tx: Db, order: OrderRow): Promise<boolean> {
  const lines = linesOf(order);
  if (lines.length === 0) return true;
  const rows = await tx
    .select()
    .from(t.storeStock)
    .where(and(eq(t.storeStock.storeId, order.storeId), inArray(t.storeStock.currencyCode, lines.map((l) => l.currencyCode))))
    // One lock order for every transaction, so two orders of the same currencies cannot deadlock.
    .orderBy(asc(t.storeStock.currencyCode))
    .for('update');
  const need = (l: OrderLineRecord) => Math.ceil(l.qtyMinor / 10 ** exponentOf(l.currencyCode));
  if (!lines.every((l) => (rows.find((r) => r.currencyCode === l.currencyCode)?.units ?? 0) >= need(l))) return false;
  // The exact notes the shopper chose come with the units, or nothing is taken.
  if (!(await takeNotes(tx, order.storeId, lines))) return false;
  for (const l of lines) {
    const row = rows.find((r) => r.currencyCode === l.currencyCode);
    if (row === undefined) return false;
    await tx
      .update(t.storeStock)
      .set({ units: row.units - need(l) })
      .where(and(eq(t.storeStock.storeId, row.storeId), eq(t.storeStock.currencyCode, row.currencyCode)));
  }
  return true;
}

/**
 * Whether a completed order draws on the store's notes now. Home delivery and collection from
 * stock do; a collection the branch has sent over for 2pm the next day (not in stock when chosen)
 * is supplied from elsewhere.
 */
function drawsOnStock(order: OrderRow): boolean {
  if (!isProductId(order.productId) || isSellBack(order.productId)) return false;
  const slot = order.deliverySlot as SlotRecord | null;
  return slot?.isInStock ?? true;
}

export type CallbackOutcome = 'processing' | 'completed' | 'failed' | 'soldOut' | 'refunded' | 'ignored' | 'duplicate';

/**
 * POST /api/psp/callback. The signature is checked over the raw body before anything is parsed;
 * the event is stored by its unique id (a replay changes nothing), then decideCallback
 * (services/payment-outcome.ts) says what it does, under the payment's and the order's row locks:
 * 'payment.processing' marks a pending payment processing (the order reads as 'status not known
 * yet' until the outcome comes); a success completes a payment-pending order (18) and takes its
 * stock once, or, when it cannot (sold out meanwhile, the order already paid by another payment,
 * abandoned or expired), is refunded; a decline or provider error ends that payment only, so the
 * unsuccessful page's 'Try again?' leads to a new payment. A refund is recorded in the same
 * transaction (payment_refunds, with its reason) and the provider is told after the commit; a
 * refund the provider has not confirmed is sent again by sendRequestedRefunds.
 */
export async function handleProviderCallback(deps: Deps, rawBody: string, signature: string | null | undefined, sendRefund?: SignedSend): Promise<CallbackOutcome> {
  if (!verifyBody(await pspWebhookSecret(deps), rawBody, signature)) {
    throw unauthorized('The callback signature does not match.', 'signature-invalid');
  }
  let json: unknown;
  try {
    json = JSON.parse(rawBody);
  } catch {
    throw badRequest('The callback body is not JSON.');
  }
  const parsed = v.safeParse(PaymentEventSchema, json);
  if (!parsed.success) throw badRequest('The callback is not a payment event.');
  const event: PaymentEvent = parsed.output;

  const { outcome, refundId } = await deps.db.transaction(async (tx): Promise<{ outcome: CallbackOutcome; refundId?: string }> => {
    const [payment] = await tx.select().from(t.payments).where(eq(t.payments.providerRef, event.paymentId)).for('update');
    if (payment === undefined) throw notFound(`There is no payment ${event.paymentId}.`);
    const [stored] = await tx
      .insert(t.paymentEvents)
      .values({ providerEventId: event.id, paymentId: payment.id, type: event.type, payload: event, createdAt: deps.clock.now() })
      .onConflictDoNothing({ target: t.paymentEvents.providerEventId })
      .returning();
    if (stored === undefined) return { outcome: 'duplicate' };
    if (Math.round(event.amount * 100) !== payment.amountMinor) {
      throw new HttpProblem(422, 'Unprocessable request', 'The callback amount does not match the payment.', { type: 'amount-mismatch' });
    }
    const [order] = await tx.select().from(t.orders).where(eq(t.orders.id, payment.orderId)).for('update');
    if (order === undefined) throw new Error(`Payment ${payment.id} has no order`);
    if (!isOrderStateValue(order.state)) throw new Error(`Unexpected order state ${order.state}`);

    const now = deps.clock.now();
    const setPayment = (status: PaymentStatus) => tx.update(t.payments).set({ status, updatedAt: now }).where(eq(t.payments.id, payment.id));
    const setOrder = (state: 3 | 16 | 18, success: boolean, stockTaken = order.stockTaken) =>
      tx.update(t.orders).set({ state, paymentSuccess: success, stockTaken, updatedAt: now }).where(eq(t.orders.id, order.id));
    const refund = async (reason: RefundReason) => {
      await setPayment('refunded');
      const [row] = await tx
        .insert(t.paymentRefunds)
        .values({ paymentId: payment.id, amountMinor: payment.amountMinor, reason, createdAt: now })
        .onConflictDoNothing({ target: t.paymentRefunds.paymentId })
        .returning({ id: t.paymentRefunds.id });
      return row?.id;
    };

    const decision = decideCallback({ event: event.type, payment: payment.status, order: order.state, paysOrderTotal: payment.amountMinor === order.totalMinor });
    switch (decision.action) {
      case 'ignore':
        return { outcome: 'ignored' };
      case 'markProcessing':
        await setPayment('processing');
        return { outcome: 'processing' };
      case 'endAttempt':
        await setPayment(decision.status);
        if (decision.orderAttemptFailed) await setOrder(ORDER_STATE.PAYMENT_PENDING, false);
        return { outcome: decision.orderAttemptFailed ? 'failed' : 'ignored' };
      case 'refund': {
        const refundId = await refund(decision.reason);
        return { outcome: 'refunded', ...(refundId === undefined ? {} : { refundId }) };
      }
      case 'complete': {
        if (drawsOnStock(order) && !order.stockTaken && !(await takeStock(tx, order))) {
          const refundId = await refund('sold-out');
          await setOrder(ORDER_STATE.CHECKOUT_FAILED, false);
          return { outcome: 'soldOut', ...(refundId === undefined ? {} : { refundId }) };
        }
        await setPayment('succeeded');
        await setOrder(ORDER_STATE.COMPLETED, true, order.stockTaken || drawsOnStock(order));
        // The confirmation email is asked for with the completion itself: never lost, never twice.
        await askOrderConfirmation(tx, order.id);
        // Its journey after payment starts with it (services/fulfilment.ts).
        await startFulfilment(tx, order, now);
        return { outcome: 'completed' };
      }
    }
  });
  if (refundId !== undefined && sendRefund !== undefined) await sendRequestedRefunds(deps, sendRefund, [refundId]);
  return outcome;
}

/** A refund the provider refuses is asked for this many times in all, then given up ('failed'). */
export const REFUND_MAX_ATTEMPTS = 10;

/**
 * The wait before asking again after the attempt-th refusal: 5 s, doubling each time, an hour at
 * most (with REFUND_MAX_ATTEMPTS, the last attempt comes about 43 minutes after the first).
 */
export function refundRetryDelaySeconds(attempt: number): number {
  return Math.min(5 * 2 ** Math.max(0, attempt - 1), 60 * 60);
}

/**
 * Tells the provider about refunds recorded but not yet confirmed (the given ones, or all whose
 * wait has passed), and marks each confirmed once the provider accepts it. A refund the provider
 * refuses or cannot be reached for is asked again after refundRetryDelaySeconds (the catch-up runs
 * every few seconds, server/start.ts); after REFUND_MAX_ATTEMPTS it is given up ('failed') with one
 * error line, and needs refunding by hand. Returns how many were confirmed.
 */
export async function sendRequestedRefunds(deps: Pick<Deps, 'db' | 'config' | 'clock'>, send: SignedSend, ids?: readonly string[]): Promise<number> {
  const secret = await pspWebhookSecret(deps);
  const due = or(isNull(t.paymentRefunds.nextAttemptAt), lte(t.paymentRefunds.nextAttemptAt, deps.clock.now()));
  const requested = await deps.db
    .select({
      id: t.paymentRefunds.id,
      amountMinor: t.paymentRefunds.amountMinor,
      reason: t.paymentRefunds.reason,
      attempts: t.paymentRefunds.attempts,
      providerRef: t.payments.providerRef,
    })
    .from(t.paymentRefunds)
    .innerJoin(t.payments, eq(t.payments.id, t.paymentRefunds.paymentId))
    .where(and(eq(t.paymentRefunds.status, 'requested'), due, ...(ids === undefined ? [] : [inArray(t.paymentRefunds.id, [...ids])])));
  let confirmed = 0;
  for (const r of requested) {
    const request: RefundRequest = { refundId: r.id, paymentId: r.providerRef, amount: r.amountMinor / 100, reason: r.reason };
    const body = JSON.stringify(request);
    let refused: string | null = null;
    try {
      const res = await send({ body, signature: signBody(secret, body) });
      if (res.status < 200 || res.status >= 300) refused = `the payment provider answered ${res.status}`;
    } catch (error) {
      refused = `the payment provider could not be reached (${String(error)})`;
    }
    if (refused !== null) {
      await refundRefused(deps, r.id, r.attempts + 1, refused);
      continue;
    }
    await deps.db
      .update(t.paymentRefunds)
      .set({ status: 'confirmed', confirmedAt: deps.clock.now(), attempts: r.attempts + 1, nextAttemptAt: null, lastError: null })
      .where(and(eq(t.paymentRefunds.id, r.id), eq(t.paymentRefunds.status, 'requested')));
    confirmed++;
  }
  return confirmed;
}

/** Records a refused attempt: asked again after its wait, or, at the cap, given up with one error line. */
async function refundRefused(deps: Pick<Deps, 'db' | 'clock'>, id: string, attempts: number, reason: string): Promise<void> {
  const givenUp = attempts >= REFUND_MAX_ATTEMPTS;
  const [row] = await deps.db
    .update(t.paymentRefunds)
    .set({
      attempts,
      lastError: reason,
      ...(givenUp ? { status: 'failed' as const, nextAttemptAt: null } : { nextAttemptAt: addSeconds(deps.clock.now(), refundRetryDelaySeconds(attempts)) }),
    })
    .where(and(eq(t.paymentRefunds.id, id), eq(t.paymentRefunds.status, 'requested')))
    .returning({ id: t.paymentRefunds.id });
  // Another instance recorded this attempt's outcome first.
  if (row === undefined) return;
  if (givenUp) console.error(`refund ${id}: ${reason}, ${attempts} times; not asked again: refund it by hand`);
  else console.warn(`refund ${id}: ${reason}; asked again in ${refundRetryDelaySeconds(attempts)} s`);
}

/** Refund requests over HTTP to the provider's origin (PSP_ORIGIN), for a provider in another process. */
export function httpRefundSender(pspOrigin: string): SignedSend {
  return async ({ body, signature }) => {
    const res = await fetch(`${pspOrigin}${PSP_REFUNDS_PATH}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', [SIGNATURE_HEADER]: signature },
      body,
      signal: AbortSignal.timeout(10_000),
    });
    return { status: res.status };
  };
}
