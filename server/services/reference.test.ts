/**
 * The reference data in memory is never stale: two API instances on one database (one PGlite, or
 * with DATABASE_URL one PostgreSQL schema through connections of their own), a change made through
 * one is in the other's next quote. And anonymous catalogue reads revalidate with the reference
 * version as their entity tag.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QuoteResponseSchema } from '#domain/contract/catalogue.ts';
import { apiRoutes } from '#domain/contract/api-routes.ts';
import * as t from '../db/schema.ts';
import { body, BRANCH } from '../../tests/support/commerce-fixtures.ts';
import { createTestServer, type TestServer } from '../testing.ts';
import { createReferenceCache } from './reference.ts';

let a: TestServer;
let b: TestServer;
beforeAll(async () => {
  a = await createTestServer();
  b = await createTestServer({ sharing: a });
}, 180_000);
afterAll(async () => {
  await b.close();
  await a.close();
});

const EUR = apiRoutes.quote.url(1, BRANCH, 2, 'EUR');
const quote = async (server: TestServer, init?: RequestInit) => body(await server.request(EUR, init), QuoteResponseSchema, 200);

async function version(server: TestServer): Promise<number> {
  const [row] = await server.deps.db.select({ version: t.referenceVersion.version }).from(t.referenceVersion);
  return row?.version ?? 0;
}

describe('two API instances on one database', () => {
  it('a new mid rate written through one instance is in both instances\' next quotes', async () => {
    const before = await quote(b);
    await quote(a);
    // Warm: a quote reads no SQL at all.
    expect((await b.countStatements(() => quote(b))).statements).toEqual([]);

    await a.deps.db
      .insert(t.rates)
      .values({ currencyCode: 'EUR', rateDate: '2026-11-23', mid: 2 })
      .onConflictDoUpdate({ target: [t.rates.currencyCode, t.rates.rateDate], set: { mid: 2 } });

    // The writing instance knows at once; the other once the notification reaches it.
    const afterA = await quote(a);
    expect(afterA.rate).not.toBe(before.rate);
    await b.deps.reference.heard(await version(a));
    const afterB = await b.countStatements(() => quote(b));
    expect(afterB.result).toEqual(afterA);
    expect(afterB.statements.length).toBeGreaterThan(0);
    expect((await b.countStatements(() => quote(b))).statements).toEqual([]);
  });

  it('a margin changed through one instance prices the other\'s next quote', async () => {
    const before = await quote(b);
    await a.database.query('update products set margin = margin + 0.01 where id = 2');
    await b.deps.reference.heard(await version(a));
    const after = await quote(b);
    expect(after.rate).toBeLessThan(before.rate);
    await a.database.query('update products set margin = margin - 0.01 where id = 2');
    await b.deps.reference.heard(await version(a));
    expect(await quote(b)).toEqual(before);
  });

  it('a change that is rolled back moves nothing', async () => {
    const v = await version(a);
    const before = await quote(b);
    await expect(
      a.deps.db.transaction(async (tx) => {
        await tx.update(t.currencies).set({ extraMargin: 0.5 }).where(eq(t.currencies.code, 'EUR'));
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect(await version(a)).toBe(v);
    expect(await quote(a)).toEqual(before);
    expect(await quote(b)).toEqual(before);
  });
});

describe('before changes are heard (a start, while the listening connection is being made)', () => {
  it('every read checks the version, so a change made through another instance is in the next one', async () => {
    // A cache whose LISTEN is never in place.
    const cache = await createReferenceCache({ db: b.deps.db, observe: () => () => undefined, listen: async () => ({ close: async () => undefined }) });
    try {
      const first = await cache.current();
      expect(cache.held()).toBeNull();
      expect((await b.countStatements(() => cache.current())).statements).toEqual(['select "version" from "reference_version"']);
      await a.database.query('update products set margin = margin + 0.01 where id = 2');
      try {
        expect((await cache.current()).version).toBeGreaterThan(first.version);
      } finally {
        await a.database.query('update products set margin = margin - 0.01 where id = 2');
        await b.deps.reference.heard(await version(a));
      }
    } finally {
      await cache.close();
    }
  });
});

describe('caching headers', () => {
  it('an anonymous quote may be cached but is revalidated: a 304 while the reference version holds, a new tag after a change', async () => {
    const first = await a.request(EUR);
    expect(first.headers.get('Cache-Control')).toBe('public, no-cache');
    const etag = first.headers.get('ETag');
    expect(etag).toMatch(/^"q\d+-2026-11-23"$/);
    const again = await a.request(EUR, { headers: { 'If-None-Match': etag ?? '' } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');

    await a.database.query("update currency_restrictions set message = message where currency_code = 'EUR'");
    const changed = await a.request(EUR, { headers: { 'If-None-Match': etag ?? '' } });
    expect(changed.status).toBe(200);
    expect(changed.headers.get('ETag')).not.toBe(etag);
  });

  it('a quote for a session (a loyalty profile may price it) is never stored', async () => {
    const token = await a.newSession();
    const res = await a.request(EUR, { headers: a.auth(token) });
    expect(res.status).toBe(200);
    expect(res.headers.get('Cache-Control')).toBe('private, no-store');
    expect(res.headers.get('ETag')).toBeNull();
  });

  it.each([
    ['currencies', apiRoutes.currencies.url()],
    ['products', apiRoutes.products.url()],
    ['site products', apiRoutes.siteProducts.url(1)],
    ['calculator content', apiRoutes.calculatorContent.url()],
    ['checkout content', apiRoutes.checkoutContent.url()],
    ['site settings', apiRoutes.siteSettings.url(1)],
  ])('%s: an entity tag, and 304 when it still holds', async (_name, url) => {
    const first = await a.request(url);
    expect(first.status).toBe(200);
    expect(first.headers.get('Cache-Control')).toBe('public, no-cache');
    const etag = first.headers.get('ETag') ?? '';
    // The reference version; site settings add the identification threshold, which is configuration.
    expect(etag).toMatch(/^"r\d+(-i\d+)?(-y\d{4})?"$/);
    expect((await a.request(url, { headers: { 'If-None-Match': `W/${etag}, "other"` } })).status).toBe(304);
  });
});

describe("anonymous answers kept in memory, through the API's own port (server/shared-answers.ts)", () => {
  it('a quote is never stale: a rate written through another instance is in the next one', async () => {
    const port = await b.listen();
    const get = async () => body(await fetch(`${port.url}${EUR}`), QuoteResponseSchema, 200);
    const before = await get();
    // Kept: answered again without any statement.
    expect((await b.countStatements(get)).statements).toEqual([]);
    expect(await get()).toEqual(before);

    await a.deps.db
      .insert(t.rates)
      .values({ currencyCode: 'EUR', rateDate: '2026-11-23', mid: 3 })
      .onConflictDoUpdate({ target: [t.rates.currencyCode, t.rates.rateDate], set: { mid: 3 } });
    await b.deps.reference.heard(await version(a));
    const after = await get();
    expect(after.rate).not.toBe(before.rate);
    expect(after).toEqual(await quote(a));
  });

  it('a quote is priced again when the London day moves', async () => {
    const port = await b.listen();
    const get = () => fetch(`${port.url}${EUR}`);
    expect((await get()).headers.get('ETag')).toMatch(/-2026-11-23"$/);
    b.clock.advance(24 * 60 * 60_000);
    try {
      expect((await get()).headers.get('ETag')).toMatch(/-2026-11-24"$/);
    } finally {
      b.clock.advance(-24 * 60 * 60_000);
    }
    expect((await get()).headers.get('ETag')).toMatch(/-2026-11-23"$/);
  });

  it('a currency list is never stale: a currency renamed through another instance is in the next one', async () => {
    const port = await b.listen();
    const euro = async () =>
      ((await (await fetch(`${port.url}${apiRoutes.currencies.url()}`)).json()) as { code: string; shortName?: string }[]).find((c) => c.code === 'EUR');
    const before = await euro();
    expect(await euro()).toEqual(before);
    await a.deps.db.update(t.currencies).set({ shortName: 'Euro (renamed)' }).where(eq(t.currencies.code, 'EUR'));
    try {
      await b.deps.reference.heard(await version(a));
      expect(await euro()).toMatchObject({ shortName: 'Euro (renamed)' });
    } finally {
      await a.deps.db.update(t.currencies).set({ shortName: before?.shortName ?? 'Euro' }).where(eq(t.currencies.code, 'EUR'));
      // Heard before the next test counts statements (its notification would move b's copy then).
      await b.deps.reference.heard(await version(a));
    }
  });
  it("a site's default store is never stale: a branch renamed through another instance is in the next answer", async () => {
    const port = await b.listen();
    const url = `${port.url}${apiRoutes.defaultStore.url(1)}`;
    const store = async () => (await (await fetch(url)).json()) as { id: number; name: string };
    const before = await store();
    // Kept: answered again without any statement.
    expect((await b.countStatements(store)).statements).toEqual([]);
    await a.deps.db.update(t.stores).set({ name: 'Renamed branch' }).where(eq(t.stores.id, before.id));
    try {
      await b.deps.reference.heard(await version(a));
      expect(await store()).toMatchObject({ id: before.id, name: 'Renamed branch' });
    } finally {
      await a.deps.db.update(t.stores).set({ name: before.name }).where(eq(t.stores.id, before.id));
      await b.deps.reference.heard(await version(a));
    }
  });

  it('site settings are kept until the reference data moves, and for a session are never shared', async () => {
    const port = await b.listen();
    const url = `${port.url}${apiRoutes.siteSettings.url(1)}`;
    const first = await (await fetch(url)).json();
    expect((await b.countStatements(async () => fetch(url))).statements).toEqual([]);
    const token = await b.newSession();
    const personal = await fetch(url, { headers: b.auth(token) });
    expect(personal.headers.get('Cache-Control')).toBe('private, no-store');
    expect(await (await fetch(url)).json()).toEqual(first);
  });
});
