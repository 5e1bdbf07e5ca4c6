/**
 * Which addresses a shopper reaches only after checkout. Its own module: the shop machine, on
 * every page's first load, reads it, and the checkout's step rules load with the checkout's pages.
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
