import { describe, expect, it } from 'vitest';
import { addMoreTimeLabel, canExtendCart, extendedExpiry, extensionRefusal, moreTimeAddedText, moreTimeWarningText } from './more-time.ts';

const NOW = new Date('2026-11-24T10:00:00.000Z');
const inSeconds = (s: number) => new Date(NOW.getTime() + s * 1000).toISOString();

describe('when more time may be added (the countdown\'s last 5 minutes, spec 4.3)', () => {
  it.each([
    [301, 2, 'too-early'],
    [300, 2, 'too-early'],
    [299, 2, null],
    [1, 1, null],
    [0.5, 2, 'expired'],
    [0, 2, 'expired'],
    [120, 0, 'used-up'],
    [900, 0, 'used-up'],
  ] as const)('%s s left, %i extensions left: %s', (seconds, left, refusal) => {
    expect(extensionRefusal(inSeconds(seconds), NOW, left)).toBe(refusal);
    expect(canExtendCart(inSeconds(seconds), NOW, left)).toBe(refusal === null);
  });

  it('adds the TTL to the expiry', () => {
    expect(extendedExpiry(new Date('2026-11-24T10:04:00.000Z'), 30).toISOString()).toBe('2026-11-24T10:34:00.000Z');
  });
});

describe('texts', () => {
  it.each([
    [30, 'Add 30 minutes'],
    [1, 'Add 1 minute'],
  ])('%i minutes: %s', (minutes, label) => {
    expect(addMoreTimeLabel(minutes)).toBe(label);
  });

  it('says when the cart is held until, in London time', () => {
    // 14:34 UTC in summer is 15:34 in London; in winter it is the same.
    expect(moreTimeAddedText(30, '2026-07-01T14:34:00.000Z')).toBe("We've added 30 minutes. Your cart is now held until 15:34.");
    expect(moreTimeAddedText(30, '2026-11-24T14:34:00.000Z')).toBe("We've added 30 minutes. Your cart is now held until 14:34.");
  });

  it('warns once, offering time only while extensions are left', () => {
    expect(moreTimeWarningText(30, 2)).toBe('Your cart will expire in under 5 minutes. Need more time? You can add 30 minutes.');
    expect(moreTimeWarningText(30, 0)).toBe('Your cart will expire in under 5 minutes.');
  });
});
