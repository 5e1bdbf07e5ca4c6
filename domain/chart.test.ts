import { describe, expect, it } from 'vitest';
import { chartPageOf, DEFAULT_CHART_INTERVAL, isChartInterval, pointsInInterval } from './chart.ts';

describe('chart page path (spec 2.13, 7.2)', () => {
  it.each([
    ['/eur-to-gbp', { currencyCode: 'EUR', inverted: true }],
    ['/usd-from-gbp', { currencyCode: 'USD', inverted: false }],
    ['/rates/jpy-to-gbp/', { currencyCode: 'JPY', inverted: true }],
    ['/EUR-TO-GBP', { currencyCode: 'EUR', inverted: true }],
    ['/eur-to-usd', null],
    ['/branches', null],
    ['/euro-to-gbp', null],
  ])('%s is %o', (path, page) => {
    expect(chartPageOf(path)).toEqual(page);
  });
});

describe('chart intervals (spec 9)', () => {
  const days = Array.from({ length: 400 }, (_, i) => {
    const d = new Date(Date.UTC(2024, 0, 1 + i));
    return { date: d.toISOString().slice(0, 10), rate: 1 + i / 1000 };
  });

  it('defaults to 1M and knows only 1W, 1M and 1Y', () => {
    expect(DEFAULT_CHART_INTERVAL).toBe('1M');
    expect(['1W', '1M', '1Y', '3M'].map(isChartInterval)).toEqual([true, true, true, false]);
  });

  it.each([
    ['1W', 8, '2025-01-27'],
    ['1M', 32, '2025-01-03'],
    ['1Y', 367, '2024-02-03'],
  ] as const)('%s ends at the latest point and holds %i points from %s', (interval, count, first) => {
    const points = pointsInInterval(days, interval);
    expect(points).toHaveLength(count);
    expect(points.at(-1)?.value).toBe(1.399);
    const firstDay = days.find((d) => d.rate === points[0]?.value);
    expect(firstDay?.date).toBe(first);
  });

  it('sorts the points oldest first', () => {
    const points = pointsInInterval([{ date: '2025-01-03', rate: 3 }, { date: '2025-01-01', rate: 1 }], '1W');
    expect(points.map((p) => p.value)).toEqual([1, 3]);
  });

  it('is empty without points', () => {
    expect(pointsInInterval([], '1M')).toEqual([]);
  });
});
