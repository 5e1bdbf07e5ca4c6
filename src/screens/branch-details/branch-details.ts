/**
 * What a branch's page shows (the 'View Details' of the branch finder, spec 2.4): its name,
 * brand, address, this week's opening times, its access facts and the time today's orders are
 * ready, and the calculator preset to it (spec 2.1 store_id).
 */
import { tz } from '@date-fns/tz';
import { getDay } from 'date-fns';
import { branchAccessFacts, todayOf, type BranchAccessFact } from '#domain/branch-access.ts';
import { SHOP_TIME_ZONE, hasOpenDay, openingDaysFromFinder, openingDaysFromStore, openingTimesRows } from '#domain/availability.ts';
import type { BranchDetailsData } from '#domain/contract/branches.ts';
import { appPaths } from '#domain/contract/routes.ts';
import { formatMessage, messages } from '#domain/messages.ts';
import { storeAddressLines } from '#domain/store-address.ts';

export interface BranchDetails {
  name: string;
  /** 'Operated by Travel Money'. */
  brandAdvisory: string;
  address: string[];
  /** No open day this week. */
  closed: boolean;
  openingTimes: { rows: { label: string; hours: string; today: boolean }[]; comment: string | null };
  /** Step-free access, hearing loop, accessible toilets nearby, and when today's orders are ready. */
  facts: BranchAccessFact[];
  /** The calculator with this branch chosen: '/?store_id=10'. */
  buyHref: string;
}

const WEEKDAY_LABELS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

/** The calculator preset to a branch (spec 2.1: query store_id preselects it). */
export function buyAtBranchHref(storeId: number): string {
  return `${appPaths.home}?store_id=${storeId}`;
}

/**
 * The opening times come from the store's own record; when that could not be read, from the
 * times the branch lookup carries, so the page still shows them.
 */
export function branchDetailsOf({ branch, openingTimes }: BranchDetailsData, now: Date): BranchDetails {
  const days = openingTimes ? openingDaysFromStore(openingTimes) : openingDaysFromFinder(branch.openingTimes);
  const times = openingTimesRows(days, openingTimes ? openingTimes.openingTimeComment : branch.openingTimeComment);
  const today = WEEKDAY_LABELS[getDay(now, { in: tz(SHOP_TIME_ZONE) })];
  const closed = !hasOpenDay(days);
  return {
    name: branch.name,
    brandAdvisory: formatMessage(messages.brandAdvisory, { brandName: branch.brandName }),
    address: storeAddressLines(branch.address),
    closed,
    openingTimes: { rows: times.rows.map((row) => ({ ...row, today: row.label === today })), comment: times.comment },
    facts: branchAccessFacts(branch, closed ? null : todayOf(days, now)),
    buyHref: buyAtBranchHref(branch.id),
  };
}
