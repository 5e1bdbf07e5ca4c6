/**
 * What each route of the table in ./routes.ts takes and answers, for the API's OpenAPI document
 * (server/openapi/): its path and query (the same schemas the server validates with), its body, its
 * answers by status with their schemas, and who may call it. Problem answers
 * (application/problem+json) are listed by status with when they happen; every route may also answer
 * 400 (a value the shop cannot store, a JSON body too deep or too wide) and 500, every route with a
 * body 413, and every route that needs the session token 401 and 403, so those are added for all.
 */
import * as v from 'valibot';
import { AddressLookupResponseSchema, AddressQuerySchema, BranchesNearbyRequestSchema, BranchesNearbyResponseSchema, BranchParamsSchema, BranchSchema, NearbyStoresRequestSchema, NearbyStoresResponseSchema, OpeningTimesSchema, PlacesQuerySchema, PlacesResponseSchema, StoreAddressSchema, StoreParamsSchema, StoreSchema, StoresResponseSchema } from './branches.ts';
import { BuybackQuerySchema, CartExistsSchema, CartLineParamsSchema, CartLineRequestSchema, CartSchema, CheckoutResponseSchema, CreateCartRequestSchema, RecreateCartQuerySchema, RefundQuerySchema } from './cart.ts';
import {
  CalculatorContentSchema,
  ChartParamsSchema,
  ChartQuerySchema,
  ChartResponseSchema,
  CheckoutContentSchema,
  ContentQuerySchema,
  CurrenciesResponseSchema,
  ProductsResponseSchema,
  QuoteParamsSchema,
  QuoteQuerySchema,
  QuoteResponseSchema,
  RatesBoardSchema,
  SettingsQuerySchema,
  SiteProductsResponseSchema,
  SiteSettingsSchema,
} from './catalogue.ts';
import { SiteParamsSchema } from './common.ts';
import { CollectionBranchesSchema, SwitchToCollectionRequestSchema } from './collection-switch.ts';
import { CancelOrderRequestSchema, ChangeCollectionDateRequestSchema, FindOrderRequestSchema, ManagedOrderSchema } from './manage-order.ts';
import {
  CustomerInfoRequestSchema,
  CustomerInfoResultSchema,
  DeliverySlotRequestSchema,
  DeliverySlotsResponseSchema,
  EmailLinkQuerySchema,
  NO_STOCK,
  OrderSchema,
  PaymentIntentResponseSchema,
  RateAlertLinkQuerySchema,
  RateAlertParamsSchema,
} from './order.ts';
import { TrackingSchema } from './tracking.ts';
import { type ApiRoute } from './routes.ts';
import { apiRoutes, type ApiRouteName } from './api-routes.ts';
import { CartNotesSchema, NoteChoiceSchema, NoteLineParamsSchema } from '../note-mix.ts';
import { LoyaltySignInQuerySchema, LoyaltySignInStartRequestSchema, LoyaltySignInStartSchema, SessionInfoSchema, TokenResponseSchema } from './session.ts';
import { BasketEmailRequestSchema } from '../email.ts';
import { RateAlertRequestSchema, RateAlertResponseSchema } from '../rate-alert.ts';

/** A path or query described by its fields. */
export type FieldsSchema = v.ObjectSchema<v.ObjectEntries, v.ErrorMessage<v.ObjectIssue> | undefined>;

/**
 * Who may call: 'session' needs the session token as the bearer; 'optional-session' takes one if
 * given (a better quote, the session's own carts); 'none' takes none; 'ops' needs the operations token.
 */
export type Access = 'none' | 'session' | 'optional-session' | 'ops';

/** Headers an answer carries that a client reads. */
export type AnswerHeader = 'Location' | 'Retry-After' | 'ETag' | 'Session-Token';

export interface Answer {
  description: string;
  /** An application/json body. */
  json?: v.GenericSchema;
  /** A text/plain body. */
  text?: v.GenericSchema;
  /** A text/html page, for a person following a link. */
  html?: true;
  /** A file of any type (a page's script or style). */
  file?: true;
  headers?: readonly AnswerHeader[];
}

