/**
 * The currency chart page (spec 2.13, 7.2, 8): the page path names the currency and the direction
 * (inverted when it ends with to-gbp); the rates are loaded once and the 1W, 1M (default) and 1Y
 * buttons choose which of them show. A failed load is logged only: it leaves the chart in
 * `failed` and emits `error.reported` for the app's error reporter.
 */
import { assign, emit, fromPromise, setup, type SnapshotFrom } from 'xstate';
import type { ChartPoint } from '#domain/contract/catalogue.ts';
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
}

export type ChartEvent =
  /** One of the 1W, 1M and 1Y buttons. */
  | { type: 'chart.intervalChosen'; interval: ChartInterval };

export type ChartEmitted = { type: 'error.reported'; error: unknown; where: string };

export type ChartTag = 'loading' | 'failed';

/** GET /api/currency-converter/{code lowercase}?inverted=. */
export interface LoadChartInput {
  currencyCode: string;
  inverted: boolean;
}
export type LoadChartOutput = ChartPoint[];

const notProvided = (name: string) => () => Promise.reject(new Error(`${name} not provided`));

export const chartMachine = setup({
  types: {
    input: {} as ChartInput,
    context: {} as ChartContext,
    events: {} as ChartEvent,
    emitted: {} as ChartEmitted,
    tags: {} as ChartTag,
  },
  actors: {
    loadChart: fromPromise<LoadChartOutput, LoadChartInput>(notProvided('loadChart')),
  },
  actions: {
    rememberPoints: assign({ points: (_, params: { points: ChartPoint[] }) => params.points }),
    chooseInterval: assign({ interval: (_, params: { interval: ChartInterval }) => params.interval }),
    reportError: emit((_, params: { error: unknown }) => ({ type: 'error.reported' as const, error: params.error, where: 'chart.loadChart' })),
  },
  guards: {
    isChartPage: ({ context }) => context.currencyCode !== null,
    isChartInterval: (_, params: { interval: unknown }) => isChartInterval(params.interval),
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
    ready: {},
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

/** The direction shown: /eur-to-gbp reads from EUR to GBP; /eur-from-gbp from GBP to EUR. */
export function selectChartPair(snapshot: ChartSnapshot): { from: string; to: string } {
  const code = snapshot.context.currencyCode ?? '';
  return snapshot.context.inverted ? { from: code, to: CHART_SOURCE_CURRENCY } : { from: CHART_SOURCE_CURRENCY, to: code };
}
