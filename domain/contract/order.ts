import * as v from 'valibot';
import { Amount, CurrencyCode, Id, IntId, IsoDate, IsoTimestamp, LineFigures, StorableString } from './common.ts';
import { ProductId } from './catalogue.ts';
import { NoteChoiceSchema } from '../note-mix.ts';

/** Order states of spec 4.1, and 5: reserved, to be paid at the branch (the card provider was unavailable). */
export const OrderStateValue = v.picklist([0, 1, 3, 5, 16, 18]);
export type OrderStateValue = v.InferOutput<typeof OrderStateValue>;

export const DeliveryAddressSchema = v.object({
  buildingNameNumber: v.nullish(v.string()),
  address1: v.nullish(v.string()),
  address2: v.nullish(v.string()),
  address3: v.nullish(v.string()),
  address4: v.nullish(v.string()),
  postcode: v.nullish(v.string()),
});

export const OrderLineSchema = v.object({
  currency: v.object({ code: CurrencyCode, name: v.string(), symbol: v.string() }),
  /** GBP per foreign unit. */
  price: Amount,
  ...LineFigures,
  /** The notes the shopper chose (domain/note-mix.ts); absent: mixed notes. */
  notes: v.optional(NoteChoiceSchema),
});
export type OrderLine = v.InferOutput<typeof OrderLineSchema>;

export const OrderDeliverySlotSchema = v.object({
  date: IsoDate,
  price: Amount,
  deliveryMethodName: v.string(),
});

export const OrderCustomerSchema = v.object({
  title: v.nullish(v.string()),
  firstName: v.string(),
  lastName: v.string(),
  address: v.object({
    houseNameNumber: v.string(),
    addressLine1: v.string(),
    addressLine2: v.nullish(v.string()),
    townCity: v.string(),
    postcodeZip: v.string(),
    country: v.string(),
  }),
  dateOfBirth: IsoDate,
  email: v.string(),
  phoneNumber: v.string(),
});

/** GET /api/order and the answer of order writes. */
export const OrderSchema = v.object({
  id: Id,
  externalOrderId: v.string(),
  cartId: Id,
  siteId: IntId,
  product: v.object({ id: ProductId, name: v.string() }),
  state: v.object({ value: OrderStateValue }),
  lines: v.array(OrderLineSchema),
  /** Everything the customer pays (or, for sell-back, receives), in GBP. */
  total: Amount,
  expiresAt: IsoTimestamp,
  createdAt: IsoTimestamp,
  deliverySlot: v.nullable(OrderDeliverySlotSchema),
  store: v.object({
    id: IntId,
    isMeta: v.boolean(),
    brand: v.string(),
    brandName: v.string(),
    name: v.string(),
  }),
  deliveryAddress: v.nullable(DeliveryAddressSchema),
  customer: v.nullable(OrderCustomerSchema),
  buyBackGuarantee: v.boolean(),
  refundGuarantee: v.boolean(),
  ClickAndCollect: v.boolean(),
  paymentAttempt: v.nullable(v.object({ success: v.boolean() })),
  /** The details step found the order needs additional identification (the AML flag, spec 8). */
  identificationRequired: v.optional(v.boolean()),
});
export type Order = v.InferOutput<typeof OrderSchema>;

/** GET /api/order/delivery-slots. */
export const DeliverySlotSchema = v.object({
  id: Id,
  date: IsoDate,
  price: Amount,
  isInStock: v.boolean(),
  isFirstDay: v.boolean(),
  deliveryMethodName: v.string(),
  /** On the first slot: the instant until which an order still gets this date (ISO 8601). */
  orderBy: v.optional(v.pipe(v.string(), v.isoTimestamp())),
});
export type DeliverySlot = v.InferOutput<typeof DeliverySlotSchema>;
export const DeliverySlotsResponseSchema = v.array(DeliverySlotSchema);

/** PUT /api/order/delivery-slot. */
export const DeliverySlotRequestSchema = v.object({ id: Id });

/**
 * PUT /api/order/customer-info body (spec 3 "Customer details submitted", limits of spec 5.2).
 * Structure and applied length limits only; the field rules and their messages live in domain/.
 */
const Text250 = v.pipe(StorableString, v.trim(), v.maxLength(250));
export const CustomerInfoRequestSchema = v.object({
  firstName: v.pipe(StorableString, v.trim(), v.minLength(2), v.maxLength(250)),
  lastName: v.pipe(StorableString, v.trim(), v.minLength(2), v.maxLength(250)),
  emailAddress: v.pipe(StorableString, v.trim(), v.minLength(1), v.maxLength(500)),
  phoneNumber: v.pipe(StorableString, v.trim(), v.minLength(2), v.maxLength(50)),
  dateOfBirth: IsoDate,
  terms: v.literal(true),
  marketing: v.boolean(),
  marketingABTATravelMoney: v.optional(v.boolean(), false),
  marketingABTATravelInsurance: v.optional(v.boolean(), false),
  address: v.object({
    houseNameNumber: v.pipe(Text250, v.minLength(1)),
    addressLine1: v.pipe(Text250, v.minLength(1)),
    addressLine2: v.optional(Text250, ''),
    townCity: v.pipe(Text250, v.minLength(1)),
    /** Uppercased by the client before sending. */
    postcodeZip: v.pipe(StorableString, v.trim(), v.minLength(1), v.maxLength(50)),
    country: v.literal('United Kingdom'),
  }),
});
export type CustomerInfoRequest = v.InferInput<typeof CustomerInfoRequestSchema>;

/** PUT /api/order/customer-info: the text NoStock (text/plain), or this object. */
export const NO_STOCK = 'NoStock';
export const CustomerInfoResultSchema = v.object({
  showAMLPopup: v.boolean(),
  state: v.object({ value: OrderStateValue }),
});
export type CustomerInfoResult = v.InferOutput<typeof CustomerInfoResultSchema>;
export const CustomerInfoResponseSchema = v.union([v.literal(NO_STOCK), CustomerInfoResultSchema]);
export type CustomerInfoResponse = v.InferOutput<typeof CustomerInfoResponseSchema>;

/** POST /api/order/create-payment-intent: 201 with a Location header; the body repeats it. */
export const PaymentIntentResponseSchema = v.object({ url: v.pipe(v.string(), v.url()) });
export type PaymentIntentResponse = v.InferOutput<typeof PaymentIntentResponseSchema>;

/** The basket email's opt-out link: the address and the shop's signature of it. */
export const EmailLinkQuerySchema = v.object({ email: v.pipe(v.string(), v.maxLength(320)), sig: v.pipe(v.string(), v.maxLength(100)) });
/** A rate alert's confirmation and cancel links: /api/rate-alerts/{id}/confirm?sig=. */
export const RateAlertParamsSchema = v.object({ id: v.pipe(v.string(), v.uuid('must be a rate alert id')) });
export const RateAlertLinkQuerySchema = v.object({ sig: v.pipe(v.string(), v.maxLength(100)) });
