/**
 * How fresh the shop's mid rates are, counted in England and Wales working days (weekdays that
 * are not bank holidays): the days the reference rates are published on. Pure; the bank holidays
 * come from the caller (server/services/bank-holidays.ts).
 */
import { tz } from '@date-fns/tz';
import { differenceInCalendarDays } from 'date-fns';
import { SHOP_TIME_ZONE } from './availability.ts';
import { isDispatchDay, londonAt, plusDays, type BankHolidays } from './cut-off.ts';

/** An England and Wales working day (the delivery centre's dispatch days are the same days). */
export const isWorkingDay = (holidays: BankHolidays, date: string): boolean => isDispatchDay(holidays, date);

/** The last working day strictly before `today` ('yyyy-MM-dd'). */
export function lastWorkingDayBefore(today: string, holidays: BankHolidays): string {
  let day = plusDays(today, -1);
  // Christmas and a weekend take at most four days in a row; a fortnight is plenty.
  for (let i = 0; i < 14 && !isWorkingDay(holidays, day); i += 1) day = plusDays(day, -1);
  return day;
}

/**
 * A rate's age in working days on `today`: the working days after its date, up to and including
 * today. Friday's rate is 1 working day old on Monday, 3 on Wednesday. Counting stops past
 * `atMost` (an older rate is old enough to say so).
 */
export function workingDaysSince(rateDate: string, today: string, holidays: BankHolidays, atMost = 31): number {
  let age = 0;
  for (let day = plusDays(rateDate, 1); day <= today && age <= atMost; day = plusDays(day, 1)) if (isWorkingDay(holidays, day)) age += 1;
  return age;
}

/** Whole calendar days from `from` to `to` (both 'yyyy-MM-dd'; negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return differenceInCalendarDays(londonAt(to), londonAt(from), { in: tz(SHOP_TIME_ZONE) });
}
