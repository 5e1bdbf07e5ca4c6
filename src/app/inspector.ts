/**
 * The Stately inspector: with `?inspect` in the address (or VITE_INSPECT=1 at build time) every
 * actor of the running app shows in Stately's visual inspector, in a popup window, live.
 *
 * The composition root spreads `inspectOptions(window.location, import.meta.env)` into the
 * options of each root actor it creates. XState inspects a whole actor system from its root, so
 * the actors they invoke or spawn (the payment frame, the countdown, every API call) show too.
 * All root actors share one inspector, hence one popup. See docs/inspector.md.
 *
 * This module, and the inspector library after it, load only when inspection is asked for (separate
 * chunks; inspect-gate.ts is the first page's part): the events of the first moments, before they
 * arrive, are kept and handed over in order.
 */
import type { InspectionEvent, Observer } from 'xstate';
import { deferredInspector } from './inspect-gate.ts';

export { deferredInspector };

export interface InspectEnv {
  VITE_INSPECT?: string | boolean | undefined;
  /** Vite's development flag and mode (`npm run dev`: the local flows view is always there; not in tests). */
  DEV?: boolean | undefined;
  MODE?: string | undefined;
}

/** Which views of the running actors a page gets. */
export interface InspectionModes {
  /** Stately's inspector, in a popup (needs the internet). */
  stately: boolean;
  /** The shop's own flows panel, in the page (works offline). */
  local: boolean;
}

/**
 * `?inspect` (or VITE_INSPECT=1) opens both views, `?inspect=local` only the shop's own panel,
 * `?inspect=stately` only Stately's popup; `npm run dev` always has the local panel.
 */
export function inspectionModes(location: Pick<Location, 'search'>, env: InspectEnv): InspectionModes {
  const param = new URLSearchParams(location.search).get('inspect');
  if (param === 'local') return { stately: false, local: true };
  if (param === 'stately') return { stately: true, local: false };
  if (isInspectionRequested(location, env)) return { stately: true, local: true };
  return { stately: false, local: env.DEV === true && env.MODE === 'development' };
}

export type InspectObserver = Observer<InspectionEvent> | ((event: InspectionEvent) => void);

export interface InspectorLike {
  inspect: InspectObserver;
}

export function isInspectionRequested(location: Pick<Location, 'search'>, env: InspectEnv): boolean {
  if (new URLSearchParams(location.search).has('inspect')) return true;
  const flag = env.VITE_INSPECT;
  return flag === true || flag === '1' || flag === 'true';
}

let shared: InspectorLike | undefined;

const named = (value: unknown): string =>
  typeof value === 'function' ? 'function' : `machine ${String((value as { id?: unknown } | null)?.id ?? '(unnamed)')}`;

/**
 * An event as the inspector shows it. The on-demand pages' machines the shop loads (`loadPages`'s
 * answer), the branch chooser's the calculator loads (`loadBranchFinder`'s) and the actor the
 * effects actor is told of (`actor.started`) are already drawn as actors, so the event names them
 * instead of carrying a whole machine or actor to the popup.
 */
export function sanitizeEvent<E extends { type: string }>(event: E): E {
  if (event.type === 'xstate.done.actor.loadPages') {
    const output = (event as { output?: Record<string, unknown> }).output ?? {};
    return { ...event, output: Object.fromEntries(Object.entries(output).map(([key, value]) => [key, named(value)])) };
  }
  if (event.type === 'xstate.done.actor.loadBranchFinder') return { ...event, output: named((event as { output?: unknown }).output) };
  if (event.type === 'actor.started') return { ...event, actor: `actor ${String((event as { id?: unknown }).id)}` };
  return event;
}

/** Opens the inspector popup once, on first use: never for visitors who did not ask for it. */
function sharedBrowserInspector(): InspectorLike {
  shared ??= deferredInspector(() => import('@statelyai/inspect').then(({ createBrowserInspector }) => createBrowserInspector({ sanitizeEvent })));
  return shared;
}

let local: InspectorLike | undefined;

/**
 * The shop's own flows panel, once per page: its collector, the panel and the diagram layout load
 * as their own chunks (the events of the first moments wait, in order, for the collector) and the
 * panel mounts beside the shop.
 */
function sharedLocalView(): InspectorLike {
  local ??= deferredInspector(async () => {
    const { createLiveFlows } = await import('./live-flows.ts');
    const live = createLiveFlows();
    if (typeof document !== 'undefined') {
      // The panel's chunk holds its viewer and the diagram layout (./flow-drawing.ts).
      import('./live-flows-panel.tsx').then(
        (panel) => panel.mountLiveFlows(live),
        (error: unknown) => console.warn('The flows panel could not load', error),
      );
    }
    return { inspect: live.inspect };
  });
  return local;
}

const observe = (observer: InspectObserver) => (typeof observer === 'function' ? observer : (event: InspectionEvent) => observer.next?.(event));

/**
 * `{ inspect }` for createActor's options when a view of the actors was asked for, else nothing.
 * `createInspector` and `createLocalView` are for tests; the app keeps the defaults.
 */
export function inspectOptions(
  location: Pick<Location, 'search'>,
  env: InspectEnv,
  createInspector: () => InspectorLike = sharedBrowserInspector,
  createLocalView: () => InspectorLike = sharedLocalView,
): { inspect: InspectObserver } | Record<string, never> {
  const modes = inspectionModes(location, env);
  const observers = [...(modes.stately ? [createInspector().inspect] : []), ...(modes.local ? [createLocalView().inspect] : [])];
  if (observers.length === 0) return {};
  if (observers.length === 1) return { inspect: observers[0]! };
  const each = observers.map(observe);
  return { inspect: (event: InspectionEvent) => each.forEach((next) => next(event)) };
}
