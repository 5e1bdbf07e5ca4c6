import {
  BranchSchema,
  OpeningTimesSchema,
  StoreAddressSchema,
  StoreSchema,
  StoresResponseSchema,
  type Branch,
  type OpeningTimes,
  type Store,
  type StoreAddress,
} from '#domain/contract/branches.ts';
import { firstPageApiRoutes as apiRoutes } from '#domain/contract/routes.ts';
import type { ApiClient, CallOptions } from './client.ts';

export function fetchDefaultStore(api: ApiClient, siteId: number, options?: CallOptions): Promise<Store> {
  return api.json(apiRoutes.defaultStore, apiRoutes.defaultStore.url(siteId), StoreSchema, { ...options, auth: 'none' });
}

export function fetchBranchByCode(api: ApiClient, branchCode: string, options?: CallOptions): Promise<Branch> {
  return api.json(apiRoutes.branchByCode, apiRoutes.branchByCode.url(branchCode), BranchSchema, { ...options, auth: 'none' });
}

/** The site's stores; only meta stores are kept (spec 7.3). */
export async function fetchMetaStores(api: ApiClient, siteId: number, options?: CallOptions): Promise<Store[]> {
  const stores = await api.json(apiRoutes.metaStores, apiRoutes.metaStores.url(siteId), StoresResponseSchema, { ...options, auth: 'none' });
  return stores.filter((s) => s.isMeta);
}

export function fetchStore(api: ApiClient, siteId: number, storeId: number, options?: CallOptions): Promise<Store> {
  return api.json(apiRoutes.store, apiRoutes.store.url(siteId, storeId), StoreSchema, { ...options, auth: 'none' });
}

export function fetchStoreOpeningTimes(api: ApiClient, siteId: number, storeId: number, options?: CallOptions): Promise<OpeningTimes> {
  return api.json(apiRoutes.storeOpeningTimes, apiRoutes.storeOpeningTimes.url(siteId, storeId), OpeningTimesSchema, { ...options, auth: 'none' });
}

export function fetchStoreAddress(api: ApiClient, siteId: number, storeId: number, options?: CallOptions): Promise<StoreAddress> {
  return api.json(apiRoutes.storeAddress, apiRoutes.storeAddress.url(siteId, storeId), StoreAddressSchema, { ...options, auth: 'none' });
}
