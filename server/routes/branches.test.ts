import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as v from 'valibot';
import {
  AddressLookupResponseSchema,
  BranchSchema,
  BranchesNearbyResponseSchema,
  NearbyStoresResponseSchema,
  OpeningTimesSchema,
  PlacesResponseSchema,
  StoreAddressSchema,
  StoreSchema,
  StoresResponseSchema,
  type NearbyStoresRequest,
} from '#domain/contract/branches.ts';
import { ProblemSchema } from '#domain/contract/common.ts';
import { messages } from '#domain/messages.ts';
import { apiRoutes } from '#domain/contract/api-routes.ts';
import { branchAvailability } from '#domain/availability.ts';
import { createTestServer, type TestServer } from '../testing.ts';

/** Monday 23 November 2026, 09:30 in London. */
const MONDAY_MORNING = '2026-11-23T09:30:00Z';
const LEEDS = { latitude: 53.7997, longitude: -1.5492 };
const HULL = { latitude: 53.7446, longitude: -0.3352 };
const BATH = { latitude: 51.3811, longitude: -2.359 };
const CHESTER = { latitude: 53.1934, longitude: -2.8931 };

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer({ now: MONDAY_MORNING });
});
afterAll(async () => {
  await server?.close();
});

async function json<S extends v.GenericSchema>(res: Response, schema: S): Promise<v.InferOutput<S>> {
  expect(res.status).toBe(200);
  return v.parse(schema, await res.json());
}

async function problem(res: Response, status: number) {
  expect(res.status).toBe(status);
  return v.parse(ProblemSchema, await res.json());
}

const post = (path: string, body: unknown) =>
  server.request(path, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });

const nearby = (body: Partial<NearbyStoresRequest> & { latitude: number; longitude: number }) =>
  post(apiRoutes.nearbyStores.url(1), { amount: 250, currency: 'EUR', transactionType: 'D', ...body });

describe('stores', () => {
  it('gives the home-delivery meta store as the default', async () => {
    const store = await json(await server.request(apiRoutes.defaultStore.url(1)), StoreSchema);
    expect(store).toMatchObject({ id: 1, isMeta: true, name: 'Home delivery', branchType: 'HomeDelivery' });
    const partner = await json(await server.request(apiRoutes.defaultStore.url(2)), StoreSchema);
    expect(partner).toMatchObject({ id: 2, isMeta: true });
  });

  it("lists only a site's meta stores", async () => {
    const site1 = await json(await server.request(apiRoutes.metaStores.url(1)), StoresResponseSchema);
    expect(site1.map((s) => s.id)).toEqual([1]);
    const site2 = await json(await server.request(apiRoutes.metaStores.url(2)), StoresResponseSchema);
    expect(site2.map((s) => s.id)).toEqual([1, 2]);
    expect(site2.every((s) => s.isMeta)).toBe(true);
  });

  it('gives one store with its address in both shapes and its opening times', async () => {
    const store = await json(await server.request(apiRoutes.store.url(1, 18)), StoreSchema);
    expect(store).toMatchObject({
      id: 18,
      name: 'Leeds Briggate',
      branchCode: 'LDS01',
      brand: 'tms',
      brandName: 'Travel Money Shop',
      isMeta: false,
      haveNoOpeningTimes: false,
      url: '/branches/LDS01',
      address: { address1: '86 Briggate', address3: 'Leeds', address4: 'West Yorkshire', line1: '86 Briggate', line3: 'West Yorkshire', postcode: 'LS1 6LY' },
    });
    expect(store.openingTimes).toMatchObject({ mondayOpens: '09:00', mondayCloses: '18:00', sundayOpens: '10:00', sundayCloses: '16:00' });
  });

  it('gives opening times and the address on their own', async () => {
    const times = await json(await server.request(apiRoutes.storeOpeningTimes.url(1, 19)), OpeningTimesSchema);
    expect(times).toMatchObject({ mondayOpens: '09:00', mondayCloses: '17:30', sundayOpens: null, sundayCloses: null });
    const address = await json(await server.request(apiRoutes.storeAddress.url(1, 19)), StoreAddressSchema);
    expect(address).toMatchObject({ address1: '21 Fargate', postcode: 'S1 2HD' });
  });

  it('answers null opening times for a branch that publishes none', async () => {
    const res = await server.request(apiRoutes.storeOpeningTimes.url(1, 46));
    expect(res.status).toBe(200);
    expect(await res.json()).toBeNull();
    const store = await json(await server.request(apiRoutes.store.url(1, 46)), StoreSchema);
    expect(store).toMatchObject({ haveNoOpeningTimes: true, openingTimes: null });
  });

  it.each([
    ['an unknown store', apiRoutes.store.url(1, 999), 404],
    ["another site's meta store", apiRoutes.store.url(1, 2), 404],
    ['an unknown site', apiRoutes.store.url(3, 18), 404],
    ['the opening times of an unknown store', apiRoutes.storeOpeningTimes.url(1, 999), 404],
    ['the address of an unknown store', apiRoutes.storeAddress.url(1, 999), 404],
    ['a store id that is not a number', '/api/sites/1/stores/leeds', 400],
    ['a store id too large to name a store', '/api/sites/1/stores/2147483648', 400],
    ['the opening times of a store id too large', '/api/sites/1/stores/99999999999/opening-times', 400],
    ['a site id too large to name a site', '/api/sites/99999999999/stores/default', 400],
  ])('answers %s with a problem', async (_name, path, status) => {
    await problem(await server.request(path), status);
  });
});

