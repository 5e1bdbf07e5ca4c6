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

/**
 * What the provider's hosted card page (on the provider's origin) tells the checkout page: the
 * height of its content, so the frame fits it without a scrollbar of its own. Layout only: the
 * checkout page accepts it only from the provider's origin and its own frame.
 */
export const CardPageSizeMessageSchema = v.strictObject({
  source: v.literal('travel-money-psp'),
  type: v.literal('frame.resized'),
  height: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(4000)),
});

export function parseCardPageSize(data: unknown): number | null {
  const parsed = v.safeParse(CardPageSizeMessageSchema, data);
  return parsed.success ? parsed.output.height : null;
}

/**
 * What the provider's card page (on the provider's origin) tells the checkout about the provider
 * itself (issue 45 part 1): it is unavailable, nothing was charged. The checkout accepts it only
 * from the origin of the card page it opened.
 */
export const ProviderUnavailableMessageSchema = v.strictObject({
  source: v.literal('travel-money-psp'),
  type: v.literal('provider.unavailable'),
});
