import type { Branch, OpeningTimes, Store, StoreAddress } from '#domain/contract/branches.ts';
import { firstPageApiRoutes as apiRoutes } from '#domain/contract/routes.ts';
import { schemaIn, type ApiClient, type CallOptions } from './client.ts';

/** The contract's schemas, loaded with the HTTP client when a call is made. */
const contract = () => import('#domain/contract/branches.ts');

export function fetchDefaultStore(api: ApiClient, siteId: number, options?: CallOptions): Promise<Store> {
  return api.json(apiRoutes.defaultStore, apiRoutes.defaultStore.url(siteId), schemaIn(contract, 'StoreSchema'), { ...options, auth: 'none' });
}

export function fetchBranchByCode(api: ApiClient, branchCode: string, options?: CallOptions): Promise<Branch> {
  return api.json(apiRoutes.branchByCode, apiRoutes.branchByCode.url(branchCode), schemaIn(contract, 'BranchSchema'), { ...options, auth: 'none' });
}

/** The site's stores; only meta stores are kept (spec 7.3). */
export async function fetchMetaStores(api: ApiClient, siteId: number, options?: CallOptions): Promise<Store[]> {
  const stores = await api.json(apiRoutes.metaStores, apiRoutes.metaStores.url(siteId), schemaIn(contract, 'StoresResponseSchema'), { ...options, auth: 'none' });
  return stores.filter((s) => s.isMeta);
}

export function fetchStore(api: ApiClient, siteId: number, storeId: number, options?: CallOptions): Promise<Store> {
  return api.json(apiRoutes.store, apiRoutes.store.url(siteId, storeId), schemaIn(contract, 'StoreSchema'), { ...options, auth: 'none' });
}

export function fetchStoreOpeningTimes(api: ApiClient, siteId: number, storeId: number, options?: CallOptions): Promise<OpeningTimes> {
  return api.json(apiRoutes.storeOpeningTimes, apiRoutes.storeOpeningTimes.url(siteId, storeId), schemaIn(contract, 'OpeningTimesSchema'), { ...options, auth: 'none' });
}

export function fetchStoreAddress(api: ApiClient, siteId: number, storeId: number, options?: CallOptions): Promise<StoreAddress> {
  return api.json(apiRoutes.storeAddress, apiRoutes.storeAddress.url(siteId, storeId), schemaIn(contract, 'StoreAddressSchema'), { ...options, auth: 'none' });
}
