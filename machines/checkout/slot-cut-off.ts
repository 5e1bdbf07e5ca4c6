/**
 * The delivery page's cut-off line, read from the checkout's snapshot: kept apart from the chart,
 * which every page loads, so the calendar's wording loads with the delivery page only.
 */
import { cutOffText } from '#domain/cut-off.ts';
import { isSellBack, PRODUCT } from '#domain/products.ts';
import type { SnapshotFrom } from 'xstate';
import type { CheckoutMachine } from './checkout.machine.ts';

type CheckoutSnapshot = SnapshotFrom<CheckoutMachine>;

/**
 * The delivery page's line for its first date: "Order within 2 h 14 m for delivery on Tuesday 25
 * November" (or collection from a date); null for sell back, or once the cut-off has passed.
 */
export function selectSlotCutOff(snapshot: CheckoutSnapshot): string | null {
  const { slots, productId, clockNow } = snapshot.context;
  const first = slots[0];
  if (first?.orderBy === undefined || productId === null || isSellBack(productId)) return null;
  const orderBy = new Date(first.orderBy);
  if (orderBy.getTime() <= clockNow) return null;
  return cutOffText(productId === PRODUCT.HOME_DELIVERY ? 'delivery' : 'collection', { date: first.date, orderBy }, new Date(clockNow));
}
