/**
 * The home page's rates board (the checkout-beyond issue, item 4): each popular currency's rates
 * for £1 and a sparkline of its last month of mid rates, drawn by hand (a polyline) so the home
 * page loads no chart library.
 */
import { formatMessage, messages } from './messages.ts';

/** The sparkline's polyline points in a width × height box (y grows downwards), oldest first. */
export function sparklinePoints(rates: readonly number[], width: number, height: number): string {
  if (rates.length === 0) return '';
  const low = Math.min(...rates);
  const high = Math.max(...rates);
  const span = high - low;
  const step = rates.length > 1 ? width / (rates.length - 1) : 0;
  return rates
    .map((rate, i) => {
      const x = rates.length > 1 ? i * step : width / 2;
      // A flat month is a line across the middle.
      const y = span === 0 ? height / 2 : height - ((rate - low) / span) * height;
      return `${round1(x)},${round1(y)}`;
    })
    .join(' ');
}

const round1 = (n: number) => Math.round(n * 10) / 10;

export type Trend = 'up' | 'down' | 'flat';

/** How the rate moved from the first to the last day, in whole tenths of a percent. */
export function monthTrend(rates: readonly number[]): { trend: Trend; percent: string; text: string } {
  const first = rates[0];
  const last = rates.at(-1);
  if (first === undefined || last === undefined || first === 0) return { trend: 'flat', percent: '0.0', text: messages.ratesBoardTrendFlat };
  const change = Math.round(((last - first) / first) * 1000) / 10;
  const percent = Math.abs(change).toFixed(1);
  if (percent === '0.0') return { trend: 'flat', percent, text: messages.ratesBoardTrendFlat };
  const trend: Trend = change > 0 ? 'up' : 'down';
  return { trend, percent, text: formatMessage(trend === 'up' ? messages.ratesBoardTrendUp : messages.ratesBoardTrendDown, { percent }) };
}
