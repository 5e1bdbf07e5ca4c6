/**
 * Every table, for drizzle's typed queries. The SQL files in ./migrations are the source of
 * truth for the database itself (0001: catalogue, branches, rates, sessions; 0002: commerce);
 * this file mirrors them and works for both PGlite and node-postgres.
 */
import {
  bigint,
  bigserial,
  boolean,
  char,
  date,
  doublePrecision,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  unique,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
const ratio = (name: string) => numeric(name, { precision: 6, scale: 4, mode: 'number' });
const gbpAmount = (name: string) => numeric(name, { precision: 12, scale: 2, mode: 'number' });
/** A required reference by integer id, by uuid, or to a currency's code. */
const idOf = (name: string, target: () => AnyPgColumn) => integer(name).notNull().references(target);
const uuidOf = (name: string, target: () => AnyPgColumn) => uuid(name).notNull().references(target);
const currencyOf = (name: string) => char(name, { length: 3 }).notNull().references(() => currencies.code);

export const appSecrets = pgTable('app_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: createdAt(),
});

export const seedRuns = pgTable('seed_runs', {
  name: text('name').primaryKey(),
  appliedAt: timestamp('applied_at', { withTimezone: true }).notNull().defaultNow(),
});

export const currencies = pgTable('currencies', {
  code: char('code', { length: 3 }).primaryKey(),
  pluralName: text('plural_name').notNull(),
  shortName: text('short_name').notNull(),
  symbol: text('symbol').notNull(),
  purchaseAllowed: boolean('purchase_allowed').notNull(),
  sellBackAllowed: boolean('sell_back_allowed').notNull(),
  defaultIncrement: numeric('default_increment', { precision: 12, scale: 3, mode: 'number' }).notNull(),
  extraMargin: ratio('extra_margin').notNull().default(0),
  sortOrder: integer('sort_order').notNull(),
});

export const currencyRestrictions = pgTable('currency_restrictions', {
  id: serial('id').primaryKey(),
  currencyCode: currencyOf('currency_code'),
  message: text('message').notNull(),
});

export const products = pgTable('products', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
  transactionType: text('transaction_type', { enum: ['sell', 'buy'] }).notNull(),
  cartsEnabled: boolean('carts_enabled').notNull(),
  margin: ratio('margin').notNull(),
  loyaltyMarginCut: ratio('loyalty_margin_cut').notNull(),
});

export const sites = pgTable('sites', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
  isPartner: boolean('is_partner').notNull(),
  isSiteAllowed: boolean('is_site_allowed').notNull(),
  enableSelling: boolean('enable_selling').notNull(),
  showMarketingPreference: boolean('show_marketing_preference').notNull(),
  marketingDefault: boolean('marketing_default').notNull().default(false),
  showAbtaPreference: boolean('show_abta_preference').notNull(),
  showBuybackGuarantee: boolean('show_buyback_guarantee').notNull(),
  showRefundGuarantee: boolean('show_refund_guarantee').notNull(),
  showLoyaltyCta: boolean('show_loyalty_cta').notNull(),
  embeddedMode: boolean('embedded_mode').notNull(),
  defaultCurrency: currencyOf('default_currency'),
  maxOrderValue: gbpAmount('max_order_value').notNull(),
  buybackMinimum: gbpAmount('buyback_minimum').notNull(),
  defaultStoreId: integer('default_store_id').notNull(),
  nextUrl: text('next_url'),
  errorUrl: text('error_url'),
  abandonCartUrl: text('abandon_cart_url'),
  /** The money service business registration with HM Revenue & Customs, shown on every page. */
  hmrcMsbNumber: text('hmrc_msb_number'),
  supportPhone: text('support_phone'),
  supportHours: text('support_hours'),
});

export const siteProducts = pgTable(
  'site_products',
  {
    siteId: idOf('site_id', () => sites.id),
    productId: idOf('product_id', () => products.id),
    minSpend: gbpAmount('min_spend').notNull(),
    maxSpend: gbpAmount('max_spend').notNull(),
  },
  (t) => [primaryKey({ columns: [t.siteId, t.productId] })],
);

export const affiliates = pgTable('affiliates', {
  code: text('code').primaryKey(),
  name: text('name').notNull(),
  marginDiscount: ratio('margin_discount').notNull(),
  active: boolean('active').notNull().default(true),
});

