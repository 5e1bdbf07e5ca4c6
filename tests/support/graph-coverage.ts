/**
 * Path tests generated from a statechart, with a transition-coverage check.
 *
 * `createTestModel` refuses machines with `invoke` or `after`, so the model is a plain `TestModel`
 * over the machine and the results of invoked actors and timers are events of their own:
 * `xstate.done.actor.<id>`, `xstate.error.actor.<id>` (listed by the suite with their payloads) and
 * `xstate.after.<delay>.<stateId>` (read from the machine definition, so never listed by hand).
 *
 * Planning: the adjacency map (every listed event tried in every reachable state, keyed by
 * `serializeState`) gives a shortest path to each state; each handled (state, event) pair extends
 * one of those paths by a step; paths are kept greedily while they add a transition not yet covered.
 * Replay: every planned path runs on a real actor (fake actors, SimulatedClock); after each step
 * the actor's serialized snapshot must equal the model's, then the suite's own assertions run.
 * Coverage: the transitions the real actors took (seen through inspection) are compared with every
 * transition of the definition (`toDirectedGraph` edges plus eventless `always` transitions).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import {
  SimulatedClock,
  createActor,
  fromCallback,
  fromTransition,
  type ActorScope,
  type AnyActor,
  type AnyActorLogic,
  type AnyEventObject,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type AnyStateNode,
  type AnyTransitionDefinition,
  type EventFromLogic,
  type InputFrom,
  type InspectionEvent,
  type SnapshotFrom,
} from 'xstate';
import { TestModel, toDirectedGraph, type DirectedGraphNode, type StatePath } from 'xstate/graph';
import { coverageDetails, newObservation, type CoverageDetails, type PathObservation, type PathRecord } from './coverage-report.ts';
import { defineReplaySuite, replayLogsFromEnv, type RecordedStart } from './replay-log.ts';

export const INIT_EVENT = 'xstate.init';

/** The event an invoked actor's success delivers to its parent. */
export function actorDone<TOutput>(id: string, output: TOutput): { type: `xstate.done.actor.${string}`; output: TOutput } {
  return { type: `xstate.done.actor.${id}`, output };
}

/** The event an invoked actor's failure delivers to its parent. */
export function actorFailed(id: string, error: unknown): { type: `xstate.error.actor.${string}`; error: unknown } {
  return { type: `xstate.error.actor.${id}`, error };
}

export interface TransitionEdge {
  /** Stable across `.provide()` copies: source state id, event type and index among its siblings. */
  key: string;
  source: string;
  eventType: string;
  guard: string | undefined;
  targets: string[];
  label: string;
}

function guardName(t: AnyTransitionDefinition): string | undefined {
  const g: unknown = t.guard;
  if (g === undefined) return undefined;
  if (typeof g === 'string') return g;
  if (typeof g === 'object' && g !== null && 'type' in g && typeof g.type === 'string') return g.type;
  if (typeof g === 'function') return g.name || 'inline guard';
  return 'guard';
}

function transitionKey(t: AnyTransitionDefinition): string {
  const source: AnyStateNode = t.source;
  if (t.eventType === '') {
    return `${source.id} always#${source.always?.indexOf(t) ?? -1}`;
  }
  const siblings = source.transitions.get(t.eventType) ?? [];
  return `${source.id} ${t.eventType}#${siblings.indexOf(t)}`;
}

function toEdge(t: AnyTransitionDefinition): TransitionEdge {
  const targets = (t.target ?? []).map((n: AnyStateNode) => n.id);
  const guard = guardName(t);
  const eventType = t.eventType === '' ? 'always' : t.eventType;
  const arrow = targets.length ? targets.join(', ') : '(internal)';
  return {
    key: transitionKey(t),
    source: t.source.id,
    eventType,
    guard,
    targets,
    label: `${t.source.id} --${eventType}${guard ? ` [${guard}]` : ''}--> ${arrow}`,
  };
}

