import {
  CartExistsSchema,
  CartSchema,
  CheckoutResponseSchema,
  type Cart,
  type CartExists,
  type CartLineRequest,
  type CheckoutResponse,
  type CreateCartRequest,
} from '#domain/contract/cart.ts';
import { laterApiRoutes as apiRoutes } from '#domain/contract/later-routes.ts';
import { statusOf, type ApiClient, type CallOptions } from './client.ts';

/** GET /cart: the session's open cart, or null when it has none (404). */
export async function fetchCartExists(api: ApiClient, options?: CallOptions): Promise<CartExists | null> {
  try {
    return await api.json(apiRoutes.cartExists, apiRoutes.cartExists.url(), CartExistsSchema, options);
  } catch (error) {
    if (statusOf(error) === 404) return null;
    throw error;
  }
}

export function fetchCart(api: ApiClient, options?: CallOptions): Promise<Cart> {
  return api.json(apiRoutes.cart, apiRoutes.cart.url(), CartSchema, options);
}

export function createCart(api: ApiClient, request: CreateCartRequest, options?: CallOptions): Promise<Cart> {
  return api.json(apiRoutes.cartCreate, apiRoutes.cartCreate.url(), CartSchema, { ...options, json: request });
}

export function addCartLine(api: ApiClient, line: CartLineRequest, options?: CallOptions): Promise<Cart> {
  return api.json(apiRoutes.cartAdd, apiRoutes.cartAdd.url(), CartSchema, { ...options, json: line });
}

export function updateCartLine(api: ApiClient, lineId: string, line: CartLineRequest, options?: CallOptions): Promise<Cart> {
  return api.json(apiRoutes.cartLineUpdate, apiRoutes.cartLineUpdate.url(lineId), CartSchema, { ...options, json: line });
}

export function deleteCartLine(api: ApiClient, lineId: string, options?: CallOptions): Promise<Cart> {
  return api.json(apiRoutes.cartLineDelete, apiRoutes.cartLineDelete.url(lineId), CartSchema, options);
}

export function setBuybackGuarantee(api: ApiClient, isBuyBack: boolean, options?: CallOptions): Promise<Cart> {
  return api.json(apiRoutes.cartBuyback, apiRoutes.cartBuyback.url(isBuyBack), CartSchema, options);
}

export function setRefundGuarantee(api: ApiClient, isRefund: boolean, options?: CallOptions): Promise<Cart> {
  return api.json(apiRoutes.cartRefund, apiRoutes.cartRefund.url(isRefund), CartSchema, options);
}

/** Recreates a cart from a web cart id (the emailed basket link, view-cart ?id=). */
export function recreateWebCart(api: ApiClient, webCartId: string, options?: CallOptions): Promise<Cart> {
  return api.json(apiRoutes.cartRecreate, apiRoutes.cartRecreate.url(webCartId), CartSchema, options);
}

/** DELETE /cart: abandons the cart (and its checkout). */
export function abandonCart(api: ApiClient, options?: CallOptions): Promise<void> {
  return api.send(apiRoutes.cartAbandon, apiRoutes.cartAbandon.url(), options);
}

/** POST /api/cart/extend: "Need more time?", the cart's hold extended by its TTL. */
export function extendCart(api: ApiClient, options?: CallOptions): Promise<Cart> {
  return api.json(apiRoutes.cartExtend, apiRoutes.cartExtend.url(), CartSchema, options);
}

/** POST /cart/checkout: creates the order from the cart. */
export function checkoutCart(api: ApiClient, options?: CallOptions): Promise<CheckoutResponse> {
  return api.json(apiRoutes.cartCheckout, apiRoutes.cartCheckout.url(), CheckoutResponseSchema, options);
}
