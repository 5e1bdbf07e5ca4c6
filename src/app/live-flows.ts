/**
 * The running actors as the inspector sees them, kept in the page for the local flows view: every
 * actor of the shop's system (its machine, its parent, its current state) and the last events
 * between them. Fed by XState's own inspection API (the `inspect` option every root actor gets),
 * so it needs nothing but the page: no internet, no popup.
 */
import type { AnyEventObject, AnyStateMachine, InspectionEvent } from 'xstate';
// The type only: the log's schema (valibot) stays out of this chunk; the literal version below is checked against it.
import type { EventLog } from '#flows/event-log.ts';

export interface LiveActor {
  sessionId: string;
  /** The actor's id within its parent ('countdown', 'loadOrder'), or the root's name. */
  name: string;
  systemId: string | null;
  parentId: string | null;
  /** The statechart it runs, for its diagram; null for promise and callback actors. */
  machine: AnyStateMachine | null;
  /** The state value (machines) and status of its last snapshot. */
  value: unknown;
  status: 'active' | 'done' | 'error' | 'stopped';
}

export interface LiveEvent {
  /** Its order among the events seen (stable keys for the view). */
  seq: number;
  type: string;
  /** The sender's session id; null for events from outside the system (the page, a timer). */
  sourceId: string | null;
  targetId: string;
}

/** One step a statechart took: the event it received and the state it was in after it. */
export interface LiveStep {
  event: AnyEventObject;
  value: unknown;
}

export interface LiveFlowsState {
  actors: readonly LiveActor[];
  events: readonly LiveEvent[];
  /** Per actor (session id), the steps of its statechart since it started, the last `stepLimit`. */
  steps: Readonly<Record<string, readonly LiveStep[]>>;
}

export interface LiveFlows {
  inspect(event: InspectionEvent): void;
  getState(): LiveFlowsState;
  subscribe(listener: () => void): () => void;
}

const isMachine = (logic: unknown): logic is AnyStateMachine =>
  typeof logic === 'object' && logic !== null && 'root' in logic && 'getStateNodeById' in logic;

/** What an inspected actor carries (the inspection API types it loosely). */
interface InspectedRef {
  sessionId: string;
  id?: string;
  systemId?: string;
  logic?: unknown;
  _parent?: { sessionId: string };
}

function describe(inspected: unknown): Omit<LiveActor, 'value' | 'status'> {
  const ref = inspected as InspectedRef;
  const parent = ref._parent;
  const systemId = ref.systemId ?? null;
  const machine = isMachine(ref.logic) ? ref.logic : null;
  return {
    sessionId: ref.sessionId,
    // A root actor's id is generated: its system id or its machine's id names it better.
    name: parent ? (ref.id ?? ref.sessionId) : (systemId ?? machine?.id ?? ref.id ?? ref.sessionId),
    systemId,
    parentId: parent?.sessionId ?? null,
    machine,
  };
}

/** Keeps the actors, the last `eventLimit` events and each statechart's last `stepLimit` steps; tells its listeners after each change. */
export function createLiveFlows(eventLimit = 40, stepLimit = 200): LiveFlows {
  const actors = new Map<string, LiveActor>();
  let events: LiveEvent[] = [];
  let steps: Record<string, readonly LiveStep[]> = {};
  let seq = 0;
  let state: LiveFlowsState = { actors: [], events: [], steps };
  const listeners = new Set<() => void>();

  const changed = () => {
    state = { actors: [...actors.values()], events, steps };
    for (const listener of listeners) listener();
  };

  return {
    inspect(event) {
      const ref = event.actorRef;
      switch (event.type) {
        case '@xstate.actor': {
          actors.set(ref.sessionId, { ...describe(ref), value: null, status: 'active' });
          break;
        }
        case '@xstate.snapshot': {
          const snapshot = event.snapshot as { value?: unknown; status?: LiveActor['status'] };
          // Described again: an actor learns its system id only after it announced itself.
          const described = describe(ref);
          actors.set(ref.sessionId, { ...described, value: snapshot.value ?? null, status: snapshot.status ?? 'active' });
          if (described.machine !== null && event.event.type !== 'xstate.init') {
            const step = { event: event.event, value: snapshot.value ?? null };
            steps = { ...steps, [ref.sessionId]: [...(steps[ref.sessionId] ?? []), step].slice(-stepLimit) };
          }
          break;
        }
        case '@xstate.event': {
          // The actor's own start is no event between actors.
          if (event.event.type === 'xstate.init') return;
          events = [...events, { seq: seq++, type: event.event.type, sourceId: event.sourceRef?.sessionId ?? null, targetId: ref.sessionId }].slice(-eventLimit);
          break;
        }
        default:
          return;
      }
      changed();
    },
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}

/** The ids of the state nodes an actor is in ('checkout.inCheckout.delivery'), for highlighting. */
export function activeStateNodeIds(machine: AnyStateMachine, value: unknown): string[] {
  if (value === null || value === undefined) return [];
  try {
    const snapshot = machine.resolveState({ value: value as never, context: {} as never });
    return [...snapshot._nodes].map((node) => node.id);
  } catch {
    return [];
  }
}

/** An event as it can be written down: its own fields, without actor references or functions. */
function plainEvent(event: AnyEventObject): AnyEventObject {
  try {
    const plain = JSON.parse(JSON.stringify(event)) as AnyEventObject;
    return typeof plain.type === 'string' ? plain : { type: event.type };
  } catch {
    // A field that refers back to itself (an actor): the event's type is what matters.
    return { type: event.type };
  }
}

/** A running statechart's steps as an event log (flows/event-log.ts, source 'live'), for the replay. */
export function liveEventLog(actor: LiveActor, steps: readonly LiveStep[]): EventLog | null {
  if (actor.machine === null) return null;
  return {
    version: 1,
    machine: actor.machine.id,
    source: 'live',
    steps: steps.map((step) => ({ event: plainEvent(step.event), state: step.value })),
  };
}

/** The log as the JSON text the replay reads (flows/event-log.ts's eventLogJson, without its schema). */
export const eventLogText = (log: EventLog): string => `${JSON.stringify(log, null, 2)}\n`;
