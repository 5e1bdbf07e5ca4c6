import * as iso from 'dinero.js/currencies';
import { describe, expect, it } from 'vitest';
import {
  currencyFor,
  exponentOf,
  foreignAmountOf,
  formatCount,
  formatForeign,
  formatGbp,
  formatGbpAmount,
  formatRate,
  formatUnits,
  gbpPriceOf,
  roundHalfEven,
  sumMinor,
  toMajor,
  toMinor,
  toScaled,
  truncateRate,
} from './money.ts';

describe('currencies', () => {
  it.each([
    ['GBP', 2],
    ['EUR', 2],
    ['JPY', 0],
    ['KWD', 3],
  ])('%s has exponent %i', (code, exponent) => {
    expect(exponentOf(code)).toBe(exponent);
  });

  it.each(Object.entries(iso))('%s is defined as dinero.js/currencies defines it', (code, definition) => {
    expect(currencyFor(code)).toEqual(definition);
  });

  it('builds a two-decimal currency for a code dinero.js does not know', () => {
    expect(currencyFor('XYZ')).toEqual({ code: 'XYZ', base: 10, exponent: 2 });
  });
});

describe('minor and major units', () => {
  it.each([
    [1234.56, 'GBP', 123456],
    [250, 'EUR', 25000],
    [0.1 + 0.2, 'GBP', 30],
    [25000, 'JPY', 25000],
    [2500, 'GBP', 250000],
  ])('%d %s is %i minor', (major, code, minor) => {
    expect(toMinor(major, code)).toBe(minor);
  });

  it.each([
    [123456, 'GBP', 1234.56],
    [25000, 'EUR', 250],
    [25000, 'JPY', 25000],
  ])('%i %s minor is %d', (minor, code, major) => {
    expect(toMajor(minor, code)).toBe(major);
  });

  it('rejects fractions of a minor unit', () => {
    expect(() => toMajor(1.5)).toThrow(RangeError);
  });

  it.each([
    [1.1523, { amount: 11523, scale: 4 }],
    [250, { amount: 250, scale: 0 }],
    [1e-7, { amount: 1, scale: 7 }],
  ])('scales %d', (value, scaled) => {
    expect(toScaled(value)).toEqual(scaled);
  });
});

describe('prices are rounded up at 2 decimals', () => {
  it.each([
    // 250 EUR at 1.1523 per £1 = £216.9574... -> £216.96
    [25000, 'EUR', 1.1523, 21696],
    // 250 EUR at 1.25 = £200 exactly
    [25000, 'EUR', 1.25, 20000],
    // 1 USD at 1.3 = £0.7692... -> £0.77
    [100, 'USD', 1.3, 77],
    // 25,000 JPY at 190.12 = £131.4959... -> £131.50
    [25000, 'JPY', 190.12, 13150],
  ])('%i minor %s at %d costs %i pence', (foreign, code, rate, pence) => {
    expect(gbpPriceOf(foreign, code, rate)).toBe(pence);
  });

  it('refuses a rate at or below 0', () => {
    expect(() => gbpPriceOf(100, 'EUR', 0)).toThrow(RangeError);
  });
});

describe('foreign amount bought by pounds', () => {
  it.each([
    // £1000 at 1.1523 = 1152.30 EUR
    [100000, 'EUR', 1.1523, 115230],
    // £100 at 1.15234 = 115.234 -> 115.23 (never more than the pounds pay for)
    [10000, 'EUR', 1.15234, 11523],
    // £100 at 190.129 JPY = 19012.9 -> 19012
    [10000, 'JPY', 190.129, 19012],
  ])('%i pence in %s at %d is %i minor', (pence, code, rate, foreign) => {
    expect(foreignAmountOf(pence, code, rate)).toBe(foreign);
  });
});

describe('display', () => {
  it.each([
    [123456, '£1,234.56'],
    [0, '£0.00'],
    [5, '£0.05'],
    [100000000, '£1,000,000.00'],
    [-400, '-£4.00'],
  ])('formatGbp(%i) is %s', (minor, text) => {
    expect(formatGbp(minor)).toBe(text);
  });

  it.each([
    [123400, { code: 'EUR', symbol: '€' }, {}, '€1,234.00'],
    [25000, { code: 'EUR', symbol: '€' }, { wholeUnits: true }, '€250'],
    [25050, { code: 'EUR', symbol: '€' }, { wholeUnits: true }, '€250.50'],
    [25000, { code: 'JPY', symbol: '¥' }, {}, '¥25,000'],
  ])('formatForeign(%i, %o, %o) is %s', (minor, currency, options, text) => {
    expect(formatForeign(minor, currency, options)).toBe(text);
  });

  it.each([0, 7, 999, 1000, 12345, 1234567, 1000000000, -4500])('formatCount(%i) groups as toLocaleString en-GB does', (count) => {
    expect(formatCount(count)).toBe(count.toLocaleString('en-GB'));
  });

  it.each([
    [212.345, '£212.34'],
    [212.355, '£212.36'],
    [212.3449, '£212.34'],
    [10, '£10.00'],
  ])('displayed amount %d rounds half-even to %s', (major, text) => {
    expect(formatGbpAmount(major)).toBe(text);
  });

  it.each([
    [2.5, 0, 2],
    [3.5, 0, 4],
    [1.125, 2, 1.12],
    [1.135, 2, 1.14],
  ])('roundHalfEven(%d, %i) is %d', (value, decimals, rounded) => {
    expect(roundHalfEven(value, decimals)).toBe(rounded);
  });

  it.each([
    [250000, 'GBP', '2,500'],
    [250050, 'GBP', '2,500.50'],
    [15000, 'GBP', '150'],
  ])('formatUnits(%i, %s) is %s', (minor, code, text) => {
    expect(formatUnits(minor, code)).toBe(text);
  });
});

describe('rates', () => {
  it.each([
    [1.15235, '1.1524'],
    [1.15245, '1.1524'],
    [1.1, '1.1000'],
    [190.123456, '190.1235'],
    [0.00012345, '0.0001'],
  ])('formatRate(%d) is %s (4 decimals)', (rate, text) => {
    expect(formatRate(rate)).toBe(text);
  });

  it.each([
    [1.15239, 1.1523],
    [1.1, 1.1],
    [190.123456, 190.1234],
  ])('truncateRate(%d) is %d', (rate, cut) => {
    expect(truncateRate(rate)).toBe(cut);
  });
});

it('sums minor amounts', () => {
  expect(sumMinor([21696, 400, 300])).toBe(22396);
});
