/**
 * Story coverage: which screen states of a statechart no story shows.
 *
 * A machine's screen states are derived from its definition: every atomic or final state node,
 * minus transient ones (an eventless `always` transition without a guard leaves them at once,
 * so no screen ever rests there) and minus nodes whose `meta` says `{ view: false }`.
 * They are named by their XState ids ('calculator.ready.loadingQuote').
 *
 * A story names the states it shows in `parameters.machineStates` (on the story or on the file's
 * default export), e.g. `parameters: { machineStates: ['calculator.ready.loadingQuote'] }`.
 */
import type { AnyStateMachine, AnyStateNode } from 'xstate';

function isTransient(node: AnyStateNode): boolean {
  return (node.always ?? []).some((t) => t.guard === undefined && (t.target?.length ?? 0) > 0);
}

function hiddenFromViews(node: AnyStateNode): boolean {
  const meta: unknown = node.meta;
  return typeof meta === 'object' && meta !== null && 'view' in meta && meta.view === false;
}

/** The ids of a machine's screen states, in document order. */
export function screenStates(machine: AnyStateMachine): string[] {
  const found: string[] = [];
  const visit = (node: AnyStateNode) => {
    if (hiddenFromViews(node)) return;
    const children = Object.values(node.states) as AnyStateNode[];
    if (children.length === 0 || node.type === 'final') {
      if (!isTransient(node)) found.push(node.id);
      return;
    }
    children.forEach(visit);
  };
  visit(machine.root);
  return found;
}

interface StoryLike {
  parameters?: { machineStates?: unknown };
}

function namedIn(parameters: StoryLike['parameters']): string[] {
  const states = parameters?.machineStates;
  return Array.isArray(states) ? states.filter((s): s is string => typeof s === 'string') : [];
}

/** Every state id named by the stories of some story modules (CSF: default export + named stories). */
export function statesNamedByStories(modules: Record<string, Record<string, unknown>>): Map<string, string[]> {
  const named = new Map<string, string[]>();
  for (const [file, module] of Object.entries(modules)) {
    const meta = module.default as StoryLike | undefined;
    const metaStates = namedIn(meta?.parameters);
    for (const [exportName, story] of Object.entries(module)) {
      if (exportName === 'default' || typeof story !== 'object' || story === null) continue;
      for (const id of [...metaStates, ...namedIn((story as StoryLike).parameters)]) {
        named.set(id, [...(named.get(id) ?? []), `${file}#${exportName}`]);
      }
    }
  }
  return named;
}
