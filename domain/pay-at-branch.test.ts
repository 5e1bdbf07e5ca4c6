import { describe, expect, it } from 'vitest';
import { heldUntilParts, isProviderUnavailableError, providerUnavailableOffer, reservationHeldUntil, weekdayOf } from './pay-at-branch.ts';

describe('pay at the branch (issue 45 part 1)', () => {
  it('holds until the branch closes on the collection day, London time, in winter and in summer', () => {
    expect(reservationHeldUntil('2026-11-28', '18:00')?.toISOString()).toBe('2026-11-28T18:00:00.000Z');
    expect(reservationHeldUntil('2026-07-04', '17:30')?.toISOString()).toBe('2026-07-04T16:30:00.000Z');
    expect(reservationHeldUntil('2026-11-28', null)).toBeNull();
    expect(reservationHeldUntil('28/11/2026', '18:00')).toBeNull();
  });

  it('reads the weekday of a London date (0 = Sunday)', () => {
    expect(weekdayOf('2026-11-29')).toBe(0);
    expect(weekdayOf('2026-11-28')).toBe(6);
  });

  it('says the moment in words', () => {
    expect(heldUntilParts('2026-07-04T16:30:00.000Z')).toEqual({ time: '5:30pm', date: 'Saturday 4 July 2026' });
  });

  it('takes 503, 504 and a time-out as the provider unavailable, and nothing else', () => {
    expect(isProviderUnavailableError({ status: 503, problem: { title: 'x', type: 'payment-provider-unavailable' } })).toBe(true);
    expect(isProviderUnavailableError({ status: 504 })).toBe(true);
    expect(isProviderUnavailableError(Object.assign(new Error('slow'), { name: 'TimeoutError' }))).toBe(true);
    expect(isProviderUnavailableError({ status: 502 })).toBe(false);
    expect(isProviderUnavailableError({ status: 409 })).toBe(false);
    expect(isProviderUnavailableError(new Error('bug'))).toBe(false);
  });

  it('offers a reservation to a collection only', () => {
    expect(providerUnavailableOffer(2)).toBe('reserve');
    expect(providerUnavailableOffer(1)).toBe('switchOrRetry');
  });
});
