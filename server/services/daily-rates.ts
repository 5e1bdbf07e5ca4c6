/**
 * Daily rates: the European Central Bank's euro foreign exchange reference rates (the eurofxref
 * XML of https://www.ecb.europa.eu/stats/eurofxref/), cross-rated to GBP and stored as the day's
 * mid rates. The shop's margins apply on top as for the bundled history (services/rates.ts); the
 * quote and the chart take the latest day on or before today (services/reference.ts), and the
 * reference-data trigger (migration 0008) tells every API instance that the rates moved.
 *
 * The rule is pure (`readEurofxref`, `crossToGbp`); `importDailyRates` reads the source, stores
 * what the shop sells and returns its record. docs/decisions/019-daily-rates-from-the-ecb.md.
 */
import { readFile } from 'node:fs/promises';
import { XMLParser } from 'fast-xml-parser';
import ky from 'ky';
import { count, eq, sql } from 'drizzle-orm';
import * as v from 'valibot';
import type { Deps } from '../deps.ts';
export { ECB_DAILY_RATES_URL } from '../env.ts';
import * as t from '../db/schema.ts';

/** How long the source may take to answer. */
export const DAILY_RATES_TIMEOUT_MS = 15_000;
/** Significant digits kept of a cross rate (as the seeded history). */
const PRECISION = 10;

/** One day of the ECB file: foreign units per EUR 1, by currency code. */
export interface EurofxrefDay {
  date: string;
  perEur: Readonly<Record<string, number>>;
}

/** Foreign units per GBP 1 for one day. */
export interface GbpDay {
  date: string;
  perGbp: Readonly<Record<string, number>>;
}

/** The file could not be read as ECB reference rates; `detail` says why, in words. */
export class DailyRatesError extends Error {
  override readonly name = 'DailyRatesError';
}

const Rate = v.pipe(
  v.string(),
  v.regex(/^\d+(\.\d+)?$/, 'a rate must be a positive decimal number'),
  v.transform(Number),
  v.number(),
  v.minValue(Number.MIN_VALUE, 'a rate must be more than zero'),
);
const DayCube = v.object({
  time: v.pipe(v.string(), v.isoDate('a day must be a date (yyyy-mm-dd)')),
  rates: v.pipe(
    v.array(v.object({ currency: v.pipe(v.string(), v.regex(/^[A-Z]{3}$/, 'a currency must be a three-letter code')), rate: Rate })),
    v.minLength(1, 'a day must hold at least one rate'),
  ),
});

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '',
  removeNSPrefix: true,
  parseAttributeValue: false,
  isArray: (name) => name === 'Cube',
});

type Node = Record<string, unknown>;
const isNode = (value: unknown): value is Node => typeof value === 'object' && value !== null;
const cubesOf = (node: unknown): Node[] => (isNode(node) && Array.isArray(node.Cube) ? node.Cube.filter(isNode) : []);

/** The days of an eurofxref file (the daily file has one, the 90-day and history files more). */
export function readEurofxref(xml: string): EurofxrefDay[] {
  let document: unknown;
  try {
    document = parser.parse(xml, true);
  } catch (error) {
    throw new DailyRatesError(`The rates file is not well-formed XML: ${(error as Error).message}`);
  }
  const envelope = isNode(document) ? document.Envelope : undefined;
  const outer = cubesOf(envelope)[0];
  const dayNodes = cubesOf(outer);
  if (dayNodes.length === 0) throw new DailyRatesError('The rates file holds no day of reference rates.');
  return dayNodes.map((node) => {
    const parsed = v.safeParse(DayCube, { time: node.time, rates: cubesOf(node).map((c) => ({ currency: c.currency, rate: c.rate })) });
    if (!parsed.success) {
      const issue = parsed.issues[0];
      throw new DailyRatesError(`The rates of ${typeof node.time === 'string' ? node.time : 'a day'} are not valid: ${issue.message}.`);
    }
    const perEur: Record<string, number> = {};
    for (const { currency, rate } of parsed.output.rates) perEur[currency] = rate;
    return { date: parsed.output.time, perEur };
  });
}

