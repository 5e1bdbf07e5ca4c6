/**
 * Products and transaction types (spec 1, 3, 4.2, 4.5, 9).
 *
 * Terminology is the shop's, seen from the shop's side: the 'sell' transaction type is the
 * customer BUYING currency (products 1 and 2), the 'buy' type is the customer SELLING currency
 * back (product 3).
 */
import type { ProductId, TransactionType } from './contract/catalogue.ts';

export type { ProductId, TransactionType };

export const PRODUCT = {
  HOME_DELIVERY: 1,
  CLICK_AND_COLLECT: 2,
  SELL_BACK: 3,
} as const satisfies Record<string, ProductId>;

export const PRODUCT_IDS: readonly ProductId[] = [1, 2, 3];

export function isProductId(value: unknown): value is ProductId {
  return value === 1 || value === 2 || value === 3;
}

/** Product 3 (sell back) is the 'buy' type; products 1 and 2 are the 'sell' type. */
export function transactionTypeOf(productId: ProductId): TransactionType {
  return productId === PRODUCT.SELL_BACK ? 'buy' : 'sell';
}

export function isSellBack(productId: ProductId): boolean {
  return productId === PRODUCT.SELL_BACK;
}

/** Spec 4.2: click and collect for the sell type, sell back for the buy type. */
export function defaultProductFor(type: TransactionType): ProductId {
  return type === 'buy' ? PRODUCT.SELL_BACK : PRODUCT.CLICK_AND_COLLECT;
}

/** The products a transaction type offers; only the sell type shows delivery option radios. */
export function productsFor(type: TransactionType): readonly ProductId[] {
  return type === 'buy' ? [PRODUCT.SELL_BACK] : [PRODUCT.HOME_DELIVERY, PRODUCT.CLICK_AND_COLLECT];
}

/**
 * Which store can fulfil a product: home delivery is sent from a delivery centre (a meta store,
 * store 1 being the shop's), click and collect and sell back happen at a branch.
 */
export function storeServesProduct(store: { isMeta: boolean }, productId: ProductId): boolean {
  return store.isMeta === (productId === PRODUCT.HOME_DELIVERY);
}

/** The sell-travel-money page type that opens the calculator on sell back. */
export const SELL_TRAVEL_MONEY_PAGE = 'sell-travel-money';

export interface InitialSelectionInput {
  /** The page type from the page settings, e.g. 'sell-travel-money'. */
  pageType?: string | null;
  /** The sell-currency flag of the page settings. */
  sellCurrency?: boolean | null;
  /** The product of the visitor's existing cart, if any. */
  cartProductId?: ProductId | null;
}

/**
 * Spec 4.2: an existing cart forces its own type and product; otherwise sell back on the
 * sell-travel-money page or with the sell-currency flag; otherwise the sell type with click and
 * collect.
 */
export function initialSelection(input: InitialSelectionInput): {
  transactionType: TransactionType;
  productId: ProductId;
} {
  if (input.cartProductId != null) {
    return { transactionType: transactionTypeOf(input.cartProductId), productId: input.cartProductId };
  }
  if (input.pageType === SELL_TRAVEL_MONEY_PAGE || input.sellCurrency === true) {
    return { transactionType: 'buy', productId: PRODUCT.SELL_BACK };
  }
  return { transactionType: 'sell', productId: PRODUCT.CLICK_AND_COLLECT };
}

/** The sell tab (customer sells back) shows only when enableSelling is on (spec 2.1). */
export function availableTransactionTypes(settings: { enableSelling: boolean }): readonly TransactionType[] {
  return settings.enableSelling ? ['sell', 'buy'] : ['sell'];
}

/** Product radios are locked once a cart exists (spec 2.1). */
export function canChangeProduct(hasCart: boolean): boolean {
  return !hasCart;
}

/**
 * Spec 4.2: sell-back amount changes apply only to product 3; the buy pickers (GBP and foreign)
 * apply only to products 1 and 2.
 */
export function amountChangeApplies(productId: ProductId, picker: 'sellBack' | 'buy'): boolean {
  return picker === 'sellBack' ? isSellBack(productId) : !isSellBack(productId);
}

export const DEFAULT_FOREIGN_AMOUNT = 250;
export const DEFAULT_GBP_AMOUNT = 1000;

export interface QuantityDefaults {
  /** DEFAULT_FC of the page settings: the foreign amount to start the buy flow with. */
  defaultForeign?: number | null;
  /** DEFAULT_GBP of the page settings. */
  defaultGbp?: number | null;
  /** A configured GBP amount of the calculator (used when DEFAULT_GBP is absent). */
  configuredGbp?: number | null;
}

export type QuantityReset =
  | { side: 'foreign'; units: number }
  | { side: 'gbp'; units: number }
  | { side: 'unknown'; units: 1 };

/**
 * Spec 4.5, on a transaction type or currency change. Our reading: "buy flow" and "sell flow"
 * name the transaction types, as the spec's code-level wording does elsewhere, so
 * - the 'buy' type (customer sells currency back) resets to 250 foreign units (or DEFAULT_FC):
 *   the shopper holds foreign notes and states how many;
 * - the 'sell' type (customer buys currency) resets to £1000 (or DEFAULT_GBP, or the configured
 *   amount): the shopper states a spend in pounds. 1000 is also the longest value the 4-character
 *   GBP input of spec 5.1 accepts, which supports this reading;
 * - with no type known, 1.
 * Units are whole major units (250 euros, 1000 pounds); convert with money.toMinor.
 */
export function resetQuantity(type: TransactionType | null | undefined, defaults: QuantityDefaults = {}): QuantityReset {
  const positive = (n: number | null | undefined): n is number => typeof n === 'number' && Number.isFinite(n) && n > 0;
  if (type === 'buy') {
    return { side: 'foreign', units: positive(defaults.defaultForeign) ? defaults.defaultForeign : DEFAULT_FOREIGN_AMOUNT };
  }
  if (type === 'sell') {
    if (positive(defaults.defaultGbp)) return { side: 'gbp', units: defaults.defaultGbp };
    if (positive(defaults.configuredGbp)) return { side: 'gbp', units: defaults.configuredGbp };
    return { side: 'gbp', units: DEFAULT_GBP_AMOUNT };
  }
  return { side: 'unknown', units: 1 };
}

/** Which view-cart page a product's cart lives on (spec 2.6). */
export function viewCartPath(productId: ProductId): '/checkout/view-cart' | '/selling/view-cart' {
  return isSellBack(productId) ? '/selling/view-cart' : '/checkout/view-cart';
}
