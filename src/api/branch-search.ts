/**
 * The branch finder's searches (spec 2.4, 7.3): places as the shopper types, branches and stores
 * near a point. They load with the finder and the branch chooser, not with the first page.
 */
import {
  BranchesNearbyResponseSchema,
  NearbyStoresResponseSchema,
  PlacesResponseSchema,
  type BranchesNearbyResponse,
  type NearbyStoresRequest,
  type Place,
  type Store,
} from '#domain/contract/branches.ts';
import { laterApiRoutes as apiRoutes } from '#domain/contract/later-routes.ts';
import type { ApiClient, CallOptions } from './client.ts';

/** Great Britain places matching the typed text (the autocomplete behind the branch search). */
export function searchPlaces(api: ApiClient, query: string, options?: CallOptions): Promise<Place[]> {
  return api.json(apiRoutes.places, apiRoutes.places.url(query), PlacesResponseSchema, { ...options, auth: 'none' });
}

/** Stores near a point that can serve the amount (transactionType 'D' for the sell type, 'B' otherwise). */
export function fetchNearbyStores(api: ApiClient, siteId: number, request: NearbyStoresRequest, options?: CallOptions): Promise<Store[]> {
  return api.json(apiRoutes.nearbyStores, apiRoutes.nearbyStores.url(siteId), NearbyStoresResponseSchema, { ...options, json: request, auth: 'none' });
}

/** The branch finder's search (spec 2.4). */
export function fetchNearbyBranches(
  api: ApiClient,
  point: { latitude: number; longitude: number },
  options?: CallOptions,
): Promise<BranchesNearbyResponse> {
  return api.json(apiRoutes.nearbyBranches, apiRoutes.nearbyBranches.url(), BranchesNearbyResponseSchema, { ...options, json: point, auth: 'none' });
}