/** Every transition of the definition: the `toDirectedGraph` edges plus eventless transitions. */
export function listTransitions(machine: AnyStateMachine): TransitionEdge[] {
  const byKey = new Map<string, TransitionEdge>();
  const visit = (node: DirectedGraphNode): void => {
    for (const edge of node.edges) {
      const e = toEdge(edge.transition);
      byKey.set(e.key, e);
    }
    for (const t of node.stateNode.always ?? []) {
      const e = toEdge(t);
      byKey.set(e.key, e);
    }
    node.children.forEach(visit);
  };
  visit(toDirectedGraph(machine));
  return [...byKey.values()];
}

function isInternalEventType(type: string): boolean {
  return type.startsWith('xstate.done.state.') || type === 'always' || type === '*';
}

/** The timer events of the definition, which the traversal sends like any other event. */
export function timerEvents(machine: AnyStateMachine): AnyEventObject[] {
  const types = new Set(listTransitions(machine).map((e) => e.eventType).filter((t) => t.startsWith('xstate.after.')));
  return [...types].map((type) => ({ type }));
}

export interface Probe {
  scope: ActorScope<AnyMachineSnapshot, AnyEventObject>;
  take(): Set<string>;
}

/** An actor scope like the graph package's mock one, but whose system reports the transitions taken. */
export function createProbe(): Probe {
  let taken = new Set<string>();
  const self = createActor(fromTransition((s: undefined) => s, undefined), {
    inspect: (ev: InspectionEvent) => {
      if (ev.type === '@xstate.microstep') for (const t of ev._transitions) taken.add(transitionKey(t));
    },
  });
  const scope = {
    self,
    logger: console.log,
    id: '',
    sessionId: 'probe',
    defer: () => {},
    system: self.system,
    stopChild: () => {},
    emit: () => {},
    actionExecutor: () => {},
  } as unknown as ActorScope<AnyMachineSnapshot, AnyEventObject>;
  return {
    scope,
    take() {
      const out = taken;
      taken = new Set();
      return out;
    },
  };
}

export interface PlannedPath<TSnapshot extends AnyMachineSnapshot = AnyMachineSnapshot> extends StatePath<TSnapshot, AnyEventObject> {
  description: string;
  /** Keys of the transitions the path takes, per the model. */
  covers: Set<string>;
}

export interface PathPlan<TSnapshot extends AnyMachineSnapshot = AnyMachineSnapshot> {
  model: TestModel<TSnapshot, AnyEventObject, unknown>;
  paths: PlannedPath<TSnapshot>[];
  transitions: TransitionEdge[];
  /** Keys of the transitions the planned paths take (per the model). */
  planned: Set<string>;
  reachableStates: number;
  /** Event types the machine handles that no listed event (or timer) provides. */
  unlistedEventTypes: string[];
}

export interface PlanOptions<TSnapshot extends AnyMachineSnapshot> {
  input?: unknown;
  events: readonly AnyEventObject[];
  serializeState: (snapshot: TSnapshot) => string;
  /** Bound on traversal iterations, so a state space blown up by context fails fast. */
  limit?: number;
  /**
   * Each transition of the traversal in an actor system of its own: for a machine that spawns
   * children with systemIds (the shop), which the traversal reaches along several paths, where one
   * shared system would refuse the second actor of a systemId.
   */
  isolateSystems?: boolean;
}

function formatEvent(event: AnyEventObject): string {
  const { type, ...rest } = event;
  const short = type.replace(/^xstate\.after\.([^.]+)\..*$/, 'after $1').replace(/^xstate\.(done|error)\.actor\./, '$1:');
  return Object.keys(rest).length ? `${short} ${JSON.stringify(rest)}` : short;
}

function describePath(path: StatePath<AnyMachineSnapshot, AnyEventObject>): string {
  const events = path.steps.slice(1).map((s) => formatEvent(s.event));
  return `${JSON.stringify(path.state.value)} via ${events.length ? events.join(' → ') : '(initial)'}`;
}

