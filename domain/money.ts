/**
 * Money in the shop: GBP and foreign amounts as integers in minor units of their currency
 * (pence; cents for EUR; yen for JPY, whose exponent is 0). The wire carries decimal major units
 * (see contract/common.ts), so toMinor/toMajor sit at the edge.
 *
 * Rounding (spec 9): prices are rounded UP at 2 decimals; displayed amounts half-even; rates are
 * shown to 4 decimals. Rates are foreign units per £1.
 */
import {
  convert,
  dinero,
  down,
  halfEven,
  toDecimal,
  toSnapshot,
  transformScale,
  type Dinero,
  type DineroCurrency,
} from 'dinero.js';

export type Money = Dinero<number>;
export type Currency = DineroCurrency<number>;

export const GBP_CODE = 'GBP';
export const GBP_SYMBOL = '£';
const RATE_DECIMALS = 4;

/**
 * ISO 4217's minor units where they are not hundredths, as dinero.js/currencies defines them
 * (money.test.ts checks every code of that table): kept here rather than importing the table,
 * whose 166 currencies were a kilobyte and a half of every visitor's first load.
 */
const EXPONENTS: Readonly<Record<string, number>> = {
  BIF: 0, CLP: 0, DJF: 0, GNF: 0, ISK: 0, JPY: 0, KMF: 0, KRW: 0, PYG: 0, RWF: 0, UGX: 0, UYI: 0, VND: 0, VUV: 0, XAF: 0, XOF: 0, XPF: 0,
  MGA: 1, MRU: 1,
  BHD: 3, IQD: 3, JOD: 3, KWD: 3, LYD: 3, OMR: 3, TND: 3,
  CLF: 4, UYW: 4,
};
/** The ariary and the ouguiya divide into fifths (5 iraimbilanja, 5 khoums), not tenths. */
const BASES: Readonly<Record<string, number>> = { MGA: 5, MRU: 5 };

const currencies = new Map<string, Currency>();

/** The ISO 4217 definition (two decimals for a code ISO 4217 does not have). */
export function currencyFor(code: string): Currency {
  let currency = currencies.get(code);
  if (currency === undefined) {
    currency = Object.freeze({ code, base: BASES[code] ?? 10, exponent: EXPONENTS[code] ?? 2 });
    currencies.set(code, currency);
  }
  return currency;
}

export function exponentOf(code: string): number {
  const { exponent } = currencyFor(code);
  return exponent;
}

function factorOf(code: string): number {
  return 10 ** exponentOf(code);
}

export function money(minor: number, code: string): Money {
  assertMinor(minor);
  return dinero({ amount: minor, currency: currencyFor(code) });
}

export function gbp(minor: number): Money {
  return money(minor, GBP_CODE);
}

function assertMinor(minor: number): void {
  if (!Number.isSafeInteger(minor)) throw new RangeError(`Minor units must be a whole number, got ${minor}`);
}

/** Decimal major units (as on the wire) to minor units, half-even at the currency's exponent. */
export function toMinor(major: number, code: string = GBP_CODE): number {
  const scaled = toScaled(major);
  return Number(divide(BigInt(scaled.amount) * 10n ** BigInt(exponentOf(code)), 10n ** BigInt(scaled.scale), 'halfEven'));
}

/** Minor units to decimal major units for the wire. */
export function toMajor(minor: number, code: string = GBP_CODE): number {
  assertMinor(minor);
  return Number(toDecimal(money(minor, code)));
}

/** A decimal number as an exact integer and a power-of-ten scale (1.1523 -> 11523, 4). */
export function toScaled(value: number): { amount: number; scale: number } {
  if (!Number.isFinite(value)) throw new RangeError(`Not a finite number: ${value}`);
  let text = String(Math.abs(value));
  if (text.includes('e')) text = Math.abs(value).toFixed(12).replace(/0+$/, '');
  const [whole = '0', fraction = ''] = text.split('.');
  const amount = Number(whole + fraction) * (value < 0 ? -1 : 1);
  return { amount, scale: fraction.length };
}

type Rounding = 'up' | 'down' | 'halfEven';

/** Exact integer division of non-negative or negative bigints with the given rounding. */
function divide(numerator: bigint, denominator: bigint, rounding: Rounding): bigint {
  if (denominator === 0n) throw new RangeError('Division by zero');
  if (denominator < 0n) return divide(-numerator, -denominator, rounding);
  const quotient = numerator / denominator;
  const remainder = numerator % denominator;
  if (remainder === 0n) return quotient;
  // bigint division truncates toward zero; floor is one lower for negatives
  const floor = numerator < 0n ? quotient - 1n : quotient;
  if (rounding === 'down') return floor;
  if (rounding === 'up') return floor + 1n;
  const twice = 2n * (numerator - floor * denominator);
  if (twice < denominator) return floor;
  if (twice > denominator) return floor + 1n;
  return floor % 2n === 0n ? floor : floor + 1n;
}

function assertRate(rate: number): void {
  if (!(rate > 0) || !Number.isFinite(rate)) throw new RangeError(`A rate must be above 0, got ${rate}`);
}

/**
 * The GBP price in pence of a foreign amount at a rate (foreign per £1), rounded UP at 2 decimals
 * so the shop never undercharges by a fraction of a penny.
 */
