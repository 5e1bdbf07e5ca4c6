import { fileURLToPath } from 'node:url';
import * as v from 'valibot';
import { afterEach, describe, expect, it } from 'vitest';
import { ChartResponseSchema, RatesBoardSchema, type ChartPoint } from '#domain/contract/catalogue.ts';
import { apiRoutes } from '#domain/contract/api-routes.ts';
import { loadRateHistory } from '../db/seed/rates.ts';
import { seedCurrencies } from '../db/seed/currencies.ts';
import { createTestServer, type TestServer } from '../testing.ts';
import { importDailyRates } from './daily-rates.ts';
import { freshenSampleRates, sampleRatesLastDay } from './sample-rates.ts';

const FIXTURE = fileURLToPath(new URL('./fixtures/eurofxref-daily.xml', import.meta.url));

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function chart(s: TestServer, code = 'USD'): Promise<ChartPoint[]> {
  const res = await s.request(apiRoutes.currencyConverter.url(code, false));
  expect(res.status).toBe(200);
  return v.parse(ChartResponseSchema, await res.json());
}

async function board(s: TestServer) {
  const res = await s.request(apiRoutes.ratesBoard.url(1));
  expect(res.status).toBe(200);
  return v.parse(RatesBoardSchema, await res.json());
}

/** Each day's move from the day before, and the days between them: the history's shape. */
const shapeOf = (points: readonly { date: string; rate: number }[]) =>
  points.slice(1).map((p, i) => ({
    move: Math.round((p.rate - (points[i]?.rate ?? 0)) * 1e6),
    gap: (Date.parse(p.date) - Date.parse(points[i]?.date ?? '')) / 86_400_000,
  }));

describe('the sample rates of a fresh start', () => {
  it.each([
    ['an ordinary Monday', '2026-11-30T09:00:00Z', '2026-11-27'],
    ['the Tuesday after Christmas (25 and 28 December are bank holidays in 2026)', '2026-12-29T09:00:00Z', '2026-12-24'],
    ['a Wednesday', '2026-11-25T09:00:00Z', '2026-11-24'],
    ['the Tuesday after Easter 2027 (Good Friday 26 March and Easter Monday are bank holidays)', '2027-03-30T09:00:00Z', '2027-03-25'],
  ])('end on the last working day before today: %s', async (_name, now, lastDay) => {
    server = await createTestServer({ now });
    const points = await chart(server);
    expect(points.at(-1)?.date).toBe(lastDay);
    expect(points.every((p) => p.sample === true)).toBe(true);
    // The chart's 1W interval has a week of days.
    expect(points.filter((p) => p.date > new Date(Date.parse(`${lastDay}T00:00:00Z`) - 7 * 86_400_000).toISOString().slice(0, 10)).length).toBeGreaterThanOrEqual(5);
    const b = await board(server);
    expect(b.sample).toBe(true);
    expect(b.date).toBe(lastDay);
  });

  it('keep the shape of the bundled history: the same moves and the same gaps between days', async () => {
    server = await createTestServer({ now: '2026-12-29T09:00:00Z' });
    const bundled = (await loadRateHistory(seedCurrencies.map((c) => c.code))).rows
      .filter((r) => r.currencyCode === 'USD')
      .map((r) => ({ date: r.rateDate, rate: Math.round(r.mid * 1e6) / 1e6 }));
    const points = await chart(server);
    expect(points.length).toBe(bundled.length);
    expect(shapeOf(points)).toEqual(shapeOf(bundled));
    expect(points.map((p) => p.rate)).toEqual(bundled.map((p) => p.rate));
  });

  it('move up again on a later start once they are out of date, and stay put when they are not', async () => {
    server = await createTestServer({ now: '2026-11-30T09:00:00Z' });
    const before = await chart(server);
    // Started again the same evening, and on the Saturday: nothing to move (no bank holidays read).
    expect(await freshenSampleRates(server.deps.db, new Date('2026-11-30T20:00:00Z'))).toBe(0);
    expect(await freshenSampleRates(server.deps.db, new Date('2026-11-28T20:00:00Z'))).toBe(0);
    expect(await sampleRatesLastDay(server.deps.db)).toBe('2026-11-27');
    // ...a week on.
    expect(await freshenSampleRates(server.deps.db, new Date('2026-12-08T08:00:00Z'))).toBe(10);
    expect(await sampleRatesLastDay(server.deps.db)).toBe('2026-12-07');
    expect(await freshenSampleRates(server.deps.db, new Date('2026-12-08T20:00:00Z'))).toBe(0);
    server.clock.set('2026-12-08T10:00:00Z');
    const after = await chart(server);
    expect(after.at(-1)?.date).toBe('2026-12-07');
    expect(shapeOf(after)).toEqual(shapeOf(before));
  });

  it('are replaced by a real import, which clears the sample mark', async () => {
    server = await createTestServer();
    expect((await chart(server, 'EUR')).at(-1)?.sample).toBe(true);
    const record = await importDailyRates(server.deps, FIXTURE);
    expect(record.sampleRemoved).toBeGreaterThan(0);
    const points = await chart(server, 'EUR');
    expect(points).toEqual([{ date: '2026-11-20', rate: expect.any(Number) }]);
    expect(await sampleRatesLastDay(server.deps.db)).toBeNull();
    expect((await board(server)).sample).toBe(false);
    // Nothing left to move on a later start.
    expect(await freshenSampleRates(server.deps.db, new Date('2026-12-08T08:00:00Z'))).toBe(0);
  });
});
