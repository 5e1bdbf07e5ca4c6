import { describe, expect, it } from 'vitest';
import { acceptPaymentFrameMessage, hostedPaymentUrl, paymentFrameDecision, paymentFrameMessage } from './payment.ts';

const APP = 'https://shop.example';
const received = (type: string) => ({ source: 'travel-money-payment', type, orderId: 'ord_1' });

describe('payment intent answer (spec 7.5)', () => {
  it('201 with a Location is the hosted card page', () => {
    expect(hostedPaymentUrl({ status: 201, location: 'https://psp.example/pay/abc' })).toBe('https://psp.example/pay/abc');
  });

  it.each([
    ['200 with a Location', { status: 200, location: 'https://psp.example/pay/abc' }],
    ['202 with a Location', { status: 202, location: 'https://psp.example/pay/abc' }],
    ['201 without a Location', { status: 201, location: null }],
    ['201 with an empty Location', { status: 201, location: '' }],
    ['201 with a relative Location', { status: 201, location: '/pay/abc' }],
    ['201 with a script Location', { status: 201, location: 'javascript:alert(1)' }],
  ])('%s cannot start the payment', (_label, answer) => {
    expect(hostedPaymentUrl(answer)).toBeNull();
  });
});

describe('messages from the payment iframe (spec 4.1)', () => {
  it.each([
    ['payment.received', 'next'],
    ['payment.failed', 'error'],
    ['payment.stateUnknown', 'statusUnknown'],
  ] as const)('%s from the shop’s own origin means %s', (type, decision) => {
    expect(paymentFrameDecision({ origin: APP, data: received(type) }, APP)).toBe(decision);
  });

  it.each([
    ['another origin', 'https://evil.example', received('payment.received')],
    ['another port', 'https://shop.example:444', received('payment.received')],
    ['another scheme', 'http://shop.example', received('payment.received')],
    ['the opaque origin', 'null', received('payment.received')],
    ['another shape', APP, { ...received('payment.received'), extra: true }],
    ['an unknown type', APP, received('payment.voided')],
  ])('ignores a message from %s', (_label, origin, data) => {
    expect(acceptPaymentFrameMessage({ origin, data }, APP)).toBeNull();
    expect(paymentFrameDecision({ origin, data }, APP)).toBeNull();
  });

  it('builds the messages the response page posts', () => {
    const message = paymentFrameMessage('payment.stateUnknown', 'ord_9');
    expect(message).toEqual({ source: 'travel-money-payment', type: 'payment.stateUnknown', orderId: 'ord_9' });
    expect(acceptPaymentFrameMessage({ origin: APP, data: message }, APP)).toEqual(message);
  });
});
