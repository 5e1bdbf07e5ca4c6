import * as v from 'valibot';
import { Amount, BoolParam, CurrencyCode, IntId, IntParam } from './common.ts';

export const ProductId = v.picklist([1, 2, 3]);
export type ProductId = v.InferOutput<typeof ProductId>;
/** 'sell': the customer buys currency from the shop. 'buy': the customer sells currency back. */
export const TransactionType = v.picklist(['sell', 'buy']);
export type TransactionType = v.InferOutput<typeof TransactionType>;

export const CurrencyRestrictionSchema = v.object({ message: v.string() });
export const CurrencySchema = v.object({
  code: CurrencyCode,
  pluralName: v.string(),
  shortName: v.string(),
  symbol: v.string(),
  purchaseAllowed: v.boolean(),
  sellBackAllowed: v.boolean(),
  currencyRestrictions: v.array(CurrencyRestrictionSchema),
});
export type Currency = v.InferOutput<typeof CurrencySchema>;
export const CurrenciesResponseSchema = v.array(CurrencySchema);

export const ProductSchema = v.object({
  id: ProductId,
  name: v.string(),
  transactionType: TransactionType,
  cartsEnabled: v.boolean(),
});
export type Product = v.InferOutput<typeof ProductSchema>;
export const ProductsResponseSchema = v.array(ProductSchema);

export const SiteProductSchema = v.object({
  siteId: IntId,
  productId: ProductId,
  minSpend: Amount,
  maxSpend: Amount,
});
export type SiteProduct = v.InferOutput<typeof SiteProductSchema>;
export const SiteProductsResponseSchema = v.array(SiteProductSchema);

export const RateTierSchema = v.object({ amount: Amount, rate: Amount, price: Amount });
export type RateTier = v.InferOutput<typeof RateTierSchema>;
/**
 * GET /api/sites/{siteId}/stores/{storeId}/products/{productId}/rates/currency/{currency}.
 * rate: foreign units per £1; price: GBP per foreign unit; increment: the branch's smallest
 * note, in foreign units.
 */
export const QuoteResponseSchema = v.object({
  rate: Amount,
  price: Amount,
  increment: Amount,
  rateTiers: v.array(RateTierSchema),
});
export type QuoteResponse = v.InferOutput<typeof QuoteResponseSchema>;
/** The quote as the client keeps it. */
export type Quote = QuoteResponse & { currencyCode: string; productId: ProductId; transactionType: TransactionType };

/** GET /api/sites/getsitesettings?id={id}: the page settings and feature flags of spec 6. */
export const SiteSettingsSchema = v.object({
  siteId: IntId,
  name: v.string(),
  isPartner: v.boolean(),
  isSiteAllowed: v.boolean(),
  enableSelling: v.boolean(),
  showMarketingPreference: v.boolean(),
  /** Whether the marketing opt-in starts ticked (spec 3: marketing defaults to a site setting). */
  marketingDefault: v.optional(v.boolean(), false),
  showAbtaPreference: v.boolean(),
  showBuybackGuarantee: v.boolean(),
  showRefundGuarantee: v.boolean(),
  showLoyaltyCTA: v.boolean(),
  embeddedMode: v.boolean(),
  defaultCurrency: CurrencyCode,
  /** The GBP maximum of one calculator amount. */
  maxOrderValue: Amount,
  buybackMinimum: Amount,
  buyCartId: v.nullish(v.string()),
  sellCartId: v.nullish(v.string()),
  /** Where the workflow goes after an action, on error, and after abandoning. */
  nextUrl: v.optional(v.string()),
  errorUrl: v.optional(v.string()),
  abandonCartUrl: v.optional(v.string()),
  /** The site's money service business registration with HM Revenue & Customs (the footer's regulatory line). */
  hmrcMsbNumber: v.optional(v.string()),
  /** The customer line every page gives (footer, home page). */
  support: v.optional(v.object({ phone: v.pipe(v.string(), v.nonEmpty()), hours: v.string() })),
  /** Home delivery's prices: the next working day, and any later date (collection is free). */
  deliveryPrices: v.optional(v.object({ nextDay: Amount, later: Amount })),
  /** GBP: an order of this value or more needs proof of ID and proof of address (spec 8, AML_THRESHOLD_GBP). */
  identificationThreshold: v.optional(Amount),
  /** UK bank holidays of this year and the next by nation, for the delivery and collection dates (domain/cut-off.ts). */
  bankHolidays: v.optional(
    v.object({
      englandAndWales: v.array(v.pipe(v.string(), v.isoDate())),
      scotland: v.array(v.pipe(v.string(), v.isoDate())),
      northernIreland: v.array(v.pipe(v.string(), v.isoDate())),
    }),
  ),
});
export type SiteSettings = v.InferOutput<typeof SiteSettingsSchema>;

