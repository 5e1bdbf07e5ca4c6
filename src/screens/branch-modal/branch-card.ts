/**
 * What one branch shows in the branch lists (spec 2.2, 2.4), read from the store through the
 * domain's availability and opening-time rules.
 */
import {
  branchAvailability,
  formatDistance,
  openingDaysFromFinder,
  openingDaysFromStore,
  openingTimesRows,
} from '#domain/availability.ts';
import { branchAccessFacts, todayOf, type BranchAccessFact } from '#domain/branch-access.ts';
import type { Branch, Store } from '#domain/contract/branches.ts';
import { formatMessage, messages } from '#domain/messages.ts';
import { storeAddressLines } from '#domain/store-address.ts';

export interface BranchCardView {
  id: number;
  name: string;
  /** 'Operated by Travel Money'. */
  brandAdvisory: string;
  /** '0.4 miles'; null when the distance is unknown. */
  distance: string | null;
  /** 'Collect tomorrow', 'Collect today from 2pm', or "Sorry we're closed this week!". */
  availability: string;
  closed: boolean;
  noStock: boolean;
  openingTimes: { rows: { label: string; hours: string }[]; comment: string | null };
  address: string[];
  /** The branch page, for the branch finder's 'View Details'. */
  url: string;
  /** Step-free access, hearing loop, accessible toilets nearby, and when today's orders are ready. */
  facts: BranchAccessFact[];
}

/** A store of the branch selection modal (POST .../stores/nearby), as of `now`. */
export function storeCard(store: Store, now: Date): BranchCardView {
  const availability = branchAvailability(store, now);
  const days = store.openingTimes ? openingDaysFromStore(store.openingTimes) : [];
  return {
    id: store.id,
    name: store.name,
    brandAdvisory: formatMessage(messages.brandAdvisory, { brandName: store.brandName }),
    distance: store.distanceInMiles == null ? null : formatDistance(store.distanceInMiles),
    availability: availability.closed ? availability.text : formatMessage(messages.collect, { day: availability.text }),
    closed: availability.closed,
    noStock: availability.fromTwoPm,
    openingTimes: openingTimesRows(days, store.openingTimes?.openingTimeComment),
    address: storeAddressLines(store.address),
    url: store.url,
    // The time today's orders are ready concerns this order only when it can be collected today
    // with the currency in stock: beside 'Collect tomorrow' or 'from 2pm' it would contradict them.
    facts: branchAccessFacts(store, availability.day === messages.today && !availability.fromTwoPm ? todayOf(days, now) : null),
  };
}

/** A branch of the branch finder (POST /api/branches/nearby), as of `now`: no stock or availability there. */
export function finderCard(branch: Branch, distanceInMiles: number, now: Date): BranchCardView {
  const days = openingDaysFromFinder(branch.openingTimes);
  const closed = !days.some((d) => d.isOpen);
  return {
    id: branch.id,
    name: branch.name,
    brandAdvisory: formatMessage(messages.brandAdvisory, { brandName: branch.brandName }),
    distance: formatDistance(distanceInMiles),
    availability: closed ? messages.closedThisWeek : '',
    closed,
    noStock: false,
    openingTimes: openingTimesRows(days, branch.openingTimeComment),
    address: storeAddressLines(branch.address),
    url: branch.url,
    facts: branchAccessFacts(branch, closed ? null : todayOf(days, now)),
  };
}
