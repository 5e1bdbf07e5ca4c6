import * as v from 'valibot';

/**
 * What the payment response page (inside the provider's iframe, on the shop's origin) tells the
 * checkout page with postMessage. The parent accepts only its own origin and only this shape.
 */
export const PaymentFrameMessageSchema = v.strictObject({
  source: v.literal('travel-money-payment'),
  type: v.picklist(['payment.received', 'payment.failed', 'payment.stateUnknown']),
  orderId: v.pipe(v.string(), v.minLength(1)),
});
export type PaymentFrameMessage = v.InferOutput<typeof PaymentFrameMessageSchema>;
export type PaymentFrameMessageType = PaymentFrameMessage['type'];

export function parsePaymentFrameMessage(data: unknown): PaymentFrameMessage | null {
  const parsed = v.safeParse(PaymentFrameMessageSchema, data);
  return parsed.success ? parsed.output : null;
}
