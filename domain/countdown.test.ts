import { describe, expect, it } from 'vitest';
import { countdownAt, countdownView, formatMmSs, isCartExpired, remainingMs } from './countdown.ts';

describe('cart countdown', () => {
  it.each([
    // ms left, text, expiring, expired, shake
    [1_800_000, '30:00', false, false, false],
    [301_000, '05:01', false, false, false],
    [300_999, '05:00', false, false, true],
    [300_000, '05:00', false, false, true],
    [299_999, '04:59', true, false, false],
    [240_000, '04:00', true, false, true],
    [239_000, '03:59', true, false, false],
    [180_000, '03:00', true, false, true],
    [120_000, '02:00', true, false, true],
    [60_000, '01:00', true, false, true],
    [59_000, '00:59', true, false, false],
    [1_000, '00:01', true, false, false],
    [999, 'Cart expired', false, true, false],
    [0, 'Cart expired', false, true, false],
  ])('%i ms left reads %s (expiring %s, expired %s, shake %s)', (ms, text, expiring, expired, shake) => {
    expect(countdownView(ms)).toMatchObject({ text, expiring, expired, shake });
  });

  it.each([
    [0, '00:00'],
    [65, '01:05'],
    [3600, '60:00'],
  ])('formats %i s as %s', (s, text) => {
    expect(formatMmSs(s)).toBe(text);
  });

  it('counts down to an ISO expiry from a given now', () => {
    const now = new Date('2026-11-27T10:00:00Z');
    expect(remainingMs('2026-11-27T10:05:00Z', now)).toBe(300_000);
    expect(remainingMs('2026-11-27T09:59:00Z', now)).toBe(0);
    expect(remainingMs('not a date', now)).toBe(0);
    expect(countdownAt(new Date('2026-11-27T10:04:30Z'), now)).toMatchObject({ text: '04:30', expiring: true });
  });

  it.each([
    // expiresAt, expired ('Cart expired' under 1 s)
    ['2026-11-27T10:05:00Z', false],
    ['2026-11-27T10:00:01Z', false],
    ['2026-11-27T10:00:00.999Z', true],
    ['2026-11-27T10:00:00Z', true],
    ['2026-11-27T09:59:00Z', true],
    ['not a date', true],
  ])('a cart expiring at %s at 10:00:00 has expired: %s', (expiresAt, expired) => {
    expect(isCartExpired(expiresAt, new Date('2026-11-27T10:00:00Z'))).toBe(expired);
  });
});
