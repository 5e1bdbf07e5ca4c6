/**
 * The first page's part of the inspector (inspector.ts): whether a view of the actors is asked for,
 * and an observer that keeps the events until the view has loaded. A page that asked for none
 * loads nothing more: inspector.ts, the flows panel and Stately's library are chunks of their own.
 */
import type { InspectionEvent } from 'xstate';
import type { InspectEnv, InspectorLike } from './inspector.ts';

/**
 * Whether the page gets any view of its actors: `?inspect` in any form, VITE_INSPECT=1 at build
 * time, or `npm run dev` (the local flows view). inspectionModes (inspector.ts) says which.
 */
export function isAnyViewAskedFor(location: Pick<Location, 'search'>, env: InspectEnv): boolean {
  const flag = env.VITE_INSPECT;
  return new URLSearchParams(location.search).has('inspect') || flag === true || flag === '1' || flag === 'true' || (env.DEV === true && env.MODE === 'development');
}

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
