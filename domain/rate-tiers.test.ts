import { describe, expect, it } from 'vitest';
import type { QuoteRates } from './pricing.ts';
import { tierHintFor } from './rate-tiers.ts';

// Spec 9: a tier's threshold is its amount over its rate; these tiers start at £500 and £1,000.
const quote: QuoteRates = {
  rate: 1.15,
  price: 1 / 1.15,
  increment: 5,
  rateTiers: [
    { amount: 1180, rate: 1.18, price: 1 / 1.18 },
    { amount: 580, rate: 1.16, price: 1 / 1.16 },
  ],
};
const euro = { symbol: '€' };

describe('tier hint (spec 3 rateTiers, 9 thresholds)', () => {
  it.each([
    ['no amount yet', null, 'Better rate over £500: €1.1600', false],
    ['£100', 10_000, 'Better rate over £500: €1.1600', false],
    ['£499.99', 49_999, 'Better rate over £500: €1.1600', false],
    ['£500', 50_000, 'Better rate over £1,000: €1.1800', false],
    ['£999', 99_900, 'Better rate over £1,000: €1.1800', false],
    ['£1,000', 100_000, "You're getting our better rate for £1,000 and over", true],
    ['£2,500', 250_000, "You're getting our better rate for £1,000 and over", true],
  ])('%s: %s', (_, gbpMinor, text, reached) => {
    expect(tierHintFor(quote, gbpMinor, euro)).toEqual({ text, reached });
  });

  it('a quote without tiers has no hint', () => {
    expect(tierHintFor({ ...quote, rateTiers: [] }, 10_000, euro)).toBeNull();
  });
});
