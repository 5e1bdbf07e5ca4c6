/**
 * What the shop notes on the session's order from any page, before the checkout loads: the
 * attribution values of the tracking cookie and the address a shopper left the email field with.
 * Apart from ./order.ts, whose reads and writes load with the checkout.
 */
import type { Tracking } from '#domain/contract/tracking.ts';
import { firstPageApiRoutes as apiRoutes } from '#domain/contract/routes.ts';
import type { ApiClient, CallOptions } from './client.ts';

/** PUT /api/order/ga-info: the attribution values kept in the tracking cookie. */
export function sendTrackingInfo(api: ApiClient, tracking: Tracking, options?: CallOptions): Promise<void> {
  return api.send(apiRoutes.gaInfo, apiRoutes.gaInfo.url(), { ...options, json: tracking });
}

/** PUT /api/order/basket-email: the address the shopper left the email field with (the basket link, spec 4.6's note). */
export function rememberBasketEmail(api: ApiClient, emailAddress: string, options?: CallOptions): Promise<void> {
  return api.send(apiRoutes.basketEmail, apiRoutes.basketEmail.url(), { ...options, json: { emailAddress } });
}

