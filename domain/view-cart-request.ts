/**
 * What the view-cart page's address asks for (spec 2.1, 2.6): the other end of the link
 * ./cart-link.ts builds. Apart from it because only the view-cart page, loaded on demand, reads it.
 */
import type { ProductId } from './contract/catalogue.ts';
import { DEFAULT_STORE_ID, type ViewCartRequest } from './cart-link.ts';
import { PRODUCT, isProductId, viewCartPath } from './products.ts';

const positiveInt = (text: string | null): number | null => (text !== null && /^\d+$/.test(text) && Number(text) > 0 ? Number(text) : null);

/** What the view-cart page at `pathname` with query `search` asks for. */
export function viewCartRequestOf(pathname: string, search: string): ViewCartRequest {
  const query = new URLSearchParams(search);
  const id = query.get('id')?.trim();
  if (id) return { kind: 'recreate', webCartId: id };
  const currency = query.get('currency')?.trim().toUpperCase() ?? '';
  const amount = Number(query.get('amount') ?? '');
  if (!/^[A-Z]{3}$/.test(currency) || !Number.isFinite(amount) || amount <= 0) return { kind: 'view' };
  const productFromQuery = positiveInt(query.get('product_id'));
  const sellingPage = pathname.replace(/\/+$/, '') === viewCartPath(PRODUCT.SELL_BACK);
  const productId: ProductId = sellingPage
    ? PRODUCT.SELL_BACK
    : isProductId(productFromQuery) && productFromQuery !== PRODUCT.SELL_BACK
      ? productFromQuery
      : PRODUCT.CLICK_AND_COLLECT;
  return {
    kind: 'line',
    line: {
      currencyCode: currency,
      amount,
      productId,
      storeId: positiveInt(query.get('store_id')) ?? DEFAULT_STORE_ID,
      affiliateId: query.get('affiliateid') || null,
    },
  };
}
