import { describe, expect, it } from 'vitest';
import { searchCurrencies } from './currency-search.ts';
import { isIgnoredAmountKey } from './pricing.ts';

const currencies = [
  { code: 'EUR', pluralName: 'Euros' },
  { code: 'USD', pluralName: 'US Dollars' },
  { code: 'AUD', pluralName: 'Australian Dollars' },
];

describe('currency search (spec 2.1)', () => {
  it.each([
    ['', ['EUR', 'USD', 'AUD']],
    ['eur', ['EUR']],
    ['dollars', ['USD', 'AUD']],
    [' Usd', ['USD']],
    ['us', ['USD', 'AUD']],
  ])('%j finds %o', (text, codes) => {
    const r = searchCurrencies(currencies, text);
    expect(r.currencies.map((c) => c.code)).toEqual(codes);
    expect(r.noResults).toBeNull();
  });

  it.each([
    // The shop's order: Albanian Lek, Euros, Czech Koruna, US Dollars, Thai Baht, Swiss Francs.
    ['', ['EUR', 'USD', 'THB', 'CHF', 'ALL', 'CZK']],
    ['a', ['USD', 'THB', 'CHF', 'ALL', 'CZK']],
    ['franc', ['CHF']],
  ])('lists the popular currencies first, in the home page order: %j -> %o', (text, codes) => {
    const shop = [
      { code: 'ALL', pluralName: 'Albanian Lek' },
      { code: 'EUR', pluralName: 'Euros' },
      { code: 'CZK', pluralName: 'Czech Koruna' },
      { code: 'USD', pluralName: 'US Dollars' },
      { code: 'THB', pluralName: 'Thai Baht' },
      { code: 'CHF', pluralName: 'Swiss Francs' },
    ];
    expect(searchCurrencies(shop, text).currencies.map((c) => c.code)).toEqual(codes);
  });

  it("says 'No results found' when nothing matches", () => {
    expect(searchCurrencies(currencies, 'yen')).toEqual({ currencies: [], noResults: 'No results found' });
  });
});

describe('amount input keys (spec 5.1)', () => {
  it.each([
    ['Tab', true],
    ['1', false],
    ['Backspace', false],
    [undefined, false],
  ])('%s is ignored: %s', (key, ignored) => {
    expect(isIgnoredAmountKey(key)).toBe(ignored);
  });
});
