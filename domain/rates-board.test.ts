import { describe, expect, it } from 'vitest';
import { messages } from './messages.ts';
import { monthTrend, sparklinePoints } from './rates-board.ts';

describe('sparklinePoints', () => {
  it.each([
    { rates: [], points: '' },
    { rates: [1.1], points: '50,10' },
    { rates: [1, 2], points: '0,20 100,0' },
    { rates: [1.2, 1.1, 1.15], points: '0,0 50,20 100,10' },
    // A flat month is a line across the middle.
    { rates: [1.1, 1.1, 1.1], points: '0,10 50,10 100,10' },
  ])('$rates in 100 × 20 -> $points', ({ rates, points }) => {
    expect(sparklinePoints(rates, 100, 20)).toBe(points);
  });
});

describe('monthTrend', () => {
  it.each([
    { rates: [1.1, 1.1111], trend: 'up', text: 'Up 1.0% over the last month' },
    { rates: [1.2, 1.14], trend: 'down', text: 'Down 5.0% over the last month' },
    { rates: [1.1, 1.10001], trend: 'flat', text: messages.ratesBoardTrendFlat },
    { rates: [], trend: 'flat', text: messages.ratesBoardTrendFlat },
  ])('$rates: $text', ({ rates, trend, text }) => {
    expect(monthTrend(rates)).toMatchObject({ trend, text });
  });
});
