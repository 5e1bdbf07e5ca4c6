import * as v from 'valibot';

/**
 * What the sandbox provider and the shop exchange. The payment link is signed by the shop; the
 * callback event is signed by the provider. Both with PSP_WEBHOOK_SECRET.
 */
export const PaymentLinkSchema = v.object({
  /** The shop's payment id. */
  pid: v.pipe(v.string(), v.minLength(1), v.maxLength(100)),
  /** GBP, major units. */
  amount: v.pipe(v.number(), v.finite(), v.gtValue(0)),
  /** The order reference shown on the card page. */
  reference: v.pipe(v.string(), v.maxLength(100)),
  /** Where the provider sends the shopper's frame once the payment has an outcome. */
  returnUrl: v.pipe(v.string(), v.url()),
  /** Seconds since the epoch after which the link no longer opens the card page. */
  exp: v.number(),
});
export type PaymentLink = v.InferOutput<typeof PaymentLinkSchema>;

export const PAYMENT_OUTCOMES = ['payment.succeeded', 'payment.declined', 'payment.failed'] as const;
export type PaymentOutcome = (typeof PAYMENT_OUTCOMES)[number];

/**
 * Every event the provider sends: an outcome, or 'payment.processing' (the card was taken but the
 * bank has not confirmed yet; an outcome follows).
 */
export const PAYMENT_EVENT_TYPES = ['payment.processing', ...PAYMENT_OUTCOMES] as const;
export type PaymentEventType = (typeof PAYMENT_EVENT_TYPES)[number];

export const PaymentEventSchema = v.object({
  /** Unique per payment and event type: redeliveries repeat it, so the shop can ignore replays. */
  id: v.pipe(v.string(), v.minLength(1), v.maxLength(200)),
  type: v.picklist(PAYMENT_EVENT_TYPES),
  paymentId: v.pipe(v.string(), v.minLength(1), v.maxLength(100)),
  amount: v.pipe(v.number(), v.finite()),
  /** Why a payment failed (decline code or provider error); absent on success. */
  reason: v.optional(v.string()),
  created: v.pipe(v.string(), v.isoTimestamp()),
});
export type PaymentEvent = v.InferOutput<typeof PaymentEventSchema>;

export function eventId(paymentId: string, type: PaymentEventType): string {
  return `evt_${paymentId}_${type.replace('payment.', '')}`;
}

/**
 * The shop asks the provider to give a payment's money back (POST {PSP_ORIGIN}/refunds, signed
 * like a callback). One refund a payment: the refund id repeats on a retry.
 */
export const RefundRequestSchema = v.object({
  refundId: v.pipe(v.string(), v.minLength(1), v.maxLength(100)),
  paymentId: v.pipe(v.string(), v.minLength(1), v.maxLength(100)),
  /** GBP, major units. */
  amount: v.pipe(v.number(), v.finite(), v.gtValue(0)),
  reason: v.pipe(v.string(), v.minLength(1), v.maxLength(100)),
});
export type RefundRequest = v.InferOutput<typeof RefundRequestSchema>;

/** Where the provider takes refund requests. */
export const PSP_REFUNDS_PATH = '/refunds';

/** A signed request from one side to the other; in production over HTTP, in tests in-process. */
export type SignedSend = (request: { body: string; signature: string }) => Promise<{ status: number }>;
