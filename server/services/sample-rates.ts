/**
 * The demo's sample rates: the bundled history the seed loads is moved whole, in one SQL
 * statement, so that its last day is the last working day before today (England and Wales working
 * days); its shape (every currency's day-to-day moves, the gaps between its days) is unchanged.
 * It runs where the seed is applied and on every later start, so a demo started again a week on
 * shows recent days. Never in production, where the seed's history keeps its own dates and is
 * refused as out of date (services/rate-freshness.ts) until real rates are imported.
 * docs/decisions/045-sample-rates-and-stale-rates.md.
 */
import { eq, sql } from 'drizzle-orm';
import { dayOfWeek, londonDay, plusDays } from '#domain/cut-off.ts';
import { daysBetween, lastWorkingDayBefore } from '#domain/rate-freshness.ts';
import type { Db } from '../db/client.ts';
import * as t from '../db/schema.ts';
import { bankHolidaysAround } from './bank-holidays.ts';

/** The sample history's last day, or null when the database holds none (real rates replaced it). */
export async function sampleRatesLastDay(db: Db): Promise<string | null> {
  const [row] = await db
    .select({ last: sql<string | null>`to_char(max(${t.rates.rateDate}), 'YYYY-MM-DD')` })
    .from(t.rates)
    .where(eq(t.rates.sample, true));
  return row?.last ?? null;
}

const isWeekend = (date: string) => dayOfWeek(date) === 0 || dayOfWeek(date) === 6;

/**
 * The last working day before `today`, when it is not `last` already. Without a weekday between
 * them `last` is it (it was chosen as a working day): only otherwise are the bank holidays read,
 * which keeps the usual start free of loading them.
 */
async function newLastDay(last: string, today: string, now: Date): Promise<string | null> {
  if (last < today && !isWeekend(last)) {
    let weekdayBetween = false;
    for (let day = plusDays(last, 1); day < today && !weekdayBetween; day = plusDays(day, 1)) weekdayBetween = !isWeekend(day);
    if (!weekdayBetween) return null;
  }
  const target = lastWorkingDayBefore(today, await bankHolidaysAround(now));
  return target === last ? null : target;
}

/**
 * Moves the sample history so it ends on the last working day before `now`'s London day; returns
 * the days it moved by, or 0 when it was already there or there is none.
 */
export async function freshenSampleRates(db: Db, now: Date): Promise<number> {
  const last = await sampleRatesLastDay(db);
  if (last === null) return 0;
  const target = await newLastDay(last, londonDay(now), now);
  if (target === null) return 0;
  const days = daysBetween(last, target);
  // One statement: every sample row is deleted, then written back moved (the sort takes them all
  // before the first is written, so a moved day never meets one not yet moved on the primary key).
  await db.execute(sql`
    WITH moved AS (DELETE FROM rates WHERE sample RETURNING currency_code, rate_date, mid)
    INSERT INTO rates (currency_code, rate_date, mid, sample)
    SELECT currency_code, rate_date + ${days}::int, mid, true FROM moved ORDER BY rate_date, currency_code`);
  return days;
}
