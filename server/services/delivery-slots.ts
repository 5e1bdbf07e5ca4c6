import type { OpeningTimes, Weekday } from '#domain/contract/branches.ts';
import { WEEKDAYS } from '#domain/contract/branches.ts';
import type { ProductId } from '#domain/contract/catalogue.ts';
import type { DeliverySlot } from '#domain/contract/order.ts';
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

/** How far ahead to look for open days before deciding a branch is closed. */
const HORIZON_DAYS = 21;

export interface SlotInput {
  productId: ProductId;
  /** Today's calendar date in Europe/London, yyyy-MM-dd. */
  today: string;
  branch: {
    /** Whether the branch opens on a date (its weekly hours, less any closure). */
    isOpen: (date: string) => boolean;
    /** The first date the branch can hand over or accept the currency, yyyy-MM-dd. */
    availableFrom?: string | null;
  };
  /** The branch holds enough of every currency of the order right now. */
  inStock: boolean;
}

export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

export function weekdayOf(date: string): Weekday {
  // getUTCDay: 0 is Sunday; WEEKDAYS starts on Monday.
  const day = new Date(`${date}T00:00:00Z`).getUTCDay();
  return WEEKDAYS[(day + 6) % 7]!;
}

/** A branch without published opening times is treated as open Monday to Saturday. */
export function isBranchOpen(openingTimes: OpeningTimes | null, date: string): boolean {
  const day = weekdayOf(date);
  if (!openingTimes) return day !== 'sunday';
  return openingTimes[`${day}Opens`] !== null && openingTimes[`${day}Closes`] !== null;
}

function later(a: string, b: string | null | undefined): string {
  return b && b > a ? b : a;
}

function openDays(from: string, count: number, isOpen: (date: string) => boolean): string[] {
  const dates: string[] = [];
  for (let i = 0; i < HORIZON_DAYS && dates.length < count; i++) {
    const date = addDays(from, i);
    if (isOpen(date)) dates.push(date);
  }
  return dates;
}

/**
 * The dates an order can be delivered, collected or dropped off.
 * - Home delivery (product 1): the next working days from tomorrow, never a Sunday; the first at
 *   the next-day price, the rest at the standard price.
 * - Click and collect (product 2): the branch's open days from its availableFrom date when it holds
 *   the currency; otherwise from the next open day after today, when the currency arrives for
 *   collection from 2pm (isInStock false).
 * - Sell back (product 3): the branch's open days from its availableFrom date, free.
 * Ids carry the date so the server can recompute a chosen slot instead of trusting the client.
 */
export function deliverySlots(input: SlotInput, config: SlotConfig = DEFAULT_SLOT_CONFIG): DeliverySlot[] {
  const tomorrow = addDays(input.today, 1);
  if (input.productId === PRODUCT.HOME_DELIVERY) {
    return openDays(tomorrow, config.homeDeliveryDays, (d) => weekdayOf(d) !== 'sunday').map((date, i) => ({
      id: `delivery-${date}`,
      date,
      price: (i === 0 ? config.nextDayPriceMinor : config.laterPriceMinor) / 100,
      isInStock: input.inStock,
      isFirstDay: i === 0,
      deliveryMethodName: i === 0 ? DELIVERY_METHOD.nextDay : DELIVERY_METHOD.standard,
    }));
  }
  const isOpen = input.branch.isOpen;
  const collecting = input.productId === PRODUCT.CLICK_AND_COLLECT;
  const inStock = collecting ? input.inStock : true;
  const from = inStock ? later(input.today, input.branch.availableFrom) : later(tomorrow, input.branch.availableFrom);
  return openDays(from, config.branchDays, isOpen).map((date, i) => ({
    id: `${collecting ? 'collection' : 'dropoff'}-${date}`,
    date,
    price: 0,
    isInStock: inStock,
    isFirstDay: i === 0,
    deliveryMethodName: collecting ? DELIVERY_METHOD.collection : DELIVERY_METHOD.dropOff,
  }));
}
