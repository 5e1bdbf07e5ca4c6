import type { LookupAddress } from '#domain/contract/branches.ts';
import { firstPageApiRoutes as apiRoutes } from '#domain/contract/routes.ts';
import { schemaIn, type ApiClient, type CallOptions } from './client.ts';

/** The contract's schemas, loaded with the HTTP client when a call is made. */
const contract = () => import('#domain/contract/branches.ts');

/** Addresses at a postcode, to fill the customer form. */
export function lookupAddresses(api: ApiClient, postcode: string, options?: CallOptions): Promise<LookupAddress[]> {
  return api.json(apiRoutes.addressLookup, apiRoutes.addressLookup.url(postcode), schemaIn(contract, 'AddressLookupResponseSchema'), options);
}
