/**
 * Which addresses a shopper reaches only after checkout, and the order the payment response
 * page's address names. Its own module: the shop machine, on every page's first load, reads it,
 * and the checkout's step rules load with the checkout's pages.
 */
import { appPaths } from './contract/routes.ts';

/**
 * An address a shopper reaches only with the session's cart already checked out: the payment
 * response page, the provider's return address inside its frame (spec 2.10). The cart is then the
 * order being paid for, and no page there reads it.
 */
export function isReachedAfterCheckout(pathname: string): boolean {
  return pathname.replace(/\/+$/, '') === appPaths.paymentResponse;
}

/**
 * The order the payment response page reports on: the provider returns with its payment id; an
 * order id in the address wins when there is one. The checkout page does not read it, so a
 * placeholder will do.
 */
export function reportedOrderIdOf(search: string): string {
  const query = new URLSearchParams(search);
  return query.get('orderId')?.trim() || query.get('paymentId')?.trim() || 'unknown';
}