export function planPaths<TMachine extends AnyStateMachine>(
  machine: TMachine,
  options: PlanOptions<SnapshotFrom<TMachine>>,
): PathPlan<SnapshotFrom<TMachine>> {
  type S = SnapshotFrom<TMachine>;
  const serialize = (s: S): string => options.serializeState(s);
  const transitions = listTransitions(machine);
  const events: AnyEventObject[] = [...options.events, ...timerEvents(machine)];

  const listedTypes = new Set(events.map((e) => e.type));
  const handledTypes = new Set(transitions.map((t) => t.eventType).filter((t) => !isInternalEventType(t)));
  const unknownTypes = [...listedTypes].filter((t) => !handledTypes.has(t));
  if (unknownTypes.length) {
    throw new Error(`Listed events the machine never handles: ${unknownTypes.join(', ')}`);
  }
  const unlistedEventTypes = [...handledTypes].filter((t) => !listedTypes.has(t));

  const probe = createProbe();
  const initial = machine.getInitialSnapshot(probe.scope as never, options.input) as S;
  const initialTransitions = probe.take();

  const handles = (snapshot: S, event: AnyEventObject): boolean =>
    (snapshot as AnyMachineSnapshot).status === 'active' && machine.getTransitionData(snapshot, event as never).length > 0;

  // The traversal's own scope shares one system across every transition it computes.
  const traversed: AnyStateMachine = options.isolateSystems
    ? Object.create(machine, { transition: { value: (snapshot: S, event: AnyEventObject) => machine.transition(snapshot, event as never, createProbe().scope as never) } })
    : machine;

  const model = new TestModel<S, AnyEventObject, unknown>(traversed as unknown as AnyActorLogic, {
    events,
    input: options.input,
    fromState: initial,
    filterEvents: handles,
    serializeState: (s) => serialize(s),
    limit: options.limit ?? 200_000,
  });
  const adjacency = model.getAdjacencyMap();
  const initialKey = serialize(initial);

  // Shortest event sequence to every reachable state (breadth first over the adjacency map).
  const reach = new Map<string, { from: string; event: AnyEventObject; state: S } | null>([[initialKey, null]]);
  const queue = [initialKey];
  for (let i = 0; i < queue.length; i++) {
    const key = queue[i]!;
    for (const t of Object.values(adjacency[key as never]?.transitions ?? {})) {
      const next = serialize(t.state);
      if (reach.has(next)) continue;
      reach.set(next, { from: key, event: t.event, state: t.state });
      queue.push(next);
    }
  }
  const stepsTo = (key: string): Array<{ event: AnyEventObject; state: S; key: string }> => {
    const steps: Array<{ event: AnyEventObject; state: S; key: string }> = [];
    for (let k = key, r = reach.get(k); r; k = r.from, r = reach.get(k)) steps.unshift({ event: r.event, state: r.state, key: k });
    return steps;
  };

  // Transitions each (state, event) step takes, read through the probe's inspection.
  const stepTransitions = new Map<string, Set<string>>();
  const takenBy = (fromKey: string, event: AnyEventObject): Set<string> => {
    const memo = `${fromKey}\u0000${JSON.stringify(event)}`;
    let taken = stepTransitions.get(memo);
    if (!taken) {
      const from = adjacency[fromKey as never]!.state;
      const scoped = options.isolateSystems ? createProbe() : probe;
      machine.transition(from, event as never, scoped.scope as never);
      taken = scoped.take();
      stepTransitions.set(memo, taken);
    }
    return taken;
  };

  interface Candidate {
    steps: Array<{ event: AnyEventObject; state: S; key: string }>;
    covers: Set<string>;
  }
  const candidates: Candidate[] = [{ steps: [], covers: initialTransitions }];
  for (const key of queue) {
    const base = stepsTo(key);
    for (const t of Object.values(adjacency[key as never]!.transitions)) {
      const steps = [...base, { event: t.event, state: t.state, key: serialize(t.state) }];
      const covers = new Set(initialTransitions);
      let prev = initialKey;
      for (const step of steps) {
        takenBy(prev, step.event).forEach((k) => covers.add(k));
        prev = step.key;
      }
      candidates.push({ steps, covers });
    }
  }

  // Greedy cover: longest paths first, kept only while they add a transition.
  candidates.sort((a, b) => b.steps.length - a.steps.length);
  const planned = new Set<string>();
  const chosen: Candidate[] = [];
  for (const c of candidates) {
    if ([...c.covers].some((k) => !planned.has(k))) {
      chosen.push(c);
      c.covers.forEach((k) => planned.add(k));
    }
  }
  if (chosen.length === 0) chosen.push({ steps: [], covers: new Set() });
  chosen.sort((a, b) => a.steps.length - b.steps.length);

  const paths = chosen.map((c): PlannedPath<S> => {
    const statePath: StatePath<S, AnyEventObject> = {
      state: c.steps.at(-1)?.state ?? initial,
      weight: c.steps.length,
      steps: [{ event: { type: INIT_EVENT }, state: initial }, ...c.steps.map(({ event, state }) => ({ event, state }))],
    };
    return { ...statePath, description: describePath(statePath), covers: c.covers };
  });

  const edgeKeys = new Set(transitions.map((t) => t.key));
  return {
    model,
    paths,
    transitions,
    planned: new Set([...planned].filter((k) => edgeKeys.has(k))),
    reachableStates: reach.size,
    unlistedEventTypes,
  };
}

