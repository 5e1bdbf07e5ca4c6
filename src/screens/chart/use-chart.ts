/**
 * Named selector hooks over the chart actor: each reads one plain value; the chart decides which
 * points an interval shows (selectChartPoints), the view only draws them.
 */
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { ChartInterval, PresentedPoint } from '#domain/chart.ts';
import { selectChartPair, selectChartPoints, selectIsSample, selectRateAlert, type ChartMachine, type RateAlertView } from '#machines/chart/chart.machine.ts';

export type ChartRef = ActorRefFrom<ChartMachine>;
export type ChartStatus = 'loading' | 'ready' | 'error' | 'notChartPage';

const samePoints = (a: PresentedPoint[], b: PresentedPoint[]) =>
  a.length === b.length && a.every((p, i) => p.value === b[i]?.value && p.time.getTime() === b[i]?.time.getTime());

export function useChartStatus(chart: ChartRef): ChartStatus {
  return useSelector(chart, (s) =>
    s.status === 'done' ? 'notChartPage' : s.hasTag('loading') ? 'loading' : s.hasTag('failed') ? 'error' : 'ready',
  );
}

export function useChartInterval(chart: ChartRef): ChartInterval {
  return useSelector(chart, (s) => s.context.interval);
}

export function useChartPoints(chart: ChartRef): PresentedPoint[] {
  return useSelector(chart, selectChartPoints, samePoints);
}

export function useChartPair(chart: ChartRef): { from: string; to: string } {
  return useSelector(chart, selectChartPair, (a, b) => a.from === b.from && a.to === b.to);
}

/** The rate alert form's state; null until the rates show. */
export function useRateAlert(chart: ChartRef): RateAlertView | null {
  return useSelector(chart, selectRateAlert, (a, b) =>
    a === null || b === null ? a === b : a.status === b.status && a.errors === b.errors && a.problem === b.problem && a.alert === b.alert,
  );
}

/** Whether the page shows the demo's sample rates ("Sample rates"). */
export function useChartIsSample(chart: ChartRef): boolean {
  return useSelector(chart, selectIsSample);
}
