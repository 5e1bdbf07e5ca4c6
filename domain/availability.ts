/**
 * Branch availability, delivery caveats and opening times (spec 2.2, 2.7, 3). Calendar days are
 * the shop's: Europe/London, whatever the zone of the machine running this. `now` is always an
 * argument so the rules stay pure.
 */
import { TZDate, tz } from '@date-fns/tz';
import { differenceInCalendarDays, format, getDay } from 'date-fns';
import type { FinderOpeningTime, OpeningTimes, Weekday } from './contract/branches.ts';
import type { ProductId } from './contract/catalogue.ts';
import { messages } from './messages.ts';
import { PRODUCT } from './products.ts';

// The branch list's pages live with the branch search (on every page, without the calendar's date-fns).
export { BRANCH_PAGE_SIZE, branchPage } from './branch-search.ts';

export const SHOP_TIME_ZONE = 'Europe/London';
const inLondon = { in: tz(SHOP_TIME_ZONE) };

/** Hours before a slot under which the remote-area note shows (spec 2.7). */
export const REMOTE_AREA_NOTICE_HOURS = 24;

/** Midnight in London of an ISO calendar date ('2026-11-27'); an ISO timestamp is read as is. */
export function londonDate(isoDate: string): TZDate {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDate);
  if (match) return new TZDate(Number(match[1]), Number(match[2]) - 1, Number(match[3]), SHOP_TIME_ZONE);
  return new TZDate(isoDate, SHOP_TIME_ZONE);
}

let keyMinute = Number.NaN;
let keyOfMinute = '';

/**
 * The London calendar date of an instant as 'yyyy-MM-dd'. Every quote asks for it, so the last
 * minute's answer is kept: London's date only changes on a whole minute (its offsets are whole hours).
 */
export function londonDateKey(instant: Date): string {
  const minute = Math.floor(instant.getTime() / 60_000);
  if (minute !== keyMinute) {
    keyOfMinute = format(instant, 'yyyy-MM-dd', inLondon);
    keyMinute = minute;
  }
  return keyOfMinute;
}

/** '27 November 2026', for the confirmation page's date. */
export function formatLongDate(instant: Date): string {
  return format(instant, 'd MMMM yyyy', inLondon);
}

/** 'today', 'tomorrow', or weekday and date ('Friday 27 November'). A past date reads 'today'. */
export function availabilityDay(availableFrom: string, now: Date): string {
  const date = londonDate(availableFrom);
  const days = differenceInCalendarDays(date, now, inLondon);
  if (days <= 0) return messages.today;
  if (days === 1) return messages.tomorrow;
  return format(date, 'EEEE d MMMM', inLondon);
}

const WEEKDAY_ORDER: readonly Weekday[] = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];
/** getDay / dayOfWeek numbering: 0 = Sunday. */
const WEEKDAY_BY_NUMBER: readonly Weekday[] = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];

export interface OpeningDay {
  weekday: Weekday;
  /** 'Monday'. */
  label: string;
  isOpen: boolean;
  /** 'HH:mm' as the API sends it, null when closed. */
  opens: string | null;
  closes: string | null;
}

function label(weekday: Weekday): string {
  return weekday.charAt(0).toUpperCase() + weekday.slice(1);
}

/** The per-weekday shape (mondayOpens, mondayCloses, ...): a day is open when both times are set. */
export function openingDaysFromStore(times: OpeningTimes): OpeningDay[] {
  return WEEKDAY_ORDER.map((weekday) => {
    const opens = times[`${weekday}Opens`];
    const closes = times[`${weekday}Closes`];
    const isOpen = opens !== null && closes !== null;
    return { weekday, label: label(weekday), isOpen, opens: isOpen ? opens : null, closes: isOpen ? closes : null };
  });
}

