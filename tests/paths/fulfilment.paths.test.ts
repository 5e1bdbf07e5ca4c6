import { expect } from 'vitest';
import { ALL_STAFF_MOVES, fulfilmentKindOf, moveOf, type FulfilmentStep, type StaffMove } from '#domain/fulfilment.ts';
import { fulfilmentMachine, type FulfilmentSnapshot } from '#machines/fulfilment/fulfilment.machine.ts';
import { definePathSuite, INIT_EVENT } from '../support/graph-coverage.ts';
import { fulfilmentOracle, type JourneySeen } from './oracles/fulfilment.oracle.ts';

const oracle = fulfilmentOracle();
let seen: JourneySeen | null = null;
let before: FulfilmentSnapshot | null = null;

/** The step a snapshot is at: the one leaf of its kind's state. */
function stepOf(s: FulfilmentSnapshot): FulfilmentStep {
  const value = s.value as Record<string, string>;
  return Object.values(value)[0] as FulfilmentStep;
}

// Every move staff can make, a dispatch with a reference that reads as one and two that do not.
definePathSuite({
  name: 'fulfilment',
  machine: fulfilmentMachine,
  inputs: {
    homeDelivery: { kind: fulfilmentKindOf(1) },
    clickAndCollect: { kind: fulfilmentKindOf(2) },
    sellBack: { kind: fulfilmentKindOf(3) },
  },
  events: [
    { type: 'staff.dispatched', reference: 'JD0001 2345 6789' },
    { type: 'staff.dispatched', reference: '   ' },
    { type: 'staff.dispatched', reference: 'AB1' },
    { type: 'staff.delivered' },
    { type: 'staff.readyToCollect' },
    { type: 'staff.collected' },
    { type: 'staff.received' },
    { type: 'staff.paidOut' },
  ],
  serializeState: (s) => JSON.stringify([s.value, s.context.trackingReference]),
  assertState: (s, step) => {
    if (step.event.type === INIT_EVENT) {
      seen = oracle.start(s.context.kind);
      before = null;
    } else if (seen !== null) {
      seen = oracle.step(seen, step.event);
    }
    if (seen === null) throw new Error('The path did not start');
    // The order is where the issue says, in its own kind's steps, with the reference given.
    expect(s.matches(seen.kind), `a ${seen.kind} order stays in its own steps`).toBe(true);
    expect(stepOf(s), `after ${step.event.type}`).toBe(seen.step);
    expect(s.context.trackingReference).toBe(seen.trackingReference);
    // The server's rule (domain/fulfilment.ts moveOf) agrees with the chart on the move just made
    // and on every move from here.
    if (before !== null && step.event.type.startsWith('staff.')) {
      const reference = typeof step.event.reference === 'string' ? step.event.reference : null;
      const outcome = moveOf(s.context.kind, stepOf(before), step.event.type as StaffMove, reference);
      expect(outcome.allowed ? outcome.step : stepOf(before), 'the server moves the order as the chart does').toBe(stepOf(s));
    }
    const movable = ALL_STAFF_MOVES.filter((move) => {
      const event = move === 'staff.dispatched' ? { type: move, reference: 'JD0001 2345 6789' } : { type: move };
      const can = s.can(event as never);
      expect(can, `${move} from ${stepOf(s)}`).toBe(moveOf(s.context.kind, stepOf(s), move, 'JD0001 2345 6789').allowed);
      return can;
    });
    // One move on from every step but the last; none from the last.
    expect(movable.length, 'the moves left').toBe(seen.over ? 0 : 1);
    before = s;
  },
});
