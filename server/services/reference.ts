/**
 * Reference data from memory: sites, products, site products, stores, currencies and their
 * restrictions, tiers, affiliates, branch increments, content blocks and the day's mid rates.
 * These change rarely and are read by every quote, cart write and catalogue call.
 *
 * Never a stale price: every committed change to a reference table moves reference_version and
 * NOTIFYs 'reference_changed' (migration 0008), which reaches every API process on the database;
 * a process drops its copy on the notification and reloads before its next read. Its own writes
 * drop the copy as soon as they are answered, without waiting for the notification. While the
 * listening connection is down (PostgreSQL), each read checks the version (one small statement)
 * instead, and a reconnection checks it once, since notifications may have been missed.
 *
 * Stock is not reference data: it changes with every order and is always read from the database.
 */
import { asc, desc, sql } from 'drizzle-orm';
import { londonDateKey } from '#domain/availability.ts';
import type { Database, Db, Listening } from '../db/client.ts';
import * as t from '../db/schema.ts';
import type { Clock } from '../deps.ts';

export const REFERENCE_CHANNEL = 'reference_changed';

export type SiteRow = typeof t.sites.$inferSelect;
export type ProductRow = typeof t.products.$inferSelect;
export type SiteProductRow = typeof t.siteProducts.$inferSelect;
export type StoreRow = typeof t.stores.$inferSelect;
export type CurrencyRow = typeof t.currencies.$inferSelect;
export type TierRow = typeof t.rateTiers.$inferSelect;
export type AffiliateRow = typeof t.affiliates.$inferSelect;

export interface MidRate {
  mid: number;
  /** The date of the rate used (YYYY-MM-DD). */
  date: string;
}

/** One consistent copy of the reference data, at least as new as `version`. */
export interface ReferenceData {
  version: number;
  sites: ReadonlyMap<number, SiteRow>;
  products: ReadonlyMap<number, ProductRow>;
  /** Key `${siteId}:${productId}`. */
  siteProducts: ReadonlyMap<string, SiteProductRow>;
  stores: ReadonlyMap<number, StoreRow>;
  /** In the shop's sort order. */
  currencies: readonly CurrencyRow[];
  currencyByCode: ReadonlyMap<string, CurrencyRow>;
  /** Restriction messages per currency code, in their order. */
  restrictions: ReadonlyMap<string, readonly string[]>;
  /** Tiers per product, lowest threshold first. */
  tiers: ReadonlyMap<number, readonly TierRow[]>;
  /** Active affiliates by upper-case code. */
  affiliates: ReadonlyMap<string, AffiliateRow>;
  /** A branch's own increment, key `${storeId}:${currencyCode}`. */
  increments: ReadonlyMap<string, number>;
  content: ReadonlyMap<string, unknown>;
  /**
   * The mid rate per currency code on a London date: the latest on or before it, the earliest
   * known when there is none. Loaded once per date (one statement), then from memory.
   */
  midRates(dateKey: string): Promise<ReadonlyMap<string, MidRate>>;
}

export interface ReferenceCache {
  /** The reference data; from memory when nothing changed since it was loaded. */
  current(): Promise<ReferenceData>;
  /**
   * The copy `current()` would answer from memory without a statement, or null when it would
   * read (nothing loaded, a change heard, or changes not being heard). Synchronous, for answers
   * kept in memory (server/shared-answers.ts) to check that they still hold.
   */
  held(): ReferenceData | null;
  /**
   * Resolves once this process knows of reference version `version` (heard its notification, or
   * loaded it): from then on its next read is at least that new. For tests and diagnostics.
   */
  heard(version: number): Promise<void>;
  /**
   * Resolves once changes are being heard (on PostgreSQL the listening connection is made after
   * the cache is created; until it is, every read checks the version). For tests and diagnostics.
   */
  hearing(): Promise<void>;
  /** Stops listening for changes. */
  close(): Promise<void>;
}

