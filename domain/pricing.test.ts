import { describe, expect, it } from 'vitest';
import { withContentOverrides } from './messages.ts';
import {
  applyBranchIncrement,
  branchChangeAltersRounding,
  canAddLine,
  capGbpAmount,
  currenciesForNewLine,
  currencyUnavailableMessage,
  floorToWholeUnits,
  limitBuyAmountInput,
  lineQuantityError,
  parseAmountInput,
  priceForeignAmount,
  priceGbpAmount,
  priceSellBackAmount,
  rateForForeign,
  rateForGbp,
  roundUpToIncrement,
  roundingWarning,
  tierThresholdMinor,
  type QuoteRates,
  priceDrivenAmount,
  priceWithinGbp,
} from './pricing.ts';

const euro = { code: 'EUR', symbol: '€' };

/** Base 1.10 per £1; 1.15 from 500 euros (£434.79); 1.20 from 1200 euros (£1,000). */
const quote: QuoteRates = {
  rate: 1.1,
  price: 0.9091,
  increment: 5,
  rateTiers: [
    { amount: 500, rate: 1.15, price: 0.8696 },
    { amount: 1200, rate: 1.2, price: 0.8334 },
  ],
};

describe('rate tiers (threshold = tier amount ÷ rate)', () => {
  it.each([
    [{ amount: 500, rate: 1.15, price: 0.8696 }, 43479],
    [{ amount: 1200, rate: 1.2, price: 0.8334 }, 100000],
  ])('%o has a threshold of %i pence', (tier, pence) => {
    expect(tierThresholdMinor(tier)).toBe(pence);
  });

  it.each([
    [10000, 1.1],
    [43478, 1.1],
    [43479, 1.15],
    [99999, 1.15],
    [100000, 1.2],
    [250000, 1.2],
  ])('£ %i pence gets rate %d', (pence, rate) => {
    expect(rateForGbp(quote, pence).rate).toBe(rate);
  });

  it.each([
    [25000, 1.1],
    [49999, 1.1],
    [50000, 1.15],
    [120000, 1.2],
  ])('%i euro cents get rate %d', (cents, rate) => {
    expect(rateForForeign(quote, cents, 'EUR').rate).toBe(rate);
  });

  it('uses the base rate and price when no tier is reached or there are none', () => {
    expect(rateForGbp({ ...quote, rateTiers: [] }, 999999)).toEqual({ rate: 1.1, price: 0.9091, tier: null });
  });
});

describe('rounding up to the branch increment', () => {
  it.each([
    [25000, 5, 25000],
    [25100, 5, 25500],
    [25001, 5, 25500],
    [25000, 20, 26000],
    [25000, 0, 25000],
  ])('%i euro cents at increment %i is %i', (cents, increment, rounded) => {
    expect(roundUpToIncrement(cents, 'EUR', increment)).toBe(rounded);
  });

  it('rounds yen to a 1000 note', () => {
    expect(roundUpToIncrement(25_001, 'JPY', 1000)).toBe(26_000);
  });

  it('warns when a branch change alters the rounding', () => {
    expect(branchChangeAltersRounding(25500, 'EUR', 10)).toBe(true);
    expect(branchChangeAltersRounding(26000, 'EUR', 10)).toBe(false);
    expect(applyBranchIncrement(25500, euro, 10)).toEqual({
      foreignMinor: 26000,
      warning: "Due to your chosen location, we've rounded the amount to the nearest €10",
    });
    expect(applyBranchIncrement(26000, euro, 10)).toEqual({ foreignMinor: 26000, warning: null });
  });

  it('takes the content wording of the rounding warning', () => {
    const text = withContentOverrides({ roundingWarning: 'This branch sells {symbol}{increment} notes' });
    expect(roundingWarning(euro, 20, text)).toBe('This branch sells €20 notes');
  });
});

describe('pricing a foreign amount', () => {
  it('rounds up then prices at the tier, rounding the price up', () => {
    // 251 -> 255 euros at 1.10 = £231.8181... -> £231.82
    expect(priceForeignAmount(25100, 'EUR', quote)).toEqual({
      foreignMinor: 25500,
      gbpMinor: 23182,
      rate: 1.1,
      price: 0.9091,
      tier: null,
      rounded: true,
    });
  });

  it('reaches a tier after rounding', () => {
    // 498 -> 500 euros reaches the 1.15 tier: £434.7826... -> £434.79
    const priced = priceForeignAmount(49800, 'EUR', quote);
    expect(priced.foreignMinor).toBe(50000);
    expect(priced.rate).toBe(1.15);
    expect(priced.gbpMinor).toBe(43479);
  });
});

