import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { chartMachine, selectChartPair, selectChartPoints, selectIsSample, type LoadChartInput } from './chart.machine.ts';

const days = Array.from({ length: 400 }, (_, i) => ({
  date: new Date(Date.UTC(2024, 0, 1 + i)).toISOString().slice(0, 10),
  rate: 1.1 + i / 10_000,
}));

function startChart(path: string, load: (input: LoadChartInput) => Promise<typeof days>) {
  const loadChart = vi.fn(load);
  const actor = createActor(chartMachine.provide({ actors: { loadChart: fromPromise(({ input }) => loadChart(input)) } }), {
    input: { path },
  });
  const reported: unknown[] = [];
  actor.on('error.reported', (e) => reported.push(e));
  actor.start();
  return { actor, loadChart, reported };
}

describe('chart (spec 2.13)', () => {
  it.each([
    ['/eur-to-gbp', { currencyCode: 'EUR', inverted: true }, { from: 'EUR', to: 'GBP' }],
    ['/usd-from-gbp', { currencyCode: 'USD', inverted: false }, { from: 'GBP', to: 'USD' }],
  ])('loads %s with %o', async (path, request, pair) => {
    const { actor, loadChart } = startChart(path, async () => days);
    await waitFor(actor, (s) => s.matches('ready'));
    expect(loadChart).toHaveBeenCalledWith(request);
    expect(selectChartPair(actor.getSnapshot())).toEqual(pair);
  });

  it('shows 1M by default, then 1W and 1Y on request', async () => {
    const { actor } = startChart('/eur-to-gbp', async () => days);
    await waitFor(actor, (s) => s.matches('ready'));
    expect(actor.getSnapshot().context.interval).toBe('1M');
    expect(selectChartPoints(actor.getSnapshot())).toHaveLength(32);
    actor.send({ type: 'chart.intervalChosen', interval: '1W' });
    expect(selectChartPoints(actor.getSnapshot())).toHaveLength(8);
    actor.send({ type: 'chart.intervalChosen', interval: '1Y' });
    expect(selectChartPoints(actor.getSnapshot())).toHaveLength(367);
  });

  it('tells sample rates (the latest point marked sample) from published ones', async () => {
    const real = startChart('/eur-to-gbp', async () => days);
    await waitFor(real.actor, (s) => s.matches('ready'));
    expect(selectIsSample(real.actor.getSnapshot())).toBe(false);
    const sample = startChart('/eur-to-gbp', async () => days.map((d) => ({ ...d, sample: true as const })));
    await waitFor(sample.actor, (s) => s.matches('ready'));
    expect(selectIsSample(sample.actor.getSnapshot())).toBe(true);
  });

  it('ignores an interval it does not offer', async () => {
    const { actor } = startChart('/eur-to-gbp', async () => days);
    actor.send({ type: 'chart.intervalChosen', interval: '3M' as never });
    expect(actor.getSnapshot().context.interval).toBe('1M');
  });

  it('only logs a failed load (spec 8)', async () => {
    const failure = new TypeError('Failed to fetch');
    const { actor, reported } = startChart('/eur-to-gbp', () => Promise.reject(failure));
    await waitFor(actor, (s) => s.hasTag('failed'));
    expect(reported).toEqual([{ type: 'error.reported', error: failure, where: 'chart.loadChart' }]);
    expect(selectChartPoints(actor.getSnapshot())).toEqual([]);
  });

  it('loads nothing for a path that is not a chart page', () => {
    const { actor, loadChart } = startChart('/branches', async () => days);
    expect(actor.getSnapshot().status).toBe('done');
    expect(loadChart).not.toHaveBeenCalled();
  });
});
