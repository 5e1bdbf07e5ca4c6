import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { messages } from '#domain/messages.ts';
import { paymentFrameMachine } from './payment-frame.machine.ts';

const APP_ORIGIN = 'https://shop.example';
const ORDER_ID = 'ord_1';

function start() {
  const actor = createActor(paymentFrameMachine, {
    input: { appOrigin: APP_ORIGIN, paymentUrl: 'https://psp.example/pay/abc' },
  });
  actor.start();
  return actor;
}

const message = (type: string, extra: Record<string, unknown> = {}) => ({
  source: 'travel-money-payment',
  type,
  orderId: ORDER_ID,
  ...extra,
});

describe('payment frame (spec 4.1, messages from the payment iframe)', () => {
  it('waits for the outcome with the hosted card page to show', () => {
    const actor = start();
    const snapshot = actor.getSnapshot();
    expect(snapshot.value).toBe('awaitingOutcome');
    expect(snapshot.hasTag('awaitingPayment')).toBe(true);
    expect(snapshot.context.paymentUrl).toBe('https://psp.example/pay/abc');
    expect(snapshot.context.notice).toBeNull();
  });

  it.each([
    ['payment.received', 'received'],
    ['payment.failed', 'failed'],
  ] as const)('%s from its own origin ends with the outcome %s', (type, outcome) => {
    const actor = start();
    actor.send({ type: 'frame.messageReceived', origin: APP_ORIGIN, data: message(type) });
    expect(actor.getSnapshot().status).toBe('done');
    expect(actor.getSnapshot().output).toEqual({ outcome });
  });

  it("state unknown shows 'Unable to check status of your payment, please wait whilst we retry' and keeps waiting", () => {
    const actor = start();
    actor.send({ type: 'frame.messageReceived', origin: APP_ORIGIN, data: message('payment.stateUnknown') });
    const snapshot = actor.getSnapshot();
    expect(snapshot.status).toBe('active');
    expect(snapshot.hasTag('statusUnknown')).toBe(true);
    expect(snapshot.hasTag('awaitingPayment')).toBe(true);
    expect(snapshot.context.notice).toBe('Unable to check status of your payment, please wait whilst we retry');
    expect(snapshot.context.notice).toBe(messages.paymentStatusUnknown);

    actor.send({ type: 'frame.messageReceived', origin: APP_ORIGIN, data: message('payment.stateUnknown') });
    expect(actor.getSnapshot().value).toBe('statusUnknown');
    actor.send({ type: 'frame.messageReceived', origin: APP_ORIGIN, data: message('payment.received') });
    expect(actor.getSnapshot().output).toEqual({ outcome: 'received' });
  });

  it.each([
    ['another origin', 'https://evil.example', message('payment.received')],
    ['another port of the same host', 'https://shop.example:8443', message('payment.received')],
    ['http instead of https', 'http://shop.example', message('payment.received')],
    ['the provider origin', 'https://psp.example', message('payment.received')],
    ['an unknown type', APP_ORIGIN, message('payment.refunded')],
    ['another source', APP_ORIGIN, message('payment.received', { source: 'someone-else' })],
    ['no order id', APP_ORIGIN, message('payment.received', { orderId: '' })],
    ['an extra field', APP_ORIGIN, message('payment.received', { amount: 10 })],
    ['a string', APP_ORIGIN, 'payment.received'],
    ['nothing', APP_ORIGIN, undefined],
  ])('ignores a message with %s', (_label, origin, data) => {
    const actor = start();
    actor.send({ type: 'frame.messageReceived', origin, data });
    expect(actor.getSnapshot().value).toBe('awaitingOutcome');
    expect(actor.getSnapshot().context.notice).toBeNull();
  });
});
