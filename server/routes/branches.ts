/** Stores, branches, place search and address lookup (spec 7.3, 2.4, 2.8). */
import { Hono } from 'hono';
import type {
  Branch,
  LookupAddress,
  BranchesNearbyResponse,
  OpeningTimes,
  Place,
  Store,
  StoreAddress,
} from '#domain/contract/branches.ts';
import {
  AddressQuerySchema as AddressQuery,
  BranchesNearbyRequestSchema,
  BranchParamsSchema as BranchParams,
  NearbyStoresRequestSchema,
  PlacesQuerySchema as PlacesQuery,
  StoreParamsSchema as StoreParams,
} from '#domain/contract/branches.ts';
import { SiteParamsSchema as SiteParams } from '#domain/contract/common.ts';
import { apiRoutes } from '#domain/contract/api-routes.ts';
import type { AppEnv } from '../app-env.ts';
import type { AddressLookup } from '../services/address-lookup.ts';
import {
  branchByCode,
  defaultStore,
  getStore,
  metaStores,
  nearbyBranches,
  nearbyStores,
  storeAddress,
  storeOpeningTimes,
} from '../services/branches.ts';
import type { PlaceSearch } from '../services/places.ts';
import { validate } from '../validation.ts';
import { shareAnswer } from '../shared-answers.ts';
import { lookupLimit } from './rate-limit.ts';

const nearbyStoresLimit = lookupLimit('nearby-stores');
const nearbyBranchesLimit = lookupLimit('nearby-branches');
const placesLimit = lookupLimit('places');
const addressLookupLimit = lookupLimit('address-lookup');

export function branchRoutes(providers: { places: PlaceSearch; addresses: AddressLookup }) {
  const app = new Hono<AppEnv>();

  // Before the :id route, which would otherwise read 'default' as an id.
  app.get(apiRoutes.defaultStore.pattern, validate('param', SiteParams), async (c) => {
    const deps = c.get('deps');
    // Stores and their hours are reference data: the answer, read after this copy, is at least as
    // new as it, and the same for every caller until a change to them is heard.
    const ref = await deps.reference.current();
    const store: Store = await defaultStore(deps, c.req.valid('param').siteId);
    return shareAnswer(c, store, () => deps.reference.held() === ref);
  });

  app.get(apiRoutes.metaStores.pattern, validate('param', SiteParams), async (c) =>
    c.json<Store[]>(await metaStores(c.get('deps'), c.req.valid('param').siteId)),
  );

  app.post(apiRoutes.nearbyStores.pattern, nearbyStoresLimit, validate('param', SiteParams), validate('json', NearbyStoresRequestSchema), async (c) =>
    c.json<Store[]>(await nearbyStores(c.get('deps'), c.req.valid('param').siteId, c.req.valid('json'))),
  );

  app.get(apiRoutes.store.pattern, validate('param', StoreParams), async (c) => {
    const { siteId, id } = c.req.valid('param');
    return c.json<Store>(await getStore(c.get('deps'), siteId, id));
  });

  app.get(apiRoutes.storeOpeningTimes.pattern, validate('param', StoreParams), async (c) => {
    const { siteId, id } = c.req.valid('param');
    return c.json<OpeningTimes | null>(await storeOpeningTimes(c.get('deps'), siteId, id));
  });

  app.get(apiRoutes.storeAddress.pattern, validate('param', StoreParams), async (c) => {
    const { siteId, id } = c.req.valid('param');
    return c.json<StoreAddress>(await storeAddress(c.get('deps'), siteId, id));
  });

  app.get(apiRoutes.branchByCode.pattern, validate('param', BranchParams), async (c) =>
    c.json<Branch>(await branchByCode(c.get('deps'), c.req.valid('param').branchCode)),
  );

  app.post(apiRoutes.nearbyBranches.pattern, nearbyBranchesLimit, validate('json', BranchesNearbyRequestSchema), async (c) =>
    c.json<BranchesNearbyResponse>(await nearbyBranches(c.get('deps'), c.req.valid('json'))),
  );

  app.get(apiRoutes.places.pattern, placesLimit, validate('query', PlacesQuery), async (c) => {
    const { q, limit } = c.req.valid('query');
    return c.json<Place[]>(await providers.places.search(q, limit));
  });

  app.get(apiRoutes.addressLookup.pattern, addressLookupLimit, validate('query', AddressQuery), async (c) =>
    c.json<LookupAddress[]>(await providers.addresses.lookup(c.req.valid('query').postcode)),
  );

  return app;
}
