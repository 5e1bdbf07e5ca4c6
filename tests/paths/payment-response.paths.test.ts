import { expect } from 'vitest';
import type { Order } from '#domain/contract/order.ts';
import { paymentResponseMachine } from '#machines/payment/payment-response.machine.ts';
import { actorDone, actorFailed, definePathSuite } from '../support/graph-coverage.ts';

const order = (state: Order['state']['value']) => ({ id: 'ord_1', state: { value: state } }) as Order;
const report = (type: string) => ({
  type: 'payment.reported',
  message: { source: 'travel-money-payment', type, orderId: 'ord_1' },
});

definePathSuite({
  name: 'payment-response',
  machine: paymentResponseMachine,
  input: { orderId: 'ord_1' },
  events: [
    actorDone('loadOrder', order(18)),
    actorDone('loadOrder', order(3)),
    actorDone('loadOrder', order(16)),
    actorFailed('loadOrder', new TypeError('Failed to fetch')),
  ],
  states: {
    checkingOrder: (s, step) => {
      expect(s.hasTag('checking')).toBe(true);
      expect(step.emitted).toEqual([]);
    },
    retrying: (s, step) => {
      expect(s.hasTag('statusUnknown')).toBe(true);
      expect(step.emitted).toEqual([report('payment.stateUnknown')]);
    },
    paymentReceived: (s, step) => {
      expect(step.emitted).toEqual([report('payment.received')]);
      expect(s.output).toEqual({ outcome: 'received' });
    },
    paymentFailed: (s, step) => {
      expect(step.emitted).toEqual([report('payment.failed')]);
      expect(s.output).toEqual({ outcome: 'failed' });
    },
  },
});
