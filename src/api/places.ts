import { AddressLookupResponseSchema, PlacesResponseSchema, type LookupAddress, type Place } from '#domain/contract/branches.ts';
import { apiRoutes } from '#domain/contract/routes.ts';
import type { ApiClient, CallOptions } from './client.ts';

/** Great Britain places matching the typed text (the autocomplete behind the branch search). */
export function searchPlaces(api: ApiClient, query: string, options?: CallOptions): Promise<Place[]> {
  return api.json(apiRoutes.places, apiRoutes.places.url(query), PlacesResponseSchema, { ...options, auth: 'none' });
}

/** Addresses at a postcode, to fill the customer form. */
export function lookupAddresses(api: ApiClient, postcode: string, options?: CallOptions): Promise<LookupAddress[]> {
  return api.json(apiRoutes.addressLookup, apiRoutes.addressLookup.url(postcode), AddressLookupResponseSchema, options);
}
