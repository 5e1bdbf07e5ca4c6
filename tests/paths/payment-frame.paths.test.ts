import { expect } from 'vitest';
import { paymentFrameMachine } from '#machines/payment/payment-frame.machine.ts';
import { definePathSuite, INIT_EVENT } from '../support/graph-coverage.ts';
import { paymentFrameOracle, type FrameSeen } from './oracles/payment.oracle.ts';

const APP_ORIGIN = 'https://shop.example';
const PSP_ORIGIN = 'https://psp.example';
const cardPage = (data: Record<string, unknown>) => ({ type: 'frame.messageReceived', origin: PSP_ORIGIN, data: { source: 'travel-money-psp', ...data } });
const message = (type: string) => ({ source: 'travel-money-payment', type, orderId: 'ord_1' });

const IGNORED = [
  { type: 'frame.messageReceived', origin: 'https://psp.example', data: message('payment.received') },
  { type: 'frame.messageReceived', origin: 'https://psp.example', data: message('payment.stateUnknown') },
  { type: 'frame.messageReceived', origin: APP_ORIGIN, data: { type: 'payment.failed' } },
  { type: 'frame.messageReceived', origin: APP_ORIGIN, data: null },
];

// What the spec says after each message of the path being replayed.
// The checkout page's origin: the suite's, or a replayed journey's own.
let oracle = paymentFrameOracle(APP_ORIGIN, PSP_ORIGIN);
let seen: FrameSeen;

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
    // Issue 45 part 1: the card page, from its own origin: loaded (its size), the provider unavailable.
    cardPage({ type: 'frame.resized', height: 480 }),
    cardPage({ type: 'provider.unavailable' }),
    // Not the card page's: the shop's own origin, or another shape.
    { type: 'frame.messageReceived', origin: APP_ORIGIN, data: { source: 'travel-money-psp', type: 'provider.unavailable' } },
    { type: 'frame.messageReceived', origin: 'https://elsewhere.example', data: { source: 'travel-money-psp', type: 'frame.resized', height: 480 } },
  ],
  assertState: (s, step) => {
    if (step.event.type === INIT_EVENT) oracle = paymentFrameOracle(s.context.appOrigin, new URL(s.context.paymentUrl).origin);
    seen = step.event.type === INIT_EVENT ? oracle.start() : oracle.next(seen, step.event);
    const after = `after ${JSON.stringify(step.event)}`;
    expect(s.status === 'done' ? s.output : null, `the frame's decision ${after}`).toEqual(seen.outcome === null ? null : { outcome: seen.outcome });
    expect([...s.tags].sort(), `what the payment page shows ${after}`).toEqual(oracle.tags(seen));
    if (seen.outcome === null) expect(s.context.notice, `the notice ${after}`).toBe(seen.notice);
    // Same origin only (4.1): a message the oracle ignores is never acted on, whichever state the frame is in.
    for (const ignored of IGNORED) {
      expect(oracle.next(seen, ignored), `the oracle ignores ${JSON.stringify(ignored)}`).toEqual(seen);
      expect(s.can(ignored as never), `acting on ${JSON.stringify(ignored)} ${after}`).toBe(false);
    }
  },
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
    cardPageShown: (s) => expect(s.hasTag('awaitingPayment')).toBe(true),
    providerUnavailable: (s) => expect(s.output).toEqual({ outcome: 'providerUnavailable' }),
  },
});