describe('pricing a GBP amount (reverse conversion)', () => {
  it('converts £1000 at the tier it reaches and rounds to the increment', () => {
    // £1000 reaches 1.20: 1200 euros, already on the increment
    expect(priceGbpAmount(100000, 'EUR', quote)).toMatchObject({
      foreignMinor: 120000,
      gbpMinor: 100000,
      rate: 1.2,
      rounded: false,
      capped: false,
    });
  });

  it('rounds the converted amount up to the increment and reprices it', () => {
    // £100 at 1.10 = 110 euros; £101 = 111.10 -> 115 euros = £104.55
    expect(priceGbpAmount(10100, 'EUR', quote)).toMatchObject({
      foreignMinor: 11500,
      gbpMinor: 10455,
      rounded: true,
      capped: false,
    });
  });

  it('caps the conversion at £2,500', () => {
    const priced = priceGbpAmount(300000, 'EUR', quote);
    expect(priced.capped).toBe(true);
    expect(priced.foreignMinor).toBe(300000);
    expect(priced.gbpMinor).toBe(250000);
  });
});

describe('sell back', () => {
  it.each([
    [25099, 'EUR', 25000],
    [25000, 'EUR', 25000],
    [99, 'USD', 0],
    [1234, 'JPY', 1234],
  ])('%i minor %s floors to %i', (minor, code, floored) => {
    expect(floorToWholeUnits(minor, code)).toBe(floored);
  });

  it('floors, ignores the increment and prices at the tier', () => {
    expect(priceSellBackAmount(25150, 'EUR', quote)).toMatchObject({ foreignMinor: 25100, gbpMinor: 22819, rounded: true });
  });
});

describe('amount limits', () => {
  it.each([
    ['1000', '1000'],
    ['10000', '1000'],
    ['99.99', '99.9'],
    ['', ''],
  ])('buy amount input %s keeps %s (4 characters)', (typed, kept) => {
    expect(limitBuyAmountInput(typed)).toBe(kept);
  });

  it.each([
    [250000, 250000, { gbpMinor: 250000, error: null }],
    [250100, 250000, { gbpMinor: 250000, error: 'Maximum order value is £2,500' }],
    [150000, 100000, { gbpMinor: 100000, error: 'Maximum order value is £1,000' }],
  ])('%i pence against a maximum of %i', (pence, max, expected) => {
    expect(capGbpAmount(pence, max)).toEqual(expected);
  });

  it.each([
    [0, 'Amount should be greater than 0'],
    [-5, 'Amount should be greater than 0'],
    [Number.NaN, 'Amount should be greater than 0'],
    [null, 'Amount should be greater than 0'],
    [0.01, null],
    [250, null],
  ])('line quantity %s: %s', (qty, error) => {
    expect(lineQuantityError(qty)).toBe(error);
  });

  it('disables add-to-cart while the target is 0', () => {
    expect(canAddLine(0)).toBe(false);
    expect(canAddLine(500)).toBe(true);
  });

  it.each([
    ['250', 'EUR', 25000],
    ['1,000', 'GBP', 100000],
    ['12.5', 'GBP', 1250],
    ['.5', 'GBP', 50],
    ['12.345', 'GBP', null],
    ['abc', 'GBP', null],
    ['', 'GBP', null],
    ['2500', 'JPY', 2500],
    ['2500.5', 'JPY', null],
  ])('parses %s %s as %s', (text, code, minor) => {
    expect(parseAmountInput(text, code)).toBe(minor);
  });
});

describe('add new currency', () => {
  it('does not offer a currency already in the cart', () => {
    const currencies = [{ code: 'EUR' }, { code: 'USD' }, { code: 'JPY' }];
    expect(currenciesForNewLine(currencies, [{ currency: { code: 'USD' } }])).toEqual([{ code: 'EUR' }, { code: 'JPY' }]);
  });
});

describe('currency notices', () => {
  const euros = { pluralName: 'Euros', purchaseAllowed: true, sellBackAllowed: true };
  it.each([
    [{ ...euros, purchaseAllowed: false }, 'sell', "Oh snap! We don't have any Euros right now - check back soon!"],
    [{ ...euros, sellBackAllowed: false }, 'buy', "Oh snap! We can't buy Euros right now - check back soon!"],
    [{ ...euros, purchaseAllowed: false }, 'buy', null],
    [euros, 'sell', null],
  ] as const)('%o on the %s type: %s', (currency, type, text) => {
    expect(currencyUnavailableMessage(currency, type)).toBe(text);
  });

  it('takes the content wording', () => {
    const text = withContentOverrides({ currencyNotSellable: 'No {currency} in stock' });
    expect(currencyUnavailableMessage({ ...euros, purchaseAllowed: false }, 'sell', text)).toBe('No Euros in stock');
  });
});

const drivenQuote = { rate: 1.2, price: 0.8333, increment: 5, rateTiers: [] };
const buy = { sellBack: false, maxGbpMinor: 100_000 };

