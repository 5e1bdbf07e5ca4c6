/** The calculator chart's input, context, events, emitted side effects, tags and I/O (see calculator.machine.ts). */
import type { Store } from '#domain/contract/branches.ts';
import type { CalculatorContent, Currency, Product, ProductId, QuoteResponse, TransactionType } from '#domain/contract/catalogue.ts';
import type { BankHolidays } from '#domain/cut-off.ts';
import type { OverridableMessages } from '#domain/messages.ts';
import type { AmountDriver, PricedAmount } from '#domain/pricing.ts';
import type { CartLineAnswer, NewLine } from '../cart/cart.types.ts';
import type { BranchFinderOutput } from '../branch-finder/branch-finder.machine.ts';

export interface CalculatorSettings {
  enableSelling: boolean;
  /** Embedded iframe mode: an add-to-cart link instead of the button, fewer branch controls. */
  embeddedMode: boolean;
  defaultCurrency: string;
  /** The GBP maximum of one amount, in pounds. */
  maxOrderValue: number;
  /** 'sell-travel-money' opens on sell back. */
  pageType?: string | null;
  /** The sell-currency flag of the page. */
  sellCurrency?: boolean | null;
  /** DEFAULT_FC, DEFAULT_GBP and the configured amount of spec 4.5. */
  defaultForeign?: number | null;
  /** The UK bank holidays by nation (site settings): without them no cut-off is promised. */
  bankHolidays?: BankHolidays | undefined;
  defaultGbp?: number | null;
  configuredGbp?: number | null;
}

/** The visitor's cart as far as the calculator cares (cart machine's selectCartSummary). */
export interface CartSummary {
  productId: ProductId;
  storeId: number;
  currencyCode: string | null;
}

export interface CalculatorInput {
  siteId: number;
  settings: CalculatorSettings;
  /** Query store_id: preselects a branch. */
  storeId?: number | null;
  /** Query signedIn: back from the loyalty sign-in. */
  signedIn?: boolean;
  affiliateCode?: string | null;
  /** The shop's address, for the embedded add-to-cart link. */
  host?: string;
  cart?: CartSummary | null;
  /** Epoch milliseconds; Date.now unless a test drives the clock. */
  now?: () => number;
}

export type AmountPicker = 'gbp' | 'foreign' | 'sellBack';

export type { AmountDriver };

export interface CalculatorContext {
  siteId: number;
  settings: CalculatorSettings;
  host: string;
  affiliateCode: string | null;
  currencies: Currency[];
  products: Product[];
  content: CalculatorContent | null;
  /** The texts, with the content's rewordings applied. */
  texts: OverridableMessages;
  transactionType: TransactionType;
  productId: ProductId;
  currencyCode: string;
  /** The currency search text. */
  currencySearch: string;
  /**
   * The branch: store_id's, the cart's, the one chosen, or the default one (the delivery centre)
   * until a branch is chosen. Kept while home delivery is picked, which the delivery centre serves.
   */
  storeId: number | null;
  store: Store | null;
  /** The site's default store, the home-delivery centre; null until loaded. */
  deliveryCentre: Store | null;
  quote: QuoteResponse | null;
  /** The server's message when the quote failed. */
  quoteError: string | null;
  driver: AmountDriver;
  /** What the quote makes of the driver; null until a quote is known. */
  priced: PricedAmount | null;
  /** Text typed in a picker, waiting for the 500 ms pause. */
  typed: { picker: AmountPicker; text: string } | null;
  /** 'Maximum order value is £{max}'. */
  amountError: string | null;
  /** "Due to your chosen location, we've rounded the amount to the nearest {symbol}{increment}". */
  roundingWarning: string | null;
  /** The quote on its way follows a branch change. */
  branchChanged: boolean;
  cart: CartSummary | null;
  /** Why add to cart failed. */
  addError: string | null;
  /** Back from the loyalty sign-in (query signedIn). */
  signedIn: boolean;
  /** The signed-in toast's message while it shows ("You're signed in!" after the loyalty sign-in). */
  toast: string | null;
  now: () => number;
  /** The clock when the cut-off line was last read: each whole minute, and at each change of option. */
  clockNow: number;
}

