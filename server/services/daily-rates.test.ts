import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { apiRoutes } from '#domain/contract/api-routes.ts';
import { createTestServer, type TestServer } from '../testing.ts';
import * as t from '../db/schema.ts';
import { OPS_IMPORT_RATES_PATH } from '../routes/ops.ts';
import { crossToGbp, DailyRatesError, importDailyRates, readEurofxref, readSource } from './daily-rates.ts';

const FIXTURE = fileURLToPath(new URL('./fixtures/eurofxref-daily.xml', import.meta.url));
const OPS_TOKEN = 'ops-token-for-the-daily-rates-tests-0123456789';

const envelope = (days: string) => `<?xml version="1.0" encoding="UTF-8"?>
<gesmes:Envelope xmlns:gesmes="http://www.gesmes.org/xml/2002-08-01" xmlns="http://www.ecb.int/vocabulary/2002-08-01/eurofxref">
  <gesmes:subject>Reference rates</gesmes:subject>
  <Cube>${days}</Cube>
</gesmes:Envelope>`;

describe('readEurofxref: the ECB file', () => {
  it('reads the daily file: its day and every rate per EUR 1', async () => {
    const [day, ...more] = readEurofxref(await readSource(FIXTURE));
    expect(more).toEqual([]);
    expect(day?.date).toBe('2026-11-20');
    expect(Object.keys(day?.perEur ?? {})).toHaveLength(30);
    expect(day?.perEur).toMatchObject({ USD: 1.16, GBP: 0.875, JPY: 179.5, CHF: 0.93 });
  });

  it('reads several days (the 90-day and history files)', () => {
    const days = readEurofxref(
      envelope(`<Cube time="2026-11-20"><Cube currency="GBP" rate="0.875"/></Cube><Cube time="2026-11-19"><Cube currency="GBP" rate="0.87"/></Cube>`),
    );
    expect(days.map((d) => d.date)).toEqual(['2026-11-20', '2026-11-19']);
  });

  it.each([
    ['not XML', 'this is not a rates file <', /not well-formed XML|no day of reference rates/],
    ['no day', envelope(''), /holds no day of reference rates/],
    ['a day without rates', envelope('<Cube time="2026-11-20"></Cube>'), /2026-11-20 are not valid: a day must hold at least one rate/],
    ['a rate that is not a number', envelope('<Cube time="2026-11-20"><Cube currency="USD" rate="abc"/></Cube>'), /a rate must be a positive decimal number/],
    ['a negative rate', envelope('<Cube time="2026-11-20"><Cube currency="USD" rate="-1.2"/></Cube>'), /a rate must be a positive decimal number/],
    ['a zero rate', envelope('<Cube time="2026-11-20"><Cube currency="USD" rate="0"/></Cube>'), /a rate must be more than zero/],
    ['a bad day', envelope('<Cube time="20 November"><Cube currency="USD" rate="1.16"/></Cube>'), /a day must be a date/],
    ['a bad code', envelope('<Cube time="2026-11-20"><Cube currency="usd" rate="1.16"/></Cube>'), /a currency must be a three-letter code/],
  ])('refuses %s, saying why', (_what, xml, message) => {
    expect(() => readEurofxref(xml)).toThrow(DailyRatesError);
    expect(() => readEurofxref(xml)).toThrow(message);
  });
});

describe('crossToGbp: foreign units per £1', () => {
  const day = { date: '2026-11-20', perEur: { GBP: 0.875, USD: 1.16, JPY: 179.5, CHF: 0.93 } };
  it.each([
    ['EUR', 1.142857143], // 1 / 0.875
    ['USD', 1.325714286], // 1.16 / 0.875
    ['JPY', 205.1428571], // 179.5 / 0.875
    ['CHF', 1.062857143], // 0.93 / 0.875
  ])('%s is %f', (code, perGbp) => {
    expect(crossToGbp(day).perGbp[code]).toBe(perGbp);
  });

  it('has no GBP against itself', () => {
    expect(crossToGbp(day).perGbp.GBP).toBeUndefined();
  });

  it('refuses a day without GBP', () => {
    expect(() => crossToGbp({ date: '2026-11-20', perEur: { USD: 1.16 } })).toThrow(/2026-11-20 have no GBP rate/);
  });
});

