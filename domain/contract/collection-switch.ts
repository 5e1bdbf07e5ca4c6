/**
 * Collect from a branch instead (issue 45 part 1): when the card provider is unavailable, a
 * home-delivery order awaiting payment may become a click-and-collect order at a branch that holds
 * all of its currency, and then be reserved there and paid for at the branch.
 */
import * as v from 'valibot';
import { Amount, IntId, IsoDate } from './common.ts';

/** A branch holding every currency of the order, nearest the delivery address first. */
export const CollectionBranchSchema = v.object({
  storeId: IntId,
  name: v.string(),
  /** Its address, one line each (street, town, postcode). */
  address: v.array(v.string()),
  /** From the delivery address's postcode; null when that could not be placed. */
  distanceInMiles: v.nullable(v.number()),
  /** The first day it can hand the currency over (London date); null when it has no open day this week. */
  availableFrom: v.nullable(IsoDate),
  /** What the order would cost collected there (GBP): its lines at the branch's collection rate, the guarantees, no delivery charge. */
  total: Amount,
});
export type CollectionBranch = v.InferOutput<typeof CollectionBranchSchema>;

export const CollectionBranchesSchema = v.object({
  /** The postcode the distances are from, or null. */
  near: v.nullable(v.string()),
  items: v.array(CollectionBranchSchema),
});
export type CollectionBranches = v.InferOutput<typeof CollectionBranchesSchema>;

export const SwitchToCollectionRequestSchema = v.object({ storeId: IntId });
export type SwitchToCollectionRequest = v.InferOutput<typeof SwitchToCollectionRequestSchema>;