describe('GET /branches/{branchCode}', () => {
  it('gives a branch with finder-shaped opening times and its access facts', async () => {
    const branch = await json(await server.request(apiRoutes.branchByCode.url('lds01')), BranchSchema);
    expect(branch).toMatchObject({ id: 18, branchCode: 'LDS01', latitude: 53.7977, longitude: -1.5422 });
    expect(branch).toMatchObject({ stepFree: false, hearingLoop: true, accessibleToiletsNearby: true, ordersReadyFrom: '14:00' });
    const chester = await json(await server.request(apiRoutes.branchByCode.url('CHE01')), BranchSchema);
    expect(chester).toMatchObject({ stepFree: false, hearingLoop: false, accessibleToiletsNearby: true, ordersReadyFrom: null });
    expect(branch.openingTimes).toHaveLength(7);
    expect(branch.openingTimes[0]).toEqual({ dayOfWeek: 0, isOpen: true, openTime: '10:00', closeTime: '16:00' });
  });

  it('marks closed days in the finder shape', async () => {
    const branch = await json(await server.request(apiRoutes.branchByCode.url('SHF01')), BranchSchema);
    expect(branch.openingTimes[0]).toEqual({ dayOfWeek: 0, isOpen: false, openTime: null, closeTime: null });
  });

  it('answers 404 for an unknown code or a meta store', async () => {
    await problem(await server.request(apiRoutes.branchByCode.url('NOPE1')), 404);
    await problem(await server.request(apiRoutes.branchByCode.url('HOME')), 404);
  });
});

