import { expect } from 'vitest';
import type { Order } from '#domain/contract/order.ts';
import { paymentResponseMachine } from '#machines/payment/payment-response.machine.ts';
import { actorDone, actorFailed, definePathSuite, INIT_EVENT } from '../support/graph-coverage.ts';
import { paymentResponseOracle, type ResponseSeen } from './oracles/payment.oracle.ts';

const order = (state: Order['state']['value']) => ({ id: 'ord_1', state: { value: state } }) as Order;
const report = (type: string) => ({
  type: 'payment.reported',
  message: { source: 'travel-money-payment', type, orderId: 'ord_1' },
});

// What the spec says after each step of the path being replayed.
const oracle = paymentResponseOracle('ord_1');
let seen: ResponseSeen;

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
  assertState: (s, step) => {
    seen = step.event.type === INIT_EVENT ? oracle.start() : oracle.next(seen, step.event);
    const after = `after ${step.event.type}`;
    expect(step.emitted, `what the page tells the checkout ${after}`).toEqual(seen.reports);
    expect(s.status === 'done' ? s.output : null, `the outcome ${after}`).toEqual(seen.outcome === null ? null : { outcome: seen.outcome });
    expect([...s.tags].sort(), `what the page shows ${after}`).toEqual(oracle.tags(seen));
  },
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
