/**
 * The chart page's machine (spec 2.13, 7.2) with its I/O: it loads when the shop first opens a
 * chart page (`loadPages`).
 */
import { createRateAlert, fetchChart } from '#src/api/chart.ts';
import { chartMachine } from '#machines/chart/chart.machine.ts';
import { fromPromise, type ShopServices } from '../actors.ts';
import { authorised } from '../authorised-calls.ts';

export function provideChart(services: ShopServices) {
  return chartMachine.provide({
    actors: {
      loadChart: fromPromise(({ input, signal }) => fetchChart(services.api, input.currencyCode, input.inverted, { signal })),
      createRateAlert: authorised(fromPromise(({ input, signal }) => createRateAlert(services.api, input, { signal }))),
    },
  });
}
