/**
 * The spend rule per site product (spec 5.1): a cart total at or below 0, below minSpend, or
 * above maxSpend disables 'Proceed to checkout'. Amounts are minor units of the total's currency.
 */
import type { SiteProduct } from './contract/catalogue.ts';
import { formatMessage, messages } from './messages.ts';
import { formatMoneyInText, GBP_CODE, toMinor } from './money.ts';

export interface SpendLimits {
  minSpendMinor: number | null;
  /** null (or a configured 0) means no maximum. */
  maxSpendMinor: number | null;
}

/** The site product's limits (major units on the wire) in minor units. */
export function spendLimitsOf(siteProduct: Pick<SiteProduct, 'minSpend' | 'maxSpend'> | null | undefined, code: string = GBP_CODE): SpendLimits {
  if (!siteProduct) return { minSpendMinor: null, maxSpendMinor: null };
  return {
    minSpendMinor: siteProduct.minSpend > 0 ? toMinor(siteProduct.minSpend, code) : null,
    maxSpendMinor: siteProduct.maxSpend > 0 ? toMinor(siteProduct.maxSpend, code) : null,
  };
}

export type SpendProblem = 'nothingToPay' | 'belowMinimum' | 'aboveMaximum';

export interface SpendCheck {
  canProceed: boolean;
  problem: SpendProblem | null;
  /** The text to show; a cart at or below 0 has none (the button is simply disabled). */
  message: string | null;
}

export function checkSpend(totalMinor: number, limits: SpendLimits, code: string = GBP_CODE): SpendCheck {
  if (!(totalMinor > 0)) return { canProceed: false, problem: 'nothingToPay', message: null };
  if (limits.minSpendMinor !== null && totalMinor < limits.minSpendMinor) {
    return {
      canProceed: false,
      problem: 'belowMinimum',
      message: formatMessage(messages.minimumSpendNotMet, { minSpend: formatMoneyInText(limits.minSpendMinor, code) }),
    };
  }
  if (limits.maxSpendMinor !== null && totalMinor > limits.maxSpendMinor) {
    return {
      canProceed: false,
      problem: 'aboveMaximum',
      message: formatMessage(messages.maximumSpendExceeded, { maxSpend: formatMoneyInText(limits.maxSpendMinor, code) }),
    };
  }
  return { canProceed: true, problem: null, message: null };
}
