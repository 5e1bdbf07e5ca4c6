import { expect } from 'vitest';
import { chartMachine, selectChartPoints } from '#machines/chart/chart.machine.ts';
import { actorDone, actorFailed, definePathSuite } from '../support/graph-coverage.ts';

const points = [
  { date: '2025-05-01', rate: 1.17 },
  { date: '2025-05-28', rate: 1.18 },
  { date: '2025-06-01', rate: 1.19 },
];
const failure = new TypeError('Failed to fetch');
const shownFor = { '1W': [1.18, 1.19], '1M': [1.18, 1.19], '1Y': [1.17, 1.18, 1.19] };

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
  ],
  serializeState: (s) => JSON.stringify([s.value, s.context.interval]),
  assertState: (s, step) => {
    const shown = selectChartPoints(s).map((p) => p.value);
    expect(shown).toEqual(s.matches('ready') ? shownFor[s.context.interval] : []);
    // Failures are logged only: reported once, when the load fails.
    const reports = step.emitted.filter((e) => e.type === 'error.reported');
    const failed = step.event.type === 'xstate.error.actor.loadChart';
    expect(reports).toEqual(failed ? [{ type: 'error.reported', error: failure, where: 'chart.loadChart' }] : []);
  },
});
