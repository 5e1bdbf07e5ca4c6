/**
 * The order's journey after payment as issue 45 describes it, not as the chart does: fed the same
 * events as a path (the staff's moves), it says which step the order is at and which tracking
 * reference it carries.
 *
 * - Home delivery: being prepared, dispatched (with a courier tracking reference), delivered.
 * - Click and collect: being prepared, ready to collect, collected.
 * - Sell back: waiting for your currency, received, paid out.
 * A move is only ever to the next step of the order's own kind; a dispatch without a reference
 * (at least 6 letters or digits, spaces and dashes between) leaves the order being prepared.
 */
import type { AnyEventObject } from 'xstate';

export type JourneyKind = 'homeDelivery' | 'clickAndCollect' | 'sellBack';

/** Each kind's steps, and the staff's move that reaches each step after the first. */
const JOURNEYS: Record<JourneyKind, ReadonlyArray<readonly [step: string, move: string | null]>> = {
  homeDelivery: [
    ['beingPrepared', null],
    ['dispatched', 'staff.dispatched'],
    ['delivered', 'staff.delivered'],
  ],
  clickAndCollect: [
    ['beingPrepared', null],
    ['readyToCollect', 'staff.readyToCollect'],
    ['collected', 'staff.collected'],
  ],
  sellBack: [
    ['waitingForCurrency', null],
    ['received', 'staff.received'],
    ['paidOut', 'staff.paidOut'],
  ],
};

export interface JourneySeen {
  kind: JourneyKind;
  step: string;
  trackingReference: string | null;
  /** The last step: nothing more can happen. */
  over: boolean;
}

function readsAsReference(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const kept = value.trim().toUpperCase();
  return /^[A-Z0-9][A-Z0-9 -]*[A-Z0-9]$/.test(kept) && kept.length >= 6 && kept.length <= 40 ? kept : null;
}

export function fulfilmentOracle() {
  return {
    start(kind: JourneyKind): JourneySeen {
      return { kind, step: JOURNEYS[kind][0]![0], trackingReference: null, over: false };
    },
    step(seen: JourneySeen, event: AnyEventObject): JourneySeen {
      const steps = JOURNEYS[seen.kind];
      const at = steps.findIndex(([step]) => step === seen.step);
      const next = steps[at + 1];
      if (next === undefined || next[1] !== event.type) return seen;
      if (event.type === 'staff.dispatched') {
        const reference = readsAsReference(event.reference);
        if (reference === null) return seen;
        return { ...seen, step: next[0], trackingReference: reference, over: at + 2 >= steps.length };
      }
      return { ...seen, step: next[0], over: at + 2 >= steps.length };
    },
  };
}
