import * as v from 'valibot';
import { Amount, CurrencyCode, IntId, IntParam } from './common.ts';

const Time = v.pipe(v.string(), v.regex(/^\d{2}:\d{2}$/, 'must be HH:mm'));
const Weekdays = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;
export type Weekday = (typeof Weekdays)[number];
export const WEEKDAYS = Weekdays;

/** Opening times, per weekday shape (GET .../stores/{id}/opening-times): null opens/closes = closed. */
export const OpeningTimesSchema = v.object({
  mondayOpens: v.nullable(Time), mondayCloses: v.nullable(Time),
  tuesdayOpens: v.nullable(Time), tuesdayCloses: v.nullable(Time),
  wednesdayOpens: v.nullable(Time), wednesdayCloses: v.nullable(Time),
  thursdayOpens: v.nullable(Time), thursdayCloses: v.nullable(Time),
  fridayOpens: v.nullable(Time), fridayCloses: v.nullable(Time),
  saturdayOpens: v.nullable(Time), saturdayCloses: v.nullable(Time),
  sundayOpens: v.nullable(Time), sundayCloses: v.nullable(Time),
  openingTimeComment: v.nullish(v.string()),
});
export type OpeningTimes = v.InferOutput<typeof OpeningTimesSchema>;

/** Opening times, branch finder shape: one entry a day, dayOfWeek 0 = Sunday. */
export const FinderOpeningTimeSchema = v.object({
  dayOfWeek: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(6)),
  isOpen: v.boolean(),
  openTime: v.nullable(Time),
  closeTime: v.nullable(Time),
});
export type FinderOpeningTime = v.InferOutput<typeof FinderOpeningTimeSchema>;

export const StoreAddressSchema = v.object({
  address1: v.nullish(v.string()),
  address2: v.nullish(v.string()),
  address3: v.nullish(v.string()),
  address4: v.nullish(v.string()),
  line1: v.nullish(v.string()),
  line2: v.nullish(v.string()),
  line3: v.nullish(v.string()),
  postcode: v.string(),
});
export type StoreAddress = v.InferOutput<typeof StoreAddressSchema>;

/**
 * A branch's access facts, as a shopper who needs them asks before setting out (the meta stores:
 * none). `ordersReadyFrom`: when the orders placed today are ready to collect, 'HH:mm' London
 * time; null when the branch has not published it. Wording: domain/branch-access.ts.
 */
const BranchAccessEntries = {
  stepFree: v.boolean(),
  hearingLoop: v.boolean(),
  accessibleToiletsNearby: v.boolean(),
  ordersReadyFrom: v.nullable(Time),
};
export type BranchAccess = v.InferOutput<v.ObjectSchema<typeof BranchAccessEntries, undefined>>;

export const StoreSchema = v.object({
  id: IntId,
  name: v.string(),
  brand: v.string(),
  brandName: v.string(),
  branchCode: v.string(),
  isMeta: v.boolean(),
  branchType: v.string(),
  latitude: v.nullish(v.number()),
  longitude: v.nullish(v.number()),
  distanceInMiles: v.nullish(v.number()),
  /** The first date the order can be collected (Europe/London calendar date). */
  availableFrom: v.nullish(v.pipe(v.string(), v.isoDate())),
  haveCurrency: v.nullish(v.boolean()),
  isBuyTransaction: v.nullish(v.boolean()),
  haveNoOpeningTimes: v.boolean(),
  /** A closure (refurbishment, say), both London dates inclusive. */
  closedFrom: v.nullish(v.pipe(v.string(), v.isoDate())),
  closedUntil: v.nullish(v.pipe(v.string(), v.isoDate())),
  url: v.string(),
  address: StoreAddressSchema,
  openingTimes: v.nullable(OpeningTimesSchema),
  ...BranchAccessEntries,
});
export type Store = v.InferOutput<typeof StoreSchema>;
export const StoresResponseSchema = v.array(StoreSchema);

