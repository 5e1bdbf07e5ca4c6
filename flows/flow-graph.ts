/**
 * Reads a statechart's own definition (the machine's StateNode tree) into a plain graph: states
 * with their hierarchy, parallel regions, initial and final states, and the transitions between
 * them labelled with the event, the guard by name and the delay. Nothing here is drawn by hand,
 * so a diagram made from it changes when the machine changes.
 *
 * Runs in Node and in the browser (no I/O): the diagrams of docs/flows/ and Storybook's Flows
 * section both come from it.
 */
import type { AnyStateMachine, AnyStateNode } from 'xstate';

export type FlowStateKind = 'atomic' | 'compound' | 'parallel' | 'final' | 'history';

export interface FlowState {
  /** The state node's id (`checkout.payment.loading`): the key stories highlight by. */
  id: string;
  /** The state's own name (its key in the parent's `states`). */
  name: string;
  kind: FlowStateKind;
  /** Drawn as a dashed region: a child of a parallel state. */
  region: boolean;
  /** The child entered first, for compound states. */
  initial: string | null;
  /** `invoke: src` lines. */
  invokes: string[];
  /** Transitions without a target (they run actions and stay): `event [guard]` lines. */
  internal: string[];
  children: FlowState[];
  /** Drawn closed: how many states it holds (its children are left out of the drawing). */
  collapsed?: number;
}

export interface FlowTransition {
  source: string;
  target: string;
  /** One line per transition drawn on this edge (same source and target share an edge). */
  labels: string[];
}

export interface FlowGraph {
  machineId: string;
  root: FlowState;
  transitions: FlowTransition[];
}

/** Guards as written in the machine: a name, or `and`/`or`/`not`/`stateIn` of names. */
function guardLabel(guard: unknown): string {
  if (guard === undefined || guard === null) return '';
  if (typeof guard === 'string') return guard;
  if (typeof guard === 'object' && 'type' in guard && typeof guard.type === 'string') return guard.type;
  if (typeof guard === 'function') {
    const higher = guard as { name: string; guards?: unknown[]; stateValue?: unknown };
    const inner = (higher.guards ?? []).map(guardLabel);
    if (higher.name === 'not') return `!${inner[0] ?? '?'}`;
    if (higher.name === 'and') return inner.join(' && ');
    if (higher.name === 'or') return inner.join(' || ');
    if (higher.name === 'stateIn') {
      const value = higher.stateValue;
      return `in(${typeof value === 'string' ? value : JSON.stringify(value)})`;
    }
    return higher.name || 'inline guard';
  }
  return 'guard';
}

function delayLabel(delay: unknown, machine: AnyStateMachine): string {
  if (typeof delay === 'number') return `after ${delay} ms`;
  if (typeof delay === 'string') {
    const value: unknown = (machine.implementations.delays as Record<string, unknown>)[delay];
    return typeof value === 'number' ? `after ${delay} (${value} ms)` : `after ${delay}`;
  }
  return 'after delay';
}

function eventLabel(node: AnyStateNode, eventType: string): string {
  if (eventType === '') return 'always';
  if (eventType === '*') return '* (any event)';
  const after = node.after.find((transition) => transition.eventType === eventType);
  if (after) return delayLabel(after.delay, node.machine);
  const actor = /^xstate\.(done|error)\.actor\.(.+)$/.exec(eventType);
  if (actor) return `${actor[1]}: ${actor[2]}`;
  if (eventType.startsWith('xstate.done.state.')) return 'done';
  return eventType;
}

function kindOf(node: AnyStateNode): FlowStateKind {
  return node.type;
}

function invokeLabel(source: unknown, id: string): string {
  if (typeof source === 'string') return source;
  return id;
}

interface Draft {
  states: Map<string, FlowState>;
  edges: Map<string, FlowTransition>;
}

function addEdge(draft: Draft, source: string, target: string, label: string) {
  const key = `${source}\u0000${target}`;
  const edge = draft.edges.get(key) ?? { source, target, labels: [] };
  if (!edge.labels.includes(label)) edge.labels.push(label);
  draft.edges.set(key, edge);
}

