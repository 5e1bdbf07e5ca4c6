import { describe, expect, it } from 'vitest';
import { geolocationFailureMessage, isPlaceQueryLongEnough, nearbyStoresRequest } from './branch-search.ts';

describe('geolocation failure (spec 8)', () => {
  it.each([
    [{ code: 1, message: 'User denied Geolocation' }, "Sorry we couldn't get your location. Please grant access when a dialog appears."],
    [{ code: 2, message: 'Position unavailable' }, "Sorry we couldn't get your location."],
    [{ code: 3, message: 'Timeout' }, "Sorry we couldn't get your location."],
    [new Error('Geolocation is not supported'), "Sorry we couldn't get your location."],
  ])('%o reads %s', (error, text) => {
    expect(geolocationFailureMessage(error)).toBe(text);
  });
});

describe('nearby stores request (spec 7.3)', () => {
  it.each([
    ['sell', 'D'],
    ['buy', 'B'],
  ] as const)('sends transactionType %s as %s', (type, code) => {
    expect(nearbyStoresRequest({ latitude: 53.8, longitude: -1.55 }, { amount: 250, currencyCode: 'EUR', transactionType: type })).toEqual({
      latitude: 53.8,
      longitude: -1.55,
      amount: 250,
      currency: 'EUR',
      transactionType: code,
    });
  });
});

describe('place query', () => {
  it.each([
    ['', false],
    [' L ', false],
    ['Le', true],
  ])('%j is long enough: %s', (text, ok) => {
    expect(isPlaceQueryLongEnough(text)).toBe(ok);
  });
});
