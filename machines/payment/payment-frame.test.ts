import { describe, expect, it, vi } from 'vitest';
import { CARD_PAGE_LOAD_DELAY_MS } from '#domain/delays.ts';
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

describe('payment frame: the card provider unavailable (issue 45 part 1)', () => {
  const PSP_ORIGIN = 'https://psp.example';
  const cardPage = (data: Record<string, unknown>) => ({ type: 'frame.messageReceived' as const, origin: PSP_ORIGIN, data: { source: 'travel-money-psp', ...data } });

  it('ends with providerUnavailable when the card page does not report itself loaded within CARD_PAGE_LOAD', () => {
    vi.useFakeTimers();
    try {
      const actor = start();
      vi.advanceTimersByTime(CARD_PAGE_LOAD_DELAY_MS - 1);
      expect(actor.getSnapshot().value).toBe('awaitingOutcome');
      vi.advanceTimersByTime(1);
      expect(actor.getSnapshot().status).toBe('done');
      expect(actor.getSnapshot().output).toEqual({ outcome: 'providerUnavailable' });
    } finally {
      vi.useRealTimers();
    }
  });

  it('a card page that reported itself loaded (its size, from its own origin) is waited on for as long as it takes', () => {
    vi.useFakeTimers();
    try {
      const actor = start();
      actor.send(cardPage({ type: 'frame.resized', height: 600 }));
      expect(actor.getSnapshot().value).toBe('cardPageShown');
      vi.advanceTimersByTime(CARD_PAGE_LOAD_DELAY_MS * 10);
      expect(actor.getSnapshot().value).toBe('cardPageShown');
      actor.send({ type: 'frame.messageReceived', origin: APP_ORIGIN, data: message('payment.received') });
      expect(actor.getSnapshot().output).toEqual({ outcome: 'received' });
    } finally {
      vi.useRealTimers();
    }
  });

  it("the card page's 'provider.unavailable' ends with providerUnavailable, from the provider's origin only", () => {
    const ignored = start();
    ignored.send({ ...cardPage({ type: 'provider.unavailable' }), origin: APP_ORIGIN });
    ignored.send({ ...cardPage({ type: 'provider.unavailable' }), origin: 'https://evil.example' });
    ignored.send(cardPage({ type: 'provider.unavailable', extra: true }));
    expect(ignored.getSnapshot().value).toBe('awaitingOutcome');
    const actor = start();
    actor.send(cardPage({ type: 'provider.unavailable' }));
    expect(actor.getSnapshot().output).toEqual({ outcome: 'providerUnavailable' });
  });
});
