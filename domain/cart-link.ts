/**
 * The view-cart address as a link into the cart (spec 2.1, 2.6). The embedded calculator links to
 * {host}/checkout/view-cart or {host}/selling/view-cart with currency, amount, product_id,
 * store_id (omitted when 1) and affiliateid; the view-cart page reads currency, amount,
 * product_id and store_id (default 1) to add that line, or id to recreate a web cart
 * (./view-cart-request.ts, which loads with that page).
 */
import type { ProductId } from './contract/catalogue.ts';
import { viewCartPath } from './products.ts';

export const DEFAULT_STORE_ID = 1;

export interface CartLink {
  currencyCode: string;
  /** Foreign units, as the calculator shows them. */
  amount: number;
  productId: ProductId;
  storeId: number;
  affiliateId?: string | null;
}

/** The embedded calculator's add-to-cart link. */
export function cartLinkUrl(host: string, link: CartLink): string {
  const query = new URLSearchParams({
    currency: link.currencyCode,
    amount: String(link.amount),
    product_id: String(link.productId),
  });
  if (link.storeId !== DEFAULT_STORE_ID) query.set('store_id', String(link.storeId));
  if (link.affiliateId) query.set('affiliateid', link.affiliateId);
  return `${host.replace(/\/+$/, '')}${viewCartPath(link.productId)}?${query.toString()}`;
}

export type ViewCartRequest =
  /** Add this line, creating the cart when there is none. */
  | { kind: 'line'; line: CartLink }
  /** Recreate a web cart (GET /api/cart/recreatewebcart?id=). */
  | { kind: 'recreate'; webCartId: string }
  /** Show the session's cart. */
  | { kind: 'view' };
