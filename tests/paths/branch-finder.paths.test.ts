import { expect } from 'vitest';
import { fromPromise } from 'xstate';
import type { Place } from '#domain/contract/branches.ts';
import { branchFinderMachine, type BranchFinderSnapshot, type FindNearbyInput, type NearbyResult } from '#machines/branch-finder/branch-finder.machine.ts';
import { selectBranchListStatus, selectResultsOpen, selectStepFreeOnly, selectStorePage } from '#machines/branch-finder/branch-finder.selectors.ts';
import { actorDone, actorFailed, definePathSuite, INIT_EVENT } from '../support/graph-coverage.ts';
import { makeBranch, stores } from '../support/branch-fixtures.ts';
import { branchFinderOracle, type FinderSeen } from './oracles/branch-finder.oracle.ts';

const leeds: Place = { name: 'Leeds', region: null, latitude: 53.8, longitude: -1.55 };
const messages = {
  placeNotFound: 'Sorry, we could not find a location based on your search',
  denied: "Sorry we couldn't get your location. Please grant access when a dialog appears.",
  failed: "Sorry we couldn't get your location.",
};

const serializeState = (s: BranchFinderSnapshot): string => {
  const c = s.context;
  const size = c.result === null ? null : c.result.kind === 'stores' ? c.result.stores.length : c.result.branches.length;
  return JSON.stringify([s.value, c.query.trim().length >= 2, c.result?.kind ?? null, size, c.page, c.error, c.point !== null, c.stepFreeOnly]);
};

// What issue 45 says of the filter after each step of the path being replayed, and the nearby
// searches the path's actor asked for (the path answers them).
const oracle = branchFinderOracle();
let seen: FinderSeen;
let listWasOpen = false;
let searches: FindNearbyInput[] = [];
let searchesChecked = 0;

definePathSuite({
  name: 'branch-finder',
  machine: branchFinderMachine,
  provide: {
    actors: {
      // Recorded and left unanswered: the path answers it.
      findNearby: fromPromise<NearbyResult, FindNearbyInput>(({ input }) => {
        searches.push(input);
        return new Promise<NearbyResult>(() => undefined);
      }),
    },
  },
  inputs: {
    modal: { mode: 'modal', siteId: 1, order: { amount: 250, currencyCode: 'EUR', transactionType: 'sell' } },
    page: { mode: 'page', siteId: 1 },
  },
  events: [
    { type: 'place.typed', text: 'L' },
    { type: 'place.typed', text: 'Leeds' },
    { type: 'place.selected', place: leeds },
    { type: 'place.submitted' },
    { type: 'location.requested' },
    { type: 'page.next' },
    { type: 'page.previous' },
    { type: 'branch.confirmed', storeId: 6 },
    { type: 'branch.confirmed', storeId: 99 },
    { type: 'finder.closed' },
    { type: 'filter.stepFreeChanged', stepFreeOnly: true },
    { type: 'filter.stepFreeChanged', stepFreeOnly: false },
    actorDone('searchPlaces', [leeds]),
    actorFailed('searchPlaces', new TypeError('Failed to fetch')),
    actorDone('resolvePlace', [leeds]),
    actorDone('resolvePlace', []),
    actorFailed('resolvePlace', new TypeError('Failed to fetch')),
    actorDone('geolocate', { latitude: 51.5, longitude: -0.12 }),
    actorFailed('geolocate', { code: 1, message: 'User denied Geolocation' }),
    actorFailed('geolocate', { code: 3, message: 'Timeout expired' }),
    actorDone('findNearby', { kind: 'stores', stores: stores(7) }),
    actorDone('findNearby', { kind: 'branches', branches: [{ branch: makeBranch(1), distanceInMiles: 0.4 }] }),
    actorFailed('findNearby', { title: 'Bad request', detail: 'No branch holds EUR', status: 422 }),
  ],
  serializeState,
  assertState: (s, step) => {
    if (step.event.type === INIT_EVENT) {
      seen = oracle.start(s.context.mode);
      listWasOpen = false;
      searches = [];
      searchesChecked = 0;
    }
    const next = oracle.step(seen, step.event, listWasOpen);
    seen = next.seen;
    const started = searches.slice(searchesChecked);
    searchesChecked = searches.length;
    if (s.status === 'active') {
      expect(selectStepFreeOnly(s), 'the filter as the page shows it').toBe(seen.stepFreeOnly);
      if (next.searchesAgain) {
        expect(selectResultsOpen(s), 'the list opens again').toBe(true);
        expect(selectBranchListStatus(s)).toBe('loading');
        expect(started, 'a new search for the place found').toHaveLength(1);
      } else if (step.event.type === 'filter.stepFreeChanged') {
        expect(started, 'no search').toEqual([]);
      }
    }
    for (const search of started) expect(search.point.stepFreeOnly, 'the search asks for step-free branches only').toBe(oracle.asksStepFreeOnly(seen));
    listWasOpen = s.status === 'active' && selectResultsOpen(s);
    const { error } = s.context;
    if (s.hasTag('failed')) {
      expect([messages.placeNotFound, messages.denied, messages.failed, 'No branch holds EUR']).toContain(error);
      expect(selectBranchListStatus(s)).toBe('error');
    }
    if (s.hasTag('shown')) {
      const page = selectStorePage(s);
      // Five to a page (seven stores: five, then two).
      const result = s.context.result;
      if (result?.kind === 'stores') expect(page.items.length).toBe(Math.min(5, result.stores.length - page.page * 5));
    }
    if (s.status === 'done') {
      // Only a store of the list can be confirmed, and only in the selection modal.
      const store = s.output?.store ?? null;
      const listed = s.context.result?.kind === 'stores' ? s.context.result.stores.map((st) => st.id) : [];
      if (store !== null) expect([s.context.mode, listed.includes(store.id)]).toEqual(['modal', true]);
    } else if (s.context.mode === 'page' && !selectResultsOpen(s)) {
      expect(s.matches({ active: { results: 'closed' } })).toBe(true);
    }
  },
});
