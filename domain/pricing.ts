/**
 * Calculator and cart pricing rules (spec 5.1, 9). Amounts are minor units (money.ts); the quote's
 * rate, price and increment stay as the API sends them: rate in foreign units per £1, price in GBP
 * per foreign unit, increment (the branch's smallest note) and tier amounts in foreign units.
 */
import type { QuoteResponse, RateTier } from './contract/catalogue.ts';
import { defaultOverridableTexts, formatMessage, messages, type Messages } from './messages.ts';
import { exponentOf, foreignAmountOf, formatUnits, gbpPriceOf, toMinor } from './money.ts';

export type QuoteRates = Pick<QuoteResponse, 'rate' | 'price' | 'increment' | 'rateTiers'>;

/** Debounce of the calculator's amount inputs, and of cart line updates (spec 5.1). */
export const AMOUNT_DEBOUNCE_MS = 500;
export const LINE_UPDATE_DEBOUNCE_MS = 600;

/** Amount inputs ignore Tab (spec 5.1): moving through the form is not typing an amount. */
export function isIgnoredAmountKey(key: string | null | undefined): boolean {
  return key === 'Tab';
}

/** Hard cap of the GBP -> foreign conversion (spec 5.1, 9). */
export const CONVERSION_CAP_GBP_MINOR = 250_000;

/** The buy amount (GBP) input accepts at most 4 characters (spec 5.1). */
export const BUY_AMOUNT_MAX_LENGTH = 4;

export function limitBuyAmountInput(text: string): string {
  return text.slice(0, BUY_AMOUNT_MAX_LENGTH);
}

/**
 * Typed text to minor units: digits with at most the currency's decimals, thousands commas
 * allowed. Anything else (empty, letters, too many decimals) is null.
 */
export function parseAmountInput(text: string, code: string): number | null {
  const cleaned = text.trim().replace(/,/g, '');
  const decimals = exponentOf(code);
  const pattern = decimals > 0 ? new RegExp(`^\\d+(\\.\\d{0,${decimals}})?$|^\\.\\d{1,${decimals}}$`) : /^\d+$/;
  if (!pattern.test(cleaned)) return null;
  return toMinor(Number(cleaned), code);
}

export interface RateChoice {
  rate: number;
  price: number;
  /** The tier reached, or null for the quote's base rate. */
  tier: RateTier | null;
}

/** A tier's GBP threshold: its foreign amount divided by its rate, rounded up to the penny. */
export function tierThresholdMinor(tier: RateTier): number {
  return gbpPriceOf(toMinor(tier.amount, 'GBP'), 'GBP', tier.rate);
}

function best(quote: QuoteRates, reached: (tier: RateTier) => boolean): RateChoice {
  let chosen: RateTier | null = null;
  for (const tier of quote.rateTiers) {
    if (reached(tier) && (chosen === null || tierThresholdMinor(tier) > tierThresholdMinor(chosen))) chosen = tier;
  }
  return chosen === null
    ? { rate: quote.rate, price: quote.price, tier: null }
    : { rate: chosen.rate, price: chosen.price, tier: chosen };
}

/** The rate for a GBP amount: the tier with the highest threshold the amount reaches. */
export function rateForGbp(quote: QuoteRates, gbpMinor: number): RateChoice {
  return best(quote, (tier) => gbpMinor >= tierThresholdMinor(tier));
}

/**
 * The rate for a foreign amount. At a tier's own rate, foreign / rate >= amount / rate exactly
 * when foreign >= amount, so the tier is reached when the foreign amount reaches the tier amount.
 */
export function rateForForeign(quote: QuoteRates, foreignMinor: number, code: string): RateChoice {
  return best(quote, (tier) => foreignMinor >= toMinor(tier.amount, code));
}

/** Rounds a foreign amount UP to the branch's increment (spec 5.1). */
export function roundUpToIncrement(foreignMinor: number, code: string, increment: number): number {
  const step = toMinor(increment, code);
  if (step <= 0) return foreignMinor;
  return Math.ceil(foreignMinor / step) * step;
}

/** The warning shown when a branch change alters the rounding; content may reword it. */
export function roundingWarning(
  currency: { symbol: string },
  increment: number,
  text: Pick<Messages, 'roundingWarning'> = defaultOverridableTexts,
): string {
  return formatMessage(text.roundingWarning, { symbol: currency.symbol, increment: String(increment) });
}

