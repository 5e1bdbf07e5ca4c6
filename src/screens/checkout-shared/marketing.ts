/**
 * The marketing tracker's payloads (spec 7.6) and the transaction kept in session storage at
 * confirmation, built from the order the checkout holds.
 */
import type { Order } from '#domain/contract/order.ts';
import { orderStateName } from '#domain/order-state.ts';
import { viewCartPath } from '#domain/products.ts';
import { truncateRate, type MarketingEventProperties, type StoredTransaction } from '#src/app/tracking.ts';

/** The view-cart address that recreates this cart (the basket link), on the shop's origin. */
export function checkoutUrlOf(order: Order, appOrigin: string): string {
  return `${appOrigin}${viewCartPath(order.product.id)}?id=${encodeURIComponent(order.cartId)}`;
}

export function marketingPropertiesOf(order: Order, options: { appOrigin: string; affiliateId: string | null }): MarketingEventProperties {
  return {
    lineItems: order.lines.map((line) => ({
      currencyCode: line.currency.code,
      currencyName: line.currency.name,
      quantity: line.qty,
      rate: truncateRate(line.rate),
      value: line.total,
    })),
    value: order.total,
    checkoutUrl: checkoutUrlOf(order, options.appOrigin),
    affiliateId: options.affiliateId,
    orderStatus: orderStateName(order.state.value),
  };
}

export function transactionOf(order: Order): StoredTransaction {
  return {
    transactionId: order.externalOrderId,
    affiliation: order.store.brandName,
    total: order.total,
    shipping: order.deliverySlot?.price ?? 0,
    products: order.lines.map((line) => ({
      sku: line.currency.code,
      name: line.currency.name,
      price: line.price,
      quantity: line.qty,
    })),
  };
}
