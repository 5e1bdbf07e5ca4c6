import { fileURLToPath } from 'node:url';
import * as v from 'valibot';
import { afterEach, describe, expect, it } from 'vitest';
import { ChartResponseSchema } from '#domain/contract/catalogue.ts';
import { apiRoutes } from '#domain/contract/api-routes.ts';
import { createLogger } from '../logger.ts';
import { importDailyRates } from '../services/daily-rates.ts';
import { createTestServer, type TestServer } from '../testing.ts';
import { cartWith, problem, shopper } from '../../tests/support/commerce-fixtures.ts';

const FIXTURE = fileURLToPath(new URL('../services/fixtures/eurofxref-daily.xml', import.meta.url));
const QUOTE = '/api/sites/1/stores/1/products/1/rates/currency/EUR';

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function productionServer(now: string) {
  const lines: string[] = [];
  const logger = createLogger({ level: 'info', name: 'api', destination: { write: (line) => void lines.push(line) } });
  const s = await createTestServer({ now, config: { production: true }, providers: { logger } });
  const errors = () => lines.map((l) => JSON.parse(l) as { level: number; msg: string }).filter((l) => l.level === 50);
  return { s, errors };
}

describe('in production', () => {
  it('the seed keeps its own dates (no sample move) and quotes and checkout answer 503, logged once', async () => {
    const { s, errors } = await productionServer('2026-11-23T09:30:00Z');
    server = s;
    const chart = v.parse(ChartResponseSchema, await (await s.request(apiRoutes.currencyConverter.url('USD', false))).json());
    expect(chart.at(-1)?.date).toBe('2024-12-23');

    for (let i = 0; i < 3; i += 1) {
      const p = await problem(await s.request(QUOTE), 503);
      expect(p.title).toBe('Our rates are being updated');
      expect(p.detail).toMatch(/try again/);
    }
    const buyer = await shopper(s);
    await cartWith(buyer, 2, [['EUR', 500]]);
    const refused = await problem(await buyer.call('POST', '/cart/checkout'), 503);
    expect(refused.title).toBe('Our rates are being updated');

    expect(errors()).toHaveLength(1);
    expect(errors()[0]?.msg).toMatch(/RATES_MAX_AGE_WORKING_DAYS/);
  });

  it('a day imported brings quotes back; older than RATES_MAX_AGE_WORKING_DAYS (2) working days they stop', async () => {
    // The fixture's day is Friday 20 November 2026.
    const { s, errors } = await productionServer('2026-11-23T09:30:00Z');
    server = s;
    await importDailyRates(s.deps, FIXTURE);
    expect((await s.request(QUOTE)).status).toBe(200); // Monday: 1 working day old
    s.clock.set('2026-11-24T18:00:00Z');
    expect((await s.request(QUOTE)).status).toBe(200); // Tuesday: 2
    s.clock.set('2026-11-25T08:00:00Z');
    await problem(await s.request(QUOTE), 503); // Wednesday: 3
    expect(errors()).toHaveLength(1);
  });

  it('counts working days: Thursday 24 December is 2 working days old on Wednesday 30 December 2026', async () => {
    const { s } = await productionServer('2026-12-29T09:30:00Z');
    server = s;
    await s.database.query("INSERT INTO rates (currency_code, rate_date, mid) SELECT code, DATE '2026-12-24', 1.15 FROM currencies");
    s.clock.set('2026-12-30T09:30:00Z');
    expect((await s.request(QUOTE)).status).toBe(200);
    s.clock.set('2026-12-31T09:30:00Z');
    await problem(await s.request(QUOTE), 503);
  });
});

describe('outside production', () => {
  it('the demo quotes from its sample rates', async () => {
    server = await createTestServer({ now: '2026-11-30T09:30:00Z' });
    expect((await server.request(QUOTE)).status).toBe(200);
  });
});
