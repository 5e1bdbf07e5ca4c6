/**
 * The view-cart page's rules over the cart (domain/view-cart-rules.ts), read from the cart's
 * snapshot. Apart from cart.selectors.ts, which the header cart reads on every page: this and the
 * rules it reads load with the view-cart page.
 */
import { viewCartRules, type ViewCartRules } from '#domain/view-cart-rules.ts';
import type { CartSnapshot } from './cart.machine.ts';

/** null while there is no cart. */
export function selectViewCartRules(snapshot: CartSnapshot): ViewCartRules | null {
  const { cart, settings, siteProducts, showGuaranteeErrors } = snapshot.context;
  return cart === null ? null : viewCartRules(cart, settings, siteProducts, showGuaranteeErrors);
}