export interface StepInfo<TSnapshot extends AnyMachineSnapshot> {
  /** The model's snapshot for this step. */
  expected: TSnapshot;
  /** The event that led here (`xstate.init` for the first step). */
  event: AnyEventObject;
  /** Events the actor emitted during this step, and during the whole path so far. */
  emitted: AnyEventObject[];
  emittedSoFar: AnyEventObject[];
  clock: SimulatedClock;
  actor: AnyActor;
}

export interface ReplayOptions<TMachine extends AnyStateMachine> {
  input?: InputFrom<TMachine>;
  serializeState: (snapshot: SnapshotFrom<TMachine>) => string;
  /** Implementations for the replayed actor; actors not given here become inert stubs. */
  provide?: Parameters<TMachine['provide']>[0];
  assertState?: (snapshot: SnapshotFrom<TMachine>, step: StepInfo<SnapshotFrom<TMachine>>) => void;
  /** Checks run when the snapshot matches the key (a state value path such as 'editing.idle'). */
  states?: Record<string, (snapshot: SnapshotFrom<TMachine>, step: StepInfo<SnapshotFrom<TMachine>>) => void>;
  /** Told of each step's event just before the actor receives it (a replayed log's guard answers). */
  onStep?: (event: AnyEventObject) => void;
  /** Filled with the states the actor was in and the answers its guards gave (the coverage report). */
  observe?: PathObservation;
}

type GuardImplementation = ((args: unknown, params: unknown) => boolean) & {
  check?: (snapshot: unknown, args: unknown, self: unknown) => boolean;
};

/**
 * The machine with each named guard of `setup({ guards })` decided through `around(name, decide)`,
 * where `decide()` is the guard's own answer (composed guards, `and([...])`, through their `check`).
 */
export function wrapGuards<TMachine extends AnyStateMachine>(machine: TMachine, around: (name: string, decide: () => boolean) => boolean): TMachine {
  const guards = (machine.implementations.guards ?? {}) as Record<string, GuardImplementation>;
  const wrapped = Object.fromEntries(
    Object.entries(guards).map(([name, impl]) => {
      const check = impl.check;
      if (typeof check === 'function') {
        return [name, Object.assign(() => false, impl, { check: (snapshot: unknown, args: unknown) => around(name, () => check(snapshot, args, impl)) })];
      }
      return [name, (args: unknown, params: unknown) => around(name, () => impl(args, params))];
    }),
  );
  return machine.provide({ guards: wrapped } as never) as TMachine;
}

