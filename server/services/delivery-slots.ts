import type { ProductId } from '#domain/contract/catalogue.ts';
import type { DeliverySlot } from '#domain/contract/order.ts';
import {
  branchOpenDates,
  collectionCutOff,
  deliveryCutOff,
  deliveryDates,
  type BankHolidays,
  type BranchCalendar,
  type Nation,
} from '#domain/cut-off.ts';
import { PRODUCT } from '#domain/products.ts';

export interface SlotConfig {
  /** How many home-delivery dates to offer. */
  homeDeliveryDays: number;
  /** Next working day delivery, pence. */
  nextDayPriceMinor: number;
  /** Any later delivery date, pence. */
  laterPriceMinor: number;
  /** How many collection or drop-off dates to offer. */
  branchDays: number;
}

export const DEFAULT_SLOT_CONFIG: SlotConfig = { homeDeliveryDays: 6, nextDayPriceMinor: 499, laterPriceMinor: 399, branchDays: 6 };

export const DELIVERY_METHOD = {
  nextDay: 'Next working day delivery',
  standard: 'Standard delivery',
  collection: 'Click and collect',
  dropOff: 'Branch drop-off',
} as const;

export interface SlotInput {
  productId: ProductId;
  now: Date;
  holidays: BankHolidays;
  /** Where a home delivery goes, once the order has an address (England and Wales until then). */
  nation?: Nation | undefined;
  /** The order's branch (click and collect, sell back). */
  branch: BranchCalendar | null;
  /** The branch holds enough of every currency of the order right now. */
  inStock: boolean;
}

/**
 * The dates an order can be delivered, collected or dropped off, by the calendar of
 * domain/cut-off.ts (bank holidays by nation, the branch's hours, the dispatch cut-off).
 * - Home delivery (product 1): the first delivery date, at the next-day price, then the later
 *   delivery days at the standard price.
 * - Click and collect (product 2): the branch's open days from its first collection date; when it
 *   does not hold the currency, from its first open day after today, from 2pm (isInStock false).
 * - Sell back (product 3): the branch's open days from its first one, free.
 * The first slot carries its order-by instant, so the page can count down to it. Ids carry the
 * date so the server can recompute a chosen slot instead of trusting the client.
 */
export function deliverySlots(input: SlotInput, config: SlotConfig = DEFAULT_SLOT_CONFIG): DeliverySlot[] {
  if (input.productId === PRODUCT.HOME_DELIVERY) {
    const cutOff = deliveryCutOff(input.now, input.holidays, input.nation);
    return deliveryDates(input.now, input.holidays, config.homeDeliveryDays, input.nation).map((date, i) => ({
      id: `delivery-${date}`,
      date,
      price: (i === 0 ? config.nextDayPriceMinor : config.laterPriceMinor) / 100,
      isInStock: input.inStock,
      isFirstDay: i === 0,
      deliveryMethodName: i === 0 ? DELIVERY_METHOD.nextDay : DELIVERY_METHOD.standard,
      ...(i === 0 ? { orderBy: cutOff.orderBy.toISOString() } : {}),
    }));
  }
  if (input.branch === null) return [];
  const collecting = input.productId === PRODUCT.CLICK_AND_COLLECT;
  const inStock = collecting ? input.inStock : true;
  const cutOff = collectionCutOff(input.now, input.branch, input.holidays, inStock);
  // No open day in the coming week: "Sorry we're closed this week!"
  if (cutOff === null) return [];
  return branchOpenDates(input.branch, input.holidays, cutOff.date, config.branchDays).map((date, i) => ({
    id: `${collecting ? 'collection' : 'dropoff'}-${date}`,
    date,
    price: 0,
    isInStock: inStock,
    isFirstDay: i === 0,
    deliveryMethodName: collecting ? DELIVERY_METHOD.collection : DELIVERY_METHOD.dropOff,
    ...(i === 0 ? { orderBy: cutOff.orderBy.toISOString() } : {}),
  }));
}
