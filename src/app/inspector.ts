/**
 * The Stately inspector: with `?inspect` in the address (or VITE_INSPECT=1 at build time) every
 * actor of the running app shows in Stately's visual inspector, in a popup window, live.
 *
 * The composition root spreads `inspectOptions(window.location, import.meta.env)` into the
 * options of each root actor it creates. XState inspects a whole actor system from its root, so
 * the actors they invoke or spawn (the payment frame, the countdown, every API call) show too.
 * All root actors share one inspector, hence one popup. See docs/inspector.md.
 *
 * The inspector library loads only when inspection is asked for (a separate chunk): the events of
 * the first moments, before it arrives, are kept and handed over in order.
 */
import type { InspectionEvent, Observer } from 'xstate';

export interface InspectEnv {
  VITE_INSPECT?: string | boolean | undefined;
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

/**
 * An inspector whose events wait in order until `load` gives the real one, then go straight to
 * it. If the load fails the events are dropped: the shop runs the same without an inspector.
 */
export function deferredInspector(load: () => Promise<InspectorLike>): { inspect: (event: InspectionEvent) => void; ready: Promise<void> } {
  let target: ((event: InspectionEvent) => void) | null = null;
  let waiting: InspectionEvent[] | null = [];
  const forward = (inspector: InspectorLike) => {
    const observer = inspector.inspect;
    return typeof observer === 'function' ? observer : (event: InspectionEvent) => observer.next?.(event);
  };
  const ready = load().then(
    (inspector) => {
      target = forward(inspector);
      for (const event of waiting ?? []) target(event);
      waiting = null;
    },
    (error: unknown) => {
      waiting = null;
      console.warn('The inspector could not load', error);
    },
  );
  return {
    ready,
    inspect: (event: InspectionEvent) => {
      if (target) target(event);
      else waiting?.push(event);
    },
  };
}

/** Opens the inspector popup once, on first use: never for visitors who did not ask for it. */
function sharedBrowserInspector(): InspectorLike {
  shared ??= deferredInspector(() => import('@statelyai/inspect').then(({ createBrowserInspector }) => createBrowserInspector()));
  return shared;
}

/**
 * `{ inspect }` for createActor's options when inspection was asked for, else nothing.
 * `createInspector` is for tests; the app keeps the default.
 */
export function inspectOptions(
  location: Pick<Location, 'search'>,
  env: InspectEnv,
  createInspector: () => InspectorLike = sharedBrowserInspector,
): { inspect: InspectObserver } | Record<string, never> {
  if (!isInspectionRequested(location, env)) return {};
  return { inspect: createInspector().inspect };
}
