/**
 * Tiered rates in words (spec 3: rateTiers; 9: tier thresholds are the tier's amount divided by its
 * rate): what the shopper's amount gets, and the next better rate a bigger amount would get.
 */
import type { RateTier } from './contract/catalogue.ts';
import { formatMessage, messages } from './messages.ts';
import { formatMoneyInText, formatRate } from './money.ts';
import { tierThresholdMinor, type QuoteRates } from './pricing.ts';

export interface TierHint {
  /** 'Better rate over £500: €1.1800', or that the amount already gets a better rate. */
  text: string;
  /** The amount reaches a tier (its better rate is the one shown), or a bigger amount would. */
  reached: boolean;
}

/** A threshold as a shopper reads it: whole pounds (the tier amount over its rate is a penny or so off). */
function thresholdText(tier: RateTier): string {
  return formatMoneyInText(Math.round(tierThresholdMinor(tier) / 100) * 100);
}

/**
 * The hint under the rate line for a GBP amount (null before one is known): the lowest tier above
 * the amount ('Better rate over £500: €1.1800'), else, once the amount reaches the highest tier,
 * that its better rate applies; null when the quote has no tiers.
 */
export function tierHintFor(quote: QuoteRates, gbpMinor: number | null, currency: { symbol: string }): TierHint | null {
  const tiers = [...quote.rateTiers].sort((a, b) => tierThresholdMinor(a) - tierThresholdMinor(b));
  if (tiers.length === 0) return null;
  const amount = gbpMinor ?? 0;
  const next = tiers.find((tier) => tierThresholdMinor(tier) > amount);
  if (next) {
    return { text: formatMessage(messages.betterRateOver, { threshold: thresholdText(next), symbol: currency.symbol, rate: formatRate(next.rate) }), reached: false };
  }
  const top = tiers[tiers.length - 1] as RateTier;
  return { text: formatMessage(messages.betterRateApplied, { threshold: thresholdText(top) }), reached: true };
}