/** A write statement on a reference table (drizzle's and hand-written SQL alike). */
const REFERENCE_WRITE =
  /^\s*(?:insert\s+into|update|delete\s+from|truncate(?:\s+table)?)\s+(?:only\s+)?(?:"?\w+"?\.)?"?(?:currencies|currency_restrictions|products|sites|site_products|affiliates|rate_tiers|rates|stores|opening_hours|store_increments|content_blocks)"?[\s(]/i;
const COMMIT = /^\s*(?:commit|end)\b/i;

async function readVersion(db: Db): Promise<number> {
  const [row] = await db.select({ version: t.referenceVersion.version }).from(t.referenceVersion);
  return row?.version ?? 0;
}

const listBy = <K, V>(rows: readonly V[], key: (row: V) => K): Map<K, V[]> => {
  const map = new Map<K, V[]>();
  for (const row of rows) {
    const list = map.get(key(row));
    if (list === undefined) map.set(key(row), [row]);
    else list.push(row);
  }
  return map;
};

async function load(db: Db): Promise<ReferenceData> {
  // The version first: the rows read after it are at least that new.
  const version = await readVersion(db);
  const [sites, products, siteProducts, stores, currencies, restrictions, tiers, affiliates, increments, content] = await Promise.all([
    db.select().from(t.sites),
    db.select().from(t.products),
    db.select().from(t.siteProducts),
    db.select().from(t.stores),
    db.select().from(t.currencies).orderBy(asc(t.currencies.sortOrder)),
    db.select().from(t.currencyRestrictions).orderBy(asc(t.currencyRestrictions.id)),
    db.select().from(t.rateTiers).orderBy(asc(t.rateTiers.productId), asc(t.rateTiers.thresholdGbp)),
    db.select().from(t.affiliates),
    db.select().from(t.storeIncrements),
    db.select().from(t.contentBlocks),
  ]);
  const byDate = new Map<string, Promise<ReadonlyMap<string, MidRate>>>();
  return {
    version,
    sites: new Map(sites.map((r) => [r.id, r])),
    products: new Map(products.map((r) => [r.id, r])),
    siteProducts: new Map(siteProducts.map((r) => [`${r.siteId}:${r.productId}`, r])),
    stores: new Map(stores.map((r) => [r.id, r])),
    currencies,
    currencyByCode: new Map(currencies.map((r) => [r.code, r])),
    restrictions: new Map([...listBy(restrictions, (r) => r.currencyCode)].map(([code, rows]) => [code, rows.map((r) => r.message)])),
    tiers: listBy(tiers, (r) => r.productId),
    affiliates: new Map(affiliates.filter((a) => a.active).map((a) => [a.code, a])),
    increments: new Map(increments.map((r) => [`${r.storeId}:${r.currencyCode}`, r.increment])),
    content: new Map(content.map((r) => [r.key, r.body])),
    midRates: (dateKey) => {
      let rates = byDate.get(dateKey);
      if (rates === undefined) {
        rates = loadMidRates(db, dateKey);
        // A day's rates are kept while this copy lives; the shop's dates move one a day.
        if (byDate.size > 7) byDate.clear();
        byDate.set(dateKey, rates);
        rates.catch(() => byDate.delete(dateKey));
      }
      return rates;
    },
  };
}

async function loadMidRates(db: Db, dateKey: string): Promise<ReadonlyMap<string, MidRate>> {
  const onOrBefore = sql`${t.rates.rateDate} <= ${dateKey}`;
  const rows = await db
    .selectDistinctOn([t.rates.currencyCode], { code: t.rates.currencyCode, date: t.rates.rateDate, mid: t.rates.mid })
    .from(t.rates)
    .orderBy(
      t.rates.currencyCode,
      desc(onOrBefore),
      sql`case when ${onOrBefore} then ${t.rates.rateDate} end desc nulls last`,
      asc(t.rates.rateDate),
    );
  return new Map(rows.map((r) => [r.code, { mid: r.mid, date: r.date }]));
}

/**
 * The reference cache of one API process on one database. Several caches (several processes, or
 * several apps in one test) may share a database: each hears every change.
 */
export async function createReferenceCache(database: Pick<Database, 'db' | 'observe' | 'listen'>): Promise<ReferenceCache> {
  const { db } = database;
  /** Moves whenever the copy may be out of date. */
  let generation = 0;
  let listening = false;
  let copy: { data: ReferenceData; generation: number } | null = null;
  let loading: { generation: number; promise: Promise<ReferenceData> } | null = null;
  let ownWriteOpen = false;
  let known = 0;
  let waiters: { version: number; resolve: () => void }[] = [];

  const invalidate = () => {
    generation += 1;
  };
  const know = (version: number) => {
    if (version <= known) return;
    known = version;
    const ready = waiters.filter((w) => w.version <= known);
    waiters = waiters.filter((w) => w.version > known);
    for (const w of ready) w.resolve();
  };

  const stopObserving = database.observe((sqlText) => {
    if (REFERENCE_WRITE.test(sqlText)) {
      invalidate();
      ownWriteOpen = true;
    } else if (ownWriteOpen && COMMIT.test(sqlText)) {
      // A transaction that wrote reference data committed: drop what was read while it was open.
      invalidate();
      ownWriteOpen = false;
    }
  });

  let heardFirst = (): void => undefined;
  const hearingChanges = new Promise<void>((resolve) => (heardFirst = resolve));
  let listener: Listening | null = null;
  try {
    listener = await database.listen(REFERENCE_CHANNEL, {
      notified: (payload) => {
        const version = Number(payload);
        if (!(Number.isFinite(version) && copy !== null && version <= copy.data.version)) invalidate();
        if (Number.isFinite(version)) know(version);
      },
      connected: () => {
        listening = true;
        invalidate();
        heardFirst();
      },
      lost: () => {
        listening = false;
      },
    });
  } catch (error) {
    stopObserving();
    throw error;
  }

  const reload = (): Promise<ReferenceData> => {
    if (loading !== null && loading.generation === generation) return loading.promise;
    const started = generation;
    const promise = load(db).then(
      (data) => {
        if (copy === null || copy.data.version <= data.version) copy = { data, generation: started };
        know(data.version);
        if (loading?.promise === promise) loading = null;
        return data;
      },
      (error: unknown) => {
        if (loading?.promise === promise) loading = null;
        throw error;
      },
    );
    loading = { generation: started, promise };
    return promise;
  };

  return {
    current: async () => {
      if (copy !== null && copy.generation === generation) {
        if (listening) return copy.data;
        // Not hearing changes: the version tells whether the copy still holds.
        const held = copy;
        if ((await readVersion(db)) === held.data.version && held.generation === generation) return held.data;
      }
      if (copy !== null && listening && copy.generation !== generation) {
        // A notification or a reconnection: reload only if the version really moved.
        const held = copy;
        const at = generation;
        if ((await readVersion(db)) === held.data.version && at === generation) {
          held.generation = at;
          return held.data;
        }
      }
      return reload();
    },
    held: () => (copy !== null && listening && copy.generation === generation ? copy.data : null),
    heard: (version) =>
      version <= known ? Promise.resolve() : new Promise<void>((resolve) => waiters.push({ version, resolve })),
    hearing: () => hearingChanges,
    close: async () => {
      stopObserving();
      await listener?.close();
    },
  };
}

/** The London date a quote is priced on. */
export const pricingDate = (clock: Clock) => londonDateKey(clock.now());
