/**
 * The view-cart page's rules over a cart (spec 2.6): the Buyback and Refund questions
 * (guarantees.ts), the spend rule (spend.ts) and what the order will need for identification
 * (identification.ts), read from the cart, the site's settings and its products' spend limits
 * through the cart's own rules (cart-rules.ts). Only the view-cart page reads this module, so it
 * and the identification notice load with that page.
 */
import type { Cart } from './contract/cart.ts';
import type { SiteProduct } from './contract/catalogue.ts';
import { cartGuaranteeContext, cartGuaranteeErrors, cartLinesMinor, cartSpend, type ViewCartSettings } from './cart-rules.ts';
import { buybackNotice, isBuybackEligible, isBuybackOffered, isRefundOffered, type GuaranteeErrors } from './guarantees.ts';
import { identificationNoticeOf, type IdentificationNotice } from './identification.ts';
import { GBP_CODE, toMinor } from './money.ts';
import type { SpendCheck } from './spend.ts';

export interface ViewCartRules {
  buybackOffered: boolean;
  /** The Buyback radios are enabled. */
  buybackEligible: boolean;
  /** "Your cart is too small to use the Buyback Guarantee. It's available on carts of £150 or more." */
  buybackNotice: string | null;
  refundOffered: boolean;
  buybackChoice: boolean | null;
  refundChoice: boolean | null;
  /** The required-answer messages, once the shopper tried to proceed. */
  guaranteeErrors: GuaranteeErrors;
  /** The spend rule: its message, and whether 'Proceed to checkout' is enabled. */
  spend: SpendCheck;
  /** What the order will need at the counter or before it is sent (identification.ts). */
  identification: IdentificationNotice | null;
}

/** What the view-cart page shows of the rules; `showGuaranteeErrors` once the shopper tried to proceed. */
export function viewCartRules(
  cart: Cart,
  settings: ViewCartSettings,
  siteProducts: readonly SiteProduct[],
  showGuaranteeErrors: boolean,
): ViewCartRules {
  const ctx = cartGuaranteeContext(cart, settings);
  const total = cartLinesMinor(cart);
  return {
    buybackOffered: isBuybackOffered(ctx),
    buybackEligible: isBuybackEligible(total, ctx),
    buybackNotice: buybackNotice(total, ctx),
    refundOffered: isRefundOffered(ctx),
    buybackChoice: cart.buyBackGuarantee,
    refundChoice: cart.refundGuarantee,
    guaranteeErrors: showGuaranteeErrors ? cartGuaranteeErrors(cart, settings) : { buyback: null, refund: null },
    spend: cartSpend(cart, siteProducts),
    identification: identificationNoticeOf(cart.product.id, toMinor(cart.total, GBP_CODE), settings.identificationThresholdMinor ?? null),
  };
}
