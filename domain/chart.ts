/**
 * The currency chart page (spec 2.13, 7.2, 9): reached from /{code}-to-gbp or /{code}-from-gbp;
 * the rates are asked for inverted when the path ends with to-gbp; intervals 1W, 1M (default)
 * and 1Y; points arrive as date and rate and are presented as time and value.
 */
import { TZDate } from '@date-fns/tz';
import { subMonths, subWeeks, subYears } from 'date-fns';
import type { ChartPoint } from './contract/catalogue.ts';

export const CHART_INTERVALS = ['1W', '1M', '1Y'] as const;
export type ChartInterval = (typeof CHART_INTERVALS)[number];
export const DEFAULT_CHART_INTERVAL: ChartInterval = '1M';
/** The rates are against the pound. */
export const CHART_SOURCE_CURRENCY = 'GBP';
const TIME_ZONE = 'Europe/London';

export function isChartInterval(value: unknown): value is ChartInterval {
  return CHART_INTERVALS.includes(value as ChartInterval);
}

export interface ChartPage {
  /** The target currency, e.g. 'EUR' for /eur-to-gbp. */
  currencyCode: string;
  /** True for /{code}-to-gbp (spec 7.2). */
  inverted: boolean;
}

/** The chart a page path stands for, or null when the path is not a chart page. */
export function chartPageOf(path: string): ChartPage | null {
  const m = /^\/(?:.*\/)?([a-z]{3})-(to|from)-gbp\/?$/i.exec(path);
  if (!m?.[1] || !m[2]) return null;
  return { currencyCode: m[1].toUpperCase(), inverted: m[2].toLowerCase() === 'to' };
}

/** A point as presented (spec 3): the day as a time, the rate as the value. */
export interface PresentedPoint {
  time: Date;
  value: number;
}

function startOf(interval: ChartInterval, latest: Date): Date {
  if (interval === '1W') return subWeeks(latest, 1);
  if (interval === '1Y') return subYears(latest, 1);
  return subMonths(latest, 1);
}

/** The points of the interval ending at the latest point, oldest first, as time and value. */
export function pointsInInterval(points: readonly ChartPoint[], interval: ChartInterval): PresentedPoint[] {
  const presented = points
    .map((p) => ({ time: new TZDate(`${p.date}T00:00:00`, TIME_ZONE), value: p.rate }))
    .sort((a, b) => a.time.getTime() - b.time.getTime());
  const latest = presented.at(-1);
  if (!latest) return [];
  const from = startOf(interval, latest.time).getTime();
  return presented.filter((p) => p.time.getTime() >= from).map((p) => ({ time: new Date(p.time.getTime()), value: p.value }));
}