export const rateTiers = pgTable(
  'rate_tiers',
  {
    id: serial('id').primaryKey(),
    productId: idOf('product_id', () => products.id),
    thresholdGbp: gbpAmount('threshold_gbp').notNull(),
    marginCut: ratio('margin_cut').notNull(),
  },
  (t) => [unique().on(t.productId, t.thresholdGbp)],
);

export const rates = pgTable(
  'rates',
  {
    currencyCode: currencyOf('currency_code'),
    rateDate: date('rate_date', { mode: 'string' }).notNull(),
    /** Foreign units per GBP 1. */
    mid: doublePrecision('mid').notNull(),
    /** Part of the bundled sample history (the demo's seed), not a published rate. */
    sample: boolean('sample').notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.currencyCode, t.rateDate] })],
);

export const stores = pgTable('stores', {
  id: integer('id').primaryKey(),
  siteId: integer('site_id').references(() => sites.id),
  name: text('name').notNull(),
  brand: text('brand').notNull(),
  brandName: text('brand_name').notNull(),
  branchCode: text('branch_code').notNull().unique(),
  isMeta: boolean('is_meta').notNull(),
  branchType: text('branch_type').notNull(),
  latitude: doublePrecision('latitude'),
  longitude: doublePrecision('longitude'),
  address1: text('address1'),
  address2: text('address2'),
  address3: text('address3'),
  address4: text('address4'),
  postcode: text('postcode').notNull(),
  openingTimeComment: text('opening_time_comment'),
  closedFrom: date('closed_from', { mode: 'string' }),
  closedUntil: date('closed_until', { mode: 'string' }),
  stepFree: boolean('step_free').notNull().default(false),
  hearingLoop: boolean('hearing_loop').notNull().default(false),
  accessibleToiletsNearby: boolean('accessible_toilets_nearby').notNull().default(false),
  /** 'HH:mm' in London: when the orders placed today are ready to collect; null: not published. */
  ordersReadyFrom: text('orders_ready_from'),
});

export const openingHours = pgTable(
  'opening_hours',
  {
    storeId: idOf('store_id', () => stores.id),
    /** 0 = Sunday. */
    dayOfWeek: smallint('day_of_week').notNull(),
    opens: text('opens').notNull(),
    closes: text('closes').notNull(),
  },
  (t) => [primaryKey({ columns: [t.storeId, t.dayOfWeek] })],
);

export const storeIncrements = pgTable(
  'store_increments',
  {
    storeId: idOf('store_id', () => stores.id),
    currencyCode: currencyOf('currency_code'),
    increment: numeric('increment', { precision: 12, scale: 3, mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.storeId, t.currencyCode] })],
);

export const storeStock = pgTable(
  'store_stock',
  {
    storeId: idOf('store_id', () => stores.id),
    currencyCode: currencyOf('currency_code'),
    /** Whole foreign units on hand. */
    units: bigint('units', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.storeId, t.currencyCode] })],
);

/** Notes of a currency a store holds, note by note (euros and US dollars; migration 0023). */
export const storeNotes = pgTable(
  'store_notes',
  {
    storeId: idOf('store_id', () => stores.id),
    currencyCode: currencyOf('currency_code'),
    denomination: integer('denomination').notNull(),
    count: bigint('count', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.storeId, t.currencyCode, t.denomination] })],
);

export const contentBlocks = pgTable('content_blocks', {
  key: text('key').primaryKey(),
  body: jsonb('body').notNull(),
});

