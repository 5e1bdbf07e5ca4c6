import { describe, expect, it } from 'vitest';
import { acceptPaymentFrameMessage, isHostedPaymentUrl, paymentFrameDecision, paymentFrameMessage } from './payment.ts';

const APP = 'https://shop.example';
const received = (type: string) => ({ source: 'travel-money-payment', type, orderId: 'ord_1' });

describe('the hosted card page address (spec 7.5)', () => {
  it.each([
    ['https://psp.example/pay/abc', true],
    ['http://localhost:3002/pay/abc', true],
    ['/pay/abc', false],
    ['', false],
    ['javascript:alert(1)', false],
    ['data:text/html,<p>hi</p>', false],
  ])('%s can be loaded in the iframe: %s', (url, ok) => {
    expect(isHostedPaymentUrl(url)).toBe(ok);
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
