/**
 * The currency chart page (spec 2.13, 7.2, 8): the page path names the currency and the direction
 * (inverted when it ends with to-gbp); the rates are loaded once and the 1W, 1M (default) and 1Y
 * buttons choose which of them show. A failed load is logged only: it leaves the chart in
 * `failed` and emits `error.reported` for the app's error reporter.
 *
 * Once the rates show, the page offers a rate alert ("Email me when 1 GBP buys {rate} {code} or
 * more"): refused with the form's messages (domain/rate-alert.ts), else sent, then set or failed
 * (and may be sent again); a set alert may be followed by another.
 */
import { assign, emit, setup, type SnapshotFrom } from 'xstate';
import { providedLater } from '../provided-later.ts';
import type { ChartPoint } from '#domain/contract/catalogue.ts';
import type { Problem } from '#domain/contract/common.ts';
import { problemOf } from '#domain/problem.ts';
import { parseAlertRate, rateAlertErrors, type RateAlertErrors, type RateAlertRequest, type RateAlertResponse } from '#domain/rate-alert.ts';
import {
  CHART_INTERVALS,
  CHART_SOURCE_CURRENCY,
  DEFAULT_CHART_INTERVAL,
  chartPageOf,
  isChartInterval,
  pointsInInterval,
  type ChartInterval,
  type PresentedPoint,
} from '#domain/chart.ts';

export interface ChartInput {
  /** The page path (location.pathname), e.g. '/eur-to-gbp'. */
  path: string;
}

export interface ChartContext {
  /** null when the path is not a chart page. */
  currencyCode: string | null;
  inverted: boolean;
  interval: ChartInterval;
  points: ChartPoint[];
  /** The rate alert asked for (sent, or set). */
  alert: RateAlertRequest | null;
  /** The form's messages after a refused request. */
  alertErrors: RateAlertErrors;
  alertProblem: Problem | null;
}

export type ChartEvent =
  /** One of the 1W, 1M and 1Y buttons. */
  | { type: 'chart.intervalChosen'; interval: ChartInterval }
  /** 'Email me': the form's address and rate as typed. */
  | { type: 'chart.alertRequested'; emailAddress: string; rateText: string }
  /** 'Set up another alert'. */
  | { type: 'chart.alertReset' };

export type ChartEmitted = { type: 'error.reported'; error: unknown; where: string };

export type ChartTag = 'loading' | 'failed' | 'alertSending' | 'alertSet' | 'alertFailed';

/** GET /api/currency-converter/{code lowercase}?inverted=. */
export interface LoadChartInput {
  currencyCode: string;
  inverted: boolean;
}
export type LoadChartOutput = ChartPoint[];
/** POST /api/rate-alerts. */
export type CreateRateAlertInput = RateAlertRequest;
export type CreateRateAlertOutput = RateAlertResponse;