/** Every declared actor replaced by one that never reports: the path decides its results. */
export function inertActors(machine: AnyStateMachine): Record<string, AnyActorLogic> {
  const names = Object.keys(machine.implementations.actors ?? {});
  return Object.fromEntries(names.map((name) => [name, fromCallback(() => undefined)]));
}

interface ScheduledEvent {
  event: AnyEventObject;
  source: { sessionId: string };
}

function scheduledEvents(actor: AnyActor): ScheduledEvent[] {
  const snapshot = actor.system.getSnapshot() as { _scheduledEvents?: Record<string, ScheduledEvent> };
  return Object.values(snapshot._scheduledEvents ?? {});
}

/** Advances the simulated clock one due timer at a time until the actor's `type` timer fired. */
function fireTimer(actor: AnyActor, clock: SimulatedClock, type: string): void {
  // The instance pending now; a state re-entered by its own timer schedules a new one.
  const target = scheduledEvents(actor).find((s) => s.event.type === type && s.source.sessionId === actor.sessionId);
  if (!target) throw new Error(`Timer ${type} is not scheduled on the actor`);
  const timeouts = (clock as unknown as { timeouts: Map<number, { start: number; timeout: number }> }).timeouts;
  for (let guard = 0; scheduledEvents(actor).includes(target); guard++) {
    const due = Math.min(...[...timeouts.values()].map((t) => t.start + t.timeout));
    if (!Number.isFinite(due) || guard > 10_000) throw new Error(`Timer ${type} never fired`);
    clock.set(Math.max(due, clock.now()));
  }
}

const flush = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/**
 * Replays one planned path on a real actor and returns the transition keys it took. Throws (with
 * the path printed) at the first step whose snapshot differs from the model or fails an assertion.
 */
