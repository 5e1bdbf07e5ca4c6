/**
 * Honest cut-offs: the first date an order placed now is delivered or can be collected, and until
 * when that stays true ("Order within 2 h 14 m for delivery on Tuesday 25 November").
 *
 * The calendar knows the UK bank holidays of each nation (England and Wales, Scotland, Northern
 * Ireland: the server takes them from date-holidays and sends them with the site settings) and each
 * branch's opening times. Calendar days are Europe/London's. Pure: `now` and the holidays are
 * arguments, so the server (delivery slots, branch availability) and the client (the calculator's
 * and the delivery page's countdown) run the same rule.
 *
 * - Home delivery: orders are packed and sent from the delivery centre in England on working days
 *   (Monday to Friday, not an England and Wales bank holiday) until DISPATCH_CUT_OFF; the courier
 *   delivers the next day that is not a Sunday or a bank holiday where the address is.
 * - Click and collect, in stock: the branch's first open day (not closed, not a bank holiday in
 *   its nation) that is still open for SAME_DAY_MARGIN_MINUTES after the order; the order must be
 *   placed by then.
 * - Click and collect, not in stock: the currency is sent over for 2pm on the branch's first open
 *   day after today; that holds until midnight before it.
 */
// The date without its string methods, which nothing here calls: the first page already loads it.
import { TZDateMini } from '@date-fns/tz/date/mini';
import { addDays, formatISO, getDay, intlFormat } from 'date-fns';
import type { OpeningTimes } from './contract/branches.ts';
import { formatMessage, messages } from './messages.ts';
import { PRODUCT } from './products.ts';

const SHOP_TIME_ZONE = 'Europe/London';
/** date-fns' `in` option: calendar arithmetic on London's dates (what @date-fns/tz's tz() does, on the mini date). */
const inLondon = { in: (value: Date | number | string) => new TZDateMini(+new Date(value), SHOP_TIME_ZONE) };

export const NATIONS = ['englandAndWales', 'scotland', 'northernIreland'] as const;
export type Nation = (typeof NATIONS)[number];
/** Each nation's bank holidays as London calendar dates, 'yyyy-MM-dd'. */
export type BankHolidays = Readonly<Record<Nation, readonly string[]>>;
export const NO_BANK_HOLIDAYS: BankHolidays = { englandAndWales: [], scotland: [], northernIreland: [] };

/** London time on a working day by which an order is sent out the same day. */
export const DISPATCH_CUT_OFF = '14:00';
/** Orders are packed and sent from the delivery centre in England. */
export const DISPATCH_NATION: Nation = 'englandAndWales';
/** A branch open for less than this after the order hands the currency over on its next open day. */
export const SAME_DAY_MARGIN_MINUTES = 60;
/** How far ahead a branch's calendar is searched before it counts as closed this week. */
export const COLLECTION_HORIZON_DAYS = 7;
const DELIVERY_HORIZON_DAYS = 31;

export interface CutOff {
  /** The first date, London calendar 'yyyy-MM-dd'. */
  date: string;
  /** Orders placed before this instant get `date`; from it on, a later one. */
  orderBy: Date;
}

export interface BranchCalendar {
  /** Opening hours by day of the week (0 = Sunday), 'HH:mm'; a day not listed is closed. */
  hours: ReadonlyArray<{ dayOfWeek: number; opens: string; closes: string }>;
  /** A closure, both dates inclusive. */
  closedFrom?: string | null | undefined;
  closedUntil?: string | null | undefined;
  nation: Nation;
}

const SCOTTISH_AREAS = new Set(['AB', 'DD', 'DG', 'EH', 'FK', 'G', 'HS', 'IV', 'KA', 'KW', 'KY', 'ML', 'PA', 'PH', 'TD', 'ZE']);

/** The nation of a UK postcode, by its area; Berwick-upon-Tweed (TD15) is in England. */
export function nationOfPostcode(postcode: string | null | undefined): Nation {
  const compact = (postcode ?? '').replace(/\s+/g, '').toUpperCase();
  // The inward code is always a digit and two letters; what comes before is the district.
  const district = compact.length > 4 ? compact.slice(0, -3) : compact;
  const area = /^[A-Z]{1,2}/.exec(district)?.[0] ?? '';
  if (area === 'BT') return 'northernIreland';
  if (district === 'TD15') return 'englandAndWales';
  return SCOTTISH_AREAS.has(area) ? 'scotland' : 'englandAndWales';
}

