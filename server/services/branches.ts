/**
 * Stores and branches (spec 3, 7.3): the home-delivery meta stores and the GB branches, their
 * opening times in both shapes, collection dates and stock.
 *
 * Collection (click and collect, transactionType 'D'): a branch holding enough of the currency
 * hands it over today if it is open for at least another hour, else on its next open day; a branch
 * without enough stock has it sent over for 2pm on its next open day after today. Selling back
 * ('B') needs no stock. A branch with no open day in the coming week (closed for refurbishment,
 * or with no published opening times) has no collection date: "Sorry we're closed this week!".
 */
import { and, asc, eq, inArray, isNull, or } from 'drizzle-orm';
import type {
  Branch,
  BranchesNearbyRequest,
  FinderOpeningTime,
  NearbyStoresRequest,
  OpeningTimes,
  Store,
  StoreAddress,
} from '#domain/contract/branches.ts';
import { WEEKDAYS } from '#domain/contract/branches.ts';
import { collectionCutOff, nationOfPostcode, type BankHolidays, type BranchCalendar } from '#domain/cut-off.ts';
import type { Db } from '../db/client.ts';
import * as t from '../db/schema.ts';
import type { Deps } from '../deps.ts';
import { notFound } from '../errors.ts';
import { bankHolidaysAt } from './bank-holidays.ts';
import { assertSite as findSite, currencyRow as findCurrency } from './catalogue.ts';

type StoreRow = typeof t.stores.$inferSelect;
type HoursRow = typeof t.openingHours.$inferSelect;

const EARTH_RADIUS_MILES = 3958.8;
/** How many branches a nearby search answers with (the modal pages through them 5 at a time). */
export const NEARBY_LIMIT = 20;

/** Great-circle distance (haversine) in miles. */
export function distanceInMiles(a: { latitude: number; longitude: number }, b: { latitude: number; longitude: number }): number {
  const rad = (d: number) => (d * Math.PI) / 180;
  const dLat = rad(b.latitude - a.latitude);
  const dLon = rad(b.longitude - a.longitude);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.latitude)) * Math.cos(rad(b.latitude)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_MILES * Math.asin(Math.min(1, Math.sqrt(h)));
}

const sundayFirst = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'] as const;

function openingTimes(hours: HoursRow[], comment: string | null): OpeningTimes | null {
  if (hours.length === 0) return null;
  const times = { openingTimeComment: comment } as OpeningTimes;
  for (const day of WEEKDAYS) {
    const row = hours.find((h) => sundayFirst[h.dayOfWeek] === day);
    times[`${day}Opens`] = row?.opens ?? null;
    times[`${day}Closes`] = row?.closes ?? null;
  }
  return times;
}

function finderOpeningTimes(hours: HoursRow[]): FinderOpeningTime[] {
  if (hours.length === 0) return [];
  return [0, 1, 2, 3, 4, 5, 6].map((dayOfWeek) => {
    const row = hours.find((h) => h.dayOfWeek === dayOfWeek);
    return { dayOfWeek, isOpen: row !== undefined, openTime: row?.opens ?? null, closeTime: row?.closes ?? null };
  });
}

function address(s: StoreRow): StoreAddress {
  return {
    address1: s.address1,
    address2: s.address2,
    address3: s.address3,
    address4: s.address4,
    line1: s.address1,
    line2: [s.address2, s.address3].filter(Boolean).join(', ') || null,
    line3: s.address4,
    postcode: s.postcode,
  };
}

const branchUrl = (s: StoreRow) => `/branches/${s.branchCode}`;

/** A branch's calendar for domain/cut-off.ts: its weekly hours, any closure, its nation. */
export function branchCalendar(store: Pick<StoreRow, 'closedFrom' | 'closedUntil' | 'postcode'>, hours: readonly HoursRow[]): BranchCalendar {
  return { hours, closedFrom: store.closedFrom, closedUntil: store.closedUntil, nation: nationOfPostcode(store.postcode) };
}

/**
 * The first day a branch can hand the currency over, as a London date, or null when it has no
 * open day in the coming week (bank holidays of its nation count as closed).
 */