export const chartMachine = setup({
  types: {
    input: {} as ChartInput,
    context: {} as ChartContext,
    events: {} as ChartEvent,
    emitted: {} as ChartEmitted,
    tags: {} as ChartTag,
  },
  actors: {
    loadChart: providedLater<LoadChartOutput, LoadChartInput>('loadChart'),
    createRateAlert: providedLater<CreateRateAlertOutput, CreateRateAlertInput>('createRateAlert'),
  },
  actions: {
    rememberPoints: assign({ points: (_, params: { points: ChartPoint[] }) => params.points }),
    chooseInterval: assign({ interval: (_, params: { interval: ChartInterval }) => params.interval }),
    rememberAlertErrors: assign({
      alertErrors: (_, params: { emailAddress: string; rateText: string }) => rateAlertErrors(params.emailAddress, params.rateText),
      alertProblem: null,
    }),
    rememberAlert: assign(({ context }, params: { emailAddress: string; rateText: string }) => ({
      alert: { emailAddress: params.emailAddress.trim(), currencyCode: context.currencyCode ?? '', rate: parseAlertRate(params.rateText) ?? 0 },
      alertErrors: {},
      alertProblem: null,
    })),
    rememberAlertProblem: assign({ alertProblem: (_, params: { error: unknown }) => problemOf(params.error) }),
    forgetAlert: assign({ alert: null, alertErrors: {}, alertProblem: null }),
    reportError: emit((_, params: { error: unknown }) => ({ type: 'error.reported' as const, error: params.error, where: 'chart.loadChart' })),
  },
  guards: {
    isChartPage: ({ context }) => context.currencyCode !== null,
    isChartInterval: (_, params: { interval: unknown }) => isChartInterval(params.interval),
    isAlertInvalid: (_, params: { emailAddress: string; rateText: string }) => Object.keys(rateAlertErrors(params.emailAddress, params.rateText)).length > 0,
  },
}).createMachine({
  id: 'chart',
  context: ({ input }) => {
    const page = chartPageOf(input.path);
    return {
      currencyCode: page?.currencyCode ?? null,
      inverted: page?.inverted ?? false,
      interval: DEFAULT_CHART_INTERVAL,
      points: [],
      alert: null,
      alertErrors: {},
      alertProblem: null,
    };
  },
  initial: 'opening',
  on: {
    'chart.intervalChosen': {
      guard: { type: 'isChartInterval', params: ({ event }) => ({ interval: event.interval }) },
      actions: { type: 'chooseInterval', params: ({ event }) => ({ interval: event.interval }) },
    },
  },
  states: {
    opening: {
      always: [{ guard: 'isChartPage', target: 'loading' }, { target: 'notChartPage' }],
    },
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'loadChart',
        src: 'loadChart',
        input: ({ context }) => ({ currencyCode: context.currencyCode ?? '', inverted: context.inverted }),
        onDone: {
          target: 'ready',
          actions: { type: 'rememberPoints', params: ({ event }) => ({ points: event.output }) },
        },
        onError: {
          target: 'failed',
          actions: { type: 'reportError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    ready: {
      initial: 'alertOffered',
      states: {
        alertOffered: { on: { 'chart.alertRequested': [
          { guard: { type: 'isAlertInvalid', params: ({ event }) => event }, actions: { type: 'rememberAlertErrors', params: ({ event }) => event } },
          { target: 'alertSending', actions: { type: 'rememberAlert', params: ({ event }) => event } },
        ] } },
        alertSending: {
          tags: ['alertSending'],
          invoke: {
            id: 'createRateAlert',
            src: 'createRateAlert',
            input: ({ context }) => context.alert ?? { emailAddress: '', currencyCode: '', rate: 0 },
            onDone: { target: 'alertSet' },
            onError: { target: 'alertFailed', actions: { type: 'rememberAlertProblem', params: ({ event }) => ({ error: event.error }) } },
          },
        },
        /** "Done. We'll email {email} once, when 1 GBP buys {rate} {code} or more." */
        alertSet: { tags: ['alertSet'], on: { 'chart.alertReset': { target: 'alertOffered', actions: 'forgetAlert' } } },
        alertFailed: {
          tags: ['alertFailed'],
          on: {
            'chart.alertRequested': [
              { guard: { type: 'isAlertInvalid', params: ({ event }) => event }, actions: { type: 'rememberAlertErrors', params: ({ event }) => event } },
              { target: 'alertSending', actions: { type: 'rememberAlert', params: ({ event }) => event } },
            ],
          },
        },
      },
    },
    failed: { tags: ['failed'] },
    notChartPage: { type: 'final' },
  },
});

export type ChartMachine = typeof chartMachine;
export type ChartSnapshot = SnapshotFrom<ChartMachine>;

export const chartIntervals = CHART_INTERVALS;

/** The points of the chosen interval, oldest first, as time and value. */
export function selectChartPoints(snapshot: ChartSnapshot): PresentedPoint[] {
  return pointsInInterval(snapshot.context.points, snapshot.context.interval);
}

/** Whether the rates shown are the demo's sample history (the latest point says so). */
export function selectIsSample(snapshot: ChartSnapshot): boolean {
  return snapshot.context.points.at(-1)?.sample === true;
}

/** The direction shown: /eur-to-gbp reads from EUR to GBP; /eur-from-gbp from GBP to EUR. */
export function selectChartPair(snapshot: ChartSnapshot): { from: string; to: string } {
  const code = snapshot.context.currencyCode ?? '';
  return snapshot.context.inverted ? { from: code, to: CHART_SOURCE_CURRENCY } : { from: CHART_SOURCE_CURRENCY, to: code };
}

/** The rate alert form: what it shows. */
export interface RateAlertView {
  status: 'offered' | 'sending' | 'set' | 'failed';
  errors: RateAlertErrors;
  problem: Problem | null;
  alert: RateAlertRequest | null;
}

export function selectRateAlert(snapshot: ChartSnapshot): RateAlertView | null {
  if (!snapshot.matches('ready')) return null;
  const { alert, alertErrors, alertProblem } = snapshot.context;
  const status = snapshot.hasTag('alertSending') ? 'sending' : snapshot.hasTag('alertSet') ? 'set' : snapshot.hasTag('alertFailed') ? 'failed' : 'offered';
  return { status, errors: alertErrors, problem: alertProblem, alert };
}
