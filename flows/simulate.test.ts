import { describe, expect, it } from 'vitest';
import { and, not, setup } from 'xstate';
import { checkoutMachine } from '#machines/checkout/checkout.machine.ts';
import { paymentResponseMachine } from '#machines/payment/payment-response.machine.ts';
import { makeFixtures } from '../mocks/fixtures.ts';
import { parseEventLog, eventLogJson } from './event-log.ts';
import { guardNames, simulate, simulationLog, type SimulationChoice, type SimulationSamples, type SimulationStep } from './simulate.ts';

const f = makeFixtures(new Date('2026-03-04T10:00:00Z'));
const done = (id: string, output: unknown) => [{ event: { type: `xstate.done.actor.${id}`, output } }];
const checkout: SimulationSamples = {
  input: { path: '/checkout/view-cart', appOrigin: 'https://shop.example', abandonCartUrl: '/', productId: 1, now: () => f.now.getTime() },
  events: {
    'xstate.done.actor.loadOrder': done('loadOrder', f.order),
    'xstate.done.actor.loadDeliverySlots': done('loadDeliverySlots', f.slots),
    'xstate.done.actor.saveDeliverySlot': done('saveDeliverySlot', f.order),
    'xstate.done.actor.saveCustomerInfo': done('saveCustomerInfo', f.customerInfoResult),
    'deliverySlot.chosen': [{ event: { type: 'deliverySlot.chosen', slotId: f.slots[0]!.id } }],
    'details.submitted': [{ event: { type: 'details.submitted', details: { firstName: 'Ada' } } }],
    'xstate.done.actor.createPaymentIntent': [{ event: { type: 'xstate.done.actor.createPaymentIntent', output: { url: 'https://psp.example/pay/1' } } }],
    'xstate.done.actor.paymentFrame': [
      { label: 'received', event: { type: 'xstate.done.actor.paymentFrame', output: { outcome: 'received' } } },
      { label: 'failed', event: { type: 'xstate.done.actor.paymentFrame', output: { outcome: 'failed' } } },
    ],
  },
};

const pick = (choices: readonly SimulationChoice[], label: string): SimulationChoice => {
  const choice = choices.find((c) => c.label === label);
  if (!choice) throw new Error(`No choice ${label} among ${choices.map((c) => c.label).join(', ')}`);
  return choice;
};

/** Plays the labels in turn, answering every guard asked with `answers` (true by default). */
function play(samples: SimulationSamples, labels: readonly string[], answers: Record<string, boolean> = {}): SimulationStep[] {
  const steps: SimulationStep[] = [];
  for (const label of labels) {
    const choice = pick(simulate(checkoutMachine, samples, steps).choices, label);
    steps.push({ event: choice.event, guards: Object.fromEntries(choice.guards.map((g) => [g, answers[g] ?? true])) });
  }
  return steps;
}

