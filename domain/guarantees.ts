/**
 * Buyback and Refund Guarantees (spec 5.1, 9). Totals are GBP minor units of the cart's lines,
 * without guarantee fees, so choosing a guarantee can never make the cart eligible for one.
 */
import type { ProductId } from './contract/catalogue.ts';
import { formatMessage, messages } from './messages.ts';
import { formatMoneyInText } from './money.ts';
import { isSellBack } from './products.ts';

export const BUYBACK_FEE_MINOR = 400;
export const REFUND_FEE_MINOR = 300;
export const BUYBACK_MINIMUM_MINOR = 15_000;
export const PARTNER_BUYBACK_MINIMUM_MINOR = 20_000;
/** Promise terms: up to 30% of leftover money bought back, within 30 days; refunds within 30 days. */
export const BUYBACK_SHARE_PERCENT = 30;
export const GUARANTEE_DAYS = 30;

/** null: the shopper has not answered yet. */
export type GuaranteeChoice = boolean | null;

export interface GuaranteeContext {
  productId: ProductId;
  isPartner: boolean;
  showBuybackGuarantee: boolean;
  showRefundGuarantee: boolean;
}

export function buybackMinimumMinor(site: { isPartner: boolean }): number {
  return site.isPartner ? PARTNER_BUYBACK_MINIMUM_MINOR : BUYBACK_MINIMUM_MINOR;
}

/** The Buyback question shows when the feature is on and the cart is not sell-back. */
export function isBuybackOffered(ctx: GuaranteeContext): boolean {
  return ctx.showBuybackGuarantee && !isSellBack(ctx.productId);
}

export function isRefundOffered(ctx: GuaranteeContext): boolean {
  return ctx.showRefundGuarantee && !isSellBack(ctx.productId);
}

/** Offered and the cart reaches £150 (£200 on the partner site): its radios are enabled. */
export function isBuybackEligible(linesTotalMinor: number, ctx: GuaranteeContext): boolean {
  return isBuybackOffered(ctx) && linesTotalMinor >= buybackMinimumMinor(ctx);
}

/** 'Your cart is too small to use the Buyback Guarantee...' with the minimum, while offered but below it. */
export function buybackNotice(linesTotalMinor: number, ctx: GuaranteeContext): string | null {
  return isBuybackOffered(ctx) && !isBuybackEligible(linesTotalMinor, ctx) ? buybackTooSmallMessage(ctx) : null;
}

/** The notice's text for the site: 'It's available on carts of £150 or more' (£200 on the partner site). */
export function buybackTooSmallMessage(site: { isPartner: boolean }): string {
  return formatMessage(messages.buybackTooSmall, { minimum: formatMoneyInText(buybackMinimumMinor(site)) });
}

/**
 * The Buyback choice after the cart total moves from previousTotal to total: forced off when not
 * offered or below the minimum; back to unanswered when the total rises to the minimum, so the
 * shopper decides again for the larger cart; otherwise kept.
 */
export function nextBuybackChoice(
  choice: GuaranteeChoice,
  previousTotalMinor: number,
  totalMinor: number,
  ctx: GuaranteeContext,
): GuaranteeChoice {
  if (!isBuybackEligible(totalMinor, ctx)) return false;
  if (previousTotalMinor < buybackMinimumMinor(ctx)) return null;
  return choice;
}

/** The Refund choice is forced off for sell-back and when the feature is disabled. */
export function nextRefundChoice(choice: GuaranteeChoice, ctx: GuaranteeContext): GuaranteeChoice {
  return isRefundOffered(ctx) ? choice : false;
}

export interface GuaranteeErrors {
  buyback: string | null;
  refund: string | null;
}

/** Each shown and enabled question must be answered before checkout. */
export function guaranteeErrors(
  choices: { buyback: GuaranteeChoice; refund: GuaranteeChoice },
  linesTotalMinor: number,
  ctx: GuaranteeContext,
): GuaranteeErrors {
  return {
    buyback: isBuybackEligible(linesTotalMinor, ctx) && choices.buyback === null ? messages.buybackRequired : null,
    refund: isRefundOffered(ctx) && choices.refund === null ? messages.refundRequired : null,
  };
}

export function guaranteesAnswered(errors: GuaranteeErrors): boolean {
  return errors.buyback === null && errors.refund === null;
}

/** The fees a cart adds for its chosen guarantees, in pence. */
export function guaranteeFeesMinor(choices: { buyback: GuaranteeChoice; refund: GuaranteeChoice }): number {
  return (choices.buyback === true ? BUYBACK_FEE_MINOR : 0) + (choices.refund === true ? REFUND_FEE_MINOR : 0);
}

export interface FeeLine {
  kind: 'buyback' | 'refund';
  label: string;
  feeMinor: number;
}

/** On the order each fee shows as a line when the order has the flag and the site setting is on. */
export function guaranteeFeeLines(
  order: { buyBackGuarantee: boolean; refundGuarantee: boolean },
  settings: { showBuybackGuarantee: boolean; showRefundGuarantee: boolean },
): FeeLine[] {
  const lines: FeeLine[] = [];
  if (order.buyBackGuarantee && settings.showBuybackGuarantee) {
    lines.push({ kind: 'buyback', label: messages.buybackGuaranteeTitle, feeMinor: BUYBACK_FEE_MINOR });
  }
  if (order.refundGuarantee && settings.showRefundGuarantee) {
    lines.push({ kind: 'refund', label: messages.refundGuaranteeTitle, feeMinor: REFUND_FEE_MINOR });
  }
  return lines;
}
