/**
 * Customer rates (spec 3 "Quote/rate", 7.2) from the mid-market history in the rates table.
 *
 * Rates are foreign units per £1. The shop's margin m is
 *   product margin + currency extra margin
 *   - the product's loyalty cut (visitor with a loyalty profile)
 *   then times (1 - affiliate's share) for an active affiliate code,
 *   never below MIN_MARGIN.
 * The customer buys (products 1, 2: 'sell' type) at mid * (1 - m), rounded DOWN to 4 decimals,
 * and sells back (product 3: 'buy' type) at mid * (1 + m), rounded UP: both roundings favour the
 * shop by less than a ten-thousandth. price = 1 / rate (GBP per foreign unit).
 * A tier (from £500, from £1000 worth) takes further margin points off; its `amount` is the
 * foreign amount at which it starts, ceil(threshold * tier rate), so that amount / rate is the
 * threshold (spec 9: tier thresholds computed as amount divided by rate).
 * The increment is the branch's smallest note (a branch may override the currency's default);
 * sell-back amounts are whole units (increment 1).
 */
import { and, asc, desc, eq, inArray, lte } from 'drizzle-orm';
import type { ChartPoint, QuoteResponse, RateTier, RatesBoard } from '#domain/contract/catalogue.ts';
import { POPULAR_CURRENCY_CODES } from '#domain/currency-flags.ts';
import { PRODUCT } from '#domain/products.ts';
import { HttpProblem } from '../errors.ts';
import { londonDateKey } from '#domain/availability.ts';
import { formatMessage, messages } from '#domain/messages.ts';
import { isProductId, transactionTypeOf } from '#domain/products.ts';
import type { Db } from '../db/client.ts';
import * as t from '../db/schema.ts';
import type { Deps } from '../deps.ts';
import { notFound, unprocessable } from '../errors.ts';
import { findCurrency, findSite } from './catalogue.ts';
import type { MidRate, ReferenceData } from './reference.ts';

export const MIN_MARGIN = 0.005;

export interface QuoteInput {
  siteId: number;
  storeId: number;
  productId: number;
  currencyCode: string;
  /** The session's loyalty profile (better rates). */
  hasProfile: boolean;
  affiliateCode?: string | null;
}

export interface PricedQuote extends QuoteResponse {
  currency: { code: string; pluralName: string; shortName: string; symbol: string };
  productId: 1 | 2 | 3;
  transactionType: 'sell' | 'buy';
  /** The mid-market rate used and its date. */
  mid: number;
  rateDate: string;
  /** The margin applied to the base rate (before tiers). */
  margin: number;
  /** The affiliate code that was applied (upper case), or null when none or unknown. */
  affiliateCode: string | null;
}

const floor4 = (x: number) => Math.floor(x * 10_000 + 1e-9) / 10_000;
const ceil4 = (x: number) => Math.ceil(x * 10_000 - 1e-9) / 10_000;
const round8 = (x: number) => Math.round(x * 1e8) / 1e8;

function customerRate(mid: number, margin: number, type: 'sell' | 'buy'): number {
  return type === 'sell' ? floor4(mid * (1 - margin)) : ceil4(mid * (1 + margin));
}

/**
 * Prices a currency for a site, store and product: what GET .../rates/currency/{code} answers, and
 * what the cart prices its lines with. Reads the reference data from memory (services/reference.ts):
 * a warm quote sends no SQL. Throws a 404 problem for an unknown site, store, product or currency,
 * and a 422 problem (with the spec's 'Oh snap!' text) for a currency the shop does not trade in
 * that direction.
 */
export async function quoteFor(deps: Pick<Deps, 'reference' | 'clock'>, input: QuoteInput): Promise<PricedQuote> {
  const ref = await deps.reference.current();
  return priceQuote(ref, await ref.midRates(londonDateKey(deps.clock.now())), input);
}

/** quoteFor on reference data already in hand. */
export function priceQuote(ref: ReferenceData, mids: ReadonlyMap<string, MidRate>, input: QuoteInput): PricedQuote {
  findSite(ref, input.siteId);
  const product = ref.products.get(input.productId);
  if (product === undefined || !isProductId(product.id)) throw notFound(`There is no product ${input.productId}.`);
  if (!ref.siteProducts.has(`${input.siteId}:${input.productId}`)) throw notFound(`Product ${input.productId} is not offered on site ${input.siteId}.`);
  const store = ref.stores.get(input.storeId);
  if (store === undefined || (store.siteId !== null && store.siteId !== input.siteId)) throw notFound(`There is no store ${input.storeId}.`);
  const currency = findCurrency(ref, input.currencyCode);

  const type = transactionTypeOf(product.id);
  if (type === 'sell' && !currency.purchaseAllowed) {
    throw unprocessable(formatMessage(messages.currencyNotSellable, { currency: currency.pluralName }), 'currency-not-sellable');
  }
  if (type === 'buy' && !currency.sellBackAllowed) {
    throw unprocessable(formatMessage(messages.currencyNotBuyable, { currency: currency.pluralName }), 'currency-not-buyable');
  }

  const midRate = mids.get(currency.code);
  if (midRate === undefined) throw notFound(`There is no rate for ${currency.code}.`);
  const { mid, date } = midRate;
  let margin = product.margin + currency.extraMargin - (input.hasProfile ? product.loyaltyMarginCut : 0);
  let affiliateCode: string | null = null;
  const code = input.affiliateCode?.trim().toUpperCase();
  if (code) {
    const affiliate = ref.affiliates.get(code);
    if (affiliate !== undefined) {
      margin *= 1 - affiliate.marginDiscount;
      affiliateCode = affiliate.code;
    }
  }
  margin = Math.max(MIN_MARGIN, margin);

  const rate = customerRate(mid, margin, type);
  const rateTiers: RateTier[] = (ref.tiers.get(product.id) ?? []).map((tier) => {
    const tierRate = customerRate(mid, Math.max(MIN_MARGIN, margin - tier.marginCut), type);
    return { amount: Math.ceil(tier.thresholdGbp * tierRate), rate: tierRate, price: round8(1 / tierRate) };
  });
  // The branch's smallest note (its own, else the currency's); sell back is in whole units.
  const increment = type === 'buy' ? 1 : (ref.increments.get(`${input.storeId}:${currency.code}`) ?? currency.defaultIncrement);

  return {
    rate,
    price: round8(1 / rate),
    increment,
    rateTiers,
    currency: { code: currency.code, pluralName: currency.pluralName, shortName: currency.shortName, symbol: currency.symbol },
    productId: product.id,
    transactionType: type,
    mid,
    rateDate: date,
    margin,
    affiliateCode,
  };
}