/** True when the current amount is not on the new branch's increment, so rounding changes it. */
export function branchChangeAltersRounding(foreignMinor: number, code: string, newIncrement: number): boolean {
  return roundUpToIncrement(foreignMinor, code, newIncrement) !== foreignMinor;
}

/** Re-rounds the amount for a newly chosen branch and says why when it changed. */
export function applyBranchIncrement(
  foreignMinor: number,
  currency: { code: string; symbol: string },
  newIncrement: number,
  text: Pick<Messages, 'roundingWarning'> = defaultOverridableTexts,
): { foreignMinor: number; warning: string | null } {
  const rounded = roundUpToIncrement(foreignMinor, currency.code, newIncrement);
  return {
    foreignMinor: rounded,
    warning: rounded === foreignMinor ? null : roundingWarning(currency, newIncrement, text),
  };
}

export interface PricedAmount {
  foreignMinor: number;
  gbpMinor: number;
  rate: number;
  price: number;
  tier: RateTier | null;
  /** The foreign amount was moved up to the branch's increment. */
  rounded: boolean;
}

/** A foreign amount typed by the shopper: rounded up to the increment, then priced at its tier. */
export function priceForeignAmount(foreignMinor: number, code: string, quote: QuoteRates): PricedAmount {
  return pricedAs(roundUpToIncrement(foreignMinor, code, quote.increment), foreignMinor, code, quote);
}

/**
 * The largest amount on the branch's increment whose price is within a GBP limit: a capped amount
 * is rounded DOWN to the increment, since rounding it up would price it above the limit. Below a
 * tier's amount the rate is worse, so an amount that falls out of its tier is converted again.
 */
export function priceWithinGbp(limitGbpMinor: number, code: string, quote: QuoteRates): PricedAmount {
  const step = Math.max(toMinor(quote.increment, code), 1);
  const floorToStep = (minor: number) => Math.floor(minor / step) * step;
  const converted = foreignAmountOf(limitGbpMinor, code, rateForGbp(quote, limitGbpMinor).rate);
  let foreignMinor = floorToStep(converted);
  for (;;) {
    const choice = rateForForeign(quote, foreignMinor, code);
    const gbpMinor = gbpPriceOf(foreignMinor, code, choice.rate);
    if (gbpMinor <= limitGbpMinor || foreignMinor <= 0) {
      return { foreignMinor, gbpMinor, rate: choice.rate, price: choice.price, tier: choice.tier, rounded: foreignMinor !== converted };
    }
    foreignMinor = Math.min(foreignMinor - step, floorToStep(foreignAmountOf(limitGbpMinor, code, choice.rate)));
  }
}

/**
 * A GBP amount typed by the shopper, converted at the tier the pounds reach, rounded up to the
 * increment, and priced again so the cost matches the notes. Above £2,500 the conversion is capped:
 * the most notes whose price is within £2,500.
 */
export function priceGbpAmount(
  gbpMinor: number,
  code: string,
  quote: QuoteRates,
): PricedAmount & { capped: boolean } {
  if (gbpMinor > CONVERSION_CAP_GBP_MINOR) return { ...priceWithinGbp(CONVERSION_CAP_GBP_MINOR, code, quote), capped: true };
  const choice = rateForGbp(quote, gbpMinor);
  const converted = foreignAmountOf(gbpMinor, code, choice.rate);
  const rounded = roundUpToIncrement(converted, code, quote.increment);
  return {
    foreignMinor: rounded,
    gbpMinor: gbpPriceOf(rounded, code, choice.rate),
    rate: choice.rate,
    price: choice.price,
    tier: choice.tier,
    rounded: rounded !== converted,
    capped: false,
  };
}

/** Sell-back amounts are floored to whole units (spec 5.1). */
export function floorToWholeUnits(foreignMinor: number, code: string): number {
  const unit = 10 ** exponentOf(code);
  return Math.floor(foreignMinor / unit) * unit;
}

/** A sell-back amount: floored to whole units, no increment, priced at its tier. */
export function priceSellBackAmount(foreignMinor: number, code: string, quote: QuoteRates): PricedAmount {
  return pricedAs(floorToWholeUnits(foreignMinor, code), foreignMinor, code, quote);
}

