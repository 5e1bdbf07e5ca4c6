import { act, render, screen, waitFor } from '@testing-library/react';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { paymentFrameMessage } from '#domain/payment.ts';
import { makeFixtures } from '../../../mocks/fixtures.ts';
import { createHandlers, variants } from '../../../mocks/handlers.ts';
import { TEST_APP_ORIGIN, startCheckout } from '../../../tests/support/checkout-over-api.ts';
import { PaymentScreen } from './payment-screen.tsx';

const fx = makeFixtures(new Date('2026-11-27T10:00:00Z'));
const server = setupServer(...createHandlers({ fixtures: fx }));
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

function open() {
  const run = startCheckout('/checkout/payment');
  render(<PaymentScreen checkout={run.checkout} settings={fx.siteSettings} />);
  return run;
}

/** What the payment response page inside the iframe posts to this window. */
function post(origin: string, type: 'payment.received' | 'payment.failed' | 'payment.stateUnknown') {
  act(() => {
    window.dispatchEvent(new MessageEvent('message', { origin, data: paymentFrameMessage(type, 'order-1') }));
  });
}

describe('PaymentScreen', () => {
  it("shows a spinner until the payment page's address arrives, then the card form in a titled iframe", async () => {
    server.use(...variants.paymentPending({ fixtures: fx }));
    open();
    expect(screen.getByText('Loading the secure payment form')).toBeInTheDocument();
    const frame = await screen.findByTitle('Secure card payment');
    expect(frame.tagName).toBe('IFRAME');
    expect(frame).toHaveAttribute('src', fx.paymentUrl);
    expect(screen.getByRole('complementary', { name: 'Order summary' })).toHaveTextContent('£676.56');
    expect(screen.getByRole('navigation', { name: 'Checkout progress' })).toHaveTextContent('Payment');
  });

  it('keeps the spinner while the payment intent is on its way', async () => {
    server.use(...variants.paymentPending({ fixtures: fx }), ...variants.loading('createPaymentIntent'));
    open();
    expect(await screen.findByText('Loading the secure payment form')).toBeInTheDocument();
    expect(screen.queryByTitle('Secure card payment')).not.toBeInTheDocument();
  });

  it("shows the state-unknown notice when the response page cannot read the order, and ignores other origins' messages", async () => {
    server.use(...variants.paymentPending({ fixtures: fx }));
    const run = open();
    await screen.findByTitle('Secure card payment');
    post('https://evil.example', 'payment.received');
    expect(run.navigations).toEqual([]);
    post(TEST_APP_ORIGIN, 'payment.stateUnknown');
    expect(await screen.findByText('Unable to check status of your payment, please wait whilst we retry')).toBeInTheDocument();
  });

  it.each([
    ['payment.received', '/checkout/order-confirmation'],
    ['payment.failed', '/checkout/payment-unsuccessful'],
  ] as const)('goes on from %s to %s', async (type, to) => {
    server.use(...variants.paymentPending({ fixtures: fx }));
    const run = open();
    await screen.findByTitle('Secure card payment');
    post(TEST_APP_ORIGIN, type);
    expect(run.navigations[0]).toBe(to);
  });

  it.each([
    ['the intent fails', variants.paymentIntentError(), '/checkout/payment-unsuccessful'],
    ['the intent answers 200 instead of 201', variants.paymentIntentWrongStatus({ fixtures: fx }), '/checkout/payment-unsuccessful'],
  ])('goes to the error step when %s', async (_name, handlers, to) => {
    server.use(...variants.paymentPending({ fixtures: fx }), ...handlers);
    const run = open();
    await waitFor(() => expect(run.navigations[0]).toBe(to));
  });

  it.each([
    [18, '/checkout/order-confirmation'],
    [0, '/checkout/payment-unsuccessful'],
    [16, '/checkout/payment-unsuccessful'],
  ] as const)('on load sends an order in state %i to %s', async (state, to) => {
    server.use(...(state === 18 ? variants.orderCompleted({ fixtures: fx }) : variants.orderState(state, { fixtures: fx })));
    const run = open();
    await waitFor(() => expect(run.navigations[0]).toBe(to));
  });
});