export const LinkSchema = v.object({ link: v.string(), title: v.string() });
/** GET /api/content/checkout. */
export const CheckoutContentSchema = v.object({
  dateOfBirthTooltip: v.string(),
  dateOfBirthHelpText: v.string(),
  marketingConsentPreamble: v.string(),
  marketingCheckboxLabel: v.string(),
  privacyLink: LinkSchema,
  additionalPrivacyLink: v.nullish(LinkSchema),
  termsLink: LinkSchema,
  /** How a shopper reaches the shop (spec 8: the AML modal's support line); absent on older content. */
  support: v.optional(v.object({ phone: v.pipe(v.string(), v.nonEmpty()), hours: v.string() })),
  /** Overrides of overridable texts in domain/messages.ts, by message key. */
  messages: v.optional(v.record(v.string(), v.string())),
});
export type CheckoutContent = v.InferOutput<typeof CheckoutContentSchema>;
/** GET /api/content/calculator. */
export const CalculatorContentSchema = v.object({
  title: v.string(),
  sellTitle: v.string(),
  intro: v.optional(v.string()),
  /** The sell tab's own intro; the buy tab's speaks of delivery and collection. */
  sellIntro: v.optional(v.string()),
  deliveryOptionLabels: v.optional(v.record(v.string(), v.string())),
  reviews: v.optional(v.object({ rating: v.number(), count: v.number(), text: v.string() })),
  messages: v.optional(v.record(v.string(), v.string())),
});
export type CalculatorContent = v.InferOutput<typeof CalculatorContentSchema>;

/**
 * GET /api/currency-converter/{code}?inverted=: daily points, oldest first. `sample` marks a point
 * of the demo's sample history (not a rate the shop published): the page says "Sample rates".
 */
export const ChartPointSchema = v.object({ date: v.pipe(v.string(), v.isoDate()), rate: Amount, sample: v.optional(v.literal(true)) });
export type ChartPoint = v.InferOutput<typeof ChartPointSchema>;
export const ChartResponseSchema = v.array(ChartPointSchema);

/** One currency of the home page's rates board: today's rates per £1 and the last month's mid rates. */
export const RatesBoardCurrencySchema = v.object({
  code: v.pipe(v.string(), v.length(3)),
  pluralName: v.string(),
  /** Foreign units a shopper gets for £1 (home delivery), or null when the shop does not sell it. */
  buyRate: v.nullable(Amount),
  /** Foreign units a shopper sells back for £1, or null when the shop does not buy it back. */
  sellBackRate: v.nullable(Amount),
  /** Daily mid rates (foreign units per £1), oldest first: the sparkline. */
  history: v.array(ChartPointSchema),
});
export type RatesBoardCurrency = v.InferOutput<typeof RatesBoardCurrencySchema>;
/** GET /api/sites/{siteId}/rates-board: the popular currencies, in the shop's order. */
export const RatesBoardSchema = v.object({
  date: v.pipe(v.string(), v.isoDate()),
  currencies: v.array(RatesBoardCurrencySchema),
  /** The rates are the demo's sample history, not published rates: the board says "Sample rates". */
  sample: v.optional(v.boolean(), false),
});
export type RatesBoard = v.InferOutput<typeof RatesBoardSchema>;

/** A currency in a path, either case (the chart's paths are lower case). */
const CurrencyParam = v.pipe(v.string(), v.regex(/^[A-Za-z]{3}$/, 'must be a three-letter ISO currency code'), v.toUpperCase());
/** The quote's path and query. */
export const QuoteParamsSchema = v.object({ siteId: IntParam, storeId: IntParam, productId: IntParam, currency: CurrencyParam });
export const QuoteQuerySchema = v.object({ affiliateCode: v.optional(v.pipe(v.string(), v.maxLength(50))) });
/** GET /api/sites/getsitesettings?id=. */
export const SettingsQuerySchema = v.object({ id: IntParam });
/** The content reads: a site's own texts, or the shop's. */
export const ContentQuerySchema = v.object({ siteId: v.optional(IntParam) });
/** GET /api/currency-converter/{code}?inverted=. */
export const ChartParamsSchema = v.object({ code: CurrencyParam });
export const ChartQuerySchema = v.object({ inverted: v.optional(BoolParam, 'false') });