/** An amount already made sellable (from what the shopper typed), priced at the tier it reaches. */
function pricedAs(sellable: number, typed: number, code: string, quote: QuoteRates): PricedAmount {
  const choice = rateForForeign(quote, sellable, code);
  return {
    foreignMinor: sellable,
    gbpMinor: gbpPriceOf(sellable, code, choice.rate),
    rate: choice.rate,
    price: choice.price,
    tier: choice.tier,
    rounded: sellable !== typed,
  };
}

/** Caps a GBP amount at the configured maximum with 'Maximum order value is £{max}'. */
export function capGbpAmount(gbpMinor: number, maxGbpMinor: number): { gbpMinor: number; error: string | null } {
  if (gbpMinor <= maxGbpMinor) return { gbpMinor, error: null };
  return { gbpMinor: maxGbpMinor, error: maximumOrderValueMessage(maxGbpMinor) };
}

export function maximumOrderValueMessage(maxGbpMinor: number): string {
  return formatMessage(messages.maximumOrderValue, { max: formatUnits(maxGbpMinor) });
}

/** A cart line quantity must be above 0 (spec 5.1); null when it is. */
export function lineQuantityError(qty: number | null | undefined): string | null {
  return typeof qty === 'number' && Number.isFinite(qty) && qty > 0 ? null : messages.amountGreaterThanZero;
}

/** Add-to-cart in the new-line form is disabled while the target amount is 0 (spec 5.1). */
export function canAddLine(foreignMinor: number): boolean {
  return foreignMinor > 0;
}

/** Currencies already in the cart are not offered in 'Add new currency' (spec 5.1). */
export function currenciesForNewLine<C extends { code: string }>(
  currencies: readonly C[],
  lines: readonly { currency: { code: string } }[],
): C[] {
  const inCart = new Set(lines.map((line) => line.currency.code));
  return currencies.filter((c) => !inCart.has(c.code));
}

/**
 * The notice for a currency the shop cannot trade in the chosen direction (spec 8): not sellable
 * when the customer buys ('sell' type) and purchase is not allowed; not buyable when the customer
 * sells back ('buy' type) and sell-back is not allowed. Content may reword both.
 */
export function currencyUnavailableMessage(
  currency: { pluralName: string; purchaseAllowed: boolean; sellBackAllowed: boolean },
  type: 'sell' | 'buy',
  text: Pick<Messages, 'currencyNotSellable' | 'currencyNotBuyable'> = defaultOverridableTexts,
): string | null {
  if (type === 'sell' && !currency.purchaseAllowed) {
    return formatMessage(text.currencyNotSellable, { currency: currency.pluralName });
  }
  if (type === 'buy' && !currency.sellBackAllowed) {
    return formatMessage(text.currencyNotBuyable, { currency: currency.pluralName });
  }
  return null;
}

/** The amount the shopper drives (typed, or reset by spec 4.5): its side and minor units. */
export interface AmountDriver {
  side: 'foreign' | 'gbp';
  minor: number;
}

/**
 * Prices a driven amount for a product: sell-back is floored to whole units; the buy pickers are
 * rounded up to the increment and capped at the configured GBP maximum with 'Maximum order value
 * is £{max}' (a GBP amount above it, or any amount whose notes are priced above it), and the
 * conversion itself caps at £2,500. A capped amount is the most notes priced within the cap, so
 * the price shown never exceeds the maximum next to it.
 */
export function priceDrivenAmount(
  driver: AmountDriver,
  code: string,
  quote: QuoteRates,
  options: { sellBack: boolean; maxGbpMinor: number },
): { priced: PricedAmount; error: string | null } {
  if (options.sellBack) {
    const foreign = driver.side === 'foreign' ? driver.minor : foreignAmountOf(driver.minor, code, quote.rate);
    return { priced: priceSellBackAmount(foreign, code, quote), error: null };
  }
  const max = options.maxGbpMinor;
  const priced = driver.side === 'gbp' ? priceGbpAmount(driver.minor, code, quote) : priceForeignAmount(driver.minor, code, quote);
  const overMaximum = (driver.side === 'gbp' && driver.minor > max) || priced.gbpMinor > max;
  if (!overMaximum) return { priced, error: null };
  return { priced: priceWithinGbp(Math.min(max, CONVERSION_CAP_GBP_MINOR), code, quote), error: maximumOrderValueMessage(max) };
}
