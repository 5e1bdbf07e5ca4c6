/**
 * The branch finder's machine (spec 2.2, 2.4, 7.3) with its I/O: place autocomplete, the browser's
 * location, nearby stores or branches. It loads when the shop first opens the branch finder's page
 * (`loadPages`) or a calculator first opens its branch chooser (`loadBranchFinder`), so neither the
 * machine nor its calls weigh on a first page that never asks for a branch.
 */
import { fetchNearbyBranches, fetchNearbyStores, searchPlaces } from '#src/api/branch-search.ts';
import { nearbyStoresRequest, type GeoPoint } from '#domain/branch-search.ts';
import { branchFinderMachine, type FindNearbyInput, type NearbyResult } from '#machines/branch-finder/branch-finder.machine.ts';
import { browserGeolocate } from '../browser-services.ts';
import { fromPromise, type ShopServices } from '../actors.ts';

export function provideBranchFinder(services: ShopServices, geolocate: () => Promise<GeoPoint> = () => browserGeolocate()) {
  return branchFinderMachine.provide({
    actors: {
      searchPlaces: fromPromise(({ input, signal }) => searchPlaces(services.api, input.query, { signal })),
      geolocate: fromPromise(() => geolocate()),
      findNearby: fromPromise<NearbyResult, FindNearbyInput>(async ({ input, signal }) => {
        if (input.mode === 'modal' && input.order) {
          const request = nearbyStoresRequest(input.point, input.order);
          return { kind: 'stores', stores: await fetchNearbyStores(services.api, input.siteId, request, { signal }) };
        }
        const { items } = await fetchNearbyBranches(services.api, input.point, { signal });
        return { kind: 'branches', branches: items };
      }),
    },
  });
}

export type BranchFinderLogic = ReturnType<typeof provideBranchFinder>;
