import type { Currency, ProductId, QuoteResponse } from '#domain/contract/catalogue.ts';
import { buybackTooSmallMessage, guaranteeFeesMinor, isBuybackEligible, nextBuybackChoice, nextRefundChoice, type GuaranteeChoice, type GuaranteeContext } from '#domain/guarantees.ts';
import { messages } from '#domain/messages.ts';
import { toMinor } from '#domain/money.ts';
import { currencyUnavailableMessage, priceForeignAmount, priceSellBackAmount } from '#domain/pricing.ts';
import { isSellBack, transactionTypeOf } from '#domain/products.ts';

export const MAX_UNITS = 1_000_000_000;
export const AMOUNT_TOO_LARGE = 'That amount is too large to order online';

export interface PricedLine {
  /** Foreign minor units after the increment (buy) or whole-unit (sell back) rounding. */
  qtyMinor: number;
  /** GBP pence, rounded up. */
  totalMinor: number;
  rate: number;
  price: number;
  increment: number;
}

export type LinePricing = { ok: true; line: PricedLine } | { ok: false; field: 'currencyCode' | 'qty'; message: string };

/**
 * Prices a requested amount exactly as the calculator does (domain/pricing.ts): buy products round
 * the foreign amount up to the branch's increment, sell back floors it to whole units; the GBP
 * total is rounded up to the penny at the tier the amount reaches. The client's own figures are
 * never used.
 */
export function priceLine(productId: ProductId, currency: Currency, quote: QuoteResponse, qty: number): LinePricing {
  const unavailable = currencyUnavailableMessage(currency, transactionTypeOf(productId));
  if (unavailable) return { ok: false, field: 'currencyCode', message: unavailable };
  if (!(qty > 0) || !Number.isFinite(qty)) return { ok: false, field: 'qty', message: messages.amountGreaterThanZero };
  // Far above any spend limit; keeps the arithmetic in safe integers (the spend rule gives the real limit).
  if (qty > MAX_UNITS) return { ok: false, field: 'qty', message: AMOUNT_TOO_LARGE };
  const requested = toMinor(qty, currency.code);
  const priced = isSellBack(productId)
    ? priceSellBackAmount(requested, currency.code, quote)
    : priceForeignAmount(requested, currency.code, quote);
  if (priced.foreignMinor <= 0) return { ok: false, field: 'qty', message: messages.amountGreaterThanZero };
  return {
    ok: true,
    line: { qtyMinor: priced.foreignMinor, totalMinor: priced.gbpMinor, rate: priced.rate, price: priced.price, increment: isSellBack(productId) ? 1 : quote.increment },
  };
}

export interface Guarantees {
  buyback: GuaranteeChoice;
  refund: GuaranteeChoice;
}

/** The guarantee choices after the lines total moved, by the client's own rules. */
export function settleGuarantees(choices: Guarantees, previousLinesMinor: number, linesMinor: number, ctx: GuaranteeContext): Guarantees {
  return {
    buyback: nextBuybackChoice(choices.buyback, previousLinesMinor, linesMinor, ctx),
    refund: nextRefundChoice(choices.refund, ctx),
  };
}

export function cartTotalMinor(linesMinor: number, choices: Guarantees): number {
  return linesMinor + guaranteeFeesMinor(choices);
}

/** Why a Buyback 'yes' is refused, or null when it may be chosen. */
export function buybackRefusal(linesMinor: number, ctx: GuaranteeContext): string | null {
  if (isBuybackEligible(linesMinor, ctx)) return null;
  return ctx.showBuybackGuarantee && !isSellBack(ctx.productId) ? buybackTooSmallMessage(ctx) : 'The Buyback Guarantee is not available for this cart';
}

