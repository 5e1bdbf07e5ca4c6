/**
 * Which API path a browser request is: the shop's pages call the API on their own origin under
 * API_MOUNT_PATH (server/app-host.ts), and may call its own origin (API_BASE) when that is off.
 */
import { API_MOUNT_PATH } from '#domain/contract/runtime-config.ts';
import type { ShopUrls } from './servers.ts';

/** The API path (with its query) of a request URL, or null when it is not an API call. */
export function apiPathOf(shop: ShopUrls, requestUrl: string): string | null {
  const url = new URL(requestUrl);
  if (url.origin === new URL(shop.api).origin) return url.pathname + url.search;
  if (url.origin === new URL(shop.app).origin && url.pathname.startsWith(`${API_MOUNT_PATH}/`)) {
    return url.pathname.slice(API_MOUNT_PATH.length) + url.search;
  }
  return null;
}
