/**
 * Finding branches (spec 2.2, 2.4, 7.3, 8): by the browser's location or a Great Britain place,
 * then the nearby stores that can serve the order (selection modal) or the nearby branches
 * (branch finder page).
 */
import type { NearbyStoresRequest } from './contract/branches.ts';
import type { TransactionType } from './contract/catalogue.ts';
import { messages } from './messages.ts';

/** The place autocomplete asks the server once the text has this many characters. */
export const PLACE_QUERY_MIN_LENGTH = 2;

/** GeolocationPositionError.PERMISSION_DENIED. */
export const GEOLOCATION_PERMISSION_DENIED = 1;

export interface GeoPoint {
  latitude: number;
  longitude: number;
}

export function isPlaceQueryLongEnough(text: string): boolean {
  return text.trim().length >= PLACE_QUERY_MIN_LENGTH;
}

export function isGeolocationDenied(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'code' in error && error.code === GEOLOCATION_PERMISSION_DENIED;
}

/** "Sorry we couldn't get your location.", with the request to grant access when it was refused. */
export function geolocationFailureMessage(error: unknown): string {
  return isGeolocationDenied(error) ? `${messages.geolocationFailed} ${messages.geolocationDenied}` : messages.geolocationFailed;
}

/** The order the selection modal looks for a branch for. */
export interface BranchOrder {
  /** Foreign units. */
  amount: number;
  currencyCode: string;
  transactionType: TransactionType;
}

/** POST /api/sites/{siteId}/stores/nearby: 'D' for the sell type, 'B' otherwise (spec 7.3). */
export function nearbyStoresRequest(point: GeoPoint, order: BranchOrder): NearbyStoresRequest {
  return {
    latitude: point.latitude,
    longitude: point.longitude,
    amount: order.amount,
    currency: order.currencyCode,
    transactionType: order.transactionType === 'sell' ? 'D' : 'B',
  };
}

export const BRANCH_PAGE_SIZE = 5;

/** One page of branches (5 a page), 0-based, with whether Previous and Next apply. */
export function branchPage<T>(
  branches: readonly T[],
  page: number,
): { items: T[]; page: number; pageCount: number; hasPrevious: boolean; hasNext: boolean } {
  const pageCount = Math.max(1, Math.ceil(branches.length / BRANCH_PAGE_SIZE));
  const current = Math.min(Math.max(0, Math.floor(page)), pageCount - 1);
  return {
    items: branches.slice(current * BRANCH_PAGE_SIZE, (current + 1) * BRANCH_PAGE_SIZE),
    page: current,
    pageCount,
    hasPrevious: current > 0,
    hasNext: current < pageCount - 1,
  };
}
