/**
 * The routes whose answers a cache may keep: GETs of reference data that answer every anonymous
 * visitor alike and set their own caching. Every other answer of the API is personal
 * (`Cache-Control: no-store`: it may carry a shopper's data or a key), so a new route is personal
 * until it is named here. Apart from the route table: the server reads this, the app never does.
 */
import type { ApiRouteName } from './api-routes.ts';

export const SHARED_ROUTES: ReadonlySet<ApiRouteName> = new Set<ApiRouteName>([
  'quote',
  'currencies',
  'products',
  'siteProducts',
  'calculatorContent',
  'checkoutContent',
  'ratesBoard',
  'siteSettings',
  'currencyConverter',
  'defaultStore',
  'branchByCode',
  'metaStores',
  'store',
  'storeOpeningTimes',
  'storeAddress',
]);

/** Whether an answer of this route may be kept by a cache (an anonymous reference read); all others are no-store. */
export const isSharedRoute = (name: ApiRouteName): boolean => SHARED_ROUTES.has(name);
