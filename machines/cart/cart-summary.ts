/**
 * What actors and views outside the cart's own code read of it: the summary the calculator takes
 * (its product, branch and currency) and the countdown child. Kept apart from the cart's chart,
 * which loads on demand, so the shop and the first page read them without loading it.
 */
import type { Cart } from '#domain/contract/cart.ts';
import type { CartSnapshot } from './cart.machine.ts';
import type { CartSummary } from './cart.types.ts';

export function summaryOf(cart: Cart | null): CartSummary {
  return cart === null ? null : { productId: cart.product.id, storeId: cart.store.id, currencyCode: cart.currencyCode };
}

/** What the calculator needs to know of the cart: it forces its type, product and branch. */
export function selectCartSummary(snapshot: CartSnapshot): CartSummary {
  return summaryOf(snapshot.context.cart);
}

/** The countdown child, for useSelector(ref, ...); undefined while there is no cart. */
export function selectCountdownRef(snapshot: CartSnapshot) {
  return snapshot.children.countdown;
}
