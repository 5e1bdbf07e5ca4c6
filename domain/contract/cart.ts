import * as v from 'valibot';
import { Amount, BoolParam, CurrencyCode, Id, IntId, IsoTimestamp, LineFigures, StorableString } from './common.ts';
import { ProductId, TransactionType } from './catalogue.ts';

export const CartLineSchema = v.object({
  id: Id,
  currency: v.object({ code: CurrencyCode, pluralName: v.string(), symbol: v.string() }),
  ...LineFigures,
  /** The branch's increment for this currency, for the 'rounded up to' column. */
  increment: Amount,
});
export type CartLine = v.InferOutput<typeof CartLineSchema>;

/** GET /api/cart and the answer of every cart write. */
export const CartSchema = v.object({
  id: Id,
  siteId: IntId,
  product: v.object({ id: ProductId, transactionType: TransactionType }),
  store: v.object({ id: IntId }),
  lines: v.array(CartLineSchema),
  /** Lines plus the chosen guarantee fees, in GBP. */
  total: Amount,
  linesTotal: Amount,
  expiresAt: IsoTimestamp,
  /** "Need more time?": how many more times the hold may be extended, each by extensionMinutes. */
  extensionsLeft: v.pipe(v.number(), v.integer(), v.minValue(0)),
  extensionMinutes: v.pipe(v.number(), v.integer(), v.minValue(1)),
  /** null until the shopper answers the question. */
  buyBackGuarantee: v.nullable(v.boolean()),
  refundGuarantee: v.nullable(v.boolean()),
  affiliateCode: v.nullish(v.string()),
  /** The currency code of the cart's first line (the calculator's currency). */
  currencyCode: v.nullable(CurrencyCode),
});
export type Cart = v.InferOutput<typeof CartSchema>;

/** GET /cart: the existence check. 404 problem when the session has no open cart. */
export const CartExistsSchema = v.object({ id: Id, productId: ProductId, expiresAt: IsoTimestamp });
export type CartExists = v.InferOutput<typeof CartExistsSchema>;

/** POST /cart. */
export const CreateCartRequestSchema = v.object({
  storeId: IntId,
  productId: ProductId,
  affiliateCode: v.nullish(v.pipe(StorableString, v.maxLength(50))),
});
export type CreateCartRequest = v.InferOutput<typeof CreateCartRequestSchema>;

/** POST /api/cart/add and PUT /api/cart/line/{id}. */
export const CartLineRequestSchema = v.object({
  currencyCode: CurrencyCode,
  qty: v.pipe(v.number(), v.finite(), v.gtValue(0, 'Amount should be greater than 0')),
});
export type CartLineRequest = v.InferOutput<typeof CartLineRequestSchema>;

/** POST /cart/checkout: creates the order (state 0) from the cart. */
export const CheckoutResponseSchema = v.object({ orderId: Id, externalOrderId: v.string() });
export type CheckoutResponse = v.InferOutput<typeof CheckoutResponseSchema>;

/** PUT and DELETE /api/cart/line/{id}. */
export const CartLineParamsSchema = v.object({ id: v.pipe(v.string(), v.uuid('must be a cart line id')) });
/** GET /api/cart/buyback?isBuyBack= and /api/cart/refund?isRefund=. */
export const BuybackQuerySchema = v.object({ isBuyBack: BoolParam });
export const RefundQuerySchema = v.object({ isRefund: BoolParam });
/** GET /api/cart/recreatewebcart?id=. */
export const RecreateCartQuerySchema = v.object({ id: v.pipe(v.string(), v.uuid('must be a cart id')) });
