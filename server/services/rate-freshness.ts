/**
 * A travel-money shop never sells at a stale rate. In production, when the newest mid rate is older
 * than RATES_MAX_AGE_WORKING_DAYS England and Wales working days, quotes and checkout answer 503
 * ("Our rates are being updated") until a newer day is imported. Outside production the demo's
 * sample rates are kept recent instead (services/sample-rates.ts).
 * docs/decisions/045-sample-rates-and-stale-rates.md.
 */
import { londonDay } from '#domain/cut-off.ts';
import { serverMessages } from '#domain/messages.ts';
import { workingDaysSince } from '#domain/rate-freshness.ts';
import type { Deps } from '../deps.ts';
import { HttpProblem } from '../errors.ts';
import { bankHolidaysAround } from './bank-holidays.ts';
import type { MidRate } from './reference.ts';

/** The 503 of quotes and checkout while the rates are out of date; the API's error handler logs it once per newest day. */
export class RatesOutOfDate extends HttpProblem {
  constructor(
    /** The newest mid rate's day, or null when there is none. */
    readonly newest: string | null,
    readonly maxAgeWorkingDays: number,
  ) {
    super(503, serverMessages.ratesBeingUpdatedTitle, serverMessages.ratesBeingUpdatedDetail, { type: 'rates-out-of-date', headers: { 'Retry-After': '600' } });
    this.name = 'RatesOutOfDate';
  }
}

/** Throws RatesOutOfDate in production when the newest of `mids` is too old on today's London date. */
export async function assertRatesCurrent(deps: Pick<Deps, 'clock' | 'config'>, mids: ReadonlyMap<string, MidRate>): Promise<void> {
  if (!deps.config.production) return;
  let newest: string | null = null;
  for (const { date } of mids.values()) if (newest === null || date > newest) newest = date;
  const maxAge = deps.config.ratesMaxAgeWorkingDays;
  if (newest === null) throw new RatesOutOfDate(null, maxAge);
  const now = deps.clock.now();
  const age = workingDaysSince(newest, londonDay(now), await bankHolidaysAround(now), maxAge + 1);
  if (age > maxAge) throw new RatesOutOfDate(newest, maxAge);
}

/**
 * Writes the error line of out-of-date rates once per newest day (not once per request): the next
 * line comes only when an import has moved the newest day and it is still out of date.
 */
export function staleRatesReporter(log: (line: string) => void): (problem: RatesOutOfDate) => void {
  let reported: string | null | undefined;
  return (problem) => {
    if (reported === problem.newest) return;
    reported = problem.newest;
    log(
      `Quotes and checkout are refused: the newest mid rate (${problem.newest ?? 'none'}) is older than ${problem.maxAgeWorkingDays} working days (RATES_MAX_AGE_WORKING_DAYS). Import the day's rates (npm run rates:import).`,
    );
  };
}