function visit(node: AnyStateNode, draft: Draft, region: boolean): FlowState {
  const internal: string[] = [];
  const described = [
    ...[...node.transitions.entries()].flatMap(([eventType, list]) => list.map((transition) => ({ eventType, transition }))),
    ...(node.always ?? []).map((transition) => ({ eventType: '', transition })),
  ];
  for (const { eventType, transition } of described) {
    const guard = guardLabel(transition.guard);
    const label = `${eventLabel(node, eventType)}${guard ? ` [${guard}]` : ''}`;
    const targets = transition.target ?? [];
    if (targets.length === 0) internal.push(label);
    for (const target of targets) addEdge(draft, node.id, target.id, label);
  }
  const children = Object.values(node.states).map((child) => visit(child, draft, node.type === 'parallel'));
  const initialTarget = node.type === 'compound' ? node.initial?.target[0] : undefined;
  const state: FlowState = {
    id: node.id,
    name: node.key,
    kind: kindOf(node),
    region,
    initial: initialTarget ? initialTarget.id : null,
    invokes: node.invoke.map((definition) => invokeLabel(definition.src, definition.id)),
    internal,
    children,
  };
  draft.states.set(state.id, state);
  return state;
}

export interface FlowGraphOptions {
  /** Draw only this state node and what it holds (a sub-chart); the machine's root by default. */
  root?: string;
  /**
   * The compound and parallel states drawn open; every other one is drawn closed, its transitions
   * ending on its border. All of them by default (the diagrams of docs/flows/).
   */
  expanded?: ReadonlySet<string> | 'all';
}

function countStates(state: FlowState): number {
  return state.children.reduce((sum, child) => sum + 1 + countStates(child), 0);
}

/** Closes every state not in `expanded` below `state`; maps each hidden id to the closed box holding it. */
function collapse(state: FlowState, expanded: ReadonlySet<string>, visible: Map<string, string>, isRoot: boolean): FlowState {
  visible.set(state.id, state.id);
  if (state.children.length === 0) return state;
  if (!isRoot && !expanded.has(state.id)) {
    const hide = (inner: FlowState) =>
      inner.children.forEach((child) => {
        visible.set(child.id, state.id);
        hide(child);
      });
    hide(state);
    return { ...state, initial: null, children: [], collapsed: countStates(state) };
  }
  return { ...state, children: state.children.map((child) => collapse(child, expanded, visible, false)) };
}

/**
 * The machine as a graph, in the order its states and transitions are written: whole, or one
 * state's sub-chart with only the states in `expanded` open (the viewers' first level).
 */
export function flowGraph(machine: AnyStateMachine, options: FlowGraphOptions = {}): FlowGraph {
  const draft: Draft = { states: new Map(), edges: new Map() };
  const whole = visit(machine.root, draft, false);
  const transitions = [...draft.edges.values()];
  const start = options.root === undefined ? whole : draft.states.get(options.root);
  if (!start) throw new Error(`No state ${options.root} in the ${machine.id} machine`);
  const expanded = options.expanded ?? 'all';
  if (start === whole && expanded === 'all') return { machineId: machine.id, root: whole, transitions };
  // Every state drawn maps to itself, every hidden one to the closed box that holds it.
  const visible = new Map<string, string>();
  const root = expanded === 'all' ? start : collapse(start, expanded, visible, true);
  if (expanded === 'all') {
    const all = (state: FlowState) => {
      visible.set(state.id, state.id);
      state.children.forEach(all);
    };
    all(start);
  }
  const edges = new Map<string, FlowTransition>();
  for (const transition of transitions) {
    const source = visible.get(transition.source);
    const target = visible.get(transition.target);
    // Leaves the sub-chart, or runs inside one closed box.
    if (source === undefined || target === undefined) continue;
    if (source === target && transition.source !== transition.target) continue;
    const key = `${source}\u0000${target}`;
    const edge = edges.get(key) ?? { source, target, labels: [] };
    for (const label of transition.labels) if (!edge.labels.includes(label)) edge.labels.push(label);
    edges.set(key, edge);
  }
  return { machineId: machine.id, root, transitions: [...edges.values()] };
}

/** The compound and parallel states directly below `stateId` (the machine's root by default): the first level's boxes. */
export function childStateIds(machine: AnyStateMachine, stateId?: string): string[] {
  const node = stateId === undefined ? machine.root : machine.getStateNodeById(stateId);
  return Object.values(node.states).map((child) => child.id);
}

/**
 * The ids of the state nodes a snapshot value stands in: the root, every compound or parallel
 * state on the way, and the atomic states (the ones a story highlights).
 */
export function activeStateIds(machine: AnyStateMachine, value: unknown): string[] {
  const ids: string[] = [machine.root.id];
  const walk = (node: AnyStateNode, part: unknown) => {
    if (typeof part === 'string') {
      const child = node.states[part];
      if (child) ids.push(child.id);
      return;
    }
    if (part && typeof part === 'object') {
      for (const [key, sub] of Object.entries(part as Record<string, unknown>)) {
        const child = node.states[key];
        if (!child) continue;
        ids.push(child.id);
        walk(child, sub);
      }
    }
  };
  walk(machine.root, value);
  return ids;
}