export async function replayPath<TMachine extends AnyStateMachine>(
  machine: TMachine,
  plan: PathPlan<SnapshotFrom<TMachine>>,
  path: PlannedPath<SnapshotFrom<TMachine>>,
  options: ReplayOptions<TMachine>,
): Promise<Set<string>> {
  type S = SnapshotFrom<TMachine>;
  const provided = (options.provide ?? {}) as { actors?: Record<string, AnyActorLogic> };
  const observe = options.observe;
  const provideActors = (m: AnyStateMachine): AnyStateMachine =>
    m.provide({ ...provided, actors: { ...inertActors(machine), ...provided.actors } } as never) as AnyStateMachine;
  // Only what the actor decides on the path's events counts, not the checks' `snapshot.can()`.
  let stepping = false;
  const logic = observe
    ? wrapGuards(provideActors(machine), (name, decide) => {
        const answer = decide();
        if (stepping) observe.guards.set(name, (observe.guards.get(name) ?? new Set<boolean>()).add(answer));
        return answer;
      })
    : provideActors(machine);
  const seeStates = (snapshot: unknown, left: AnyStateNode[] = []): void => {
    if (!observe) return;
    for (const node of (snapshot as { _nodes?: AnyStateNode[] })._nodes ?? []) observe.states.add(node.id);
    // A state left in the same macrostep it was entered in (an initial `always`) is reached too.
    for (let node: AnyStateNode | undefined = left.shift(); node; node = left.shift()) {
      if (node.parent) {
        observe.states.add(node.id);
        left.push(node.parent);
      }
    }
  };
  const clock = new SimulatedClock();
  const taken = new Set<string>();
  const emittedSoFar: AnyEventObject[] = [];
  let stepStart = 0;
  let actor: AnyActor | undefined;
  let lastEvent: AnyEventObject = { type: INIT_EVENT };

  const run = async (step: { event: AnyEventObject }): Promise<void> => {
    const { event } = step;
    lastEvent = event;
    stepStart = emittedSoFar.length;
    options.onStep?.(event);
    stepping = true;
    if (event.type === INIT_EVENT) {
      actor = createActor(logic, {
        clock,
        input: options.input,
        inspect: (ev: InspectionEvent) => {
          if (ev.type === '@xstate.microstep' && ev.actorRef.sessionId === ev.rootId) {
            for (const t of ev._transitions) taken.add(transitionKey(t));
            seeStates(
              ev.snapshot,
              ev._transitions.map((t) => t.source),
            );
          } else if (ev.type === '@xstate.snapshot' && ev.actorRef.sessionId === ev.rootId) {
            seeStates(ev.snapshot);
          }
        },
      });
      actor.on('*', (e: AnyEventObject) => emittedSoFar.push(e));
      actor.start();
    } else if (!actor) {
      throw new Error('The path does not start with xstate.init');
    } else if (event.type.startsWith('xstate.after.')) {
      fireTimer(actor, clock, event.type);
    } else {
      const invoked = /^xstate\.(?:done|error)\.actor\.(.+)$/.exec(event.type)?.[1];
      if (invoked !== undefined && !(invoked in (actor.getSnapshot() as AnyMachineSnapshot).children)) {
        throw new Error(`No running actor '${invoked}' to deliver ${event.type}`);
      }
      actor.send(event);
    }
    await flush();
    stepping = false;
  };

  const check = (expected: S): void => {
    if (!actor) throw new Error('No actor');
    const snapshot = actor.getSnapshot() as S;
    const machineSnapshot = snapshot as AnyMachineSnapshot;
    if (machineSnapshot.status === 'error') throw machineSnapshot.error;
    expect(options.serializeState(snapshot), `snapshot after ${formatEvent(lastEvent)}`).toBe(options.serializeState(expected));
    const info: StepInfo<S> = {
      expected,
      event: lastEvent,
      emitted: emittedSoFar.slice(stepStart),
      emittedSoFar: [...emittedSoFar],
      clock,
      actor,
    };
    options.assertState?.(snapshot, info);
    for (const [key, fn] of Object.entries(options.states ?? {})) {
      if (machineSnapshot.matches(key)) fn(snapshot, info);
    }
  };

  const eventTypes = new Set(path.steps.map((s) => s.event.type));
  const events = Object.fromEntries([...eventTypes].map((t) => [t, run]));
  try {
    await plan.model.testPath(path, { events: events as never, states: { '*': check } });
  } finally {
    actor?.stop();
  }
  return taken;
}

export interface CoverageReport {
  name: string;
  machineId: string;
  transitions: number;
  covered: number;
  paths: number;
  states: number;
  missing: string[];
  /** States, transitions and guards, and the paths that covered each: the HTML report's facts. */
  details: CoverageDetails;
}

function writeReport(report: CoverageReport): void {
  let dir: string | undefined;
  try {
    dir = inject('pathCoverageDir');
  } catch {
    dir = undefined;
  }
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, `${report.name}.json`), JSON.stringify(report, null, 2));
}

export interface PathSuiteConfig<TMachine extends AnyStateMachine> extends Omit<ReplayOptions<TMachine>, 'serializeState' | 'input'> {
  /** The machine file's base name (`cart` for machines/cart/cart.machine.ts): the registry key. */
  name: string;
  machine: TMachine;
  /** The actor's input. */
  input?: InputFrom<TMachine>;
  /**
   * Several named inputs, for machines whose reachable states depend on their input (a page path,
   * a feature flag). Paths are planned for each in turn, keeping only those that add coverage.
   */
  inputs?: Record<string, InputFrom<TMachine>>;
  /**
   * Every event to try in every state, with payload variants as separate entries, including the
   * invoked actors' results (`actorDone(id, output)`, `actorFailed(id, error)`). Timers are added
   * from the definition.
   */
  events: ReadonlyArray<EventFromLogic<TMachine> | AnyEventObject>;
  /** Defaults to the state value. Include what guards read; leave out counters and timestamps. */
  serializeState?: (snapshot: SnapshotFrom<TMachine>) => string;
  limit?: number;
  /** See PlanOptions. */
  isolateSystems?: boolean;
  /**
   * A replayed log's input from what it recorded (tests/support/replay-log.ts): for machines whose
   * input holds a clock or a service beside the recorded data. Without it the recorded input is
   * laid over `input`.
   */
  replayInput?: (recorded: RecordedStart, suiteInput: InputFrom<TMachine> | undefined) => InputFrom<TMachine>;
  /**
   * A replayed log's event in the suite's terms, for what a log records by name only (the shop's
   * `loadPages` answers machines, which a log keeps as `machine <id>`).
   */
  replayEvent?: (event: AnyEventObject) => AnyEventObject;
}