export type CalculatorEvent =
  /** A tab: 'sell' (buy travel money) or 'buy' (sell travel money). */
  | { type: 'transactionType.changed'; transactionType: TransactionType }
  /** A delivery option radio. */
  | { type: 'product.changed'; productId: ProductId }
  | { type: 'currency.searched'; text: string }
  | { type: 'currency.changed'; currencyCode: string }
  /** A key in an amount picker: its text after the key, and the key. */
  | { type: 'amount.typed'; picker: AmountPicker; text: string; key?: string }
  | { type: 'branch.modalOpened' }
  /** A branch chosen elsewhere (the modal's Confirm arrives as the child's output). */
  | { type: 'branch.selected'; store: Store }
  | { type: 'cart.addRequested' }
  | { type: 'cart.returnRequested' }
  /** The toast's close button. */
  | { type: 'toast.dismissed' }
  /** The cart actor changed (the cart tells it, in the shop's system). */
  | { type: 'cart.updated'; cart: CartSummary | null }
  /** The cart's answer to add to cart (`cart.lineAdded`): the line is in the cart, or why not. */
  | CartLineAnswer
  | { type: 'calculator.retried' }
  /**
   * The branch chooser ended: its Confirm (the store) or its close (null). It is spawned from the
   * machine `loadBranchFinder` brought, so XState does not type its answers by name.
   */
  | { type: 'xstate.done.actor.branchFinder'; output: BranchFinderOutput }
  | { type: 'xstate.error.actor.branchFinder'; error: unknown };

export type CalculatorEmitted =
  | { type: 'queryParam.removed'; name: 'signedIn' }
  | { type: 'navigation.requested'; to: string };

export type CalculatorTag =
  | 'loading'
  | 'failed'
  | 'quoteLoading'
  | 'quoteFailed'
  /** The currency cannot be traded in this direction: the 'Oh snap!' notice shows. */
  | 'currencyUnavailable'
  | 'typing'
  | 'adding'
  /** The branch chooser's machine is loading (the button waits). */
  | 'branchModalLoading'
  | 'branchModalOpen';

/** Currencies, products (cartsEnabled only), the branch and the content. */
export interface LoadCalculatorInput {
  siteId: number;
  /** store_id's (or the cart's) branch; null for GET /api/sites/{siteId}/stores/default. */
  storeId: number | null;
}
export interface LoadCalculatorOutput {
  currencies: Currency[];
  products: Product[];
  store: Store;
  /** The site's default store (GET /api/sites/{siteId}/stores/default): home delivery leaves from it. */
  deliveryCentre: Store;
  content: CalculatorContent | null;
}
/** GET /api/sites/{siteId}/stores/{storeId}/products/{productId}/rates/currency/{currency}. */
export interface FetchQuoteInput {
  siteId: number;
  storeId: number;
  productId: ProductId;
  currencyCode: string;
  affiliateCode: string | null;
  /** Back from the loyalty sign-in: the session's token may not say so yet, so the quote carries it. */
  signInReturn?: boolean;
}

/** The quote for what a form shows: its site, product, currency and affiliate, at `storeId`. */
export function fetchQuoteInput(
  form: { siteId: number; productId: ProductId; currencyCode: string | null; affiliateCode: string | null },
  storeId: number,
): FetchQuoteInput {
  return { siteId: form.siteId, storeId, productId: form.productId, currencyCode: form.currencyCode ?? '', affiliateCode: form.affiliateCode };
}
export type FetchQuoteOutput = QuoteResponse;
/** The line add to cart asks the cart actor for (`cart.lineAdded`). */
export type AddToCartInput = NewLine;
