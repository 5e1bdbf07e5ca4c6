import {
  CustomerInfoResultSchema,
  DeliverySlotsResponseSchema,
  NO_STOCK,
  OrderSchema,
  PaymentIntentResponseSchema,
  type CustomerInfoRequest,
  type CustomerInfoResponse,
  type DeliverySlot,
  type Order,
  type PaymentIntentResponse,
} from '#domain/contract/order.ts';
import { CollectionBranchesSchema, type CollectionBranches } from '#domain/contract/collection-switch.ts';
import { laterApiRoutes as apiRoutes } from '#domain/contract/later-routes.ts';
import type { ApiClient, CallOptions } from './client.ts';
import { HttpError } from './errors.ts';
import { parseWith } from './http.ts';

export function fetchOrder(api: ApiClient, options?: CallOptions): Promise<Order> {
  return api.json(apiRoutes.order, apiRoutes.order.url(), OrderSchema, options);
}

export function fetchDeliverySlots(api: ApiClient, options?: CallOptions): Promise<DeliverySlot[]> {
  return api.json(apiRoutes.deliverySlots, apiRoutes.deliverySlots.url(), DeliverySlotsResponseSchema, options);
}

export function chooseDeliverySlot(api: ApiClient, slotId: string, options?: CallOptions): Promise<Order> {
  return api.json(apiRoutes.deliverySlot, apiRoutes.deliverySlot.url(), OrderSchema, { ...options, json: { id: slotId } });
}

/**
 * PUT /api/order/customer-info. The answer is the text NoStock (the branch sold out) or the
 * object with showAMLPopup and the order state. The postcode is uppercased before sending.
 */
export async function submitCustomerInfo(api: ApiClient, details: CustomerInfoRequest, options?: CallOptions): Promise<CustomerInfoResponse> {
  const body: CustomerInfoRequest = {
    ...details,
    address: { ...details.address, postcodeZip: details.address.postcodeZip.toUpperCase() },
  };
  const res = await api.response(apiRoutes.customerInfo, apiRoutes.customerInfo.url(), { ...options, json: body });
  const text = (await res.text()).trim();
  if (text === NO_STOCK || text === JSON.stringify(NO_STOCK)) return NO_STOCK;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    value = text;
  }
  return parseWith(apiRoutes.customerInfo, CustomerInfoResultSchema, value);
}

/**
 * POST /api/order/create-payment-intent: 201 with the hosted payment page in the Location
 * header. Any other success status is an error too (the caller goes to the error step).
 */
export async function createPaymentIntent(api: ApiClient, options?: CallOptions): Promise<PaymentIntentResponse> {
  const res = await api.response(apiRoutes.createPaymentIntent, apiRoutes.createPaymentIntent.url(), options);
  const body = await res.text();
  if (res.status !== 201) throw new HttpError(res.status, res.statusText, body);
  // Cross-origin, Location is readable only when the API exposes it; the body repeats it.
  const location = res.headers.get('location');
  if (location) return parseWith(apiRoutes.createPaymentIntent, PaymentIntentResponseSchema, { url: location });
  let value: unknown = null;
  try {
    value = JSON.parse(body);
  } catch {
    // Neither a Location header nor a JSON body: the parse below reports it.
  }
  return parseWith(apiRoutes.createPaymentIntent, PaymentIntentResponseSchema, value);
}

/** POST /api/order/reserve-at-branch (issue 45 part 1): the order reserved, to be paid at the branch. */
export function reserveAtBranch(api: ApiClient, options?: CallOptions): Promise<Order> {
  return api.json(apiRoutes.reserveAtBranch, apiRoutes.reserveAtBranch.url(), OrderSchema, options);
}

/** GET /api/order/collection-branches (issue 45 part 1): the branches a home delivery may be collected from instead. */
export function fetchCollectionBranches(api: ApiClient, options?: CallOptions): Promise<CollectionBranches> {
  return api.json(apiRoutes.collectionBranches, apiRoutes.collectionBranches.url(), CollectionBranchesSchema, options);
}

/** POST /api/order/switch-to-collection: the order, now to be collected at the branch. */
export function switchToCollection(api: ApiClient, storeId: number, options?: CallOptions): Promise<Order> {
  return api.json(apiRoutes.switchToCollection, apiRoutes.switchToCollection.url(), OrderSchema, { ...options, json: { storeId } });
}