export function gbpPriceOf(foreignMinor: number, code: string, rate: number): number {
  assertMinor(foreignMinor);
  assertRate(rate);
  const r = toScaled(rate);
  const numerator = BigInt(foreignMinor) * 100n * 10n ** BigInt(r.scale);
  const denominator = BigInt(factorOf(code)) * BigInt(r.amount);
  return Number(divide(numerator, denominator, 'up'));
}

/**
 * The foreign amount (minor units) that a GBP amount buys at a rate, rounded down to the
 * currency's minor unit: the shopper never gets more than the pounds pay for. Callers then round
 * up to the branch's increment (pricing.ts).
 */
export function foreignAmountOf(gbpMinor: number, code: string, rate: number): number {
  assertRate(rate);
  const r = toScaled(rate);
  const converted = convert(gbp(gbpMinor), currencyFor(code), { [code]: { amount: r.amount, scale: r.scale } });
  return toSnapshot(transformScale(converted, exponentOf(code), down)).amount;
}

/** Half-even rounding of a decimal number, for displayed amounts. */
export function roundHalfEven(value: number, decimals = 2): number {
  const s = toScaled(value);
  if (s.scale <= decimals) return value;
  const rounded = divide(BigInt(s.amount), 10n ** BigInt(s.scale - decimals), 'halfEven');
  return Number(rounded) / 10 ** decimals;
}

function group(whole: string): string {
  return whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/**
 * A whole number as a shopper reads it ('12,345'), grouped in threes as toLocaleString('en-GB')
 * would, without it: the first Intl call of a page loads the locale's data, tens of milliseconds
 * of the main thread on a phone, and the calculator's first render is the first page's largest
 * task (decision 064).
 */
export function formatCount(count: number): string {
  const whole = Math.trunc(count);
  return whole < 0 ? `-${group(String(-whole))}` : group(String(whole));
}

function formatDecimal(decimal: string, symbol: string): string {
  const negative = decimal.startsWith('-');
  const [whole = '0', fraction] = (negative ? decimal.slice(1) : decimal).split('.');
  const body = `${symbol}${group(whole)}${fraction === undefined ? '' : `.${fraction}`}`;
  return negative ? `-${body}` : body;
}

/** '£1,234.56' from 123456 pence. */
export function formatGbp(minor: number): string {
  return formatDecimal(toDecimal(gbp(minor)), GBP_SYMBOL);
}

/**
 * A foreign amount with its symbol at the currency's exponent ('€1,234.00', '¥25,000').
 * With wholeUnits, a whole amount drops its zero decimals ('€250').
 */
export function formatForeign(
  minor: number,
  currency: { code: string; symbol: string },
  options: { wholeUnits?: boolean } = {},
): string {
  const m = money(minor, currency.code);
  const whole = options.wholeUnits === true && minor % factorOf(currency.code) === 0;
  const decimal = whole ? toDecimal(transformScale(m, 0, halfEven)) : toDecimal(m);
  return formatDecimal(decimal, currency.symbol);
}

/** A GBP decimal amount from the wire, rounded half-even for display: 212.345 -> '£212.34'. */
export function formatGbpAmount(major: number): string {
  return formatGbp(toMinor(roundHalfEven(major, 2), GBP_CODE));
}

/** Plain figures for texts: 250000 pence -> '2,500', 250050 -> '2,500.50'. */
export function formatUnits(minor: number, code: string = GBP_CODE): string {
  const f = factorOf(code);
  return formatDecimal(minor % f === 0 ? String(minor / f) : toDecimal(money(minor, code)), '');
}

/**
 * An amount in a sentence, written as money: '£100' and '£75.50' for pounds (whole pounds without
 * decimals); another currency by its figures and code ('100 USD').
 */
export function formatMoneyInText(minor: number, code: string = GBP_CODE): string {
  if (code !== GBP_CODE) return `${formatUnits(minor, code)} ${code}`;
  return formatDecimal(formatUnits(minor, code).replace(/,/g, ''), GBP_SYMBOL);
}

/** A rate to 4 decimals, half-even: 1.15235 -> '1.1524'. */
export function formatRate(rate: number): string {
  const s = toScaled(rate);
  const shift = s.scale - RATE_DECIMALS;
  const units =
    shift > 0
      ? divide(BigInt(s.amount), 10n ** BigInt(shift), 'halfEven')
      : BigInt(s.amount) * 10n ** BigInt(-shift);
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(RATE_DECIMALS + 1, '0');
  return `${negative ? '-' : ''}${digits.slice(0, -RATE_DECIMALS)}.${digits.slice(-RATE_DECIMALS)}`;
}

/** A rate cut (not rounded) to 4 decimals, as the marketing tracker receives it (spec 7.6). */
export function truncateRate(rate: number): number {
  const s = toScaled(rate);
  if (s.scale <= RATE_DECIMALS) return rate;
  const cut = BigInt(s.amount) / 10n ** BigInt(s.scale - RATE_DECIMALS);
  return Number(cut) / 10 ** RATE_DECIMALS;
}

/** Sum of GBP minor amounts. */
export function sumMinor(amounts: readonly number[]): number {
  return amounts.reduce((total, a) => {
    assertMinor(a);
    return total + a;
  }, 0);
}
