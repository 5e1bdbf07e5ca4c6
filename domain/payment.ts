/**
 * The hosted payment (spec 2.9, 2.10, 4.1, 7.5): the provider's card page, and the talk between the payment response page (inside the provider's iframe, on the
 * shop's own origin) and the checkout page that holds the iframe.
 */
import * as v from 'valibot';
import {
  CardPageSizeMessageSchema,
  parsePaymentFrameMessage,
  ProviderUnavailableMessageSchema,
  type PaymentFrameMessage,
  type PaymentFrameMessageType,
} from './contract/payment-messages.ts';
import { paymentFrameOutcome } from './order-state.ts';

/**
 * Spec 7.5: the payment intent answers 201 with the hosted card page in its Location (the API
 * client turns any other answer into an error). The checkout loads that page in an iframe only
 * when it is an absolute http(s) address.
 */
export function isHostedPaymentUrl(url: string): boolean {
  try {
    const { protocol } = new URL(url);
    return protocol === 'https:' || protocol === 'http:';
  } catch {
    return false;
  }
}

/** A message as the window received it: who sent it and what it carries. */
export interface ReceivedFrameMessage {
  origin: string;
  data: unknown;
}

/**
 * The message when the checkout page should act on it: sent from the shop's own origin (exactly,
 * scheme and port included) and of the agreed shape. Anything else is someone else's message.
 */
export function acceptPaymentFrameMessage(received: ReceivedFrameMessage, appOrigin: string): PaymentFrameMessage | null {
  if (received.origin !== appOrigin) return null;
  return parsePaymentFrameMessage(received.data);
}

/** What the checkout does with a received message (spec 4.1), or null when it is not for it. */
export function paymentFrameDecision(
  received: ReceivedFrameMessage,
  appOrigin: string,
): ReturnType<typeof paymentFrameOutcome> | null {
  const message = acceptPaymentFrameMessage(received, appOrigin);
  return message ? paymentFrameOutcome(message.type) : null;
}

export function paymentFrameMessage(type: PaymentFrameMessageType, orderId: string): PaymentFrameMessage {
  return { source: 'travel-money-payment', type, orderId };
}

/**
 * What the provider's card page reports (issue 45 part 1), only from the origin of the card page
 * the checkout opened: 'loaded' (its first size message: the page is there), 'unavailable' (the
 * provider cannot take cards now), or null when the message is not the card page's.
 */
export function cardPageReport(received: ReceivedFrameMessage, paymentUrl: string): 'loaded' | 'unavailable' | null {
  let origin: string;
  try {
    origin = new URL(paymentUrl).origin;
  } catch {
    return null;
  }
  if (received.origin !== origin) return null;
  if (v.is(ProviderUnavailableMessageSchema, received.data)) return 'unavailable';
  return v.is(CardPageSizeMessageSchema, received.data) ? 'loaded' : null;
}