export const serializeValue = (snapshot: AnyMachineSnapshot): string => JSON.stringify(snapshot.value);

/**
 * Registers a vitest suite: one test per planned path, replayed on a real actor, then a test that
 * fails unless the replayed paths took every transition of the machine. The result is written to
 * the coverage registry that `npm run test:paths` prints at the end.
 */
export function definePathSuite<TMachine extends AnyStateMachine>(config: PathSuiteConfig<TMachine>): void {
  type S = SnapshotFrom<TMachine>;
  const serializeState = config.serializeState ?? (serializeValue as (s: S) => string);
  const variants: Array<[string | null, InputFrom<TMachine> | undefined]> = config.inputs
    ? Object.entries(config.inputs)
    : [[null, config.input]];

  // `npm run test:replay`: the logs of this machine replace the generated paths.
  const logs = replayLogsFromEnv();
  if (logs !== null) {
    defineReplaySuite(config, logs, serializeState, variants[0]![1]);
    return;
  }

  const planned = new Set<string>();
  let states = 0;
  let unlisted: string[] = [];
  const runs = variants.map(([variant, input]) => {
    const plan = planPaths(config.machine, {
      input,
      events: config.events as readonly AnyEventObject[],
      serializeState,
      ...(config.limit === undefined ? {} : { limit: config.limit }),
      ...(config.isolateSystems ? { isolateSystems: true } : {}),
    });
    states += plan.reachableStates;
    unlisted = plan.unlistedEventTypes;
    // Later inputs keep only the paths that take a transition the earlier ones did not.
    const paths = plan.paths.filter((p) => {
      const adds = [...p.covers].some((k) => !planned.has(k));
      p.covers.forEach((k) => planned.add(k));
      return adds;
    });
    return { variant, input, plan, paths };
  });
  const transitions = listTransitions(config.machine);
  const observed = new Set<string>();
  const pathCount = runs.reduce((n, r) => n + r.paths.length, 0);
  const records: PathRecord[] = [];

  describe(`${config.name} paths`, () => {
    let n = 0;
    for (const { variant, input, plan, paths } of runs) {
      for (const path of paths) {
        n += 1;
        const index = n;
        const description = `${variant === null ? '' : `[${variant}] `}${path.description}`;
        it(`${index}. ${description}`, async () => {
          const observation = newObservation();
          const taken = await replayPath(config.machine, plan as PathPlan<S>, path as PlannedPath<S>, {
            ...config,
            ...(input === undefined ? {} : { input }),
            serializeState,
            observe: observation,
          });
          taken.forEach((k) => observed.add(k));
          records.push({ index, description, transitions: taken, observation });
        });
      }
    }

    it('covers every transition', () => {
      const missing = transitions.filter((t) => !observed.has(t.key));
      writeReport({
        name: config.name,
        machineId: config.machine.id,
        transitions: transitions.length,
        covered: transitions.length - missing.length,
        paths: pathCount,
        states,
        missing: missing.map((t) => t.label),
        details: coverageDetails(config.name, config.machine, transitions, records.sort((a, b) => a.index - b.index)),
      });
      const hint = unlisted.length ? `\nHandled but not listed in events: ${unlisted.join(', ')}` : '';
      expect(missing.map((t) => t.label), `transitions no path took${hint}`).toEqual([]);
    });
  });
}

declare module 'vitest' {
  export interface ProvidedContext {
    pathCoverageDir: string;
  }
}
