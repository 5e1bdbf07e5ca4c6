/**
 * The cart's rules over its lines (spec 2.6, 5.1): the guarantee context, the lines' total, the
 * spend rule and the guarantees' required answers, which the cart's chart decides by (its guards,
 * machines/cart/cart.setup.ts) and the server checks alike. What the view-cart page shows of them,
 * with what the order will need for identification, is view-cart-rules.ts, which loads with that page.
 */
import type { Cart } from './contract/cart.ts';
import type { SiteProduct } from './contract/catalogue.ts';
import { guaranteeErrors, type GuaranteeContext, type GuaranteeErrors } from './guarantees.ts';
import { GBP_CODE, toMinor } from './money.ts';
import { checkSpend, spendLimitsOf, type SpendCheck } from './spend.ts';

/** The site's settings the cart's and the view-cart page's rules read. */
export interface ViewCartSettings extends Omit<GuaranteeContext, 'productId'> {
  /** Pence: an order of this value or more needs identification (settings.identificationThreshold); absent, nothing is said. */
  identificationThresholdMinor?: number | null;
}

export function cartGuaranteeContext(cart: Cart, settings: ViewCartSettings): GuaranteeContext {
  return {
    productId: cart.product.id,
    isPartner: settings.isPartner,
    showBuybackGuarantee: settings.showBuybackGuarantee,
    showRefundGuarantee: settings.showRefundGuarantee,
  };
}

/** The lines' total in pence: what the guarantees and the spend limits are measured against. */
export function cartLinesMinor(cart: Cart): number {
  return toMinor(cart.linesTotal, GBP_CODE);
}

export function cartSpend(cart: Cart, siteProducts: readonly SiteProduct[]): SpendCheck {
  const siteProduct = siteProducts.find((p) => p.productId === cart.product.id);
  return checkSpend(cartLinesMinor(cart), spendLimitsOf(siteProduct), GBP_CODE);
}

export function cartGuaranteeErrors(cart: Cart, settings: ViewCartSettings): GuaranteeErrors {
  return guaranteeErrors(
    { buyback: cart.buyBackGuarantee, refund: cart.refundGuarantee },
    cartLinesMinor(cart),
    cartGuaranteeContext(cart, settings),
  );
}
