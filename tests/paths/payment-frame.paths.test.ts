import { expect } from 'vitest';
import { paymentFrameMachine } from '#machines/payment/payment-frame.machine.ts';
import { definePathSuite } from '../support/graph-coverage.ts';

const APP_ORIGIN = 'https://shop.example';
const message = (type: string) => ({ source: 'travel-money-payment', type, orderId: 'ord_1' });

definePathSuite({
  name: 'payment-frame',
  machine: paymentFrameMachine,
  input: { appOrigin: APP_ORIGIN, paymentUrl: 'https://psp.example/pay/abc' },
  events: [
    { type: 'frame.messageReceived', origin: APP_ORIGIN, data: message('payment.received') },
    { type: 'frame.messageReceived', origin: APP_ORIGIN, data: message('payment.failed') },
    { type: 'frame.messageReceived', origin: APP_ORIGIN, data: message('payment.stateUnknown') },
    // Never acted on: another origin, another shape.
    { type: 'frame.messageReceived', origin: 'https://psp.example', data: message('payment.received') },
    { type: 'frame.messageReceived', origin: APP_ORIGIN, data: { type: 'payment.failed' } },
  ],
  states: {
    awaitingOutcome: (s) => {
      expect(s.hasTag('awaitingPayment')).toBe(true);
      expect(s.context.notice).toBeNull();
    },
    statusUnknown: (s) => {
      expect(s.hasTag('statusUnknown')).toBe(true);
      expect(s.context.notice).toBe('Unable to check status of your payment, please wait whilst we retry');
    },
    paymentReceived: (s) => expect(s.output).toEqual({ outcome: 'received' }),
    paymentFailed: (s) => expect(s.output).toEqual({ outcome: 'failed' }),
  },
});
