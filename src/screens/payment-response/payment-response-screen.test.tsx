import { render, screen } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { providePaymentResponse } from '#src/app/on-demand/payment-response.ts';
import { makeFixtures } from '../../../mocks/fixtures.ts';
import { createHandlers, on } from '../../../mocks/handlers.ts';
import { testServices } from '../../../tests/support/checkout-over-api.ts';
import { PaymentResponseScreen } from './payment-response-screen.tsx';
import { reportedOrderIdOf } from './reported-order-id.ts';

const fx = makeFixtures(new Date('2026-11-27T10:00:00Z'));
const server = setupServer(...createHandlers({ fixtures: fx }));
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

function open() {
  const actor = createActor(providePaymentResponse(testServices()), { input: { orderId: 'pay-1' } });
  const reports: string[] = [];
  actor.on('payment.reported', (event) => reports.push(event.message.type));
  actor.start();
  render(<PaymentResponseScreen actor={actor} />);
  return { actor, reports };
}

describe('PaymentResponseScreen', () => {
  it('shows a spinner while it reads the order and reports a completed order as received', async () => {
    server.use(on('order', () => HttpResponse.json(fx.completedOrder)));
    const { reports } = open();
    expect(screen.getByRole('heading', { level: 1, name: 'Checking your payment' })).toBeInTheDocument();
    await expect.poll(() => reports).toEqual(['payment.received']);
  });

  it('reports any other state as failed', async () => {
    const { reports } = open();
    await expect.poll(() => reports).toEqual(['payment.failed']);
  });

  it('says the status is unknown and keeps trying while the order cannot be read', async () => {
    server.use(on('order', () => HttpResponse.error()));
    const { reports, actor } = open();
    expect(await screen.findByText('Unable to check status of your payment, please wait whilst we retry')).toBeInTheDocument();
    expect(reports[0]).toBe('payment.stateUnknown');
    server.resetHandlers();
    server.use(on('order', () => HttpResponse.json(fx.completedOrder)));
    await expect.poll(() => reports.at(-1), { timeout: 3000 }).toBe('payment.received');
    actor.stop();
  });

  it.each([
    ['?paymentId=pay-9', 'pay-9'],
    ['?orderId=order-7&paymentId=pay-9', 'order-7'],
    ['', 'unknown'],
  ])('names the order of %j as %s', (search, id) => {
    expect(reportedOrderIdOf(search)).toBe(id);
  });
});