describe('POST /api/branches/nearby', () => {
  it('ranks branches by great-circle distance in miles', async () => {
    const { items } = await json(await post(apiRoutes.nearbyBranches.url(), LEEDS), BranchesNearbyResponseSchema);
    expect(items[0]?.branch.branchCode).toBe('LDS01');
    expect(items[0]?.distanceInMiles).toBeLessThan(1);
    // Sheffield is about 33 miles from Leeds as the crow flies.
    const sheffield = items.find((i) => i.branch.branchCode === 'SHF01');
    expect(sheffield?.distanceInMiles).toBeGreaterThan(28);
    expect(sheffield?.distanceInMiles).toBeLessThan(36);
    const distances = items.map((i) => i.distanceInMiles);
    expect([...distances].sort((a, b) => a - b)).toEqual(distances);
    expect(items.every((i) => !i.branch.branchCode.startsWith('HOME'))).toBe(true);
  });

  it('names each bad field', async () => {
    const p = await problem(await post(apiRoutes.nearbyBranches.url(), { latitude: 91 }), 400);
    expect(Object.keys(p.errors ?? {}).sort()).toEqual(['latitude', 'longitude']);
  });

  it("gives each branch's access facts: step-free, hearing loop, accessible toilets nearby, orders ready from", async () => {
    const { items } = await json(await post(apiRoutes.nearbyBranches.url(), LEEDS), BranchesNearbyResponseSchema);
    expect(items[0]?.branch).toMatchObject({ branchCode: 'LDS01', stepFree: false, hearingLoop: true, accessibleToiletsNearby: true, ordersReadyFrom: '14:00' });
    expect(items.find((i) => i.branch.branchCode === 'SHF01')?.branch).toMatchObject({ stepFree: true, hearingLoop: false, accessibleToiletsNearby: false });
    // The seeded branches are not all alike.
    expect(new Set(items.map((i) => i.branch.stepFree))).toEqual(new Set([true, false]));
    expect(new Set(items.map((i) => i.branch.hearingLoop))).toEqual(new Set([true, false]));
  });

  it('with stepFreeOnly, lists only the branches with step-free access, nearest first', async () => {
    const all = await json(await post(apiRoutes.nearbyBranches.url(), LEEDS), BranchesNearbyResponseSchema);
    const { items } = await json(await post(apiRoutes.nearbyBranches.url(), { ...LEEDS, stepFreeOnly: true }), BranchesNearbyResponseSchema);
    expect(items.length).toBeGreaterThan(0);
    expect(items.every((i) => i.branch.stepFree)).toBe(true);
    expect(items.map((i) => i.branch.branchCode)).not.toContain('LDS01');
    expect(items[0]?.branch.branchCode).toBe(all.items.find((i) => i.branch.stepFree)?.branch.branchCode);
    const distances = items.map((i) => i.distanceInMiles);
    expect([...distances].sort((a, b) => a - b)).toEqual(distances);
    const off = await json(await post(apiRoutes.nearbyBranches.url(), { ...LEEDS, stepFreeOnly: false }), BranchesNearbyResponseSchema);
    expect(off).toEqual(all);
  });

  it.each([['a word', 'yes'], ['a number', 1], ['null', null]])('answers a stepFreeOnly that is %s with a problem naming it', async (_name, stepFreeOnly) => {
    const res = await post(apiRoutes.nearbyBranches.url(), { ...LEEDS, stepFreeOnly });
    expect(res.headers.get('content-type')).toContain('application/problem+json');
    const p = await problem(res, 400);
    expect(p.title).toBeTruthy();
    expect(p.detail).toContain('stepFreeOnly');
    expect(p.errors).toEqual({ stepFreeOnly: 'must be true or false' });
  });
});

