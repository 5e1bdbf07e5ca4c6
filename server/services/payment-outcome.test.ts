import { describe, expect, it } from 'vitest';
import type { OrderStateValue } from '#domain/order-state.ts';
import { PAYMENT_EVENT_TYPES } from '../psp/events.ts';
import { decideCallback, type CallbackDecision, type PaymentStatus } from './payment-outcome.ts';

const STATUSES: PaymentStatus[] = ['pending', 'processing', 'succeeded', 'declined', 'failed', 'refunded'];
const ORDER_STATES: OrderStateValue[] = [0, 1, 3, 16, 18];

describe('decideCallback: a success', () => {
  it.each<[PaymentStatus, OrderStateValue, CallbackDecision]>([
    // The ordinary payment.
    ['pending', 3, { action: 'complete' }],
    ['processing', 3, { action: 'complete' }],
    // Reported declined or failed first, then taken after all: still the order's money.
    ['declined', 3, { action: 'complete' }],
    ['failed', 3, { action: 'complete' }],
    // A second payment of an order another payment has completed.
    ['pending', 18, { action: 'refund', reason: 'order-already-paid' }],
    ['processing', 18, { action: 'refund', reason: 'order-already-paid' }],
    ['declined', 18, { action: 'refund', reason: 'order-already-paid' }],
    ['failed', 18, { action: 'refund', reason: 'order-already-paid' }],
    // An order that can no longer be paid: abandoned or expired (16), refused (1), not yet submitted (0).
    ['pending', 16, { action: 'refund', reason: 'order-not-awaiting-payment' }],
    ['declined', 16, { action: 'refund', reason: 'order-not-awaiting-payment' }],
    ['pending', 1, { action: 'refund', reason: 'order-not-awaiting-payment' }],
    ['pending', 0, { action: 'refund', reason: 'order-not-awaiting-payment' }],
  ])('payment %s, order %i → %j', (payment, order, decision) => {
    expect(decideCallback({ event: 'payment.succeeded', payment, order })).toEqual(decision);
  });

  it.each<PaymentStatus>(['pending', 'processing', 'declined', 'failed'])('payment %s of an order whose total changed since its card page (switched to collection): refunded', (payment) => {
    expect(decideCallback({ event: 'payment.succeeded', payment, order: 3, paysOrderTotal: false })).toEqual({ action: 'refund', reason: 'order-changed' });
    expect(decideCallback({ event: 'payment.succeeded', payment, order: 3, paysOrderTotal: true })).toEqual({ action: 'complete' });
  });

  it.each(ORDER_STATES)('for money already accounted for (succeeded or refunded), order %i: ignored', (order) => {
    expect(decideCallback({ event: 'payment.succeeded', payment: 'succeeded', order }).action).toBe('ignore');
    expect(decideCallback({ event: 'payment.succeeded', payment: 'refunded', order }).action).toBe('ignore');
  });

  it('never leaves money taken in neither a completed order nor a refund', () => {
    for (const payment of STATUSES.filter((s) => s !== 'succeeded' && s !== 'refunded')) {
      for (const order of ORDER_STATES) {
        expect(['complete', 'refund'], `${payment}, order ${order}`).toContain(decideCallback({ event: 'payment.succeeded', payment, order }).action);
      }
    }
  });
});

describe('decideCallback: a decline or provider error', () => {
  it.each<[PaymentStatus, OrderStateValue, CallbackDecision]>([
    ['pending', 3, { action: 'endAttempt', status: 'declined', orderAttemptFailed: true }],
    ['processing', 3, { action: 'endAttempt', status: 'declined', orderAttemptFailed: true }],
    // Another payment completed the order meanwhile: this one ends, the order stays completed.
    ['pending', 18, { action: 'endAttempt', status: 'declined', orderAttemptFailed: false }],
    ['pending', 16, { action: 'endAttempt', status: 'declined', orderAttemptFailed: false }],
  ])('declined: payment %s, order %i → %j', (payment, order, decision) => {
    expect(decideCallback({ event: 'payment.declined', payment, order })).toEqual(decision);
  });

  it('a provider error ends the payment as failed', () => {
    expect(decideCallback({ event: 'payment.failed', payment: 'pending', order: 3 })).toEqual({ action: 'endAttempt', status: 'failed', orderAttemptFailed: true });
  });

  it.each<PaymentStatus>(['succeeded', 'refunded', 'declined', 'failed'])('never undoes a payment that already ended (%s)', (payment) => {
    for (const event of ['payment.declined', 'payment.failed'] as const) {
      for (const order of ORDER_STATES) expect(decideCallback({ event, payment, order }).action).toBe('ignore');
    }
  });
});

describe('decideCallback: processing', () => {
  it.each(STATUSES)('payment %s', (payment) => {
    expect(decideCallback({ event: 'payment.processing', payment, order: 3 }).action).toBe(payment === 'pending' ? 'markProcessing' : 'ignore');
  });

  it('covers every event the provider sends', () => {
    for (const event of PAYMENT_EVENT_TYPES) expect(decideCallback({ event, payment: 'pending', order: 3 }).action).not.toBe('ignore');
  });
});