export interface Operation {
  summary: string;
  description?: string;
  tag: string;
  access: Access;
  params?: FieldsSchema;
  query?: FieldsSchema;
  body?: { schema: FieldsSchema | v.GenericSchema; type: 'application/json' | 'application/x-www-form-urlencoded'; required: boolean };
  /** The answers that are not problems, by status. */
  answers: Partial<Record<number, Answer>>;
  /** The problem answers beyond those every route has, by status, with when they happen. */
  problems?: Partial<Record<number, string>>;
  /** Counted against a rate limit: 429 with Retry-After over it. */
  limited?: boolean;
}

const json = (schema: v.GenericSchema, required = true) => ({ schema, type: 'application/json' as const, required });
const notModified: Answer = { description: 'The copy the caller has (If-None-Match) is current.', headers: ['ETag'] };
/** A shared read: ETag and Cache-Control: public, no-cache when anonymous. */
const shared = (description: string, schema: v.GenericSchema): Partial<Record<number, Answer>> => ({
  200: { description, json: schema, headers: ['ETag'] },
  304: notModified,
});
/** An answer of an authorised call: a renewed token when the call moved the session to another cart or order. */
const authorised = (description: string, schema?: v.GenericSchema): Answer => ({
  description,
  ...(schema === undefined ? {} : { json: schema }),
  headers: ['Session-Token'],
});
const noCart = 'The session has no open cart, or it expired.';
const noOrder = 'The session has no order.';

const Tags = {
  session: 'Session',
  catalogue: 'Catalogue, rates and content',
  branches: 'Branches and addresses',
  cart: 'Cart',
  order: 'Order and payment',
  emails: 'Email links',
  manage: 'Manage my order',
} as const;