/** An instant at a London wall-clock time on a London date (a plain Date: its ISO form is UTC). */
export function londonAt(date: string, hhmm = '00:00'): Date {
  const [y = 0, m = 1, d = 1] = date.split('-').map(Number);
  const [h = 0, min = 0] = hhmm.split(':').map(Number);
  return new Date(new TZDateMini(y, m - 1, d, h, min, SHOP_TIME_ZONE).getTime());
}

/**
 * The London calendar date of an instant, 'yyyy-MM-dd'. Not through date-fns' `format`: its token
 * parser and English locale (6 KB gzip) would load on the calculator page for this and the day's name.
 */
export function londonDay(instant: Date): string {
  return formatISO(instant, { representation: 'date', ...inLondon });
}

export function plusDays(date: string, days: number): string {
  return londonDay(addDays(new TZDateMini(londonAt(date).getTime(), SHOP_TIME_ZONE), days, inLondon));
}

/** 0 = Sunday. */
export function dayOfWeek(date: string): number {
  return getDay(londonAt(date), inLondon);
}

export function isBankHoliday(holidays: BankHolidays, nation: Nation, date: string): boolean {
  return holidays[nation].includes(date);
}

/** A day the delivery centre sends orders out. */
export function isDispatchDay(holidays: BankHolidays, date: string): boolean {
  const day = dayOfWeek(date);
  return day >= 1 && day <= 5 && !isBankHoliday(holidays, DISPATCH_NATION, date);
}

/** A day the courier delivers to an address in the nation. */
export function isDeliveryDay(holidays: BankHolidays, nation: Nation, date: string): boolean {
  return dayOfWeek(date) !== 0 && !isBankHoliday(holidays, nation, date);
}

/** The first home delivery date of an order placed at `now`, and the order-by instant for it. */
export function deliveryCutOff(now: Date, holidays: BankHolidays, nation: Nation = DISPATCH_NATION): CutOff {
  let dispatch = londonDay(now);
  for (let i = 0; i < DELIVERY_HORIZON_DAYS; i++) {
    if (isDispatchDay(holidays, dispatch) && londonAt(dispatch, DISPATCH_CUT_OFF).getTime() > now.getTime()) break;
    dispatch = plusDays(dispatch, 1);
  }
  let date = plusDays(dispatch, 1);
  for (let i = 0; i < DELIVERY_HORIZON_DAYS && !isDeliveryDay(holidays, nation, date); i++) date = plusDays(date, 1);
  return { date, orderBy: londonAt(dispatch, DISPATCH_CUT_OFF) };
}

/** The home delivery dates an order placed at `now` can choose from: the first, then later delivery days. */
export function deliveryDates(now: Date, holidays: BankHolidays, count: number, nation: Nation = DISPATCH_NATION): string[] {
  const dates = [deliveryCutOff(now, holidays, nation).date];
  for (let date = dates[0]!, i = 0; dates.length < count && i < DELIVERY_HORIZON_DAYS; i++) {
    date = plusDays(date, 1);
    if (isDeliveryDay(holidays, nation, date)) dates.push(date);
  }
  return dates;
}

/** The branch's hours on a date, or null when it is closed (its week, a closure, a bank holiday). */
export function branchHoursOn(branch: BranchCalendar, holidays: BankHolidays, date: string): { opens: string; closes: string } | null {
  if (branch.closedFrom && branch.closedUntil && date >= branch.closedFrom && date <= branch.closedUntil) return null;
  if (isBankHoliday(holidays, branch.nation, date)) return null;
  const day = dayOfWeek(date);
  return branch.hours.find((h) => h.dayOfWeek === day) ?? null;
}

/**
 * The first collection date at a branch for an order placed at `now`, and its order-by instant;
 * null when the branch has no open day in the coming week ("Sorry we're closed this week!").
 */
export function collectionCutOff(now: Date, branch: BranchCalendar, holidays: BankHolidays, inStock: boolean): CutOff | null {
  const today = londonDay(now);
  for (let offset = inStock ? 0 : 1; offset <= COLLECTION_HORIZON_DAYS; offset++) {
    const date = plusDays(today, offset);
    const hours = branchHoursOn(branch, holidays, date);
    if (hours === null) continue;
    if (!inStock) return { date, orderBy: londonAt(date) };
    const orderBy = new Date(londonAt(date, hours.closes).getTime() - SAME_DAY_MARGIN_MINUTES * 60_000);
    if (orderBy.getTime() > now.getTime()) return { date, orderBy };
  }
  return null;
}

