/**
 * What the confirmed order tells the marketing tracker and session storage (spec 7.6): the
 * checkout emits `order.confirmed` once the confirmation page has the order.
 */
import type { Order } from '#domain/contract/order.ts';
import { orderStateName } from '#domain/order-state.ts';
import { viewCartPath } from '#domain/products.ts';
import { truncateRate, type MarketingEventProperties, type StoredTransaction } from './tracking.ts';

/** The cart link carrying the cart id (the emailed basket link's form). */
export function checkoutUrlOf(order: Pick<Order, 'cartId' | 'product'>, appOrigin: string): string {
  return `${appOrigin}${viewCartPath(order.product.id)}?${new URLSearchParams({ id: order.cartId }).toString()}`;
}

/** The properties of 'Order Completed Buy or Sell'. */
export function orderCompletedProperties(order: Order, appOrigin: string, affiliateId: string | null): MarketingEventProperties {
  return {
    lineItems: order.lines.map((line) => ({
      currencyCode: line.currency.code,
      currencyName: line.currency.name,
      quantity: line.qty,
      rate: truncateRate(line.rate),
      value: line.total,
    })),
    value: order.total,
    checkoutUrl: checkoutUrlOf(order, appOrigin),
    affiliateId,
    orderStatus: orderStateName(order.state.value),
  };
}

/** The transaction data the confirmation page keeps in session storage. */
export function transactionOf(order: Order, affiliation: string): StoredTransaction {
  return {
    transactionId: order.externalOrderId,
    affiliation,
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
