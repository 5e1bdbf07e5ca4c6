/**
 * Finding a branch (spec 2.2, 2.4, 7.3, 8), in two modes:
 * - `modal`: the calculator's branch selection. Nearby stores that can serve the order, 5 a page,
 *   each with Confirm; Confirm or Escape ends the actor, whose output is the confirmed store (or
 *   null), so the calculator invokes it while its modal is open.
 * - `page`: the branch finder page (/branches). Nearby branches in a modal, 5 a page, each with
 *   'View Details'; Escape closes that modal and the search stays. A filter asks for branches with
 *   step-free access only: changed with the list closed after a place was found, it searches
 *   there again.
 *
 * Two regions: `suggestions` is the Great Britain place autocomplete of the search box;
 * `results` finds the point (the browser's location, a chosen place, or the first place for the
 * typed text) and then the branches near it.
 */
import { assign, setup, type SnapshotFrom } from 'xstate';
import { providedLater } from '../provided-later.ts';
import { branchPage } from '#domain/branch-search.ts';
import {
  geolocationFailureMessage,
  isPlaceQueryLongEnough,
  type BranchOrder,
  type GeoPoint,
} from '#domain/branch-search.ts';
import type { Branch, BranchesNearbyRequest, Place, Store } from '#domain/contract/branches.ts';
import { messages } from '#domain/messages.ts';
import { serverMessageOf } from '#domain/problem.ts';

export type BranchFinderMode = 'modal' | 'page';

export interface BranchFinderInput {
  mode: BranchFinderMode;
  siteId: number;
  /** The order the selection modal looks for a branch for (modal mode). */
  order?: BranchOrder | null;
}

export type NearbyResult =
  /** POST /api/sites/{siteId}/stores/nearby (modal mode). */
  | { kind: 'stores'; stores: Store[] }
  /** POST /api/branches/nearby (page mode). */
  | { kind: 'branches'; branches: Array<{ branch: Branch; distanceInMiles: number }> };

export interface BranchFinderContext {
  mode: BranchFinderMode;
  siteId: number;
  order: BranchOrder | null;
  /** The search box text. */
  query: string;
  /** Autocomplete suggestions for the query. */
  places: Place[];
  /** Where branches are looked for. */
  point: GeoPoint | null;
  result: NearbyResult | null;
  /** 0-based page of the result (5 a page). */
  page: number;
  /** The failure to show, in the spec's words or the server's. */
  error: string | null;
  /** The store confirmed in modal mode. */
  confirmedStore: Store | null;
  /** The finder page's filter: branches with step-free access only (never in modal mode). */
  stepFreeOnly: boolean;
}

export type BranchFinderEvent =
  | { type: 'place.typed'; text: string }
  /** A suggestion was picked: it carries its coordinates. */
  | { type: 'place.selected'; place: Place }
  /** The typed text was submitted without picking a suggestion. */
  | { type: 'place.submitted' }
  /** 'Find a branch near me'. */
  | { type: 'location.requested' }
  | { type: 'page.next' }
  | { type: 'page.previous' }
  /** Confirm on a branch (modal mode). */
  | { type: 'branch.confirmed'; storeId: number }
  /** Escape or the close control. */
  | { type: 'finder.closed' }
  /** The finder page's 'Only branches with step-free access'. */
  | { type: 'filter.stepFreeChanged'; stepFreeOnly: boolean };

export type BranchFinderTag = 'suggesting' | 'locating' | 'loading' | 'shown' | 'failed';

/** The modal's result: the confirmed store, or null when it was closed without one. */
export interface BranchFinderOutput {
  store: Store | null;
}

/** GET /api/places?q= (Great Britain). */
export interface SearchPlacesInput {
  query: string;
}
export type SearchPlacesOutput = Place[];
/** The browser's geolocation; rejects with the GeolocationPositionError. */
export type GeolocateOutput = GeoPoint;
export interface FindNearbyInput {
  mode: BranchFinderMode;
  siteId: number;
  /**
   * Where to look, with the finder page's filter: in page mode, the body of POST
   * /api/branches/nearby as it is; modal mode reads the point only.
   */
  point: BranchesNearbyRequest;
  /** Modal mode: build the body with domain/branch-search.ts nearbyStoresRequest. */
  order: BranchOrder | null;
}
export type FindNearbyOutput = NearbyResult;