describe('importDailyRates: the day stored, and quoted', () => {
  let server: TestServer;
  let dir: string;
  beforeAll(async () => {
    server = await createTestServer({ now: '2026-11-23T09:30:00Z', config: { opsToken: OPS_TOKEN, dailyRatesSource: FIXTURE } });
    dir = await mkdtemp(path.join(tmpdir(), 'daily-rates-'));
  });
  afterAll(async () => {
    await server.close();
    await rm(dir, { recursive: true, force: true });
  });

  const quote = async (code: string) => {
    const res = await server.request(apiRoutes.quote.url(1, 1, 1, code));
    expect(res.status).toBe(200);
    return ((await res.json()) as { rate: number }).rate;
  };
  const midOn = async (code: string, date: string) =>
    (await server.deps.db.select({ mid: t.rates.mid }).from(t.rates).where(and(eq(t.rates.currencyCode, code), eq(t.rates.rateDate, date))))[0]?.mid;

  it('stores the currencies the shop sells, says which it skipped, and the next quote uses the day', async () => {
    const before = await quote('USD');
    const [latest] = await server.database.query<{ mid: number }>(
      "SELECT mid FROM rates WHERE currency_code = 'USD' AND rate_date <= '2026-11-23' ORDER BY rate_date DESC LIMIT 1",
    );

    const record = await importDailyRates(server.deps, FIXTURE);
    expect(record.days).toEqual(['2026-11-20']);
    expect(record.stored).toBeGreaterThan(20);
    expect(record.notSold).not.toContain('USD');
    expect(record.notInFile).not.toContain('EUR');
    expect(await midOn('USD', '2026-11-20')).toBe(1.325714286);
    expect(await midOn('EUR', '2026-11-20')).toBe(1.142857143);

    // The margins apply on top as before: the quote moves with the mid rate.
    const after = await quote('USD');
    expect(after / before).toBeCloseTo(1.325714286 / Number(latest?.mid), 3);
  });

  it('is idempotent: importing the same day again replaces its figures', async () => {
    const again = await importDailyRates(server.deps, FIXTURE);
    expect(again.days).toEqual(['2026-11-20']);
    const rows = await server.database.query("SELECT 1 FROM rates WHERE currency_code = 'USD' AND rate_date = '2026-11-20'");
    expect(rows).toHaveLength(1);
  });

  it('refuses a file dated after tomorrow, and stores nothing of it', async () => {
    const file = path.join(dir, 'future.xml');
    await writeFile(file, envelope('<Cube time="2026-12-01"><Cube currency="GBP" rate="0.8"/><Cube currency="USD" rate="1.2"/></Cube>'));
    await expect(importDailyRates(server.deps, file)).rejects.toThrow('The rates file is dated 2026-12-01, which has not come yet.');
    expect(await midOn('USD', '2026-12-01')).toBeUndefined();
  });

  it('says when the source cannot be read or fetched', async () => {
    await expect(readSource(path.join(dir, 'missing.xml'))).rejects.toThrow(/The rates file .*missing.xml could not be read/);
    const failing: typeof fetch = () => Promise.resolve(new Response('down', { status: 503 }));
    await expect(readSource('https://rates.example/eurofxref-daily.xml', failing)).rejects.toThrow(
      /The rates could not be fetched from https:\/\/rates.example\/eurofxref-daily.xml/,
    );
  });

  it('runs from the operations route with the configured source, and answers a bad file as a problem', async () => {
    const res = await server.request(OPS_IMPORT_RATES_PATH, { method: 'POST', headers: server.auth(OPS_TOKEN) });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ days: ['2026-11-20'], source: FIXTURE });

    expect((await server.request(OPS_IMPORT_RATES_PATH, { method: 'POST' })).status).toBe(401);

    const bad = await createTestServer({ seed: false, config: { opsToken: OPS_TOKEN, dailyRatesSource: path.join(dir, 'missing.xml') } });
    try {
      const problem = await bad.request(OPS_IMPORT_RATES_PATH, { method: 'POST', headers: bad.auth(OPS_TOKEN) });
      expect(problem.status).toBe(422);
      expect(problem.headers.get('content-type')).toContain('application/problem+json');
      expect(await problem.json()).toMatchObject({ title: 'Unprocessable request', detail: expect.stringMatching(/could not be read/) });
    } finally {
      await bad.close();
    }
  });
});
