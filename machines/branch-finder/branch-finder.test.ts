import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { Place } from '#domain/contract/branches.ts';
import { makeBranch, stores } from '../../tests/support/branch-fixtures.ts';
import { branchFinderMachine, type BranchFinderMode, type FindNearbyInput, type NearbyResult } from './branch-finder.machine.ts';
import { selectBranchListStatus, selectBranchPage, selectResultsOpen, selectStepFreeOnly, selectStorePage } from './branch-finder.selectors.ts';

const leeds: Place = { name: 'Leeds', region: 'West Yorkshire', latitude: 53.8, longitude: -1.55 };
const order = { amount: 250, currencyCode: 'EUR', transactionType: 'sell' as const };

function startFinder(
  mode: BranchFinderMode,
  fakes: {
    places?: (query: string) => Promise<Place[]>;
    geolocate?: () => Promise<{ latitude: number; longitude: number }>;
    nearby?: (input: FindNearbyInput) => Promise<NearbyResult>;
  } = {},
) {
  const api = {
    places: vi.fn(fakes.places ?? (async () => [leeds])),
    geolocate: vi.fn(fakes.geolocate ?? (async () => ({ latitude: 51.5, longitude: -0.12 }))),
    nearby: vi.fn(fakes.nearby ?? (async (): Promise<NearbyResult> => ({ kind: 'stores', stores: stores(7) }))),
  };
  const machine = branchFinderMachine.provide({
    actors: {
      searchPlaces: fromPromise(({ input }) => api.places(input.query)),
      geolocate: fromPromise(() => api.geolocate()),
      findNearby: fromPromise(({ input }) => api.nearby(input)),
    },
  });
  const actor = createActor(machine, { input: { mode, siteId: 1, order: mode === 'modal' ? order : null } }).start();
  const settled = () => waitFor(actor, (s) => s.status !== 'active' || !['locating', 'loading', 'suggesting'].some((t) => s.hasTag(t as never)));
  return { actor, api, settled };
}

describe('finding branches by location (spec 2.4, 8)', () => {
  it("uses the browser's location for the nearby stores of the order", async () => {
    const { actor, api, settled } = startFinder('modal');
    actor.send({ type: 'location.requested' });
    expect(selectBranchListStatus(actor.getSnapshot())).toBe('locating');
    await settled();
    expect(api.nearby).toHaveBeenCalledWith({ mode: 'modal', siteId: 1, point: { latitude: 51.5, longitude: -0.12, stepFreeOnly: false }, order });
    expect(selectBranchListStatus(actor.getSnapshot())).toBe('ready');
  });

  it.each([
    [{ code: 1 }, "Sorry we couldn't get your location. Please grant access when a dialog appears."],
    [{ code: 2 }, "Sorry we couldn't get your location."],
  ])('fails with %o: %s', async (error, message) => {
    const { actor, api, settled } = startFinder('page', { geolocate: () => Promise.reject(error) });
    actor.send({ type: 'location.requested' });
    await settled();
    expect(selectBranchListStatus(actor.getSnapshot())).toBe('error');
    expect(actor.getSnapshot().context.error).toBe(message);
    expect(api.nearby).not.toHaveBeenCalled();
  });
});

describe('finding branches by place (spec 2.4, 8)', () => {
  it('suggests Great Britain places once two characters are typed', async () => {
    const { actor, api, settled } = startFinder('page');
    actor.send({ type: 'place.typed', text: 'L' });
    expect(api.places).not.toHaveBeenCalled();
    actor.send({ type: 'place.typed', text: 'Lee' });
    await settled();
    expect(api.places).toHaveBeenCalledWith('Lee');
    expect(actor.getSnapshot().context.places).toEqual([leeds]);
  });

  it('searches near a picked place', async () => {
    const { actor, api, settled } = startFinder('page', { nearby: async () => ({ kind: 'branches', branches: [{ branch: makeBranch(1), distanceInMiles: 0.4 }] }) });
    actor.send({ type: 'place.selected', place: leeds });
    await settled();
    expect(api.nearby).toHaveBeenCalledWith({ mode: 'page', siteId: 1, point: { latitude: 53.8, longitude: -1.55, stepFreeOnly: false }, order: null });
    expect(selectBranchPage(actor.getSnapshot()).items).toHaveLength(1);
  });

  it('searches near the first place of the typed text', async () => {
    const { actor, api, settled } = startFinder('page');
    actor.send({ type: 'place.typed', text: 'Leeds' });
    await settled();
    actor.send({ type: 'place.submitted' });
    await settled();
    expect(api.nearby).toHaveBeenCalledTimes(1);
  });

  it.each([
    ['no place matches', async () => [], 'Leedz'],
    ['the place search fails', () => Promise.reject(new TypeError('Failed to fetch')), 'Leeds'],
    ['the text is too short', async () => [leeds], 'L'],
  ])("says 'Sorry, we could not find a location based on your search' when %s", async (_label, places, text) => {
    const { actor, api, settled } = startFinder('page', { places });
    actor.send({ type: 'place.typed', text });
    await settled();
    actor.send({ type: 'place.submitted' });
    await settled();
    expect(actor.getSnapshot().context.error).toBe('Sorry, we could not find a location based on your search');
    expect(api.nearby).not.toHaveBeenCalled();
  });

  it("shows the server's message when the nearby search fails", async () => {
    const { actor, settled } = startFinder('modal', { nearby: () => Promise.reject({ title: 'Bad request', detail: 'No branches stock EUR', status: 422 }) });
    actor.send({ type: 'place.selected', place: leeds });
    await settled();
    expect(actor.getSnapshot().context.error).toBe('No branches stock EUR');
  });
});

