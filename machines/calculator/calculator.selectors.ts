/** What the calculator's views read from its snapshot, each a plain value. */
import { cartLinkUrl } from '#domain/cart-link.ts';
import type { Currency, Product, ProductId, TransactionType } from '#domain/contract/catalogue.ts';
import { searchCurrencies } from '#domain/currency-search.ts';
import { toMajor } from '#domain/money.ts';
import { canAddLine, currencyUnavailableMessage } from '#domain/pricing.ts';
import { availableTransactionTypes, canChangeProduct, productsFor } from '#domain/products.ts';
import type { CalculatorSnapshot } from './calculator.machine.ts';
import { currencyOf, offeredProducts, servingStoreId } from './calculator.setup.ts';
import type { AmountPicker } from './calculator.types.ts';

/** The tabs: the sell tab (customer sells back, 'buy' type) only with enableSelling. */
export function selectTabs(snapshot: CalculatorSnapshot): readonly TransactionType[] {
  return availableTransactionTypes(snapshot.context.settings);
}

/**
 * The delivery option radios of the type, disabled once a cart exists; `unavailable` are the ones
 * the embedded calculator's store does not fulfil (shown, not offered).
 */
export function selectProductOptions(snapshot: CalculatorSnapshot): { products: Product[]; disabled: boolean; unavailable: ProductId[] } {
  const { context } = snapshot;
  const ofType = productsFor(context.transactionType);
  const offered = offeredProducts(context);
  return {
    products: context.products.filter((p) => ofType.includes(p.id)),
    disabled: !canChangeProduct(context.cart !== null),
    unavailable: ofType.filter((id) => !offered.includes(id)),
  };
}

/** The currencies matching the search, and 'No results found' when none does. */
export function selectCurrencyOptions(snapshot: CalculatorSnapshot): { currencies: Currency[]; noResults: string | null } {
  return searchCurrencies(snapshot.context.currencies, snapshot.context.currencySearch);
}

export function selectCurrency(snapshot: CalculatorSnapshot): Currency | null {
  return currencyOf(snapshot.context) ?? null;
}

/** 'Oh snap! We don't have any {currency}...' or "...We can't buy {currency}..." (content may reword). */
export function selectCurrencyNotice(snapshot: CalculatorSnapshot): string | null {
  const currency = currencyOf(snapshot.context);
  return currency ? currencyUnavailableMessage(currency, snapshot.context.transactionType, snapshot.context.texts) : null;
}

/** The currency's restriction notices. */
export function selectRestrictions(snapshot: CalculatorSnapshot): string[] {
  return currencyOf(snapshot.context)?.currencyRestrictions.map((r) => r.message) ?? [];
}

export interface AmountsView {
  /** The pickers' values in minor units; null until a quote prices them. */
  foreignMinor: number | null;
  gbpMinor: number | null;
  /** The text being typed, shown in its picker until the pause. */
  typed: { picker: AmountPicker; text: string } | null;
  /** Foreign units per £1 at the tier reached. */
  rate: number | null;
  error: string | null;
  roundingWarning: string | null;
}

export function selectAmounts(snapshot: CalculatorSnapshot): AmountsView {
  const { priced, typed, amountError, roundingWarning, quote } = snapshot.context;
  return {
    foreignMinor: priced?.foreignMinor ?? null,
    gbpMinor: priced?.gbpMinor ?? null,
    typed,
    rate: priced?.rate ?? quote?.rate ?? null,
    error: amountError,
    roundingWarning,
  };
}

/** Embedded mode's add-to-cart link (spec 2.1), once there is an amount to add. */
export function selectAddToCartLink(snapshot: CalculatorSnapshot): string | null {
  const { settings, priced, currencyCode, productId, host, affiliateCode } = snapshot.context;
  const storeId = servingStoreId(snapshot.context);
  if (!settings.embeddedMode || priced === null || !canAddLine(priced.foreignMinor) || storeId === null) return null;
  if (!snapshot.matches({ ready: { quote: 'loaded' } })) return null;
  // Sell back without a branch: nothing in the frame can fulfil it, so there is no link to follow.
  if (!offeredProducts(snapshot.context).includes(productId)) return null;
  return cartLinkUrl(host, {
    currencyCode,
    amount: toMajor(priced.foreignMinor, currencyCode),
    productId,
    storeId,
    affiliateId: affiliateCode,
  });
}

/** The branch modal's actor while it is open; null when it is closed (never undefined, so views can compare). */
export function selectBranchFinderRef(snapshot: CalculatorSnapshot) {
  return snapshot.children.branchFinder ?? null;
}