describe('POST /api/sites/{siteId}/stores/nearby', () => {
  it('gives a branch with stock a collection date of today, with its access facts', async () => {
    const stores = await json(await nearby(LEEDS), NearbyStoresResponseSchema);
    expect(stores[0]).toMatchObject({ branchCode: 'LDS01', haveCurrency: true, availableFrom: '2026-11-23', isBuyTransaction: false });
    expect(stores[0]).toMatchObject({ stepFree: false, hearingLoop: true, accessibleToiletsNearby: true, ordersReadyFrom: '14:00' });
    expect(stores[0]?.distanceInMiles).toBeLessThan(1);
  });

  it('gives a branch without the currency collection from 2pm the next day', async () => {
    const stores = await json(await nearby(HULL), NearbyStoresResponseSchema);
    const hull = stores[0];
    expect(hull).toMatchObject({ branchCode: 'HUL01', haveCurrency: false, availableFrom: '2026-11-24' });
    if (!hull) throw new Error('no branch');
    expect(branchAvailability(hull, new Date(MONDAY_MORNING)).text).toBe('tomorrow from 2pm');
  });

  it('treats an amount above the stock as not held', async () => {
    const stores = await json(await nearby({ ...LEEDS, amount: 1_000_000 }), NearbyStoresResponseSchema);
    expect(stores[0]).toMatchObject({ branchCode: 'LDS01', haveCurrency: false, availableFrom: '2026-11-24' });
  });

  it('gives a branch closed this week no collection date', async () => {
    const stores = await json(await nearby(BATH), NearbyStoresResponseSchema);
    const bath = stores[0];
    expect(bath).toMatchObject({ branchCode: 'BTH01', availableFrom: null });
    if (!bath) throw new Error('no branch');
    expect(branchAvailability(bath, new Date(MONDAY_MORNING)).text).toBe("Sorry we're closed this week!");
  });

  it('gives a branch without opening times no collection date', async () => {
    const stores = await json(await nearby(CHESTER), NearbyStoresResponseSchema);
    expect(stores[0]).toMatchObject({ branchCode: 'CHE01', haveNoOpeningTimes: true, openingTimes: null, availableFrom: null });
  });

  it('needs no stock to buy currency back', async () => {
    const stores = await json(await nearby({ ...HULL, transactionType: 'B' }), NearbyStoresResponseSchema);
    expect(stores[0]).toMatchObject({ branchCode: 'HUL01', haveCurrency: true, isBuyTransaction: true, availableFrom: '2026-11-23' });
  });

  it('moves collection to the next open day late in the day and over a Sunday', async () => {
    const late = await createTestServer({ now: '2026-11-28T17:10:00Z' }); // Saturday 17:10
    try {
      const res = await late.request(apiRoutes.nearbyStores.url(1), {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ ...LEEDS, amount: 100, currency: 'EUR', transactionType: 'D' }),
      });
      const stores = await json(res, NearbyStoresResponseSchema);
      // Leeds closes at 18:00 on Saturdays, too late to hand over today; it opens on Sundays.
      expect(stores.find((s) => s.branchCode === 'LDS01')?.availableFrom).toBe('2026-11-29');
      // Sheffield is closed on Sundays.
      expect(stores.find((s) => s.branchCode === 'SHF01')?.availableFrom).toBe('2026-11-30');
    } finally {
      await late.close();
    }
  });

  it('answers 404 for an unknown currency and 400 naming bad fields', async () => {
    await problem(await nearby({ ...LEEDS, currency: 'XAU' }), 404);
    const p = await problem(await post(apiRoutes.nearbyStores.url(1), { ...LEEDS, amount: 'lots', currency: 'EUR', transactionType: 'X' }), 400);
    expect(Object.keys(p.errors ?? {}).sort()).toEqual(['amount', 'transactionType']);
  });

  it('refuses a negative amount (400) and a site id too large (400), never a 500', async () => {
    const negative = await problem(await nearby({ ...LEEDS, amount: -5 }), 400);
    expect(negative.errors).toEqual({ amount: 'must be 0 or more' });
    const site = await problem(await post('/api/sites/99999999999/stores/nearby', { ...LEEDS, amount: 250, currency: 'EUR', transactionType: 'D' }), 400);
    expect(Object.keys(site.errors ?? {})).toEqual(['siteId']);
    await json(await nearby({ ...LEEDS, amount: 0 }), NearbyStoresResponseSchema);
  });
});

describe('GET /api/places', () => {
  it('finds Great Britain places by name', async () => {
    const places = await json(await server.request(apiRoutes.places.url('Leeds')), PlacesResponseSchema);
    expect(places[0]).toMatchObject({ name: 'Leeds' });
    expect(places[0]?.latitude).toBeCloseTo(53.8, 1);
    expect(places[0]?.longitude).toBeCloseTo(-1.55, 1);
  });

  it('finds the post town of a postcode', async () => {
    const places = await json(await server.request(apiRoutes.places.url('LS1 6LY')), PlacesResponseSchema);
    expect(places.map((p) => p.name)).toEqual(['Leeds']);
    const outward = await json(await server.request(apiRoutes.places.url('M1')), PlacesResponseSchema);
    expect(outward.map((p) => p.name)).toEqual(['Manchester']);
  });

  it('finds places abroad not at all', async () => {
    expect(await json(await server.request(apiRoutes.places.url('Lyon')), PlacesResponseSchema)).toEqual([]);
  });

  it('answers 400 without a query', async () => {
    const p = await problem(await server.request('/api/places'), 400);
    expect(p.errors).toHaveProperty('q');
  });
});