describe('the list of branches (spec 2.2)', () => {
  it('shows 5 a page with Previous and Next', async () => {
    const { actor, settled } = startFinder('modal');
    actor.send({ type: 'place.selected', place: leeds });
    await settled();
    const page = () => selectStorePage(actor.getSnapshot());
    expect(page()).toMatchObject({ page: 0, pageCount: 2, hasPrevious: false, hasNext: true });
    expect(page().items.map((s) => s.id)).toEqual([1, 2, 3, 4, 5]);
    actor.send({ type: 'page.previous' });
    expect(page().page).toBe(0);
    actor.send({ type: 'page.next' });
    expect(page().items.map((s) => s.id)).toEqual([6, 7]);
    actor.send({ type: 'page.next' });
    expect(page()).toMatchObject({ page: 1, hasNext: false });
    actor.send({ type: 'page.previous' });
    expect(page().page).toBe(0);
  });

  it('ends with the confirmed store', async () => {
    const { actor, settled } = startFinder('modal');
    actor.send({ type: 'location.requested' });
    await settled();
    actor.send({ type: 'branch.confirmed', storeId: 99 });
    expect(actor.getSnapshot().status).toBe('active');
    actor.send({ type: 'branch.confirmed', storeId: 3 });
    expect(actor.getSnapshot().status).toBe('done');
    expect(actor.getSnapshot().output?.store?.id).toBe(3);
  });

  it('closes on Escape with no store', async () => {
    const { actor, settled } = startFinder('modal');
    actor.send({ type: 'location.requested' });
    await settled();
    actor.send({ type: 'finder.closed' });
    expect(actor.getSnapshot().output).toEqual({ store: null });
  });

  it('closes the list on the finder page and keeps the search', async () => {
    const { actor, settled } = startFinder('page', { nearby: async () => ({ kind: 'branches', branches: [] }) });
    actor.send({ type: 'place.typed', text: 'Leeds' });
    actor.send({ type: 'place.selected', place: leeds });
    await settled();
    expect(selectResultsOpen(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'finder.closed' });
    expect(selectResultsOpen(actor.getSnapshot())).toBe(false);
    expect(actor.getSnapshot().status).toBe('active');
    expect(actor.getSnapshot().context.query).toBe('Leeds');
  });
});

describe('the finder page filter: step-free access only (issue 45)', () => {
  const near = async (): Promise<NearbyResult> => ({ kind: 'branches', branches: [{ branch: makeBranch(1), distanceInMiles: 0.4 }] });

  it('asks the next search for step-free branches only', async () => {
    const { actor, api, settled } = startFinder('page', { nearby: near });
    actor.send({ type: 'filter.stepFreeChanged', stepFreeOnly: true });
    expect(selectStepFreeOnly(actor.getSnapshot())).toBe(true);
    expect(api.nearby).not.toHaveBeenCalled();
    actor.send({ type: 'place.selected', place: leeds });
    await settled();
    expect(api.nearby).toHaveBeenCalledWith({ mode: 'page', siteId: 1, point: { latitude: 53.8, longitude: -1.55, stepFreeOnly: true }, order: null });
  });

  it('searches the place found again when changed with the list closed', async () => {
    const { actor, api, settled } = startFinder('page', { nearby: near });
    actor.send({ type: 'place.selected', place: leeds });
    await settled();
    actor.send({ type: 'finder.closed' });
    expect(selectResultsOpen(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'filter.stepFreeChanged', stepFreeOnly: true });
    expect(selectResultsOpen(actor.getSnapshot())).toBe(true);
    expect(selectBranchListStatus(actor.getSnapshot())).toBe('loading');
    await settled();
    expect(api.nearby).toHaveBeenCalledTimes(2);
    expect(api.nearby).toHaveBeenLastCalledWith({ mode: 'page', siteId: 1, point: { latitude: 53.8, longitude: -1.55, stepFreeOnly: true }, order: null });
  });

  it('is not offered by the selection modal', () => {
    const { actor } = startFinder('modal');
    expect(actor.getSnapshot().can({ type: 'filter.stepFreeChanged', stepFreeOnly: true })).toBe(false);
    actor.send({ type: 'filter.stepFreeChanged', stepFreeOnly: true });
    expect(selectStepFreeOnly(actor.getSnapshot())).toBe(false);
  });
});