/** Every route of the contract's table, described. */
export const operations: Record<ApiRouteName, Operation> = {
  sessionToken: {
    tag: Tags.session,
    summary: 'A session token',
    description:
      "With no token, or an expired one, a new anonymous session's token (`handedOver: false` after an expired one: its cart did not come along); with a valid token, a fresh token of the same session.",
    access: 'optional-session',
    params: SiteParamsSchema,
    answers: { 200: { description: 'The token.', json: TokenResponseSchema } },
    problems: { 401: 'The token is forged, malformed or revoked.', 403: 'The token belongs to another site.', 404: 'There is no such site.' },
    limited: true,
  },
  sessionCreate: {
    tag: Tags.session,
    summary: 'Start a session',
    description:
      "No body. Without a bearer: a new anonymous session. With a token of the shop's own that expired a short while ago: the session is handed over once, keeping its cart and order (`handedOver` says whether it did). With a legacy token: exchanged for a session once.",
    access: 'optional-session',
    params: SiteParamsSchema,
    answers: { 201: { description: 'The new session token.', json: TokenResponseSchema } },
    problems: { 401: 'The legacy token is unknown or was already exchanged, or the token is forged.', 403: 'The token belongs to another site.', 404: 'There is no such site.' },
    limited: true,
  },
  sessionInfo: {
    tag: Tags.session,
    summary: 'Whether the session has a loyalty profile',
    access: 'session',
    params: SiteParamsSchema,
    answers: { 200: authorised('The session.', SessionInfoSchema) },
  },
  loyaltySignIn: {
    tag: Tags.session,
    summary: 'The loyalty sign-in page (a browser navigation)',
    description: 'Reached with the single-use code from `POST /session/{siteId}/loyalty-signin/code`; never with the session token.',
    access: 'none',
    params: SiteParamsSchema,
    query: LoyaltySignInQuerySchema,
    answers: { 200: { description: 'The sign-in form.', html: true }, 400: { description: 'The code is unknown, used or expired: a page saying so.', html: true } },
  },
  loyaltySignInStart: {
    tag: Tags.session,
    summary: 'A single-use sign-in code, and the address to go to with it',
    access: 'session',
    params: SiteParamsSchema,
    body: json(LoyaltySignInStartRequestSchema, false),
    answers: { 201: authorised('Where the browser goes to sign in (good for five minutes, once).', LoyaltySignInStartSchema) },
  },

  quote: {
    tag: Tags.catalogue,
    summary: "A currency's rate, price per unit, increment and tiers",
    description: 'Anonymous quotes are shared (ETag, `Cache-Control: public, no-cache`); with a session token the rates of its loyalty profile, `private, no-store`.',
    access: 'optional-session',
    params: QuoteParamsSchema,
    query: QuoteQuerySchema,
    answers: shared('The quote.', QuoteResponseSchema),
    problems: {
      401: 'The token given is not valid.',
      404: 'There is no such site, branch, product or currency.',
      422: 'The currency is not sold (or bought back) for this product.',
      503: 'The rates are out of date (production only): try again later (Retry-After).',
    },
  },
  currencies: { tag: Tags.catalogue, summary: 'Every currency', access: 'none', answers: shared('The currencies.', CurrenciesResponseSchema) },
  products: { tag: Tags.catalogue, summary: 'The products (home delivery, click and collect, sell back)', access: 'none', answers: shared('The products.', ProductsResponseSchema) },
  siteProducts: {
    tag: Tags.catalogue,
    summary: "A site's products with their minimum and maximum spend",
    access: 'none',
    params: SiteParamsSchema,
    answers: shared("The site's products.", SiteProductsResponseSchema),
    problems: { 404: 'There is no such site.' },
  },
  calculatorContent: {
    tag: Tags.catalogue,
    summary: "The calculator's texts",
    access: 'none',
    query: ContentQuerySchema,
    answers: shared('The texts.', CalculatorContentSchema),
  },
  checkoutContent: {
    tag: Tags.catalogue,
    summary: "The checkout's texts",
    access: 'none',
    query: ContentQuerySchema,
    answers: shared('The texts.', CheckoutContentSchema),
  },
  ratesBoard: {
    tag: Tags.catalogue,
    summary: "The home page's rates board",
    access: 'none',
    params: SiteParamsSchema,
    answers: shared('The popular currencies with their rates and last month.', RatesBoardSchema),
    problems: { 404: 'There is no such site.' },
  },
  siteSettings: {
    tag: Tags.catalogue,
    summary: "A site's settings and feature flags",
    description: "With a session token the settings also name the session's open carts (`buyCartId`, `sellCartId`) and are not shared.",
    access: 'optional-session',
    query: SettingsQuerySchema,
    answers: shared('The settings.', SiteSettingsSchema),
    problems: { 401: 'The token given is not valid.', 404: 'There is no such site.' },
  },
  currencyConverter: {
    tag: Tags.catalogue,
    summary: "A currency's daily rates against the pound, oldest first",
    access: 'none',
    params: ChartParamsSchema,
    query: ChartQuerySchema,
    answers: { 200: { description: 'The points.', json: ChartResponseSchema } },
    problems: { 404: 'There is no such currency.' },
  },

  defaultStore: {
    tag: Tags.branches,
    summary: "A site's default branch",
    access: 'none',
    params: SiteParamsSchema,
    answers: { 200: { description: 'The branch.', json: StoreSchema } },
    problems: { 404: 'There is no such site.' },
  },
  branchByCode: {
    tag: Tags.branches,
    summary: 'A branch by its code',
    access: 'none',
    params: BranchParamsSchema,
    answers: { 200: { description: 'The branch.', json: BranchSchema } },
    problems: { 404: 'There is no such branch.' },
  },
  metaStores: {
    tag: Tags.branches,
    summary: "A site's delivery centres (the stores that are not branches)",
    access: 'none',
    params: SiteParamsSchema,
    answers: { 200: { description: 'The stores.', json: StoresResponseSchema } },
    problems: { 404: 'There is no such site.' },
  },
  store: {
    tag: Tags.branches,
    summary: 'A store',
    access: 'none',
    params: StoreParamsSchema,
    answers: { 200: { description: 'The store.', json: StoreSchema } },
    problems: { 404: 'There is no such store on this site.' },
  },
  storeOpeningTimes: {
    tag: Tags.branches,
    summary: "A store's opening times",
    access: 'none',
    params: StoreParamsSchema,
    answers: { 200: { description: 'The opening times, or null when the store has none.', json: v.nullable(OpeningTimesSchema) } },
    problems: { 404: 'There is no such store on this site.' },
  },
  storeAddress: {
    tag: Tags.branches,
    summary: "A store's address",
    access: 'none',
    params: StoreParamsSchema,
    answers: { 200: { description: 'The address.', json: StoreAddressSchema } },
    problems: { 404: 'There is no such store on this site.' },
  },
  nearbyStores: {
    tag: Tags.branches,
    summary: 'Branches near a place, with when each can have the currency',
    access: 'none',
    params: SiteParamsSchema,
    body: json(NearbyStoresRequestSchema),
    answers: { 200: { description: 'The branches, nearest first.', json: NearbyStoresResponseSchema } },
    problems: { 404: 'There is no such site.', 422: 'The currency is not traded.' },
    limited: true,
  },
  nearbyBranches: {
    tag: Tags.branches,
    summary: 'Branches near a place (the branch finder)',
    access: 'none',
    body: json(BranchesNearbyRequestSchema),
    answers: { 200: { description: 'The branches, nearest first (with stepFreeOnly, only those with step-free access), each with its access facts.', json: BranchesNearbyResponseSchema } },
    limited: true,
  },
  places: {
    tag: Tags.branches,
    summary: 'Places in Great Britain matching a name or postcode',
    access: 'none',
    query: PlacesQuerySchema,
    answers: { 200: { description: 'The places.', json: PlacesResponseSchema } },
    limited: true,
  },
  addressLookup: {
    tag: Tags.branches,
    summary: 'Addresses at a postcode (a demo lookup)',
    access: 'none',
    query: AddressQuerySchema,
    answers: { 200: { description: 'The addresses.', json: AddressLookupResponseSchema } },
    problems: { 422: 'The postcode is outside Great Britain.' },
    limited: true,
  },

  cartExists: {
    tag: Tags.cart,
    summary: 'Whether the session has an open cart',
    access: 'session',
    answers: { 200: authorised('The open cart.', CartExistsSchema) },
    problems: { 404: noCart },
  },
  cart: { tag: Tags.cart, summary: "The session's cart", access: 'session', answers: { 200: authorised('The cart.', CartSchema) }, problems: { 404: noCart } },
  cartCreate: {
    tag: Tags.cart,
    summary: 'A new cart for a product at a branch',
    access: 'session',
    body: json(CreateCartRequestSchema),
    answers: { 201: authorised('The new, empty cart.', CartSchema) },
    problems: {
      404: 'There is no such branch or product on this site.',
      409: 'The session already has a cart: abandon it (DELETE /cart) to start another.',
      422: 'Carts of this product cannot be made here.',
    },
  },
  cartAdd: {
    tag: Tags.cart,
    summary: 'Add a currency to the cart',
    access: 'session',
    body: json(CartLineRequestSchema),
    answers: { 201: authorised('The cart.', CartSchema) },
    problems: {
      404: noCart,
      409: "The currency is already in the cart: change that line's amount instead.",
      422: 'The amount or the currency is not accepted (a limit, an increment, a currency not traded).',
    },
  },
  cartLineUpdate: {
    tag: Tags.cart,
    summary: "Change a line's currency or amount",
    access: 'session',
    params: CartLineParamsSchema,
    body: json(CartLineRequestSchema),
    answers: { 200: authorised('The cart.', CartSchema) },
    problems: { 404: `${noCart} Or it has no such line.`, 422: 'The amount or the currency is not accepted.' },
  },
  cartLineDelete: {
    tag: Tags.cart,
    summary: 'Remove a line',
    access: 'session',
    params: CartLineParamsSchema,
    answers: { 200: authorised('The cart.', CartSchema) },
    problems: { 404: `${noCart} Or it has no such line.` },
  },
  cartNotes: {
    tag: Tags.cart,
    summary: 'The notes each line may have',
    description:
      "For each line of a purchase: the shopper's choice (mixed notes unless chosen), and what the cart's branch (click and collect) or the warehouse (home delivery) can give: smaller and larger notes, and for euros and US dollars each note with how many of it are available. A sell-back cart has no lines here.",
    access: 'session',
    answers: { 200: authorised('The lines and their notes.', CartNotesSchema) },
    problems: { 404: noCart },
  },
  cartLineNotes: {
    tag: Tags.cart,
    summary: "Choose a line's notes",
    description: 'Mixed, smaller or larger notes, or (euros and US dollars) how many of each note, adding up to the line\'s amount and within what the branch or warehouse holds. A change to the line\'s amount keeps a preference and drops exact notes that no longer add up.',
    access: 'session',
    params: NoteLineParamsSchema,
    body: json(NoteChoiceSchema),
    answers: { 200: authorised('The lines and their notes.', CartNotesSchema) },
    problems: {
      404: `${noCart} Or it has no such line.`,
      409: 'Notes are chosen only for a purchase.',
      422: 'The notes do not add up to the amount, or the branch or warehouse does not hold them.',
    },
  },
  cartBuyback: {
    tag: Tags.cart,
    summary: 'Take or decline the Buyback Guarantee',
    access: 'session',
    query: BuybackQuerySchema,
    answers: { 200: authorised('The cart.', CartSchema) },
    problems: { 404: noCart, 422: 'The guarantee is not offered for this cart.' },
  },
  cartRefund: {
    tag: Tags.cart,
    summary: 'Take or decline the Refund Guarantee',
    access: 'session',
    query: RefundQuerySchema,
    answers: { 200: authorised('The cart.', CartSchema) },
    problems: { 404: noCart, 422: 'The guarantee is not offered for this cart.' },
  },
  cartRecreate: {
    tag: Tags.cart,
    summary: 'A copy of a saved cart (the basket link) for this session',
    access: 'session',
    query: RecreateCartQuerySchema,
    answers: { 200: authorised('The new cart.', CartSchema) },
    problems: { 404: 'There is no such cart.' },
  },
  cartAbandon: {
    tag: Tags.cart,
    summary: 'Abandon the cart',
    access: 'session',
    answers: { 204: authorised('The cart is gone.') },
    problems: { 404: noCart, 409: 'The cart has a paid order.' },
  },
  cartCheckout: {
    tag: Tags.cart,
    summary: 'Check out: the order from the cart',
    access: 'session',
    answers: { 200: authorised('The order made before from this cart.', CheckoutResponseSchema), 201: authorised('The new order.', CheckoutResponseSchema) },
    problems: {
      404: noCart,
      409: 'The cart cannot be checked out now.',
      422: 'The cart breaks a rule (empty, under the minimum, over the maximum).',
      503: 'The rates are out of date (production only): try again later (Retry-After).',
    },
  },
  cartExtend: {
    tag: Tags.cart,
    summary: 'Need more time? Extend the hold on the cart',
    access: 'session',
    answers: { 200: authorised('The cart with its new expiry.', CartSchema) },
    problems: { 404: noCart, 409: 'No more extensions are left, or it is too early to ask.' },
  },

  order: {
    tag: Tags.order,
    summary: "The session's order",
    access: 'session',
    answers: { 200: authorised('The order.', OrderSchema) },
    problems: { 404: noOrder, 503: 'The bank has not confirmed the payment yet: ask again after Retry-After.' },
  },
  deliverySlots: {
    tag: Tags.order,
    summary: 'The delivery or collection dates on offer',
    access: 'session',
    answers: { 200: authorised('The dates, first one first.', DeliverySlotsResponseSchema) },
    problems: { 404: noOrder, 409: 'The order can no longer be changed.' },
  },
  deliverySlot: {
    tag: Tags.order,
    summary: 'Choose a delivery or collection date',
    access: 'session',
    body: json(DeliverySlotRequestSchema),
    answers: { 200: authorised('The order.', OrderSchema) },
    problems: { 404: noOrder, 409: 'The order can no longer be changed.', 422: 'The date is not on offer.' },
  },
  gaInfo: {
    tag: Tags.order,
    summary: "Keep the order's tracking values",
    access: 'session',
    body: json(TrackingSchema),
    answers: { 204: authorised('Kept.') },
    problems: { 404: noOrder },
  },
  customerInfo: {
    tag: Tags.order,
    summary: "The customer's details",
    description: 'Answers the text `NoStock` when the branch ran out of the currency meanwhile.',
    access: 'session',
    body: json(CustomerInfoRequestSchema),
    answers: {
      200: { ...authorised('Accepted: whether additional identification is needed, and the order state.', CustomerInfoResultSchema), text: v.literal(NO_STOCK) },
    },
    problems: {
      404: noOrder,
      409: 'The details can no longer be changed (a payment started), or the order is no longer open.',
      422: 'The details need attention (each field named), or the velocity check failed.',
    },
    limited: true,
  },
  basketEmail: {
    tag: Tags.order,
    summary: 'Email the basket link to this address if the shopper breaks off',
    access: 'session',
    body: json(BasketEmailRequestSchema),
    answers: { 204: authorised('Noted.') },
    problems: { 404: noOrder },
    limited: true,
  },
  emailOptOut: {
    tag: Tags.emails,
    summary: "The basket email's opt-out link (a page)",
    access: 'none',
    query: EmailLinkQuerySchema,
    answers: { 200: { description: 'Opted out: a page saying so.', html: true }, 400: { description: 'The link is not valid: a page saying so.', html: true } },
  },
  rateAlert: {
    tag: Tags.order,
    summary: 'Email me when the pound buys this rate or more',
    description: 'The alert starts once the link in the confirmation email is followed.',
    access: 'session',
    body: json(RateAlertRequestSchema),
    answers: { 201: authorised('The alert, waiting for its confirmation.', RateAlertResponseSchema) },
    problems: { 404: 'There is no such currency.', 422: 'The currency is not traded.' },
    limited: true,
  },
  rateAlertConfirm: {
    tag: Tags.emails,
    summary: "A rate alert's confirmation link (a page with a button)",
    access: 'none',
    params: RateAlertParamsSchema,
    query: RateAlertLinkQuerySchema,
    answers: { 200: { description: 'The page with the confirm button, or the alert already confirmed.', html: true }, 400: { description: 'The link is not valid.', html: true } },
  },
  rateAlertCancel: {
    tag: Tags.emails,
    summary: "A rate alert's cancel link (a page)",
    access: 'none',
    params: RateAlertParamsSchema,
    query: RateAlertLinkQuerySchema,
    answers: { 200: { description: 'Cancelled: a page saying so.', html: true }, 400: { description: 'The link is not valid.', html: true } },
  },
  createPaymentIntent: {
    tag: Tags.order,
    summary: 'A card payment: the address of the hosted card page',
    description: 'The answer\'s Location header (and `url`) is the payment provider\'s card page, for an iframe.',
    access: 'session',
    answers: { 201: { ...authorised('The card page.', PaymentIntentResponseSchema), headers: ['Location', 'Session-Token'] } },
    problems: { 404: noOrder, 409: 'The order is not awaiting payment, or a payment of it is still in progress.', 503: 'The card payment provider is unavailable: a collection may be reserved instead (reserveAtBranch).' },
  },
  reserveAtBranch: {
    tag: Tags.order,
    summary: 'Reserve now, pay at the branch (when cards fail)',
    description: 'A click-and-collect order awaiting payment becomes reserved (state 5): its notes are held and its rate is held until the branch closes on the collection day; the confirmation email says what to bring and pay. An unpaid reservation ends after that and its notes go back on sale.',
    access: 'session',
    answers: { 200: authorised('The reserved order.', OrderSchema) },
    problems: { 404: noOrder, 409: 'Not a collection, not awaiting payment, a card payment underway, the branch closed on the collection day, or sold out.' },
  },
  collectionBranches: {
    tag: Tags.order,
    summary: 'Collect from a branch instead (when cards fail): the branches that hold the order\'s currency',
    description: 'For a home-delivery order awaiting payment: up to five branches that hold every currency of it now, nearest the delivery address first, each with the first day it can hand the currency over.',
    access: 'session',
    answers: { 200: authorised('The branches.', CollectionBranchesSchema) },
    problems: { 404: noOrder, 409: 'Not a home delivery, not awaiting payment, expired, or a card payment underway.', 503: 'The rates are out of date (production only): try again later (Retry-After).' },
  },
  switchToCollection: {
    tag: Tags.order,
    summary: 'Collect from a branch instead (when cards fail): the order moves to the branch',
    description: 'A home-delivery order awaiting payment becomes a click-and-collect order at the branch: priced again at its rates, the guarantees settled and the spend limits checked again, back at state 0 without a date, so the shopper chooses a collection date and gives their details again (the AML and velocity checks apply). A card page issued for the old price can no longer pay it.',
    access: 'session',
    body: json(SwitchToCollectionRequestSchema),
    answers: { 200: authorised('The order, to be collected.', OrderSchema) },
    problems: {
      404: noOrder,
      409: 'Not a home delivery, not awaiting payment, expired, a card payment underway, the branch lacks the currency, or the new order breaks the spend limits.',
      503: 'The rates are out of date (production only): try again later (Retry-After).',
    },
  },
  orderFind: {
    tag: Tags.manage,
    summary: 'Find a paid order by its reference, email address and date of birth',
    access: 'none',
    body: json(FindOrderRequestSchema),
    answers: { 200: { description: 'The order, with a short-lived access key for the calls below.', json: ManagedOrderSchema } },
    problems: { 404: 'No paid order matches (also while the reference or address is locked after wrong answers).' },
    limited: true,
  },
  orderCancel: {
    tag: Tags.manage,
    summary: 'Cancel a found order (the card refunded)',
    access: 'none',
    body: json(CancelOrderRequestSchema),
    answers: { 200: { description: 'The cancelled order.', json: ManagedOrderSchema } },
    problems: { 403: 'The access key is not valid or expired: find the order again.', 409: 'The order can no longer be cancelled.' },
  },
  orderCollectionDate: {
    tag: Tags.manage,
    summary: "Move a found click and collect order's date",
    access: 'none',
    body: json(ChangeCollectionDateRequestSchema),
    answers: { 200: { description: 'The order with its new date.', json: ManagedOrderSchema } },
    problems: {
      403: 'The access key is not valid or expired: find the order again.',
      409: 'The order can no longer be changed, or it is not a click and collect order.',
      422: 'The date is not on offer.',
    },
  },
};

