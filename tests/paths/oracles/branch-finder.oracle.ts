/**
 * The branch finder page's filter as issue 45 describes it, not as the chart does: fed the same
 * events as a path (the shopper's, and the place and location answers), it says whether the
 * filter shows ticked, whether changing it searches again, and what each nearby search asks for.
 *
 * - The filter starts off; only the finder page has it (the selection modal's stores are those
 *   that can serve the order, unfiltered).
 * - Changed while the list of branches is closed, once a place has been found, it searches that
 *   place again (the list opens, loading); otherwise the next search uses it.
 * - Every nearby search of the finder page asks for step-free branches only exactly when the
 *   filter is ticked; the selection modal's never does.
 */
import type { AnyEventObject } from 'xstate';

export type FinderMode = 'modal' | 'page';

export interface FinderSeen {
  mode: FinderMode;
  /** The filter, as the page shows it. */
  stepFreeOnly: boolean;
  /** A place (picked, typed and found, or the browser's location) to search around. */
  placeFound: boolean;
}

export interface FinderStep {
  seen: FinderSeen;
  /** The step starts a new nearby search because the filter changed. */
  searchesAgain: boolean;
}

const hasPlaces = (event: AnyEventObject) => Array.isArray(event.output) && event.output.length > 0;

export function branchFinderOracle() {
  return {
    start(mode: FinderMode): FinderSeen {
      return { mode, stepFreeOnly: false, placeFound: false };
    },
    /** `listWasOpen`: the list of branches was open before the event (what the shopper could reach). */
    step(seen: FinderSeen, event: AnyEventObject, listWasOpen: boolean): FinderStep {
      switch (event.type) {
        case 'filter.stepFreeChanged': {
          if (seen.mode !== 'page') return { seen, searchesAgain: false };
          const next = { ...seen, stepFreeOnly: event.stepFreeOnly === true };
          return { seen: next, searchesAgain: !listWasOpen && seen.placeFound };
        }
        case 'place.selected':
        case 'xstate.done.actor.geolocate':
          return { seen: { ...seen, placeFound: true }, searchesAgain: false };
        case 'xstate.done.actor.resolvePlace':
          return { seen: hasPlaces(event) ? { ...seen, placeFound: true } : seen, searchesAgain: false };
        default:
          return { seen, searchesAgain: false };
      }
    },
    /** What a nearby search started now asks for: step-free branches only, or every branch. */
    asksStepFreeOnly(seen: FinderSeen): boolean {
      return seen.mode === 'page' && seen.stepFreeOnly;
    },
  };
}
