import { act, render, screen, waitFor } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import { providePaymentResponse } from '#src/app/on-demand/payment-response.ts';
import { makeFixtures } from '../../../mocks/fixtures.ts';
import { createHandlers, on } from '../../../mocks/handlers.ts';
import { testServices } from '../../../tests/support/checkout-over-api.ts';
import { PaymentResponseScreen } from './payment-response-screen.tsx';
import { reportedOrderIdOf } from '#domain/reached-after-checkout.ts';

const fx = makeFixtures(new Date('2026-11-27T10:00:00Z'));
const server = setupServer(...createHandlers({ fixtures: fx }));
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

function open() {
  // The 1 s retry runs on simulated time, moved on only by `elapse`.
  const clock = new SimulatedClock();
  const actor = createActor(providePaymentResponse(testServices()), { clock, input: { orderId: 'pay-1' } });
  const reports: string[] = [];
  actor.on('payment.reported', (event) => reports.push(event.message.type));
  actor.start();
  render(<PaymentResponseScreen actor={actor} />);
  return { actor, reports, elapse: (ms: number) => act(() => clock.increment(ms)) };
}

describe('PaymentResponseScreen', () => {
  it('shows a spinner while it reads the order and reports a completed order as received', async () => {
    server.use(on('order', () => HttpResponse.json(fx.completedOrder)));
    const { reports } = open();
    expect(screen.getByRole('heading', { level: 1, name: 'Checking your payment' })).toBeInTheDocument();
    await waitFor(() => expect(reports).toEqual(['payment.received']));
  });

  it('reports any other state as failed', async () => {
    const { reports } = open();
    await waitFor(() => expect(reports).toEqual(['payment.failed']));
  });

  it('says the status is unknown and tries again each second while the order cannot be read', async () => {
    let failures = 0;
    server.use(
      on('order', () => {
        failures += 1;
        return HttpResponse.error();
      }),
    );
    const { reports, actor, elapse } = open();
    const unknown = 'Unable to check status of your payment, please wait whilst we retry';
    expect(await screen.findByText(unknown)).toBeInTheDocument();
    expect(reports).toEqual(['payment.stateUnknown']);
    elapse(999);
    expect(screen.getByText(unknown)).toBeInTheDocument();
    // A second after the failure it reads the order again: still unreadable, so again in a second.
    elapse(1);
    await waitFor(() => expect(reports).toEqual(['payment.stateUnknown', 'payment.stateUnknown']));
    expect(failures).toBe(2);
    server.resetHandlers();
    server.use(on('order', () => HttpResponse.json(fx.completedOrder)));
    elapse(999);
    expect(screen.getByText(unknown)).toBeInTheDocument();
    elapse(1);
    await waitFor(() => expect(reports.at(-1)).toBe('payment.received'));
    expect(failures).toBe(2);
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
