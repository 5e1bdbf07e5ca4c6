import { describe, expect, it } from 'vitest';
import { countryOfCurrency, flagEmojiOfCountry, flagEmojiOfCurrency } from './currency-flags.ts';

describe('currency flags', () => {
  it.each([
    ['EUR', 'EU', '🇪🇺'],
    ['USD', 'US', '🇺🇸'],
    ['JPY', 'JP', '🇯🇵'],
    ['chf', 'CH', '🇨🇭'],
  ])('%s is drawn with the flag of %s', (code, country, emoji) => {
    expect(countryOfCurrency(code)).toBe(country);
    expect(flagEmojiOfCurrency(code)).toBe(emoji);
  });

  it('a currency without a known country has no flag', () => {
    expect(countryOfCurrency('XAU')).toBeNull();
    expect(flagEmojiOfCurrency('XAU')).toBeNull();
  });

  it('a flag is two regional-indicator symbols', () => {
    expect([...flagEmojiOfCountry('gb')].map((ch) => ch.codePointAt(0))).toEqual([0x1f1ec, 0x1f1e7]);
  });
});
