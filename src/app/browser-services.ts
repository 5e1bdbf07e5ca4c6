/**
 * What the shop reads from the browser: the session token's storage (spec 4.4, 7.1), the
 * visitor's position for the branch finder (spec 2.2, 2.4) and the tracking cookie's attribution
 * values (spec 7.5). Each one answers safely outside a browser or when the browser refuses.
 */
import type { Tracking } from '#domain/contract/tracking.ts';
import type { GeoPoint } from '#domain/branch-search.ts';
import { readTrackingCookie } from './tracking.ts';

/** Where the token is kept. */
export const SESSION_TOKEN_STORAGE_KEY = 'travelMoney.sessionToken';
/** Where the previous version of the shop kept its (opaque) token. */
export const LEGACY_TOKEN_STORAGE_KEY = 'token';

export type TokenStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** localStorage, or nothing when the browser blocks it (the session then lasts as long as the page). */
export function browserTokenStorage(): TokenStorage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

/** The browser's position; rejects with the GeolocationPositionError so the chart can tell a refusal. */
export function browserGeolocate(geolocation: Geolocation | undefined = globalThis.navigator?.geolocation): Promise<GeoPoint> {
  return new Promise((resolve, reject) => {
    if (!geolocation) {
      reject(new Error('Geolocation is not available'));
      return;
    }
    geolocation.getCurrentPosition(
      (position) => resolve({ latitude: position.coords.latitude, longitude: position.coords.longitude }),
      (error) => reject(error),
      { enableHighAccuracy: false, timeout: 15_000, maximumAge: 300_000 },
    );
  });
}

/** The attribution values of this visitor (the tracking cookie), or none outside a browser. */
export function trackingCookieValues(doc: Pick<Document, 'cookie'> | undefined = globalThis.document): Partial<Tracking> {
  try {
    return doc === undefined ? {} : readTrackingCookie(doc.cookie);
  } catch {
    return {};
  }
}
