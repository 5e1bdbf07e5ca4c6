/**
 * Simulate: a statechart played by hand from its initial state, as the Flows pages offer it.
 *
 * The real machine runs, with three things held: every invoked or spawned actor is replaced by
 * one that never answers (the owner answers it: `xstate.done.actor.<id>` or
 * `xstate.error.actor.<id>`), timers never fire on their own (`xstate.after.<delay>.<stateId>` is
 * a choice like any event), and the guards of the event sent answer as the owner chose
 * (`machine.provide({ guards })`); a guard nobody was asked about runs as written.
 *
 * Pure: a simulation is its machine, its sample input and its steps; Back and Reset are fewer
 * steps. The path taken is an event log (flows/event-log.ts, source 'simulate').
 */
import { createActor, fromPromise, type AnyEventObject, type AnyStateMachine, type AnyStateNode } from 'xstate';
import { EVENT_LOG_VERSION, type EventLog } from './event-log.ts';

export interface SimulationSamples {
  /** The machine's input (what the app would start it with). */
  input?: unknown;
  /** Payloads to offer per event type, each with the name its button shows; an event without one is sent as `{ type }`. */
  events?: Record<string, readonly SampleEvent[]>;
}

export interface SampleEvent {
  /** What this payload stands for ('completed order'), beside the event on its button. */
  label?: string;
  event: AnyEventObject;
}

export interface SimulationStep {
  event: AnyEventObject;
  /** The answers chosen for the guards of this event's transitions. */
  guards: Record<string, boolean>;
}

export type ChoiceKind = 'event' | 'done' | 'error' | 'after';

export interface SimulationChoice {
  /** A button's text: the event, `loadOrder: done`, `after CUT_OFF_TICK`, with its sample named. */
  label: string;
  kind: ChoiceKind;
  event: AnyEventObject;
  /** The guards on this event's transitions from the current states: the owner answers each. */
  guards: string[];
}

export interface Simulation {
  /** `snapshot.value` now, and after each step. */
  value: unknown;
  values: unknown[];
  /** The state node ids the machine is in (root, compound and atomic): the chart marks them. */
  activeIds: string[];
  status: 'active' | 'done' | 'error' | 'stopped';
  /** What stopped the machine (an action that needed more than the sample gave). */
  error: string | null;
  choices: SimulationChoice[];
}

/** Timers that never fire: the owner sends `xstate.after.*` when they choose. */
const HELD_CLOCK = { setTimeout: () => 0, clearTimeout: () => undefined };

const never = fromPromise(() => new Promise<never>(() => undefined));

/** The guard names a transition's guard reads: a name, `{ type }`, or and/or/not of them. */
export function guardNames(guard: unknown): string[] {
  if (guard === undefined || guard === null) return [];
  if (typeof guard === 'string') return [guard];
  if (typeof guard === 'object' && 'type' in guard && typeof guard.type === 'string') return [guard.type];
  if (typeof guard === 'function') {
    const inner = (guard as { guards?: unknown[] }).guards ?? [];
    return inner.flatMap(guardNames);
  }
  return [];
}

function kindOf(type: string): ChoiceKind {
  if (type.startsWith('xstate.done.actor.')) return 'done';
  if (type.startsWith('xstate.error.actor.')) return 'error';
  if (type.startsWith('xstate.after.')) return 'after';
  return 'event';
}

function labelOf(sample: SampleEvent): string {
  const type = sample.event.type;
  const actor = /^xstate\.(done|error)\.actor\.(.+)$/.exec(type);
  const after = /^xstate\.after\.([^.]+)\./.exec(type);
  const name = actor ? `${actor[2]}: ${actor[1]}` : after ? `after ${after[1]}` : type;
  return sample.label ? `${name} (${sample.label})` : name;
}

/** The events the states accept now, each with its sample payloads and the guards it asks about. */
function choicesOf(nodes: readonly AnyStateNode[], samples: SimulationSamples): SimulationChoice[] {
  const types: string[] = [];
  for (const node of nodes) for (const type of node.ownEvents) if (!types.includes(type)) types.push(type);
  const choices: SimulationChoice[] = [];
  for (const type of types) {
    // Raised by the machine itself, never sent.
    if (type === '' || type === '*' || type.startsWith('xstate.done.state.')) continue;
    const guards: string[] = [];
    for (const node of nodes) {
      for (const transition of node.transitions.get(type) ?? []) {
        for (const name of guardNames(transition.guard)) if (!guards.includes(name)) guards.push(name);
      }
    }
    const kind = kindOf(type);
    const fallback: AnyEventObject =
      kind === 'error' ? { type, error: { title: 'Something went wrong', status: 500 } } : kind === 'done' ? { type, output: undefined } : { type };
    for (const sample of samples.events?.[type] ?? [{ event: fallback }]) choices.push({ label: labelOf(sample), kind, event: sample.event, guards });
  }
  return choices;
}

/** The machine to play: its actors never answer, its guards answer as `answers.current` says when asked. */
function heldMachine(machine: AnyStateMachine, answers: { current: Record<string, boolean> }): AnyStateMachine {
  const written = machine.implementations.guards as Record<string, (...args: unknown[]) => boolean>;
  const guards = Object.fromEntries(
    Object.entries(written).map(([name, guard]) => [
      name,
      (...args: unknown[]) => {
        const chosen = answers.current[name];
        if (chosen !== undefined) return chosen;
        try {
          return guard(...args);
        } catch {
          // A guard reading what the sample left out: no.
          return false;
        }
      },
    ]),
  );
  const actors = Object.fromEntries(Object.keys(machine.implementations.actors).map((name) => [name, never]));
  return machine.provide({ guards, actors } as never) as AnyStateMachine;
}

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** Plays `steps` from the initial state; the last step's state is the simulation's. */
export function simulate(machine: AnyStateMachine, samples: SimulationSamples, steps: readonly SimulationStep[]): Simulation {
  const answers = { current: {} as Record<string, boolean> };
  let error: string | null = null;
  const actor = createActor(heldMachine(machine, answers), { input: samples.input, clock: HELD_CLOCK });
  actor.subscribe({ error: (e) => void (error ??= message(e)) });
  const values: unknown[] = [];
  try {
    actor.start();
    for (const step of steps) {
      if (actor.getSnapshot().status !== 'active') break;
      answers.current = step.guards;
      actor.send(step.event);
      answers.current = {};
      values.push(actor.getSnapshot().value);
    }
  } catch (thrown) {
    error ??= message(thrown);
  }
  const snapshot = actor.getSnapshot() as { value: unknown; status: Simulation['status']; error?: unknown; _nodes: AnyStateNode[] };
  if (snapshot.status === 'error') error ??= message(snapshot.error);
  actor.stop();
  const nodes = snapshot._nodes;
  return {
    value: snapshot.value,
    values,
    activeIds: nodes.map((node) => node.id),
    status: snapshot.status,
    error,
    choices: snapshot.status === 'active' ? choicesOf(nodes, samples) : [],
  };
}

/** The path taken, as the event log Simulate's "Copy path" gives. */
export function simulationLog(machine: AnyStateMachine, steps: readonly SimulationStep[], simulation: Simulation): EventLog {
  return {
    version: EVENT_LOG_VERSION,
    machine: machine.id,
    source: 'simulate',
    steps: steps.map((step, index) => ({
      event: step.event,
      ...(Object.keys(step.guards).length > 0 ? { guards: step.guards } : {}),
      ...(index < simulation.values.length ? { state: simulation.values[index] } : {}),
    })),
  };
}
