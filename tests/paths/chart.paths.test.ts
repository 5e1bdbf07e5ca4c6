import { expect } from 'vitest';
import { chartMachine, selectChartPoints, selectRateAlert, type RateAlertView } from '#machines/chart/chart.machine.ts';
import { pointsInInterval } from '#domain/chart.ts';
import type { ChartPoint } from '#domain/contract/catalogue.ts';
import { parseAlertRate, rateAlertErrors } from '#domain/rate-alert.ts';
import { actorDone, actorFailed, definePathSuite, INIT_EVENT } from '../support/graph-coverage.ts';

const points = [
  { date: '2025-05-01', rate: 1.17 },
  { date: '2025-05-28', rate: 1.18 },
  { date: '2025-06-01', rate: 1.19 },
];
const failure = new TypeError('Failed to fetch');
/** The points the chart loaded on this path. */
let loaded: ChartPoint[] | null = null;
const shownFor = { '1W': [1.18, 1.19], '1M': [1.18, 1.19], '1Y': [1.17, 1.18, 1.19] };

// The rate alert form, from the page's rules: offered once the rates show; a request with a bad
// address or rate is refused with the form's messages and sends nothing; a good one is sent, then
// set or failed; a failed one may be sent again; a set one may be followed by another.
const GOOD = { type: 'chart.alertRequested', emailAddress: 'ann@example.com', rateText: '1.25' } as const;
const BAD = { type: 'chart.alertRequested', emailAddress: 'ann', rateText: '0' } as const;
const BAD_MESSAGES = { email: 'Please enter a valid email address', rate: 'Enter a rate above 0' };
/**
 * The suite's two requests are judged by the table above; a replayed journey's own request by the
 * form's rules (domain/rate-alert.ts, table-tested on their own).
 */
function messagesFor(event: { emailAddress?: unknown; rateText?: unknown }): object {
  if (event.emailAddress === GOOD.emailAddress && event.rateText === GOOD.rateText) return {};
  if (event.emailAddress === BAD.emailAddress && event.rateText === BAD.rateText) return BAD_MESSAGES;
  return rateAlertErrors(String(event.emailAddress), String(event.rateText));
}
type Alert = { emailAddress: string; currencyCode: string | null; rate: number | null };
let form: { status: RateAlertView['status']; errors: object; sent: boolean; alert?: Alert } | null = null;
function expectedForm(event: { type: string; emailAddress?: unknown; rateText?: unknown }, ready: boolean, currencyCode: string | null) {
  if (!ready) return null;
  const now = form ?? { status: 'offered' as const, errors: {}, sent: false };
  switch (event.type) {
    case 'chart.alertRequested': {
      if (now.status !== 'offered' && now.status !== 'failed') return now;
      const errors = messagesFor(event);
      if (Object.keys(errors).length > 0) return { ...now, errors };
      const alert = { emailAddress: String(event.emailAddress), currencyCode, rate: parseAlertRate(String(event.rateText)) };
      return { status: 'sending' as const, errors: {}, sent: true, alert };
    }
    case 'xstate.done.actor.createRateAlert':
      return { ...now, status: 'set' as const };
    case 'xstate.error.actor.createRateAlert':
      return { ...now, status: 'failed' as const };
    case 'chart.alertReset':
      return now.status === 'set' ? { status: 'offered' as const, errors: {}, sent: false } : now;
    default:
      return now;
  }
}

definePathSuite({
  name: 'chart',
  machine: chartMachine,
  inputs: { 'chart page': { path: '/eur-to-gbp' }, 'other page': { path: '/branches' } },
  events: [
    { type: 'chart.intervalChosen', interval: '1W' },
    { type: 'chart.intervalChosen', interval: '1M' },
    { type: 'chart.intervalChosen', interval: '1Y' },
    { type: 'chart.intervalChosen', interval: '5Y' as never },
    actorDone('loadChart', points),
    actorFailed('loadChart', failure),
    GOOD,
    BAD,
    { type: 'chart.alertReset' },
    actorDone('createRateAlert', { id: '7d1c8c66-3f38-4c55-9a42-5c1d7f1a0b11' }),
    actorFailed('createRateAlert', failure),
  ],
  serializeState: (s) => JSON.stringify([s.value, s.context.interval, Object.keys(s.context.alertErrors).length > 0]),
  assertState: (s, step) => {
    if (step.event.type === INIT_EVENT) loaded = null;
    if (step.event.type === 'xstate.done.actor.loadChart') loaded = (step.event as unknown as { output: ChartPoint[] }).output;
    form = step.event.type === INIT_EVENT ? null : expectedForm(step.event, s.matches('ready'), s.context.currencyCode);
    const view = selectRateAlert(s);
    expect(view?.status ?? null, `the alert form after ${step.event.type}`).toBe(form?.status ?? null);
    if (form !== null) expect(view?.errors, `the form's messages after ${step.event.type}`).toEqual(form.errors);
    if (view?.status === 'sending' || view?.status === 'set') expect(view.alert).toEqual(form?.alert);
    if (form?.alert && form.alert.emailAddress === GOOD.emailAddress && form.alert.rate === 1.25) expect(form.alert).toEqual({ emailAddress: 'ann@example.com', currencyCode: 'EUR', rate: 1.25 });
    const shown = selectChartPoints(s).map((p) => p.value);
    // The suite's points by the table above; a replayed journey's by the interval rule (domain/chart.ts).
    const expected = loaded === points ? shownFor[s.context.interval] : pointsInInterval(loaded ?? [], s.context.interval).map((p) => p.value);
    expect(shown).toEqual(s.matches('ready') ? expected : []);
    // Failures are logged only: reported once, when the load fails.
    const reports = step.emitted.filter((e) => e.type === 'error.reported');
    const failed = step.event.type === 'xstate.error.actor.loadChart';
    expect(reports).toEqual(failed ? [{ type: 'error.reported', error: failure, where: 'chart.loadChart' }] : []);
  },
});