export function collectionDate(
  store: Pick<StoreRow, 'closedFrom' | 'closedUntil' | 'postcode'>,
  hours: HoursRow[],
  now: Date,
  inStock: boolean,
  holidays: BankHolidays,
): string | null {
  if (hours.length === 0) return null;
  return collectionCutOff(now, branchCalendar(store, hours), holidays, inStock)?.date ?? null;
}

async function hoursOf(db: Db, storeIds: number[]): Promise<Map<number, HoursRow[]>> {
  const byStore = new Map<number, HoursRow[]>();
  if (storeIds.length === 0) return byStore;
  const rows = await db.select().from(t.openingHours).where(inArray(t.openingHours.storeId, storeIds)).orderBy(asc(t.openingHours.dayOfWeek));
  for (const row of rows) byStore.set(row.storeId, [...(byStore.get(row.storeId) ?? []), row]);
  return byStore;
}

/** What names a branch wherever it is shown: its ids, names and page, and its access facts. */
function branchIdentity(s: StoreRow) {
  return {
    id: s.id,
    name: s.name,
    brand: s.brand,
    brandName: s.brandName,
    branchCode: s.branchCode,
    url: branchUrl(s),
    stepFree: s.stepFree,
    hearingLoop: s.hearingLoop,
    accessibleToiletsNearby: s.accessibleToiletsNearby,
    ordersReadyFrom: s.ordersReadyFrom,
  };
}

function toStore(s: StoreRow, hours: HoursRow[], extra: Partial<Pick<Store, 'distanceInMiles' | 'availableFrom' | 'haveCurrency' | 'isBuyTransaction'>> = {}): Store {
  return {
    ...branchIdentity(s),
    isMeta: s.isMeta,
    branchType: s.branchType,
    latitude: s.latitude,
    longitude: s.longitude,
    haveNoOpeningTimes: hours.length === 0,
    closedFrom: s.closedFrom,
    closedUntil: s.closedUntil,
    address: address(s),
    openingTimes: openingTimes(hours, s.openingTimeComment),
    ...extra,
  };
}

function toBranch(s: StoreRow, hours: HoursRow[]): Branch {
  return {
    ...branchIdentity(s),
    latitude: s.latitude ?? 0,
    longitude: s.longitude ?? 0,
    address: address(s),
    openingTimes: finderOpeningTimes(hours),
    openingTimeComment: s.openingTimeComment,
  };
}

const forSite = (siteId: number) => or(isNull(t.stores.siteId), eq(t.stores.siteId, siteId));

async function storeRow(db: Db, siteId: number, storeId: number): Promise<StoreRow> {
  await findSite(db, siteId);
  const [row] = await db.select().from(t.stores).where(and(eq(t.stores.id, storeId), forSite(siteId)));
  if (row === undefined) throw notFound(`There is no store ${storeId} on site ${siteId}.`);
  return row;
}

export async function getStore(deps: Pick<Deps, 'db'>, siteId: number, storeId: number): Promise<Store> {
  const row = await storeRow(deps.db, siteId, storeId);
  return toStore(row, (await hoursOf(deps.db, [row.id])).get(row.id) ?? []);
}

export async function defaultStore(deps: Pick<Deps, 'db'>, siteId: number): Promise<Store> {
  const site = await findSite(deps.db, siteId);
  return getStore(deps, siteId, site.defaultStoreId);
}

/** The home-delivery meta stores of a site. */
export async function metaStores(deps: Pick<Deps, 'db'>, siteId: number): Promise<Store[]> {
  await findSite(deps.db, siteId);
  const rows = await deps.db.select().from(t.stores).where(and(eq(t.stores.isMeta, true), forSite(siteId))).orderBy(asc(t.stores.id));
  const hours = await hoursOf(deps.db, rows.map((r) => r.id));
  return rows.map((r) => toStore(r, hours.get(r.id) ?? []));
}