export const sessions = pgTable('sessions', {
  id: uuid('id').primaryKey().defaultRandom(),
  siteId: idOf('site_id', () => sites.id),
  cartId: uuid('cart_id'),
  orderId: uuid('order_id'),
  hasProfile: boolean('has_profile').notNull().default(false),
  /** Set when the session is revoked or handed over: its tokens are refused from then on (0005). */
  revokedAt: timestamp('revoked_at', { withTimezone: true }),
  /** The session it was handed over to, once (0005). */
  replacedBy: uuid('replaced_by'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const legacyTokens = pgTable('legacy_tokens', {
  token: text('token').primaryKey(),
  hasProfile: boolean('has_profile').notNull().default(false),
  exchangedAt: timestamp('exchanged_at', { withTimezone: true }),
  sessionId: uuid('session_id').references(() => sessions.id),
});

// --- Commerce (migration 0002) ---

export const carts = pgTable('carts', {
  id: uuid('id').primaryKey().defaultRandom(),
  sessionId: uuidOf('session_id', () => sessions.id),
  siteId: idOf('site_id', () => sites.id),
  storeId: idOf('store_id', () => stores.id),
  productId: idOf('product_id', () => products.id),
  affiliateCode: text('affiliate_code'),
  buyBackGuarantee: boolean('buy_back_guarantee'),
  refundGuarantee: boolean('refund_guarantee'),
  status: text('status', { enum: ['open', 'checked_out', 'abandoned'] })
    .notNull()
    .default('open'),
  recreatedFrom: uuid('recreated_from'),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  /** Times the shopper asked for more time (at most config.cartExtensionLimit). */
  extensions: integer('extensions').notNull().default(0),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const cartLines = pgTable(
  'cart_lines',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    cartId: uuid('cart_id')
      .notNull()
      .references(() => carts.id, { onDelete: 'cascade' }),
    currencyCode: currencyOf('currency_code'),
    /** Foreign amount in minor units of the currency. */
    qtyMinor: bigint('qty_minor', { mode: 'number' }).notNull(),
    rate: numeric('rate', { precision: 20, scale: 8, mode: 'number' }).notNull(),
    price: numeric('price', { precision: 20, scale: 8, mode: 'number' }).notNull(),
    increment: numeric('increment', { precision: 12, scale: 3, mode: 'number' }).notNull(),
    totalMinor: bigint('total_minor', { mode: 'number' }).notNull(),
    createdAt: createdAt(),
    position: bigserial('position', { mode: 'number' }).notNull(),
    /** The shopper's notes (domain/note-mix.ts's NoteChoice); null: mixed notes. */
    notes: jsonb('notes'),
  },
  (t) => [unique().on(t.cartId, t.currencyCode)],
);

export const orders = pgTable('orders', {
  id: uuid('id').primaryKey().defaultRandom(),
  externalOrderId: text('external_order_id').notNull().unique(),
  cartId: uuid('cart_id')
    .notNull()
    .unique()
    .references(() => carts.id),
  sessionId: uuidOf('session_id', () => sessions.id),
  siteId: idOf('site_id', () => sites.id),
  storeId: idOf('store_id', () => stores.id),
  productId: idOf('product_id', () => products.id),
  state: integer('state').notNull().default(0),
  linesTotalMinor: bigint('lines_total_minor', { mode: 'number' }).notNull(),
  totalMinor: bigint('total_minor', { mode: 'number' }).notNull(),
  lines: jsonb('lines').notNull(),
  deliverySlot: jsonb('delivery_slot'),
  customer: jsonb('customer'),
  tracking: jsonb('tracking'),
  buyBackGuarantee: boolean('buy_back_guarantee').notNull().default(false),
  refundGuarantee: boolean('refund_guarantee').notNull().default(false),
  amlFlag: boolean('aml_flag').notNull().default(false),
  stockTaken: boolean('stock_taken').notNull().default(false),
  paymentSuccess: boolean('payment_success'),
  customerKey: text('customer_key'),
  submittedAt: timestamp('submitted_at', { withTimezone: true }),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  /** Cancelled by the customer through manage my order. */
  cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const payments = pgTable('payments', {
  id: uuid('id').primaryKey().defaultRandom(),
  orderId: uuidOf('order_id', () => orders.id),
  providerRef: text('provider_ref').notNull().unique(),
  status: text('status', { enum: ['pending', 'processing', 'succeeded', 'declined', 'failed', 'refunded'] }).notNull(),
  amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const paymentEvents = pgTable('payment_events', {
  id: uuid('id').primaryKey().defaultRandom(),
  providerEventId: text('provider_event_id').notNull().unique(),
  paymentId: uuidOf('payment_id', () => payments.id),
  type: text('type').notNull(),
  payload: jsonb('payload').notNull(),
  createdAt: createdAt(),
});

export const paymentRefunds = pgTable('payment_refunds', {
  id: uuid('id').primaryKey().defaultRandom(),
  paymentId: uuid('payment_id')
    .notNull()
    .unique()
    .references(() => payments.id),
  amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
  reason: text('reason').notNull(),
  status: text('status', { enum: ['requested', 'confirmed', 'failed'] })
    .notNull()
    .default('requested'),
  createdAt: createdAt(),
  confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  /** Times the provider was asked (migration 0016); given up ('failed') at REFUND_MAX_ATTEMPTS. */
  attempts: integer('attempts').notNull().default(0),
  /** Not asked again before this (the wait grows with each refusal). */
  nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
  lastError: text('last_error'),
});

/** The sandbox provider's payments (server/psp), kept apart from the shop's. */
export const pspPayments = pgTable('psp_payments', {
  id: text('id').primaryKey(),
  state: text('state', { enum: ['pending', 'succeeded', 'declined', 'failed', 'refunded'] }).notNull(),
  amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
  reference: text('reference').notNull(),
  link: jsonb('link').notNull(),
  dueAt: timestamp('due_at', { withTimezone: true }),
  refundReason: text('refund_reason'),
  refundedAt: timestamp('refunded_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});

/** The callbacks the provider owes the shop, until accepted. */
export const pspEvents = pgTable('psp_events', {
  id: text('id').primaryKey(),
  paymentId: text('payment_id')
    .notNull()
    .references(() => pspPayments.id),
  type: text('type').notNull(),
  body: text('body').notNull(),
  attempts: integer('attempts').notNull().default(0),
  deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});

// --- Abuse limits (migration 0007) ---

/** Hits of one rate-limited key in its current window, shared by every API instance. */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  points: integer('points').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/** Manage my order's finds per reference and per email address (migration 0017): counted, then locked. */
export const orderFindAttempts = pgTable('order_find_attempts', {
  key: text('key').primaryKey(),
  attempts: integer('attempts').notNull(),
  locked: boolean('locked').notNull().default(false),
  until: timestamp('until', { withTimezone: true }).notNull(),
});

/** Single-use loyalty sign-in codes (a hash of each), so the session token stays out of URLs. */
export const loyaltySigninCodes = pgTable('loyalty_signin_codes', {
  codeHash: text('code_hash').primaryKey(),
  sessionId: uuid('session_id')
    .notNull()
    .references(() => sessions.id, { onDelete: 'cascade' }),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
});

/** Moved by every change to the reference tables (migration 0008); see services/reference.ts. */
export const referenceVersion = pgTable('reference_version', {
  onlyRow: boolean('only_row').primaryKey().default(true),
  version: bigint('version', { mode: 'number' }).notNull(),
});

// --- Email outbox (migration 0010) ---

/** An email the shop sends: asked for with what it tells of, written and delivered by the send-emails job. */
export const emails = pgTable('emails', {
  id: uuid('id').primaryKey().defaultRandom(),
  dedupeKey: text('dedupe_key').notNull().unique(),
  kind: text('kind').notNull(),
  recipient: text('recipient'),
  subject: text('subject'),
  html: text('html'),
  text: text('text'),
  orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
  status: text('status', { enum: ['pending', 'sending', 'sent', 'failed', 'cancelled'] }).notNull().default('pending'),
  attempts: integer('attempts').notNull().default(0),
  lastError: text('last_error'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  sentAt: timestamp('sent_at', { withTimezone: true }),
  /** Not sent before this (the basket link waits for the shopper to come back). */
  sendAfter: timestamp('send_after', { withTimezone: true }),
  /** While 'sending': the claim holds until then; after it, the row is pending again (migration 0015). */
  leaseUntil: timestamp('lease_until', { withTimezone: true }),
});

/** "Email me when 1 GBP buys {rate} {code} or more" (migration 0013). */
export const rateAlerts = pgTable('rate_alerts', {
  id: uuid('id').primaryKey().defaultRandom(),
  siteId: idOf('site_id', () => sites.id),
  email: text('email').notNull(),
  currencyCode: text('currency_code').notNull(),
  rate: doublePrecision('rate').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  sentAt: timestamp('sent_at', { withTimezone: true }),
  cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
  /** When the recipient confirmed it by the link of its first email; only confirmed alerts are sent. */
  confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  /** When its confirmation email was last asked for. */
  confirmationSentAt: timestamp('confirmation_sent_at', { withTimezone: true }),
});

/** Addresses that asked for no more emails of a kind. */
export const emailOptOuts = pgTable(
  'email_opt_outs',
  {
    email: text('email').notNull(),
    kind: text('kind').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.email, table.kind] })],
);

/** Each step of a paid order's journey after payment, with when, and a dispatch's tracking reference (migration 0021). */
export const fulfilmentSteps = pgTable(
  'fulfilment_steps',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    step: text('step', {
      enum: ['beingPrepared', 'dispatched', 'delivered', 'readyToCollect', 'collected', 'waitingForCurrency', 'received', 'paidOut'],
    }).notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    reference: text('reference'),
  },
  (table) => [unique('fulfilment_steps_order_step_key').on(table.orderId, table.step)],
);
