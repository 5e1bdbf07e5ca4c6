import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { priceForeignAmount, priceGbpAmount } from '#domain/pricing.ts';
import * as t from '../db/schema.ts';
import { createTestServer, type TestServer } from '../testing.ts';
import { quoteFor } from './rates.ts';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer({ now: '2026-11-23T09:30:00Z' });
  await server.deps.db.insert(t.rates).values({ currencyCode: 'EUR', rateDate: '2026-11-23', mid: 1.2 });
});
afterAll(async () => {
  await server?.close();
});

const base = { siteId: 1, storeId: 10, productId: 2, currencyCode: 'EUR', hasProfile: false };

describe('quoteFor', () => {
  it('says which mid rate, date, margin and affiliate it used', async () => {
    const q = await quoteFor(server.deps, { ...base, affiliateCode: ' partner10 ' });
    expect(q).toMatchObject({
      mid: 1.2,
      rateDate: '2026-11-23',
      margin: 0.027,
      affiliateCode: 'PARTNER10',
      rate: 1.1676,
      increment: 10,
      productId: 2,
      transactionType: 'sell',
      currency: { code: 'EUR', pluralName: 'Euros', shortName: 'Euro', symbol: '€' },
    });
  });

  it('never goes below the minimum margin', async () => {
    await server.deps.db.insert(t.affiliates).values({ code: 'ALLFREE', name: 'test', marginDiscount: 1 });
    const q = await quoteFor(server.deps, { ...base, affiliateCode: 'ALLFREE' });
    expect(q.margin).toBe(0.005);
    expect(q.rate).toBe(1.194);
  });

  it('prices a cart line with the domain rules: rounded up to the increment, at the tier reached', async () => {
    const q = await quoteFor(server.deps, base);
    // 583 euros round up to 590 (store 10 hands out 10s), which reaches the £500 tier (585 euros).
    const line = priceForeignAmount(58_300, 'EUR', q);
    expect(line).toMatchObject({ foreignMinor: 59_000, rate: 1.17, rounded: true });
    expect(line.gbpMinor).toBe(50_428);
    // £1000 buys at the £1000 tier: 1176 euros, rounded up to 1180 at store 10.
    expect(priceGbpAmount(100_000, 'EUR', q)).toMatchObject({ foreignMinor: 118_000, rate: 1.176 });
  });
});
