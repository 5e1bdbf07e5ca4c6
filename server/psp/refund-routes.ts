/**
 * The refunds call: the shop gives a payment's money back (a success it could not turn into a
 * completed order), in a request signed with its key. Errors are problem documents.
 */
import type { Hono } from 'hono';
import type { Context } from 'hono';
import { and, eq } from 'drizzle-orm';
import * as v from 'valibot';
import { PROBLEM_CONTENT_TYPE } from '#domain/contract/common.ts';
import * as t from '../db/schema.ts';
import { jsonShapeProblem, jsonShapeRefusal } from '../json-shape.ts';
import { formatGbp } from './card-page.ts';
import { PSP_REFUNDS_PATH, RefundRequestSchema } from './events.ts';
import type { Payments, PspDeps } from './payments.ts';
import { SIGNATURE_HEADER, verifyBody } from './signature.ts';

/** An error of the refunds call as a problem document (RFC 9457), as the shop's own API answers. */
function refundProblem(c: Context, status: 400 | 401 | 404 | 409 | 422, title: string, detail: string) {
  return c.body(JSON.stringify({ type: 'about:blank', title, status, detail, instance: c.req.path }), status, { 'Content-Type': PROBLEM_CONTENT_TYPE });
}

/** Registers POST /refunds on the provider's app. */
export function refundRoutes(app: Hono, deps: Pick<PspDeps, 'config' | 'clock' | 'db'>, payments: Pick<Payments, 'paymentOf'>): void {
  const { config, clock, db } = deps;
  const { paymentOf } = payments;

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
}
