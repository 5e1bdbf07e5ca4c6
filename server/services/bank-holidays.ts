/**
 * UK bank holidays by nation, from date-holidays' data (England and Wales, Scotland, Northern
 * Ireland), for the calendar of domain/cut-off.ts. The library and its data load on the first ask,
 * not at start-up; each year is worked out once.
 */
import { londonDay, type BankHolidays, type Nation } from '#domain/cut-off.ts';

/** date-holidays' region of each nation (Wales keeps England's bank holidays). */
const REGION: Readonly<Record<Nation, string>> = { englandAndWales: 'ENG', scotland: 'SCT', northernIreland: 'NIR' };

const byYear = new Map<number, Promise<BankHolidays>>();

async function holidaysOfYear(year: number): Promise<BankHolidays> {
  const { default: Holidays } = await import('date-holidays');
  const of = (nation: Nation): string[] =>
    new Holidays('GB', REGION[nation], { types: ['public', 'bank'] })
      .getHolidays(year)
      .map((h) => h.date.slice(0, 10))
      .sort();
  return { englandAndWales: of('englandAndWales'), scotland: of('scotland'), northernIreland: of('northernIreland') };
}

function yearOf(year: number): Promise<BankHolidays> {
  let found = byYear.get(year);
  if (found === undefined) {
    found = holidaysOfYear(year);
    byYear.set(year, found);
  }
  return found;
}

const merged = new Map<number, Promise<BankHolidays>>();

/**
 * The bank holidays of the London year of `now` and of the next, enough for any date the shop
 * offers (three weeks ahead at most).
 */
export function bankHolidaysAt(now: Date): Promise<BankHolidays> {
  const year = Number(londonDay(now).slice(0, 4));
  let found = merged.get(year);
  if (found === undefined) {
    found = Promise.all([yearOf(year), yearOf(year + 1)]).then(([a, b]) => ({
      englandAndWales: [...a.englandAndWales, ...b.englandAndWales],
      scotland: [...a.scotland, ...b.scotland],
      northernIreland: [...a.northernIreland, ...b.northernIreland],
    }));
    merged.set(year, found);
  }
  return found;
}

const around = new Map<number, Promise<BankHolidays>>();

/** The bank holidays of the London year of `now`, the one before and the next: for looking back. */
export function bankHolidaysAround(now: Date): Promise<BankHolidays> {
  const year = Number(londonDay(now).slice(0, 4));
  let found = around.get(year);
  if (found === undefined) {
    found = Promise.all([yearOf(year - 1), bankHolidaysAt(now)]).then(([before, rest]) => ({
      englandAndWales: [...before.englandAndWales, ...rest.englandAndWales],
      scotland: [...before.scotland, ...rest.scotland],
      northernIreland: [...before.northernIreland, ...rest.northernIreland],
    }));
    around.set(year, found);
  }
  return found;
}
