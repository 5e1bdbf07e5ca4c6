/**
 * Card payments through the sandbox provider (server/psp). The shop never sees card data: it
 * hands the shopper a signed link to the provider's hosted card page and learns the outcome from
 * the provider's signed server-to-server callback.
 *
 * Completion happens once: the callback's event id is unique (a replay finds it stored and
 * changes nothing), and the payment and order rows are locked while the order moves to completed
 * and the branch's stock is taken, all in one transaction.
 */
import { and, asc, eq, inArray } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import * as v from 'valibot';
import { appPaths } from '#domain/contract/routes.ts';
import { exponentOf } from '#domain/money.ts';
import { ORDER_STATE } from '#domain/order-state.ts';
import { isSellBack, isProductId } from '#domain/products.ts';
import type { Db } from '../db/client.ts';
import * as t from '../db/schema.ts';
import type { Deps } from '../deps.ts';
import { badRequest, conflict, HttpProblem, notFound, unauthorized } from '../errors.ts';
import { PaymentEventSchema, type PaymentEvent, type PaymentLink } from '../psp/events.ts';
import { signToken, verifyBody } from '../psp/signature.ts';
import { storedSecret } from './app-secrets.ts';
import type { OrderLineRecord } from './cart.ts';
import { currentOrder, linesOf, type OrderRow, type SlotRecord } from './order.ts';
import type { SessionContext } from './session.ts';

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
async function takeStock(tx: Db, order: OrderRow): Promise<boolean> {
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

export type CallbackOutcome = 'processing' | 'completed' | 'failed' | 'soldOut' | 'ignored' | 'duplicate';

/**
 * POST /api/psp/callback. The signature is checked over the raw body before anything is parsed.
 * 'payment.processing' marks a pending payment processing: the bank has not confirmed it yet, and
 * the order is read as 'status not known yet' until the outcome comes (services/order.ts).
 * Outcomes: a success completes a payment-pending order (18) and takes its stock; if the stock is
 * gone by then, the order fails (16) and the payment is refunded. A decline or provider error
 * ends that payment only: the order stays payment pending (3) with an unsuccessful attempt, so
 * the unsuccessful page's 'Try again?' (offered for 3) leads to a new payment. A success for an
 * order that is no longer awaiting payment (abandoned, already paid) is refunded.
 */
export async function handleProviderCallback(deps: Deps, rawBody: string, signature: string | null | undefined): Promise<CallbackOutcome> {
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

  return deps.db.transaction(async (tx) => {
    const [payment] = await tx.select().from(t.payments).where(eq(t.payments.providerRef, event.paymentId)).for('update');
    if (payment === undefined) throw notFound(`There is no payment ${event.paymentId}.`);
    const [stored] = await tx
      .insert(t.paymentEvents)
      .values({ providerEventId: event.id, paymentId: payment.id, type: event.type, payload: event, createdAt: deps.clock.now() })
      .onConflictDoNothing({ target: t.paymentEvents.providerEventId })
      .returning();
    if (stored === undefined) return 'duplicate';
    if (Math.round(event.amount * 100) !== payment.amountMinor) {
      throw new HttpProblem(422, 'Unprocessable request', 'The callback amount does not match the payment.', { type: 'amount-mismatch' });
    }
    if (payment.status !== 'pending' && payment.status !== 'processing') return 'ignored';

    const now = deps.clock.now();
    if (event.type === 'payment.processing') {
      if (payment.status !== 'pending') return 'ignored';
      await tx.update(t.payments).set({ status: 'processing', updatedAt: now }).where(eq(t.payments.id, payment.id));
      return 'processing';
    }
    const [order] = await tx.select().from(t.orders).where(eq(t.orders.id, payment.orderId)).for('update');
    if (order === undefined) throw new Error(`Payment ${payment.id} has no order`);
    const setPayment = (status: 'succeeded' | 'declined' | 'failed' | 'refunded') =>
      tx.update(t.payments).set({ status, updatedAt: now }).where(eq(t.payments.id, payment.id));
    const setOrder = (state: 3 | 16 | 18, success: boolean, stockTaken = order.stockTaken) =>
      tx.update(t.orders).set({ state, paymentSuccess: success, stockTaken, updatedAt: now }).where(eq(t.orders.id, order.id));

    if (event.type !== 'payment.succeeded') {
      await setPayment(event.type === 'payment.declined' ? 'declined' : 'failed');
      if (order.state !== ORDER_STATE.PAYMENT_PENDING) return 'ignored';
      await setOrder(ORDER_STATE.PAYMENT_PENDING, false);
      return 'failed';
    }
    if (order.state !== ORDER_STATE.PAYMENT_PENDING) {
      // The sandbox's refund is a status: the money goes straight back.
      await setPayment('refunded');
      return 'ignored';
    }
    if (drawsOnStock(order) && !order.stockTaken && !(await takeStock(tx, order))) {
      await setPayment('refunded');
      await setOrder(ORDER_STATE.CHECKOUT_FAILED, false);
      return 'soldOut';
    }
    await setPayment('succeeded');
    await setOrder(ORDER_STATE.COMPLETED, true, order.stockTaken || drawsOnStock(order));
    return 'completed';
  });
}
