/**
 * What a provider callback does to a payment and its order: a pure rule, applied by
 * services/payment.ts inside the transaction that holds the payment and order rows.
 *
 * The rule it keeps: money taken (a success) always ends in a completed order or a recorded
 * refund, never in neither, whatever order the callbacks arrive in. So a success counts even
 * after the same payment was reported declined or failed (a provider may report a decline and
 * then take the card after all), and a success that cannot complete its order (already paid by
 * another payment, abandoned, expired, refused) is refunded. A decline or failure only ends a
 * payment still waiting for its outcome; it never undoes money already taken.
 */
import { ORDER_STATE, type OrderStateValue } from '#domain/order-state.ts';
import type { PaymentEventType } from '../psp/events.ts';

export type PaymentStatus = 'pending' | 'processing' | 'succeeded' | 'declined' | 'failed' | 'refunded';

export interface CallbackFacts {
  event: PaymentEventType;
  /** The payment's status before this event. */
  payment: PaymentStatus;
  /** Its order's state before this event. */
  order: OrderStateValue;
  /**
   * Whether the payment's amount is still the order's total (false once the order changed after the
   * card page was issued: a home delivery switched to collection and priced again). Absent: it is.
   */
  paysOrderTotal?: boolean;
}

/** Why a payment's money goes back (kept on the refund record). */
export type RefundReason =
  /** The order was already completed by another payment of it. */
  | 'order-already-paid'
  /** The order was abandoned, expired, refused by the velocity check or never got that far. */
  | 'order-not-awaiting-payment'
  /** The order's currency sold out before the money came. */
  | 'sold-out'
  /** The customer cancelled the paid order through manage my order. */
  | 'cancelled-by-customer'
  /** The order changed after the card page was issued (another total), so this money cannot pay it. */
  | 'order-changed';

export type CallbackDecision =
  /** The bank has still to confirm: the order reads as 'status not known yet'. */
  | { action: 'markProcessing' }
  /** Complete the order (18) and take its stock once; if the stock is short, refund as 'sold-out'. */
  | { action: 'complete' }
  | { action: 'refund'; reason: RefundReason }
  /** The payment ends without money; the order (when awaiting payment) stays 3 with a failed attempt. */
  | { action: 'endAttempt'; status: 'declined' | 'failed'; orderAttemptFailed: boolean }
  | { action: 'ignore'; why: string };

const waitingForOutcome = (s: PaymentStatus) => s === 'pending' || s === 'processing';

export function decideCallback(facts: CallbackFacts): CallbackDecision {
  const { event, payment, order } = facts;
  switch (event) {
    case 'payment.processing':
      return payment === 'pending' ? { action: 'markProcessing' } : { action: 'ignore', why: 'the payment is no longer pending' };
    case 'payment.declined':
    case 'payment.failed':
      if (!waitingForOutcome(payment)) return { action: 'ignore', why: `the payment already ended (${payment})` };
      return { action: 'endAttempt', status: event === 'payment.declined' ? 'declined' : 'failed', orderAttemptFailed: order === ORDER_STATE.PAYMENT_PENDING };
    case 'payment.succeeded':
      // Its money is already a completed order or a refund.
      if (payment === 'succeeded' || payment === 'refunded') return { action: 'ignore', why: `the payment's money is already accounted for (${payment})` };
      if (order === ORDER_STATE.PAYMENT_PENDING) return facts.paysOrderTotal === false ? { action: 'refund', reason: 'order-changed' } : { action: 'complete' };
      if (order === ORDER_STATE.COMPLETED) return { action: 'refund', reason: 'order-already-paid' };
      return { action: 'refund', reason: 'order-not-awaiting-payment' };
  }
}