function resultItems(result: NearbyResult | null): readonly unknown[] {
  if (result === null) return [];
  return result.kind === 'stores' ? result.stores : result.branches;
}

const pointOf = (place: Place): GeoPoint => ({ latitude: place.latitude, longitude: place.longitude });

export const branchFinderMachine = setup({
  types: {
    input: {} as BranchFinderInput,
    context: {} as BranchFinderContext,
    events: {} as BranchFinderEvent,
    tags: {} as BranchFinderTag,
    output: {} as BranchFinderOutput,
  },
  actors: {
    searchPlaces: providedLater<SearchPlacesOutput, SearchPlacesInput>('searchPlaces'),
    geolocate: providedLater<GeolocateOutput>('geolocate'),
    findNearby: providedLater<FindNearbyOutput, FindNearbyInput>('findNearby'),
  },
  actions: {
    rememberQuery: assign({ query: (_, params: { text: string }) => params.text }),
    rememberPlaces: assign({ places: (_, params: { places: Place[] }) => params.places }),
    forgetPlaces: assign({ places: [] }),
    rememberPoint: assign({ point: (_, params: { point: GeoPoint }) => params.point, error: null }),
    rememberResult: assign({ result: (_, params: { result: NearbyResult }) => params.result, page: 0, error: null }),
    rememberError: assign({ error: (_, params: { message: string }) => params.message }),
    forgetError: assign({ error: null }),
    rememberStepFreeOnly: assign({ stepFreeOnly: (_, params: { stepFreeOnly: boolean }) => params.stepFreeOnly }),
    nextPage: assign({ page: ({ context }) => context.page + 1 }),
    previousPage: assign({ page: ({ context }) => context.page - 1 }),
    rememberConfirmed: assign({
      confirmedStore: ({ context }, params: { storeId: number }) =>
        context.result?.kind === 'stores' ? (context.result.stores.find((s) => s.id === params.storeId) ?? null) : null,
    }),
  },
  guards: {
    isModal: ({ context }) => context.mode === 'modal',
    canFilter: ({ context }) => context.mode === 'page',
    canSearchAgain: ({ context }) => context.mode === 'page' && context.point !== null,
    isQueryLongEnough: (_, params: { text: string }) => isPlaceQueryLongEnough(params.text),
    hasPlace: (_, params: { places: Place[] }) => params.places.length > 0,
    hasNextPage: ({ context }) => branchPage(resultItems(context.result), context.page).hasNext,
    hasPreviousPage: ({ context }) => branchPage(resultItems(context.result), context.page).hasPrevious,
    isStoreInResult: ({ context }, params: { storeId: number }) =>
      context.mode === 'modal' && context.result?.kind === 'stores' && context.result.stores.some((s) => s.id === params.storeId),
  },
}).createMachine({
  id: 'branchFinder',
  context: ({ input }) => ({
    mode: input.mode,
    siteId: input.siteId,
    order: input.order ?? null,
    query: '',
    places: [],
    point: null,
    result: null,
    page: 0,
    error: null,
    confirmedStore: null,
    stepFreeOnly: false,
  }),
  output: ({ context }) => ({ store: context.confirmedStore }),
  initial: 'active',
  states: {
    active: {
      type: 'parallel',
      on: {
        'finder.closed': [
          { guard: 'isModal', target: 'dismissed' },
          // The finder page keeps its search; only the list of branches closes.
          { target: '.results.closed' },
        ],
      },
      states: {
        suggestions: {
          initial: 'idle',
          on: {
            'place.typed': [
              {
                guard: { type: 'isQueryLongEnough', params: ({ event }) => ({ text: event.text }) },
                target: '.searching',
                actions: { type: 'rememberQuery', params: ({ event }) => ({ text: event.text }) },
              },
              {
                target: '.idle',
                actions: [{ type: 'rememberQuery', params: ({ event }) => ({ text: event.text }) }, 'forgetPlaces'],
              },
            ],
          },
          states: {
            idle: {},
            searching: {
              tags: ['suggesting'],
              invoke: {
                id: 'searchPlaces',
                src: 'searchPlaces',
                input: ({ context }) => ({ query: context.query.trim() }),
                onDone: {
                  target: 'idle',
                  actions: { type: 'rememberPlaces', params: ({ event }) => ({ places: event.output }) },
                },
                // Suggestions are a convenience: without them the typed text can still be submitted.
                onError: { target: 'idle', actions: 'forgetPlaces' },
              },
            },
          },
        },
        results: {
          initial: 'closed',
          on: {
            'location.requested': { target: '.locating' },
            'place.selected': {
              target: '.searching',
              actions: { type: 'rememberPoint', params: ({ event }) => ({ point: pointOf(event.place) }) },
            },
            'place.submitted': [
              {
                guard: { type: 'isQueryLongEnough', params: ({ context }) => ({ text: context.query }) },
                target: '.resolvingPlace',
              },
              { target: '.failed', actions: { type: 'rememberError', params: { message: messages.placeNotFound } } },
            ],
            // The next search asks with it (the selection modal has no filter).
            'filter.stepFreeChanged': { guard: 'canFilter', actions: { type: 'rememberStepFreeOnly', params: ({ event }) => event } },
          },
          states: {
            closed: {
              entry: 'forgetError',
              on: {
                // With a place found, the list opens again for it with the filter applied.
                'filter.stepFreeChanged': { guard: 'canSearchAgain', target: 'searching', actions: { type: 'rememberStepFreeOnly', params: ({ event }) => event } },
              },
            },
            locating: {
              tags: ['locating'],
              invoke: {
                id: 'geolocate',
                src: 'geolocate',
                onDone: {
                  target: 'searching',
                  actions: { type: 'rememberPoint', params: ({ event }) => ({ point: event.output }) },
                },
                onError: {
                  target: 'failed',
                  actions: { type: 'rememberError', params: ({ event }) => ({ message: geolocationFailureMessage(event.error) }) },
                },
              },
            },
            /** The typed text, not a picked suggestion: its first place, if any. */
            resolvingPlace: {
              tags: ['loading'],
              invoke: {
                id: 'resolvePlace',
                src: 'searchPlaces',
                input: ({ context }) => ({ query: context.query.trim() }),
                onDone: [
                  {
                    guard: { type: 'hasPlace', params: ({ event }) => ({ places: event.output }) },
                    target: 'searching',
                    actions: { type: 'rememberPoint', params: ({ event }) => ({ point: pointOf(event.output[0]!) }) },
                  },
                  { target: 'failed', actions: { type: 'rememberError', params: { message: messages.placeNotFound } } },
                ],
                onError: {
                  target: 'failed',
                  actions: { type: 'rememberError', params: { message: messages.placeNotFound } },
                },
              },
            },
            searching: {
              tags: ['loading'],
              invoke: {
                id: 'findNearby',
                src: 'findNearby',
                input: ({ context }) => ({
                  mode: context.mode,
                  siteId: context.siteId,
                  point: { ...(context.point ?? { latitude: 0, longitude: 0 }), stepFreeOnly: context.stepFreeOnly },
                  order: context.order,
                }),
                onDone: {
                  target: 'shown',
                  actions: { type: 'rememberResult', params: ({ event }) => ({ result: event.output }) },
                },
                onError: {
                  target: 'failed',
                  actions: {
                    type: 'rememberError',
                    params: ({ event }) => ({ message: serverMessageOf(event.error) ?? messages.somethingWentWrong }),
                  },
                },
              },
            },
            shown: {
              tags: ['shown'],
              on: {
                'page.next': { guard: 'hasNextPage', actions: 'nextPage' },
                'page.previous': { guard: 'hasPreviousPage', actions: 'previousPage' },
                'branch.confirmed': {
                  guard: { type: 'isStoreInResult', params: ({ event }) => ({ storeId: event.storeId }) },
                  target: '#branchFinder.confirmed',
                  actions: { type: 'rememberConfirmed', params: ({ event }) => ({ storeId: event.storeId }) },
                },
              },
            },
            failed: { tags: ['failed'] },
          },
        },
      },
    },
    confirmed: { type: 'final' },
    dismissed: { type: 'final' },
  },
});

export type BranchFinderMachine = typeof branchFinderMachine;
export type BranchFinderSnapshot = SnapshotFrom<BranchFinderMachine>;