export async function storeOpeningTimes(deps: Pick<Deps, 'db'>, siteId: number, storeId: number): Promise<OpeningTimes | null> {
  const row = await storeRow(deps.db, siteId, storeId);
  return openingTimes((await hoursOf(deps.db, [row.id])).get(row.id) ?? [], row.openingTimeComment);
}

export async function storeAddress(deps: Pick<Deps, 'db'>, siteId: number, storeId: number): Promise<StoreAddress> {
  return address(await storeRow(deps.db, siteId, storeId));
}

export async function branchByCode(deps: Pick<Deps, 'db'>, code: string): Promise<Branch> {
  const [row] = await deps.db
    .select()
    .from(t.stores)
    .where(and(eq(t.stores.branchCode, code.toUpperCase()), eq(t.stores.isMeta, false)));
  if (row === undefined) throw notFound(`There is no branch ${code}.`);
  return toBranch(row, (await hoursOf(deps.db, [row.id])).get(row.id) ?? []);
}

async function branchesByDistance(db: Db, siteId: number | null, from: { latitude: number; longitude: number }, stepFreeOnly = false) {
  const rows = await db
    .select()
    .from(t.stores)
    .where(and(eq(t.stores.isMeta, false), siteId === null ? undefined : forSite(siteId), stepFreeOnly ? eq(t.stores.stepFree, true) : undefined));
  return rows
    .flatMap((r) => (r.latitude === null || r.longitude === null ? [] : [{ row: r, miles: distanceInMiles(from, { latitude: r.latitude, longitude: r.longitude }) }]))
    .sort((a, b) => a.miles - b.miles)
    .slice(0, NEARBY_LIMIT);
}

const roundMiles = (m: number) => Math.round(m * 100) / 100;

/**
 * POST /api/sites/{siteId}/stores/nearby: branches nearest first, each with whether it holds
 * `amount` foreign units of the currency (for 'D') and the first collection date.
 */
export async function nearbyStores(deps: Pick<Deps, 'db' | 'clock'>, siteId: number, request: NearbyStoresRequest): Promise<Store[]> {
  await findSite(deps.db, siteId);
  const currency = await findCurrency(deps.db, request.currency);
  const near = await branchesByDistance(deps.db, siteId, request);
  const ids = near.map((n) => n.row.id);
  const hours = await hoursOf(deps.db, ids);
  const stock =
    ids.length === 0
      ? []
      : await deps.db
          .select()
          .from(t.storeStock)
          .where(and(inArray(t.storeStock.storeId, ids), eq(t.storeStock.currencyCode, currency.code)));
  const isBuy = request.transactionType === 'B';
  const now = deps.clock.now();
  const holidays = await bankHolidaysAt(now);
  return near.map(({ row, miles }) => {
    const units = stock.find((s) => s.storeId === row.id)?.units ?? 0;
    const haveCurrency = isBuy || (units > 0 && units >= request.amount);
    const own = hours.get(row.id) ?? [];
    return toStore(row, own, {
      distanceInMiles: roundMiles(miles),
      availableFrom: collectionDate(row, own, now, haveCurrency, holidays),
      haveCurrency,
      isBuyTransaction: isBuy,
    });
  });
}

/** POST /api/branches/nearby: the branch finder's list, nearest first; with stepFreeOnly, the step-free branches only. */
export async function nearbyBranches(
  deps: Pick<Deps, 'db'>,
  request: BranchesNearbyRequest,
): Promise<{ items: { branch: Branch; distanceInMiles: number }[] }> {
  const near = await branchesByDistance(deps.db, null, request, request.stepFreeOnly === true);
  const hours = await hoursOf(deps.db, near.map((n) => n.row.id));
  return { items: near.map(({ row, miles }) => ({ branch: toBranch(row, hours.get(row.id) ?? []), distanceInMiles: roundMiles(miles) })) };
}

/** Whole foreign units a store holds of a currency (0 when it holds none). */
export async function stockOf(db: Db, storeId: number, currencyCode: string): Promise<number> {
  const [row] = await db
    .select()
    .from(t.storeStock)
    .where(and(eq(t.storeStock.storeId, storeId), eq(t.storeStock.currencyCode, currencyCode)));
  return row?.units ?? 0;
}