/** POST /api/sites/{siteId}/stores/nearby. transactionType 'D' for the sell type, 'B' otherwise. */
export const NearbyStoresRequestSchema = v.object({
  latitude: v.pipe(v.number(), v.minValue(-90), v.maxValue(90)),
  longitude: v.pipe(v.number(), v.minValue(-180), v.maxValue(180)),
  /** The calculator's foreign amount: 0 before one is chosen, never below. */
  amount: v.pipe(Amount, v.minValue(0, 'must be 0 or more')),
  currency: CurrencyCode,
  transactionType: v.picklist(['D', 'B']),
});
export type NearbyStoresRequest = v.InferOutput<typeof NearbyStoresRequestSchema>;
export const NearbyStoresResponseSchema = v.array(StoreSchema);

/** GET /branches/{branchCode} and the items of POST /api/branches/nearby. */
export const BranchSchema = v.object({
  id: IntId,
  name: v.string(),
  brand: v.string(),
  brandName: v.string(),
  branchCode: v.string(),
  url: v.string(),
  latitude: v.number(),
  longitude: v.number(),
  address: StoreAddressSchema,
  openingTimes: v.array(FinderOpeningTimeSchema),
  openingTimeComment: v.nullish(v.string()),
  ...BranchAccessEntries,
});
export type Branch = v.InferOutput<typeof BranchSchema>;

/** A branch's page: GET /branches/{branchCode} and GET .../stores/{id}/opening-times (null: could not be read). */
export interface BranchDetailsData {
  branch: Branch;
  openingTimes: OpeningTimes | null;
}
export const BranchesNearbyRequestSchema = v.object({
  latitude: v.pipe(v.number(), v.minValue(-90), v.maxValue(90)),
  longitude: v.pipe(v.number(), v.minValue(-180), v.maxValue(180)),
  /** The finder's filter: only branches with step-free access (absent: every branch). */
  stepFreeOnly: v.optional(v.boolean('must be true or false')),
});
export type BranchesNearbyRequest = v.InferOutput<typeof BranchesNearbyRequestSchema>;
export const BranchesNearbyResponseSchema = v.object({
  items: v.array(v.object({ branch: BranchSchema, distanceInMiles: v.number() })),
});
export type BranchesNearbyResponse = v.InferOutput<typeof BranchesNearbyResponseSchema>;

/** GET /api/places?q=: Great Britain places (embedded GeoNames provider or a commercial one). */
export const PlaceSchema = v.object({
  name: v.string(),
  region: v.nullish(v.string()),
  latitude: v.number(),
  longitude: v.number(),
});
export type Place = v.InferOutput<typeof PlaceSchema>;
export const PlacesResponseSchema = v.array(PlaceSchema);

/** GET /api/address-lookup?postcode=: addresses to fill the customer form. */
export const LookupAddressSchema = v.object({
  houseNameNumber: v.string(),
  addressLine1: v.string(),
  addressLine2: v.string(),
  townCity: v.string(),
  postcodeZip: v.string(),
});
export type LookupAddress = v.InferOutput<typeof LookupAddressSchema>;
export const AddressLookupResponseSchema = v.array(LookupAddressSchema);

/** GET /api/sites/{siteId}/stores/{id} and its opening times and address. */
export const StoreParamsSchema = v.object({ siteId: IntParam, id: IntParam });
/** GET /branches/{branchCode}. */
export const BranchParamsSchema = v.object({ branchCode: v.pipe(v.string(), v.regex(/^[A-Za-z0-9-]{2,20}$/, 'must be a branch code such as LDS01')) });
/** GET /api/places?q=&limit=. */
export const PlacesQuerySchema = v.object({
  q: v.pipe(v.string('is required'), v.trim(), v.minLength(1, 'is required'), v.maxLength(100)),
  limit: v.optional(v.pipe(IntParam, v.maxValue(25))),
});
/** GET /api/address-lookup?postcode=. */
export const AddressQuerySchema = v.object({
  postcode: v.pipe(v.string('is required'), v.trim(), v.minLength(1, 'Please enter your post code'), v.maxLength(50)),
});