/** The branch finder shape (dayOfWeek 0 = Sunday, isOpen, openTime, closeTime), Monday first. */
export function openingDaysFromFinder(times: readonly FinderOpeningTime[]): OpeningDay[] {
  return WEEKDAY_ORDER.map((weekday) => {
    const entry = times.find((t) => WEEKDAY_BY_NUMBER[t.dayOfWeek] === weekday);
    const isOpen = entry !== undefined && entry.isOpen && entry.openTime !== null && entry.closeTime !== null;
    return {
      weekday,
      label: label(weekday),
      isOpen,
      opens: isOpen ? entry.openTime : null,
      closes: isOpen ? entry.closeTime : null,
    };
  });
}

/** '09:00 - 17:30', or 'Closed'. */
export function formatOpeningHours(day: OpeningDay): string {
  return day.isOpen ? `${day.opens} - ${day.closes}` : messages.closed;
}

export function hasOpenDay(days: readonly OpeningDay[]): boolean {
  return days.some((d) => d.isOpen);
}

/** Rows for the expandable opening times, plus the branch's comment when it has one. */
export function openingTimesRows(
  days: readonly OpeningDay[],
  comment?: string | null,
): { rows: { label: string; hours: string }[]; comment: string | null } {
  const text = comment?.trim();
  return {
    rows: days.map((d) => ({ label: d.label, hours: formatOpeningHours(d) })),
    comment: text ? text : null,
  };
}

export interface BranchAvailabilityInput {
  availableFrom?: string | null;
  haveCurrency?: boolean | null;
  haveNoOpeningTimes: boolean;
  openingTimes: OpeningTimes | null;
}

export interface BranchAvailability {
  closed: boolean;
  /** 'today', 'tomorrow', 'Friday 27 November'; null when closed. */
  day: string | null;
  /** No stock: collection is from 2pm. */
  fromTwoPm: boolean;
  /** What the branch list shows: "Sorry we're closed this week!", 'tomorrow', 'today from 2pm'. */
  text: string;
}

/**
 * A branch with no open day this week reads "Sorry we're closed this week!": it has no opening
 * times, every day is closed, or the server found no collection date (availableFrom missing).
 */
export function branchAvailability(store: BranchAvailabilityInput, now: Date): BranchAvailability {
  const closed =
    store.haveNoOpeningTimes ||
    store.availableFrom == null ||
    (store.openingTimes !== null && !hasOpenDay(openingDaysFromStore(store.openingTimes)));
  if (closed || store.availableFrom == null) {
    return { closed: true, day: null, fromTwoPm: false, text: messages.closedThisWeek };
  }
  const day = availabilityDay(store.availableFrom, now);
  const fromTwoPm = store.haveCurrency === false;
  return { closed: false, day, fromTwoPm, text: fromTwoPm ? `${day} ${messages.fromTwoPm}` : day };
}

export interface SlotForCaveats {
  date: string;
  isInStock: boolean;
}

/**
 * The notes a delivery-slot card carries (spec 2.7). Home delivery: the Monday note on a Monday
 * slot, and the remote-area 48-hour note when the slot starts 24 hours from now or sooner.
 * Collection: free collection from 2pm when the branch does not hold the currency yet.
 */
export function slotCaveats(slot: SlotForCaveats, productId: ProductId, now: Date): string[] {
  const start = londonDate(slot.date);
  if (productId === PRODUCT.HOME_DELIVERY) {
    const notes: string[] = [];
    if (getDay(start, inLondon) === 1) notes.push(messages.mondayDeliveryNote);
    if (start.getTime() - now.getTime() <= REMOTE_AREA_NOTICE_HOURS * 3_600_000) notes.push(messages.remoteAreaNote);
    return notes;
  }
  return slot.isInStock ? [] : [messages.freeCollectionFromTwoPm];
}


/** '0.4 miles', '12.3 miles': one decimal is enough to rank nearby branches. */
export function formatDistance(miles: number): string {
  return messages.distanceInMiles.replace('{miles}', (Math.round(miles * 10) / 10).toFixed(1));
}
