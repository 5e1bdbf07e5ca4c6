import { describe, expect, it } from 'vitest';
import { countryOfCurrency } from '#domain/currency-flags.ts';
import { seedCurrencies } from './currencies.ts';

describe('seeded currencies', () => {
  it('every currency the shop trades has a flag', () => {
    const missing = seedCurrencies.filter((c) => countryOfCurrency(c.code) === null).map((c) => c.code);
    expect(missing).toEqual([]);
  });
});
