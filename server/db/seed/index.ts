/**
 * The first-start seed: catalogue, sites, branches, stock and a year of rates. Runs once per
 * database (recorded in seed_runs, inside the same transaction), so restarts leave data alone.
 */
import { addDays, startOfWeek } from 'date-fns';
import { tz } from '@date-fns/tz';
import { londonDateKey, SHOP_TIME_ZONE } from '#domain/availability.ts';
import type { Db } from '../client.ts';
import * as t from '../schema.ts';
import { branchAccess, brandNames, hoursPatterns, seedStores } from './branches.ts';
import {
  seedAffiliates,
  seedContent,
  seedLegacyTokens,
  seedProducts,
  seedRateTiers,
  seedSiteProducts,
  seedSites,
} from './catalogue.ts';
import { seedCurrencies } from './currencies.ts';
import { loadRateHistory } from './rates.ts';
import { isSeeded, SEED_NAME } from './seeded.ts';
import { notesFromUnits } from '#domain/note-mix.ts';
import { freshenSampleRates } from '../../services/sample-rates.ts';

async function insertChunked<T>(rows: T[], size: number, insert: (chunk: T[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < rows.length; i += size) await insert(rows.slice(i, i + size));
}

/**
 * Seeds an empty database; returns false when it had been seeded already. The rate history is
 * sample data: outside production it is moved to end on the last working day before `now`
 * (services/sample-rates.ts); in production it keeps its own dates.
 */
export async function seed(db: Db, options: { now: Date; production?: boolean }): Promise<boolean> {
  // One cheap read first: a seeded database never reads the 12 MB rate history file again.
  if (await isSeeded(db)) return false;
  const codes = seedCurrencies.map((c) => c.code);
  const history = await loadRateHistory(codes);
  const seeded = await db.transaction(async (tx) => {
    const claimed = await tx.insert(t.seedRuns).values({ name: SEED_NAME }).onConflictDoNothing().returning();
    if (claimed.length === 0) return false;

    await tx.insert(t.currencies).values(
      seedCurrencies.map((c, i) => ({
        code: c.code,
        pluralName: c.pluralName,
        shortName: c.shortName,
        symbol: c.symbol,
        purchaseAllowed: c.purchaseAllowed,
        sellBackAllowed: c.sellBackAllowed,
        defaultIncrement: c.increment,
        extraMargin: c.extraMargin,
        sortOrder: i + 1,
      })),
    );
    const restrictions = seedCurrencies.flatMap((c) => c.restrictions.map((message) => ({ currencyCode: c.code, message })));
    if (restrictions.length > 0) await tx.insert(t.currencyRestrictions).values(restrictions);
    await tx.insert(t.products).values(seedProducts);
    await tx.insert(t.sites).values(seedSites);
    await tx.insert(t.siteProducts).values(seedSiteProducts);
    await tx.insert(t.affiliates).values(seedAffiliates);
    await tx.insert(t.rateTiers).values(seedRateTiers);
    await tx.insert(t.contentBlocks).values(seedContent);
    await tx.insert(t.legacyTokens).values(seedLegacyTokens);
    await insertChunked(history.rows, 2000, (chunk) => tx.insert(t.rates).values(chunk));

    // A closure that covers the week the shop was first started, and the next.
    const monday = startOfWeek(options.now, { weekStartsOn: 1, in: tz(SHOP_TIME_ZONE) });
    const closedFrom = londonDateKey(monday);
    const closedUntil = londonDateKey(addDays(monday, 13));

    await tx.insert(t.stores).values(
      seedStores.map((s) => {
        const [stepFree, hearingLoop, accessibleToiletsNearby, ordersReadyFrom] = branchAccess[s.branchCode] ?? [false, false, false, null];
        return {
          id: s.id,
          siteId: s.siteId,
          name: s.name,
          brand: s.brand,
          brandName: brandNames[s.brand],
          branchCode: s.branchCode,
          isMeta: s.isMeta,
          branchType: s.branchType,
          latitude: s.latitude,
          longitude: s.longitude,
          address1: s.address[0],
          address2: s.address[1],
          address3: s.address[2],
          address4: s.address[3],
          postcode: s.postcode,
          openingTimeComment: s.comment ?? null,
          closedFrom: s.closedThisWeek ? closedFrom : null,
          closedUntil: s.closedThisWeek ? closedUntil : null,
          stepFree,
          hearingLoop,
          accessibleToiletsNearby,
          ordersReadyFrom,
        };
      }),
    );
    const hours = seedStores.flatMap((s) =>
      s.hours === null
        ? []
        : hoursPatterns[s.hours].flatMap((day, dayOfWeek) => (day === null ? [] : [{ storeId: s.id, dayOfWeek, opens: day[0], closes: day[1] }])),
    );
    await tx.insert(t.openingHours).values(hours);
    const increments = seedStores.flatMap((s) =>
      Object.entries(s.increments ?? {}).map(([currencyCode, increment]) => ({ storeId: s.id, currencyCode, increment })),
    );
    if (increments.length > 0) await tx.insert(t.storeIncrements).values(increments);

    const stock = stockRows(history.rows);
    await tx.insert(t.storeStock).values(stock);
    await tx.insert(t.storeNotes).values(noteRows(stock));
    return true;
  });
  if (seeded && options.production !== true) await freshenSampleRates(db, options.now);
  return seeded;
}

/**
 * Notes on hand: the delivery centres hold plenty of every currency; a branch holds about £6,000
 * of euros and dollars and £1,500 of others, and some branches hold none of some currencies
 * (their customers collect from 2pm the next day).
 */
const NO_EUR_USD_STOCK = new Set([29, 45]);

function stockRows(rates: { currencyCode: string; rateDate: string; mid: number }[]) {
  const latest = new Map<string, number>();
  for (const r of rates) latest.set(r.currencyCode, r.mid);
  return seedStores.flatMap((store) =>
    seedCurrencies.flatMap((currency, j) => {
      const mid = latest.get(currency.code) ?? 1;
      const major = currency.code === 'EUR' || currency.code === 'USD';
      const worthGbp = store.isMeta ? 250_000 : major ? 6_000 : 1_500;
      const heldHere = store.isMeta || (major ? !NO_EUR_USD_STOCK.has(store.id) : (store.id * 7 + j * 3) % 5 !== 0);
      if (!heldHere) return [];
      const units = Math.floor((worthGbp * mid) / currency.increment) * currency.increment;
      return [{ storeId: store.id, currencyCode: currency.code, units }];
    }),
  );
}

/** Each store's euros and US dollars note by note, from its units (the shares of migration 0023). */
export function noteRows(stock: readonly { storeId: number; currencyCode: string; units: number }[]) {
  return stock.flatMap((row) => notesFromUnits(row.currencyCode, row.units).map((n) => ({ storeId: row.storeId, currencyCode: row.currencyCode, denomination: n.value, count: n.count })));
}