describe('GET /api/address-lookup', () => {
  it('gives addresses at a valid postcode in its post town', async () => {
    const addresses = await json(await server.request(apiRoutes.addressLookup.url('ls1 6ly')), AddressLookupResponseSchema);
    expect(addresses.length).toBeGreaterThan(3);
    expect(addresses.every((a) => a.townCity === 'Leeds' && a.postcodeZip === 'LS1 6LY' && a.houseNameNumber !== '' && a.addressLine1 !== '')).toBe(true);
  });

  it("refuses an invalid postcode with the form's message", async () => {
    const p = await problem(await server.request(apiRoutes.addressLookup.url('NOT A POSTCODE')), 400);
    expect(p.detail).toBe('Please enter a valid post code');
    expect(p.errors).toEqual({ postcode: 'Please enter a valid post code' });
  });

  it('answers 400 without a postcode', async () => {
    await problem(await server.request('/api/address-lookup'), 400);
  });

  // Spec 5.2: 'Address search is restricted to Great Britain'.
  it.each([
    ['BT1 1AA', 'Northern Ireland'],
    ['bt48 6dq', 'Northern Ireland'],
    ['GY1 1AA', 'Guernsey'],
    ['JE2 3AB', 'Jersey'],
    ['IM1 1AA', 'the Isle of Man'],
  ])('address search is restricted to Great Britain: %s (%s) is refused with a message saying so, and no address is made up', async (postcode) => {
    const p = await problem(await server.request(apiRoutes.addressLookup.url(postcode)), 422);
    expect(p.type).toBe('postcode-outside-great-britain');
    expect(p.detail).toBe(messages.addressSearchGreatBritainOnly);
    expect(p.errors).toEqual({ postcode: messages.addressSearchGreatBritainOnly });
  });

  it.each([
    ['EH1 1YZ', 'Edinburgh'],
    ['CF10 1AA', 'Cardiff'],
    ['SW1A 1AA', 'London'],
    ['ZE1 0AA', 'Lerwick'],
  ])('a Great Britain postcode, %s, finds addresses in %s', async (postcode, town) => {
    const addresses = await json(await server.request(apiRoutes.addressLookup.url(postcode)), AddressLookupResponseSchema);
    expect(addresses.length).toBeGreaterThan(0);
    expect(addresses.every((a) => a.townCity === town)).toBe(true);
  });

  it('a postcode area it does not know finds no addresses (never made up in London)', async () => {
    const addresses = await json(await server.request(apiRoutes.addressLookup.url('QQ1 1AA')), AddressLookupResponseSchema);
    expect(addresses).toEqual([]);
  });
});

describe('providers', () => {
  it('uses the place search and address lookup it is given', async () => {
    const custom = await createTestServer({
      seed: false,
      providers: {
        places: { search: async (q) => [{ name: `Custom ${q}`, region: null, latitude: 1, longitude: 2 }] },
        addresses: { lookup: async (postcode) => [{ houseNameNumber: '1', addressLine1: 'Custom Road', addressLine2: '', townCity: 'Town', postcodeZip: postcode }] },
      },
    });
    try {
      expect(await (await custom.request(apiRoutes.places.url('x'))).json()).toEqual([{ name: 'Custom x', region: null, latitude: 1, longitude: 2 }]);
      const addresses = (await (await custom.request(apiRoutes.addressLookup.url('AB1 2CD'))).json()) as { addressLine1: string }[];
      expect(addresses[0]?.addressLine1).toBe('Custom Road');
    } finally {
      await custom.close();
    }
  });
});
