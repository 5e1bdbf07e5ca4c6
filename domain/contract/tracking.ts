/**
 * PUT /api/order/ga-info: the tracking values kept in a cookie for 30 days. A contract of its own:
 * every page captures them from its address (src/app/tracking.ts) by their keys, which are in
 * ./tracking-keys.ts so the first load carries no schema; the order's schemas load with the checkout.
 */
import * as v from 'valibot';
import { StorableString } from './common.ts';
import { TRACKING_KEYS, type TrackingKey } from './tracking-keys.ts';

const TrackingValue = v.nullish(v.pipe(StorableString, v.maxLength(500)));
export const TrackingSchema = v.object(Object.fromEntries(TRACKING_KEYS.map((key) => [key, TrackingValue])) as Record<TrackingKey, typeof TrackingValue>);
export type Tracking = v.InferOutput<typeof TrackingSchema>;
