/**
 * The chart page's actor (spec 2.13, 7.2): its machine and its I/O load with the chart's screen.
 */
import { createRateAlert, fetchChart } from '#src/api/chart.ts';
import { chartMachine, type ChartInput } from '#machines/chart/chart.machine.ts';
import { authorised, fromPromise, type ShopServices } from '../actors.ts';
import { useShopServices } from '../providers.tsx';
import { usePageActor, usePageEmitted, type PageActors } from '../use-machines.ts';
import { providedOnce } from './provided.ts';

export function provideChart(services: ShopServices) {
  return chartMachine.provide({
    actors: {
      loadChart: fromPromise(({ input, signal }) => fetchChart(services.api, input.currencyCode, input.inverted, { signal })),
      createRateAlert: authorised(fromPromise(({ input, signal }) => createRateAlert(services.api, input, { signal }))),
    },
  });
}

const chartOf = providedOnce(provideChart);

export type ChartActorRef = PageActors['chart'];

/** The chart of a chart page: `useChartActor({ path: location.pathname })`. */
export function useChartActor(input: ChartInput): ChartActorRef {
  const services = useShopServices();
  const actor = usePageActor({ page: 'chart', input, logic: chartOf(services) });
  usePageEmitted('chart', 'error.reported', (event) => services.errors.report(event.error, { where: event.where }));
  return actor;
}
