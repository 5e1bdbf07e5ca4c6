/**
 * What the confirmed order tells the marketing tracker and session storage (spec 7.6): the
 * checkout emits `order.confirmed` once the confirmation page has the order.
 */
import type { Order } from '#domain/contract/order.ts';
import { orderStateName } from '#domain/order-state.ts';
import { viewCartPath } from '#domain/products.ts';
import type { MarketingEventProperties } from './tracking.ts';

/** Spec 7.6: the rate sent is truncated, not rounded, to 4 decimals. */
export function truncateRate(rate: number): number {
  return Math.trunc(rate * 10_000 + 1e-9 * Math.sign(rate)) / 10_000;
}

/** Spec 7.6: the confirmation page keeps the transaction in session storage. */
export const TRANSACTION_STORAGE_KEY = 'transaction';

export interface StoredTransaction {
  transactionId: string;
  affiliation: string;
  total: number;
  shipping: number;
  products: { sku: string; name: string; price: number; quantity: number }[];
}

export function storeTransaction(storage: Pick<Storage, 'setItem'> | undefined, transaction: StoredTransaction): void {
  try {
    storage?.setItem(TRANSACTION_STORAGE_KEY, JSON.stringify(transaction));
  } catch {
    // Storage full or blocked (private mode): the page works without it.
  }
}

/** True when this visit already kept this transaction: the confirmation page was opened again. */
export function isStoredTransaction(storage: Pick<Storage, 'getItem'> | undefined, transactionId: string): boolean {
  try {
    const stored: unknown = JSON.parse(storage?.getItem(TRANSACTION_STORAGE_KEY) ?? 'null');
    return typeof stored === 'object' && stored !== null && (stored as { transactionId?: unknown }).transactionId === transactionId;
  } catch {
    return false;
  }
}

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
