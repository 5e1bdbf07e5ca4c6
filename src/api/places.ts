import { AddressLookupResponseSchema, type LookupAddress } from '#domain/contract/branches.ts';
import { firstPageApiRoutes as apiRoutes } from '#domain/contract/routes.ts';
import type { ApiClient, CallOptions } from './client.ts';

/** Addresses at a postcode, to fill the customer form. */
export function lookupAddresses(api: ApiClient, postcode: string, options?: CallOptions): Promise<LookupAddress[]> {
  return api.json(apiRoutes.addressLookup, apiRoutes.addressLookup.url(postcode), AddressLookupResponseSchema, options);
}
