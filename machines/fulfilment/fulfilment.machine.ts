/**
 * The order's journey after payment (issue 45, part 2): one chart, a state a kind of order, each
 * with its steps. A paid order starts at its kind's first step (`routing`); staff move it on one
 * step at a time with named events, and a dispatch carries the courier's tracking reference.
 *
 * - Home delivery: `beingPrepared` → `staff.dispatched` (with a tracking reference) →
 *   `dispatched` → `staff.delivered` → `delivered`.
 * - Click and collect: `beingPrepared` → `staff.readyToCollect` → `readyToCollect` →
 *   `staff.collected` → `collected`.
 * - Sell back: `waitingForCurrency` → `staff.received` → `received` → `staff.paidOut` → `paidOut`.
 *
 * Any other event is not a move of that step and changes nothing. The server decides each move
 * with the same rules (domain/fulfilment.ts `moveOf`, as the server may not run a chart); the path
 * tests check this chart against an oracle written from the issue and against `moveOf`.
 */
import { assign, setup, type SnapshotFrom } from 'xstate';
import { isClickAndCollect, isHomeDelivery, readTrackingReference, type FulfilmentKind } from '#domain/fulfilment.ts';

export interface FulfilmentContext {
  kind: FulfilmentKind;
  /** The courier's tracking reference, once dispatched. */
  trackingReference: string | null;
}

export interface FulfilmentInput {
  kind: FulfilmentKind;
}

export type FulfilmentEvent =
  | { type: 'staff.dispatched'; reference: string }
  | { type: 'staff.delivered' }
  | { type: 'staff.readyToCollect' }
  | { type: 'staff.collected' }
  | { type: 'staff.received' }
  | { type: 'staff.paidOut' };

export const fulfilmentMachine = setup({
  types: {
    context: {} as FulfilmentContext,
    events: {} as FulfilmentEvent,
    input: {} as FulfilmentInput,
  },
  actions: {
    rememberTrackingReference: assign({ trackingReference: (_, params: { reference: string }) => readTrackingReference(params.reference) }),
  },
  guards: {
    isHomeDelivery: ({ context }) => isHomeDelivery(context.kind),
    isClickAndCollect: ({ context }) => isClickAndCollect(context.kind),
    hasTrackingReference: (_, params: { reference: string }) => readTrackingReference(params.reference) !== null,
  },
}).createMachine({
  id: 'fulfilment',
  context: ({ input }) => ({ kind: input.kind, trackingReference: null }),
  initial: 'routing',
  states: {
    routing: {
      always: [{ guard: 'isHomeDelivery', target: 'homeDelivery' }, { guard: 'isClickAndCollect', target: 'clickAndCollect' }, { target: 'sellBack' }],
    },
    homeDelivery: {
      initial: 'beingPrepared',
      states: {
        beingPrepared: {
          on: {
            'staff.dispatched': {
              guard: { type: 'hasTrackingReference', params: ({ event }) => ({ reference: event.reference }) },
              target: 'dispatched',
              actions: { type: 'rememberTrackingReference', params: ({ event }) => ({ reference: event.reference }) },
            },
          },
        },
        dispatched: { on: { 'staff.delivered': { target: 'delivered' } } },
        delivered: { type: 'final' },
      },
    },
    clickAndCollect: {
      initial: 'beingPrepared',
      states: {
        beingPrepared: { on: { 'staff.readyToCollect': { target: 'readyToCollect' } } },
        readyToCollect: { on: { 'staff.collected': { target: 'collected' } } },
        collected: { type: 'final' },
      },
    },
    sellBack: {
      initial: 'waitingForCurrency',
      states: {
        waitingForCurrency: { on: { 'staff.received': { target: 'received' } } },
        received: { on: { 'staff.paidOut': { target: 'paidOut' } } },
        paidOut: { type: 'final' },
      },
    },
  },
});

export type FulfilmentMachine = typeof fulfilmentMachine;
export type FulfilmentSnapshot = SnapshotFrom<FulfilmentMachine>;
