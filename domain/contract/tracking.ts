/**
 * PUT /api/order/ga-info: the tracking values kept in a cookie for 30 days. A contract of its own:
 * every page captures them from its address (src/app/tracking.ts), so what it reads from here is on
 * the first load; the order's schemas load with the checkout.
 */
import * as v from 'valibot';
import { StorableString } from './common.ts';

const TrackingValue = v.nullish(v.pipe(StorableString, v.maxLength(500)));
export const TrackingSchema = v.object({
  UTM_Source: TrackingValue,
  UTM_Medium: TrackingValue,
  UTM_Campaign: TrackingValue,
  UTM_Content: TrackingValue,
  UTM_Term: TrackingValue,
  UTM_Id: TrackingValue,
  Gclid: TrackingValue,
  Msclkid: TrackingValue,
});
export type Tracking = v.InferOutput<typeof TrackingSchema>;
export const TRACKING_KEYS = Object.keys(TrackingSchema.entries) as (keyof Tracking)[];