/** The branch's open days from `from` on, at most `count`, within three weeks. */
export function branchOpenDates(branch: BranchCalendar, holidays: BankHolidays, from: string, count: number): string[] {
  const dates: string[] = [];
  for (let i = 0; i < 21 && dates.length < count; i++) {
    const date = plusDays(from, i);
    if (branchHoursOn(branch, holidays, date) !== null) dates.push(date);
  }
  return dates;
}

/** Whole minutes left, never promising more than there is; under a minute still reads '1 m'. */
export function formatTimeLeft(ms: number): string {
  const minutes = Math.max(1, Math.floor(ms / 60_000));
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  const mins = minutes % 60;
  if (days > 0) return formatMessage(messages.timeLeftDays, { days: String(days), hours: String(hours) });
  if (hours > 0) return formatMessage(messages.timeLeftHours, { hours: String(hours), minutes: String(mins) });
  return formatMessage(messages.timeLeftMinutes, { minutes: String(mins) });
}

/** 'Tuesday 25 November' (the platform's British English names, through date-fns' intlFormat). */
export function formatCutOffDay(date: string): string {
  return intlFormat(londonAt(date), { weekday: 'long', day: 'numeric', month: 'long', timeZone: SHOP_TIME_ZONE }, { locale: 'en-GB' });
}

export type CutOffKind = 'delivery' | 'collection';

/** 'Order within 2 h 14 m for delivery on Tuesday 25 November' (or 'for collection from ...'). */
export function cutOffText(kind: CutOffKind, cutOff: CutOff, now: Date): string {
  const template = kind === 'delivery' ? messages.cutOffDelivery : messages.cutOffCollection;
  return formatMessage(template, { time: formatTimeLeft(cutOff.orderBy.getTime() - now.getTime()), date: formatCutOffDay(cutOff.date) });
}


/** A shop Store (its weekly opening times, closure and postcode) as a branch calendar. */
export function storeCalendar(store: {
  openingTimes: OpeningTimes | null;
  address: { postcode: string };
  closedFrom?: string | null | undefined;
  closedUntil?: string | null | undefined;
}): BranchCalendar | null {
  const times = store.openingTimes;
  if (times === null) return null;
  const hours: Array<{ dayOfWeek: number; opens: string; closes: string }> = [];
  SUNDAY_FIRST.forEach((day, dayOfWeek) => {
    const opens = times[`${day}Opens`];
    const closes = times[`${day}Closes`];
    if (opens !== null && closes !== null) hours.push({ dayOfWeek, opens, closes });
  });
  return { hours, closedFrom: store.closedFrom, closedUntil: store.closedUntil, nation: nationOfPostcode(store.address.postcode) };
}

const SUNDAY_FIRST = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'] as const;

export interface CutOffReadout {
  kind: CutOffKind;
  date: string;
  /** 'Order within 2 h 14 m for delivery on Tuesday 25 November'. */
  text: string;
}

/**
 * The calculator's line for the delivery option chosen: home delivery from the delivery centre,
 * click and collect at the branch (from 2pm on its next open day when it said it lacks the
 * currency); nothing for sell back or a branch without opening times.
 */
export function calculatorCutOff(input: {
  productId: number;
  store: (Parameters<typeof storeCalendar>[0] & { haveCurrency?: boolean | null | undefined; isMeta?: boolean }) | null;
  holidays: BankHolidays;
  now: Date;
}): CutOffReadout | null {
  const { now, holidays } = input;
  if (input.productId === PRODUCT.HOME_DELIVERY) {
    const cut = deliveryCutOff(now, holidays);
    return { kind: 'delivery', date: cut.date, text: cutOffText('delivery', cut, now) };
  }
  if (input.productId !== PRODUCT.CLICK_AND_COLLECT || input.store === null || input.store.isMeta === true) return null;
  const calendar = storeCalendar(input.store);
  const cut = calendar === null ? null : collectionCutOff(now, calendar, holidays, input.store.haveCurrency !== false);
  return cut === null ? null : { kind: 'collection', date: cut.date, text: cutOffText('collection', cut, now) };
}
