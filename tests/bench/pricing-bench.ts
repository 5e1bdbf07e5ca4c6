/**
 * What exact money costs: domain/pricing.ts (dinero.js and bigint arithmetic in domain/money.ts)
 * against the same steps in plain floating-point numbers, on the same amounts and quote. The plain
 * version is only a yardstick: it is also counted for how often it is a penny out.
 */
import { priceForeignAmount, priceGbpAmount, CONVERSION_CAP_GBP_MINOR, type QuoteRates } from '#domain/pricing.ts';
import { compareThroughput, now, type ThroughputResult } from './measure.ts';

const CODE = 'EUR';
const FACTOR = 100;

/** The seeded euro quote at London Oxford Street (click and collect), as the API answers it. */
const QUOTE: QuoteRates = {
  rate: 1.1687,
  price: 0.85565158,
  increment: 10,
  rateTiers: [
    { amount: 588, rate: 1.1748, price: 0.85120872 },
    { amount: 1181, rate: 1.1808, price: 0.84688347 },
  ],
};

type Tier = QuoteRates['rateTiers'][number];

const plainThreshold = (tier: Tier): number => Math.ceil((tier.amount * 100) / tier.rate);

function plainChoice(quote: QuoteRates, reached: (tier: Tier) => boolean): { rate: number; price: number } {
  let chosen: Tier | null = null;
  for (const tier of quote.rateTiers) {
    if (reached(tier) && (chosen === null || plainThreshold(tier) > plainThreshold(chosen))) chosen = tier;
  }
  return chosen ?? quote;
}

const plainRoundUp = (minor: number, increment: number): number => {
  const step = increment * FACTOR;
  return Math.ceil(minor / step) * step;
};

const plainGbpPrice = (foreignMinor: number, rate: number): number => Math.ceil((foreignMinor * 100) / (FACTOR * rate));

function plainPriceForeign(foreignMinor: number, quote: QuoteRates): number {
  const rounded = plainRoundUp(foreignMinor, quote.increment);
  const choice = plainChoice(quote, (tier) => rounded >= tier.amount * FACTOR);
  return plainGbpPrice(rounded, choice.rate);
}

/** Above the cap: the most notes priced within it (rounded down to the increment). */
function plainPriceWithin(limit: number, quote: QuoteRates): number {
  const step = quote.increment * FACTOR;
  const choice = plainChoice(quote, (tier) => limit >= plainThreshold(tier));
  let foreign = Math.floor(Math.floor(((limit / 100) * choice.rate) * FACTOR) / step) * step;
  for (;;) {
    const price = plainGbpPrice(foreign, plainChoice(quote, (tier) => foreign >= tier.amount * FACTOR).rate);
    if (price <= limit || foreign <= 0) return price;
    foreign -= step;
  }
}

function plainPriceGbp(gbpMinor: number, quote: QuoteRates): number {
  if (gbpMinor > CONVERSION_CAP_GBP_MINOR) return plainPriceWithin(CONVERSION_CAP_GBP_MINOR, quote);
  const pounds = gbpMinor;
  const choice = plainChoice(quote, (tier) => pounds >= plainThreshold(tier));
  const converted = Math.floor(((pounds / 100) * choice.rate) * FACTOR);
  return plainGbpPrice(plainRoundUp(converted, quote.increment), choice.rate);
}

/** Deterministic amounts across the tiers: €1 to €3,000 and £10 to £3,000 (past the cap). */
function amounts(count: number, from: number, to: number): number[] {
  let seed = 0x2545f491;
  return Array.from({ length: count }, () => {
    seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
    return from + (seed % (to - from));
  });
}

const FOREIGN = amounts(1024, 100, 300_000);
const POUNDS = amounts(1024, 1_000, 300_000);

function batchOf(inputs: readonly number[], price: (amount: number) => number, repeats: number): () => number {
  return () => {
    let sum = 0;
    for (let r = 0; r < repeats; r++) for (const amount of inputs) sum += price(amount);
    return sum;
  };
}

/** Repeats of the input list that make one batch last about targetMs. */
function calibrate(inputs: readonly number[], price: (amount: number) => number, targetMs: number): number {
  let repeats = 1;
  for (;;) {
    const start = now();
    batchOf(inputs, price, repeats)();
    const elapsed = now() - start;
    if (elapsed >= targetMs / 4 || repeats >= 1 << 16) return Math.max(1, Math.round((repeats * targetMs) / Math.max(elapsed, 0.01)));
    repeats *= 2;
  }
}

export interface PricingResult extends ThroughputResult {
  fn: string;
  /** Amounts on which the plain version's GBP price differs from the exact one. */
  mismatches: number;
  inputs: number;
}

function compareOne(
  fn: string,
  inputs: readonly number[],
  exact: (amount: number) => number,
  plain: (amount: number) => number,
  budgetMs: number,
): PricingResult {
  const exactRepeats = calibrate(inputs, exact, 10);
  const plainRepeats = calibrate(inputs, plain, 10);
  const result = compareThroughput(
    { name: 'plain numbers', batch: batchOf(inputs, plain, plainRepeats), ops: inputs.length * plainRepeats },
    { name: fn, batch: batchOf(inputs, exact, exactRepeats), ops: inputs.length * exactRepeats },
    { rounds: 41, budgetMs },
  );
  const mismatches = inputs.filter((amount) => exact(amount) !== plain(amount)).length;
  return { fn, mismatches, inputs: inputs.length, ...result };
}

export function benchPricing(): PricingResult[] {
  return [
    compareOne(
      'priceForeignAmount',
      FOREIGN,
      (amount) => priceForeignAmount(amount, CODE, QUOTE).gbpMinor,
      (amount) => plainPriceForeign(amount, QUOTE),
      4_000,
    ),
    compareOne(
      'priceGbpAmount',
      POUNDS,
      (amount) => priceGbpAmount(amount, CODE, QUOTE).gbpMinor,
      (amount) => plainPriceGbp(amount, QUOTE),
      4_000,
    ),
  ];
}