/**
 * Daily mid rates for the chart, oldest first: foreign units per £1, or with `inverted` GBP per
 * foreign unit (the chart of a /{...}-to-gbp page).
 */
export async function rateHistory(deps: Pick<Deps, 'db' | 'reference'>, code: string, inverted: boolean): Promise<ChartPoint[]> {
  const currency = findCurrency(await deps.reference.current(), code);
  const { db } = deps;
  const rows = await db
    .select({ date: t.rates.rateDate, mid: t.rates.mid, sample: t.rates.sample })
    .from(t.rates)
    .where(eq(t.rates.currencyCode, currency.code))
    .orderBy(asc(t.rates.rateDate));
  return rows.map((r) => ({
    date: r.date,
    rate: inverted ? round8(1 / r.mid) : Math.round(r.mid * 1e6) / 1e6,
    ...(r.sample ? { sample: true as const } : {}),
  }));
}

/** The first and last dates of the rate history, for the README and diagnostics. */
export async function rateHistorySpan(db: Db): Promise<{ first: string; last: string } | null> {
  const [first] = await db.select({ d: t.rates.rateDate }).from(t.rates).orderBy(asc(t.rates.rateDate)).limit(1);
  const [last] = await db.select({ d: t.rates.rateDate }).from(t.rates).orderBy(desc(t.rates.rateDate)).limit(1);
  return first && last ? { first: first.d, last: last.d } : null;
}

/** How many days of mid rates each sparkline of the rates board draws: the last this many it has. */
export const RATES_BOARD_DAYS = 31;

/**
 * The home page's rates board: for each popular currency the shop trades, today's home delivery
 * rate and sell-back rate per £1 at the site's default branch (priced as the quote prices them),
 * and the last month's mid rates (one SQL statement; the rates come from memory).
 */
export async function ratesBoard(deps: Pick<Deps, 'db' | 'reference' | 'clock'>, siteId: number): Promise<RatesBoard> {
  const ref = await deps.reference.current();
  const site = findSite(ref, siteId);
  const day = londonDateKey(deps.clock.now());
  const mids = await ref.midRates(day);
  const codes = POPULAR_CURRENCY_CODES.filter((code) => ref.currencyByCode.has(code) && mids.has(code));
  const rateOf = (productId: number, currencyCode: string): number | null => {
    try {
      return priceQuote(ref, mids, { siteId, storeId: site.defaultStoreId, productId, currencyCode, affiliateCode: null, hasProfile: false }).rate;
    } catch (error) {
      // Not offered on this site, or not traded in that direction: the board shows a dash.
      if (error instanceof HttpProblem && (error.status === 404 || error.status === 422)) return null;
      throw error;
    }
  };
  // The last days with rates up to the latest (a gap, such as the bundled history ending before
  // today's import, is skipped over). Read once a day per process (the route keeps the board).
  const latest = codes.map((code) => mids.get(code)?.date ?? day).reduce((a, b) => (b > a ? b : a), '');
  const rows =
    codes.length === 0
      ? []
      : await deps.db
          .select({ code: t.rates.currencyCode, date: t.rates.rateDate, mid: t.rates.mid, sample: t.rates.sample })
          .from(t.rates)
          .where(and(inArray(t.rates.currencyCode, codes), lte(t.rates.rateDate, latest || day)))
          .orderBy(asc(t.rates.rateDate));
  return {
    date: latest || day,
    sample: rows.some((r) => r.sample),
    currencies: codes.map((code) => ({
      code,
      pluralName: findCurrency(ref, code).pluralName,
      buyRate: rateOf(PRODUCT.HOME_DELIVERY, code),
      sellBackRate: rateOf(PRODUCT.SELL_BACK, code),
      history: rows
        .filter((r) => r.code.trim() === code && r.date <= (latest || day))
        .slice(-RATES_BOARD_DAYS)
        .map((r) => ({ date: r.date, rate: Math.round(r.mid * 1e6) / 1e6 })),
    })),
  };
}
