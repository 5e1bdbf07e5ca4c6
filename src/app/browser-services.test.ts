import { describe, expect, it } from 'vitest';
import { TRACKING_COOKIE } from './tracking.ts';
import { browserGeolocate, browserTokenStorage, LEGACY_TOKEN_STORAGE_KEY, SESSION_TOKEN_STORAGE_KEY, trackingCookieValues } from './browser-services.ts';

describe('browser services', () => {
  it('keeps the token under its key, and knows the previous shop key (spec 4.4, 7.1)', () => {
    expect(SESSION_TOKEN_STORAGE_KEY).toBe('travelMoney.sessionToken');
    expect(LEGACY_TOKEN_STORAGE_KEY).toBe('token');
  });

  it('gives localStorage as the token storage in a browser', () => {
    expect(browserTokenStorage()).toBe(window.localStorage);
  });

  it.each([
    ['a tracking cookie', `other=1; ${TRACKING_COOKIE}=${encodeURIComponent(JSON.stringify({ UTM_Source: 'mail' }))}`, { UTM_Source: 'mail' }],
    ['no tracking cookie', 'other=1', {}],
    ['an unreadable cookie', `${TRACKING_COOKIE}=%E0%A4%A`, {}],
  ])('reads the attribution values from %s (spec 7.5)', (_name, cookie, expected) => {
    expect(trackingCookieValues({ cookie })).toEqual(expected);
  });

  it('reads none outside a browser', () => {
    expect(trackingCookieValues(undefined)).toEqual({});
  });

  it('answers the position, or the refusal as the browser gave it', async () => {
    const granted = { getCurrentPosition: (ok: PositionCallback) => ok({ coords: { latitude: 51.5, longitude: -0.1 } } as GeolocationPosition) };
    await expect(browserGeolocate(granted as unknown as Geolocation)).resolves.toEqual({ latitude: 51.5, longitude: -0.1 });
    const refusal = { code: 1, message: 'denied' };
    const refused = { getCurrentPosition: (_ok: PositionCallback, fail: PositionErrorCallback) => fail(refusal as GeolocationPositionError) };
    await expect(browserGeolocate(refused as unknown as Geolocation)).rejects.toBe(refusal);
    await expect(browserGeolocate(undefined)).rejects.toThrow('Geolocation is not available');
  });
});
