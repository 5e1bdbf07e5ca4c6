/**
 * Manage my order (/orders/find): find a paid order by its reference, the email address and the
 * date of birth given for it; then cancel it, or move a click and collect date. The answer carries
 * a short-lived access key (signed by the API) that the later calls send back.
 */
import * as v from 'valibot';
import { EmailSchema } from '../email.ts';
import { ALL_FULFILMENT_STEPS } from '../fulfilment.ts';
import { IsoDate, StorableString } from './common.ts';
import { DeliverySlotSchema, OrderSchema } from './order.ts';

/** POST /api/orders/find. */
export const FindOrderRequestSchema = v.object({
  reference: v.pipe(StorableString, v.trim(), v.toUpperCase(), v.minLength(1), v.maxLength(40)),
  emailAddress: EmailSchema,
  dateOfBirth: IsoDate,
});
export type FindOrderRequest = v.InferInput<typeof FindOrderRequestSchema>;

/** POST /api/orders/cancel. */
export const CancelOrderRequestSchema = v.object({ access: v.pipe(v.string(), v.minLength(1), v.maxLength(300)) });

/** PUT /api/orders/collection-date. */
export const ChangeCollectionDateRequestSchema = v.object({
  access: v.pipe(v.string(), v.minLength(1), v.maxLength(300)),
  slotId: v.pipe(v.string(), v.minLength(1), v.maxLength(100)),
});

/** A step of a paid order's journey after payment, with when it happened. */
export const TimelineStepSchema = v.object({
  step: v.picklist(ALL_FULFILMENT_STEPS),
  at: v.pipe(v.string(), v.isoTimestamp()),
  /** The courier's tracking reference (dispatched only). */
  reference: v.nullable(v.string()),
});

export const ManagedOrderSchema = v.object({
  order: OrderSchema,
  /** Sent back with a cancellation or a date change; good for MANAGE_ACCESS_MINUTES. */
  access: v.string(),
  /** The last moment the order can be changed or cancelled online (ISO 8601), when it has a date. */
  changeBy: v.nullable(v.pipe(v.string(), v.isoTimestamp())),
  /** When it was cancelled (ISO 8601). */
  cancelledAt: v.nullable(v.pipe(v.string(), v.isoTimestamp())),
  /** Why it cannot be changed or cancelled now; null when it can. */
  refusal: v.nullable(v.picklist(['cancelled', 'tooLate', 'notPaid'])),
  /** The GBP going back to the card if it is cancelled (0 for sell back). */
  refundAmount: v.number(),
  /** Click and collect: the other dates the branch offers now. */
  collectionDates: v.array(DeliverySlotSchema),
  /** The steps of its journey after payment it has reached, oldest first (domain/fulfilment.ts). */
  timeline: v.array(TimelineStepSchema),
});
export type ManagedOrder = v.InferOutput<typeof ManagedOrderSchema>;

/** How long the access key of a found order lasts. */
export const MANAGE_ACCESS_MINUTES = 30;
