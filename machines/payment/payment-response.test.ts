import { describe, expect, it } from 'vitest';
import { SimulatedClock, createActor, fromPromise } from 'xstate';
import type { Order, OrderStateValue } from '#domain/contract/order.ts';
import type { PaymentFrameMessage } from '#domain/contract/payment-messages.ts';
import { paymentResponseMachine } from './payment-response.machine.ts';

const flush = () => new Promise((resolve) => setImmediate(resolve));

function order(state: OrderStateValue): Order {
  return { id: 'ord_1', state: { value: state } } as Order;
}

function start(results: Array<OrderStateValue | 'error'>) {
  const clock = new SimulatedClock();
  let calls = 0;
  const loadOrder = fromPromise(async () => {
    const result = results[Math.min(calls, results.length - 1)];
    calls += 1;
    if (result === 'error' || result === undefined) throw new Error('network down');
    return order(result);
  });
  const actor = createActor(paymentResponseMachine.provide({ actors: { loadOrder } }), {
    clock,
    input: { orderId: 'ord_1' },
  });
  const reported: PaymentFrameMessage[] = [];
  actor.on('payment.reported', (e) => reported.push(e.message));
  actor.start();
  return { actor, clock, reported, calls: () => calls };
}

describe('payment response page (spec 4.1)', () => {
  it.each([
    [18, 'payment.received', 'received'],
    [3, 'payment.failed', 'failed'],
    [0, 'payment.failed', 'failed'],
    [1, 'payment.failed', 'failed'],
    [16, 'payment.failed', 'failed'],
  ] as const)('an order in state %i tells the parent %s', async (state, type, outcome) => {
    const { actor, reported } = start([state]);
    expect(actor.getSnapshot().hasTag('checking')).toBe(true);
    await flush();
    expect(reported).toEqual([{ source: 'travel-money-payment', type, orderId: 'ord_1' }]);
    expect(actor.getSnapshot().status).toBe('done');
    expect(actor.getSnapshot().output).toEqual({ outcome });
  });

  it('on a fetch error reports state unknown and retries after 1 second, again and again', async () => {
    const { actor, clock, reported, calls } = start(['error', 'error', 'error', 'error', 18]);
    await flush();
    const unknown = { source: 'travel-money-payment', type: 'payment.stateUnknown', orderId: 'ord_1' };

    for (let attempt = 1; attempt <= 4; attempt++) {
      expect(calls()).toBe(attempt);
      expect(reported).toEqual(Array.from({ length: attempt }, () => unknown));
      expect(actor.getSnapshot().value).toBe('retrying');
      expect(actor.getSnapshot().hasTag('statusUnknown')).toBe(true);

      clock.increment(999);
      await flush();
      expect(calls(), 'no retry before 1 s').toBe(attempt);

      clock.increment(1);
      await flush();
    }

    expect(calls()).toBe(5);
    expect(reported.at(-1)).toEqual({ source: 'travel-money-payment', type: 'payment.received', orderId: 'ord_1' });
    expect(actor.getSnapshot().output).toEqual({ outcome: 'received' });
  });

  it('keeps retrying without a limit while the order cannot be read', async () => {
    const { actor, clock, reported, calls } = start(['error']);
    await flush();
    for (let i = 0; i < 50; i++) {
      clock.increment(1000);
      await flush();
    }
    expect(calls()).toBe(51);
    expect(reported).toHaveLength(51);
    expect(actor.getSnapshot().value).toBe('retrying');
  });

  it('names the order it read in the report, and the page’s order when it could not read one', async () => {
    const { reported, clock } = start(['error', 3]);
    await flush();
    clock.increment(1000);
    await flush();
    expect(reported.map((m) => [m.type, m.orderId])).toEqual([
      ['payment.stateUnknown', 'ord_1'],
      ['payment.failed', 'ord_1'],
    ]);
  });
});