describe('Simulate: a chart played by hand', () => {
  it('starts in the initial state with the events it accepts as choices', () => {
    const start = simulate(checkoutMachine, checkout, []);
    expect(start.value).toEqual({ inCheckout: 'review' });
    expect(start.status).toBe('active');
    expect(start.activeIds).toEqual(['checkout', 'checkout.inCheckout', 'checkout.inCheckout.review']);
    expect(start.choices.map((c) => c.label)).toEqual(expect.arrayContaining(['cart.checkedOut', 'checkout.closed', 'checkout.pageOpened']));
  });

  it("answers invoked actors done or error by their names, and holds each guard to the owner's answer", () => {
    const toDelivery = play(checkout, ['cart.checkedOut']);
    const loading = simulate(checkoutMachine, checkout, toDelivery);
    expect(loading.value).toEqual({ inCheckout: { delivery: 'loadingOrder' } });
    const done = pick(loading.choices, 'loadOrder: done');
    expect(done.kind).toBe('done');
    expect(done.guards).toEqual(['isOrderAlreadyCompleted', 'isOrderPastDelivery']);
    expect(pick(loading.choices, 'loadOrder: error').event.type).toBe('xstate.error.actor.loadOrder');

    // The same answer, two outcomes: the guards decide, as the owner said.
    const left = simulate(checkoutMachine, checkout, [...toDelivery, { event: done.event, guards: { isOrderAlreadyCompleted: true, isOrderPastDelivery: false } }]);
    expect(left.value).toBe('left');
    const slots = simulate(checkoutMachine, checkout, [...toDelivery, { event: done.event, guards: { isOrderAlreadyCompleted: false, isOrderPastDelivery: false } }]);
    expect(slots.value).toEqual({ inCheckout: { delivery: 'loadingSlots' } });
  });

  it('reaches the payment state through the checkout, a timer being a choice like an event', () => {
    const no = { isOrderAlreadyCompleted: false, isOrderPastDelivery: false, isCheckoutFailed: false, isOrderAwaitingPayment: false, isOrderCompleted: false };
    const steps = play(checkout, ['cart.checkedOut', 'loadOrder: done', 'loadDeliverySlots: done'], no);
    const choosing = simulate(checkoutMachine, checkout, steps);
    expect(choosing.value).toEqual({ inCheckout: { delivery: 'choosingSlot' } });
    expect(choosing.choices.some((c) => c.kind === 'after' && c.label === 'after CUT_OFF_TICK')).toBe(true);
    const more = play(checkout, ['cart.checkedOut', 'loadOrder: done', 'loadDeliverySlots: done', 'deliverySlot.chosen', 'saveDeliverySlot: done', 'delivery.submitted', 'loadOrder: done', 'details.submitted', 'saveCustomerInfo: done'], {
      ...no,
      isSoldOut: false,
      isIdentificationRequired: false,
      areDetailsAcceptedForPayment: true,
    });
    const payment = simulate(checkoutMachine, checkout, more);
    expect(payment.error).toBeNull();
    expect(payment.value).toEqual({ inCheckout: { payment: 'loadingOrder' } });
    expect(payment.activeIds).toContain('checkout.inCheckout.payment');
  });

  it('goes Back by playing one step fewer, and Reset by playing none', () => {
    const steps = play(checkout, ['cart.checkedOut']);
    expect(simulate(checkoutMachine, checkout, steps.slice(0, -1)).value).toEqual({ inCheckout: 'review' });
    expect(simulate(checkoutMachine, checkout, []).values).toEqual([]);
  });

  it('writes the path as an event log with each step’s guards and state, which the replay reads', () => {
    const steps = play(checkout, ['cart.checkedOut', 'loadOrder: done'], { isOrderAlreadyCompleted: false, isOrderPastDelivery: false });
    const simulation = simulate(checkoutMachine, checkout, steps);
    const log = parseEventLog(eventLogJson(simulationLog(checkoutMachine, steps, simulation)));
    expect(log.source).toBe('simulate');
    expect(log.machine).toBe('checkout');
    expect(log.steps).toEqual([
      { event: { type: 'cart.checkedOut' }, state: { inCheckout: { delivery: 'loadingOrder' } } },
      { event: { type: 'xstate.done.actor.loadOrder', output: JSON.parse(JSON.stringify(f.order)) }, guards: { isOrderAlreadyCompleted: false, isOrderPastDelivery: false }, state: { inCheckout: { delivery: 'loadingSlots' } } },
    ]);
  });

  it('offers each named sample, and a guard nobody was asked about runs as written', () => {
    const labels = simulate(paymentResponseMachine, { input: { orderId: 'o' }, events: { 'xstate.done.actor.loadOrder': [{ label: 'completed', event: { type: 'xstate.done.actor.loadOrder', output: { state: { value: 18 } } } }] } }, []).choices.map((c) => c.label);
    expect(labels).toEqual(['loadOrder: done (completed)', 'loadOrder: error']);
    // isPaymentReceived asked nothing: it reads the sample order (completed) and answers itself.
    const done = { type: 'xstate.done.actor.loadOrder', output: { state: { value: 18 } } };
    expect(simulate(paymentResponseMachine, { input: { orderId: 'o' } }, [{ event: done, guards: {} }]).value).toBe('paymentReceived');
    expect(simulate(paymentResponseMachine, { input: { orderId: 'o' } }, [{ event: done, guards: { isPaymentReceived: false } }]).value).toBe('paymentFailed');
  });

  it('says what stopped the machine when a sample lacks what an action reads', () => {
    const fragile = setup({ actions: { boom: () => { throw new Error('no order in the sample'); } } }).createMachine({ id: 'fragile', initial: 'a', states: { a: { on: { go: { target: 'b', actions: 'boom' } } }, b: {} } });
    const broken = simulate(fragile, {}, [{ event: { type: 'go' }, guards: {} }]);
    expect(broken.status).toBe('error');
    expect(broken.error).toContain('no order in the sample');
    expect(broken.choices).toEqual([]);
  });

  it('names the guards inside and/or/not', () => {
    expect(guardNames('isA')).toEqual(['isA']);
    expect(guardNames({ type: 'isB', params: {} })).toEqual(['isB']);
    expect(guardNames(and(['isA', not({ type: 'isB' })]))).toEqual(['isA', 'isB']);
  });
});
