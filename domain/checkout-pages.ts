/**
 * Which checkout page an address shows (spec 2.14). Its own module: the shop's route table, on
 * every page's first load, reads it, and the checkout's step rules load with the checkout's pages.
 */
import type { CheckoutPage } from './checkout-steps.ts';
import { appPaths } from './contract/routes.ts';

const PAGE_BY_PATH: ReadonlyMap<string, CheckoutPage> = new Map([
  [appPaths.viewCart, 'review'],
  [appPaths.sellViewCart, 'review'],
  [appPaths.deliveryOptions, 'delivery'],
  [appPaths.customerInformation, 'details'],
  [appPaths.payment, 'payment'],
  [appPaths.confirmation, 'confirmation'],
  [appPaths.paymentUnsuccessful, 'unsuccessful'],
]);

/** The checkout page an address shows (matched as the router matches: any case, a trailing slash), or null. */
export function checkoutPageOf(pathname: string): CheckoutPage | null {
  const trimmed = pathname.length > 1 ? pathname.replace(/\/+$/, '').toLowerCase() : pathname;
  return PAGE_BY_PATH.get(trimmed) ?? null;
}

export function isPathOfPage(pathname: string, page: CheckoutPage): boolean {
  return checkoutPageOf(pathname) === page;
}