/** Routes of the table that also answer another method (a form's POST, a one-click opt-out). */
export const secondMethods: Record<string, ApiRoute & Operation> = {
  loyaltySignInForm: {
    method: 'POST',
    pattern: apiRoutes.loyaltySignIn.pattern,
    tag: Tags.session,
    summary: 'The loyalty sign-in form, posted',
    access: 'none',
    params: SiteParamsSchema,
    body: { schema: LoyaltySignInQuerySchema, type: 'application/x-www-form-urlencoded', required: true },
    answers: { 303: { description: 'Signed in: on to the shop.', headers: ['Location'] }, 400: { description: 'The code is unknown, used or expired: a page saying so.', html: true } },
  },
  emailOptOutOneClick: {
    method: 'POST',
    pattern: apiRoutes.emailOptOut.pattern,
    tag: Tags.emails,
    summary: "The basket email's one-click opt-out (List-Unsubscribe-Post)",
    access: 'none',
    query: EmailLinkQuerySchema,
    answers: { 204: { description: 'Opted out.' } },
    problems: { 400: 'The link is not valid.' },
  },
  rateAlertConfirmButton: {
    method: 'POST',
    pattern: apiRoutes.rateAlertConfirm.pattern,
    tag: Tags.emails,
    summary: "The confirmation page's button",
    access: 'none',
    params: RateAlertParamsSchema,
    query: RateAlertLinkQuerySchema,
    answers: { 200: { description: 'Confirmed: a page saying so.', html: true }, 400: { description: 'The link is not valid.', html: true } },
  },
  rateAlertCancelOneClick: {
    method: 'POST',
    pattern: apiRoutes.rateAlertCancel.pattern,
    tag: Tags.emails,
    summary: "A rate alert's one-click cancel (List-Unsubscribe-Post)",
    access: 'none',
    params: RateAlertParamsSchema,
    query: RateAlertLinkQuerySchema,
    answers: { 204: { description: 'Cancelled.' } },
    problems: { 400: 'The link is not valid.' },
  },
};