describe('a driven amount, priced (spec 5.1)', () => {
  it.each([
    // side, minor, foreign, gbp, error
    ['gbp', 50_000, 60_000, 50_000, null],
    ['gbp', 150_000, 120_000, 100_000, 'Maximum order value is £1,000'],
    ['foreign', 20_300, 20_500, 17_084, null],
    ['foreign', 200_000, 120_000, 100_000, 'Maximum order value is £1,000'],
  ] as const)('%s %i prices at %i foreign, %i pence, error %s', (side, minor, foreign, gbpMinor, error) => {
    const { priced, error: e } = priceDrivenAmount({ side, minor }, 'EUR', drivenQuote, buy);
    expect([priced.foreignMinor, priced.gbpMinor, e]).toEqual([foreign, gbpMinor, error]);
  });

  it('caps the conversion at £2,500 when the maximum is higher', () => {
    const { priced, error } = priceDrivenAmount({ side: 'gbp', minor: 400_000 }, 'EUR', drivenQuote, { sellBack: false, maxGbpMinor: 500_000 });
    expect([priced.gbpMinor, error]).toEqual([250_000, null]);
  });

  it('floors sell-back to whole units, without the maximum', () => {
    const { priced, error } = priceDrivenAmount({ side: 'foreign', minor: 4_075 }, 'EUR', drivenQuote, { sellBack: true, maxGbpMinor: 100 });
    expect([priced.foreignMinor, error]).toEqual([4_000, null]);
  });
});

describe('a capped amount stays within the maximum (spec 5.1, 9: maximum £2,500, conversion cap 2500)', () => {
  const at = (rate: number, increment: number, rateTiers: QuoteRates['rateTiers'] = []): QuoteRates => ({
    rate,
    price: 1 / rate,
    increment,
    rateTiers,
  });
  const max2500 = { sellBack: false, maxGbpMinor: 250_000 };

  it.each([
    // code, rate, increment, tiers, driver side, typed minor, foreign minor, pence
    // €9,000 typed: £2,500 buys €2,855.75; €2,860 (rounded up) would cost £2,503.72, €2,855 costs £2,499.35.
    ['EUR', 1.1423, 5, [], 'foreign', 900_000, 285_500, 249_935],
    ['EUR', 1.1423, 5, [], 'gbp', 900_000, 285_500, 249_935],
    // £2,500 itself: its notes would cost £2,503.72, so it is capped too.
    ['EUR', 1.1423, 5, [], 'gbp', 250_000, 285_500, 249_935],
    ['EUR', 1.1423, 20, [], 'foreign', 900_000, 284_000, 248_622],
    ['JPY', 186.45, 1000, [], 'foreign', 900_000, 466_000, 249_933],
    ['USD', 1.2561, 1, [], 'foreign', 900_000, 314_000, 249_981],
    // €2,858 reaches the 1.1432 tier at exactly £2,500; €2,855 falls below it, back to 1.10: €2,750.
    ['EUR', 1.1, 5, [{ amount: 2858, rate: 1.1432, price: 0.8747 }], 'foreign', 900_000, 275_000, 250_000],
  ] as const)('%s at %d in %is (tiers %j): %s %i is capped at %i foreign for %i pence', (code, rate, increment, tiers, side, minor, foreignMinor, gbpMinor) => {
    const { priced, error } = priceDrivenAmount({ side, minor }, code, at(rate, increment, [...tiers]), max2500);
    expect([priced.foreignMinor, priced.gbpMinor, error]).toEqual([foreignMinor, gbpMinor, 'Maximum order value is £2,500']);
  });

  it('caps the conversion at 2500 the same way when the maximum is higher, without the message', () => {
    const { priced, error } = priceDrivenAmount({ side: 'gbp', minor: 400_000 }, 'EUR', at(1.1423, 5), { sellBack: false, maxGbpMinor: 500_000 });
    expect([priced.foreignMinor, priced.gbpMinor, error]).toEqual([285_500, 249_935, null]);
  });

  it('rounds up as before when the notes are within the maximum', () => {
    // £2,400 buys €2,741.52, rounded up to €2,745 at £2,403.05.
    const { priced, error } = priceDrivenAmount({ side: 'gbp', minor: 240_000 }, 'EUR', at(1.1423, 5), max2500);
    expect([priced.foreignMinor, priced.gbpMinor, error]).toEqual([274_500, 240_305, null]);
  });

  it.each([1.1423, 1.1433, 1.2561, 1.105, 186.45])('never prices the notes above the maximum at %d', (rate) => {
    for (const increment of [1, 5, 10, 20, 1000]) {
      for (const minor of [240_000, 249_999, 250_000, 250_001, 300_000, 900_000, 5_000_000]) {
        for (const side of ['gbp', 'foreign'] as const) {
          const { priced } = priceDrivenAmount({ side, minor }, 'EUR', at(rate, increment), max2500);
          expect(priced.gbpMinor).toBeLessThanOrEqual(250_000);
          expect(priced.foreignMinor % (increment * 100)).toBe(0);
        }
      }
    }
  });

  it('is the largest amount on the increment within the limit', () => {
    const quote = at(1.1423, 5);
    const capped = priceWithinGbp(250_000, 'EUR', quote);
    expect(capped).toMatchObject({ foreignMinor: 285_500, gbpMinor: 249_935, rounded: true });
    expect(priceForeignAmount(capped.foreignMinor + 500, 'EUR', quote).gbpMinor).toBeGreaterThan(250_000);
  });
});