const round = (n: number) => Number(n.toPrecision(PRECISION));

/**
 * Foreign units per GBP 1: (EUR -> foreign) / (EUR -> GBP) on the same day, and the euro itself
 * as 1 / (EUR -> GBP). A day without GBP cannot be crossed.
 */
export function crossToGbp(day: EurofxrefDay): GbpDay {
  const eurToGbp = day.perEur.GBP;
  if (eurToGbp === undefined) throw new DailyRatesError(`The rates of ${day.date} have no GBP rate to cross the others with.`);
  const perGbp: Record<string, number> = { EUR: round(1 / eurToGbp) };
  for (const [code, perEur] of Object.entries(day.perEur)) {
    if (code !== 'GBP') perGbp[code] = round(perEur / eurToGbp);
  }
  return { date: day.date, perGbp };
}

/** What an import did (returned, and logged by whoever ran it). */
export interface DailyRatesRecord {
  source: string;
  /** The days stored, oldest first. */
  days: string[];
  /** Rows written (inserted, or replacing that day's earlier figure). */
  stored: number;
  /** Codes the file has that the shop does not sell. */
  notSold: string[];
  /** Codes the shop sells that the file lacks: they keep their latest earlier rate. */
  notInFile: string[];
  /** Rows of the sample history removed (the first real import replaces it). */
  sampleRemoved: number;
}

/** Reads a URL (http or https) or a file. */
export async function readSource(source: string, fetcher: typeof fetch = fetch): Promise<string> {
  if (/^https?:\/\//i.test(source)) {
    try {
      return await ky.get(source, { timeout: DAILY_RATES_TIMEOUT_MS, retry: 1, fetch: fetcher }).text();
    } catch (error) {
      throw new DailyRatesError(`The rates could not be fetched from ${source}: ${(error as Error).message}`);
    }
  }
  try {
    return await readFile(source, 'utf8');
  } catch (error) {
    throw new DailyRatesError(`The rates file ${source} could not be read: ${(error as Error).message}`);
  }
}

/**
 * Imports the days of `source` (default: the configured source). A day after tomorrow (London or
 * not, the ECB publishes around 16:00 CET) is refused, so a wrong file cannot set future rates.
 */
export async function importDailyRates(deps: Pick<Deps, 'db' | 'clock'>, source: string, fetcher?: typeof fetch): Promise<DailyRatesRecord> {
  const days = readEurofxref(await readSource(source, fetcher)).map(crossToGbp);
  const tomorrow = new Date(deps.clock.now().getTime() + 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
  const future = days.find((d) => d.date > tomorrow);
  if (future) throw new DailyRatesError(`The rates file is dated ${future.date}, which has not come yet.`);

  const sold = new Set((await deps.db.select({ code: t.currencies.code }).from(t.currencies)).map((c) => c.code));
  const inFile = new Set(days.flatMap((d) => Object.keys(d.perGbp)));
  const rows = days.flatMap((d) =>
    Object.entries(d.perGbp)
      .filter(([code]) => sold.has(code))
      .map(([currencyCode, mid]) => ({ currencyCode, rateDate: d.date, mid })),
  );
  // Real rates replace the sample history whole: the chart never draws sample days beside real ones.
  const sampleRemoved =
    rows.length === 0
      ? 0
      : await deps.db.transaction(async (tx) => {
          const [sample] = await tx.select({ rows: count() }).from(t.rates).where(eq(t.rates.sample, true));
          if (sample !== undefined && sample.rows > 0) await tx.delete(t.rates).where(eq(t.rates.sample, true));
          await tx
            .insert(t.rates)
            .values(rows)
            .onConflictDoUpdate({ target: [t.rates.currencyCode, t.rates.rateDate], set: { mid: sql`excluded.mid`, sample: false } });
          return sample?.rows ?? 0;
        });
  return {
    source,
    sampleRemoved,
    days: days.map((d) => d.date).sort(),
    stored: rows.length,
    notSold: [...inFile].filter((c) => !sold.has(c)).sort(),
    notInFile: [...sold].filter((c) => !inFile.has(c)).sort(),
  };
}
