/**
 * Reserve now, pay at the branch (issue 45 part 1): when the card provider is unavailable a
 * click-and-collect order can be reserved; the branch holds its notes and its rate until it closes
 * on the collection day. The server decides (server/services/reservation.ts); these are the rules
 * both sides read.
 */
import { TZDate, tz } from '@date-fns/tz';
import { format } from 'date-fns';
import { SHOP_TIME_ZONE } from './availability.ts';
import { errorStatus } from './problem.ts';
import { PRODUCT } from './products.ts';
import type { ProductId } from './contract/catalogue.ts';

/** The problem type the shop answers when the card provider is unavailable (503). */
export const PROVIDER_UNAVAILABLE = 'payment-provider-unavailable';

/**
 * Whether a failed payment-intent call means the provider is unavailable: the shop said so (503
 * with its problem type), a gateway gave up on it (503, 504), or the call timed out. Any other
 * failure (the order expired, a payment underway) is the unsuccessful page's, as before.
 */
export function isProviderUnavailableError(error: unknown): boolean {
  const status = errorStatus(error);
  // The API client's errors carry the problem document (with the shop's own type) and its status.
  if (status === 503 || status === 504) return true;
  return status === undefined && typeof error === 'object' && error !== null && 'name' in error && error.name === 'TimeoutError';
}

/** What the payment page offers when cards fail: a collection is reserved, a home delivery may switch or try again. */
export function providerUnavailableOffer(productId: ProductId): 'reserve' | 'switchOrRetry' {
  return productId === PRODUCT.CLICK_AND_COLLECT ? 'reserve' : 'switchOrRetry';
}

/**
 * The moment a reservation ends: the branch's closing time ('HH:mm', London) on the collection day
 * ('yyyy-MM-dd'). null when either is missing or malformed.
 */
export function reservationHeldUntil(collectionDate: string, closes: string | null): Date | null {
  const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(collectionDate);
  const time = closes === null ? null : /^(\d{2}):(\d{2})/.exec(closes);
  if (day === null || time === null) return null;
  const at = new TZDate(Number(day[1]), Number(day[2]) - 1, Number(day[3]), Number(time[1]), Number(time[2]), SHOP_TIME_ZONE);
  return new Date(at.getTime());
}

/** The weekday (0 = Sunday) of a London date 'yyyy-MM-dd', to find the branch's hours that day. */
export function weekdayOf(collectionDate: string): number {
  return new TZDate(`${collectionDate}T12:00:00`, SHOP_TIME_ZONE).getDay();
}

/** '5:30pm' and 'Friday 4 December 2026' of the moment a reservation ends, in London. */
export function heldUntilParts(heldUntil: string | Date): { time: string; date: string } {
  const at = typeof heldUntil === 'string' ? new Date(heldUntil) : heldUntil;
  const inLondon = { in: tz(SHOP_TIME_ZONE) };
  return { time: format(at, 'h:mmaaa', inLondon), date: format(at, 'EEEE d MMMM yyyy', inLondon) };
}

/** 'Monday 30 November' of a London date 'yyyy-MM-dd' (a branch's first collection day). */
export function collectionDayText(collectionDate: string): string {
  return format(new TZDate(`${collectionDate}T12:00:00`, SHOP_TIME_ZONE), 'EEEE d MMMM', { in: tz(SHOP_TIME_ZONE) });
}
