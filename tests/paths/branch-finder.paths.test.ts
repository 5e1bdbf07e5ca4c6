import { expect } from 'vitest';
import { fromPromise, type AnyEventObject } from 'xstate';
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

/** The snapshot before this step of the path. */
let before: BranchFinderSnapshot | null = null;
const PAGE_SIZE = 5;

/**
 * What one step does, from the spec (2.2, 2.4) rather than the chart: suggestions from the second
 * character; a submitted text of fewer than two finds no place, and a text that names none says so;
 * Next and Previous move five branches at a time within the list; Confirm takes a store of the list
 * shown, and only that; closing the selection modal ends it, closing the finder page's list keeps
 * the finder.
 */
function expectStep(previous: BranchFinderSnapshot | null, event: AnyEventObject, s: BranchFinderSnapshot): void {
  if (previous === null || previous.status !== 'active') return;
  const after = `after ${JSON.stringify(event)}`;
  const stores = previous.context.result?.kind === 'stores' ? previous.context.result.stores : [];
  const shownStores = previous.hasTag('shown') ? stores : [];
  switch (event.type) {
    case 'place.typed':
      expect(s.hasTag('suggesting'), `suggestions asked for ${after}`).toBe(String(event.text).trim().length >= 2);
      break;
    case 'place.submitted':
      if (previous.context.query.trim().length >= 2) expect(s.matches({ active: { results: 'resolvingPlace' } }), `the typed place looked up ${after}`).toBe(true);
      else expect(s.context.error, `a text too short to look up ${after}`).toBe(messages.placeNotFound);
      break;
    case 'xstate.done.actor.resolvePlace':
      if (!previous.matches({ active: { results: 'resolvingPlace' } })) break;
      if ((event.output as Place[]).length > 0) expect(s.matches({ active: { results: 'searching' } }), `branches near the place found ${after}`).toBe(true);
      else expect(s.context.error, `no place found ${after}`).toBe(messages.placeNotFound);
      break;
    case 'page.next':
    case 'page.previous': {
      if (shownStores.length === 0) break;
      const last = Math.ceil(shownStores.length / PAGE_SIZE) - 1;
      const page = event.type === 'page.next' ? Math.min(previous.context.page + 1, last) : Math.max(previous.context.page - 1, 0);
      expect(s.context.page, `the page of the list ${after}`).toBe(page);
      break;
    }
    case 'branch.confirmed': {
      if (previous.context.mode !== 'modal' || shownStores.length === 0) break;
      const listed = shownStores.some((st) => st.id === event.storeId);
      expect(s.status, `Confirm ${listed ? 'takes a store of the list' : 'takes only a store of the list'} ${after}`).toBe(listed ? 'done' : 'active');
      if (listed) expect(s.output?.store?.id).toBe(event.storeId);
      break;
    }
    case 'finder.closed':
      expect(s.status, `closing ${after}`).toBe(previous.context.mode === 'modal' ? 'done' : 'active');
      if (previous.context.mode === 'modal') expect(s.output?.store ?? null).toBeNull();
      break;
  }
}

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
      before = null;
    }
    expectStep(before, step.event, s);
    before = s;
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
