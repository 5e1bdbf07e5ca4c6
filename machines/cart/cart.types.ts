/** The cart chart's input, context, events, emitted side effects, tags and I/O (see cart.machine.ts). */
import type { AnyActorRef } from 'xstate';
import type { ViewCartRequest } from '#domain/cart-link.ts';
import type { Cart, CartLineRequest, CheckoutResponse, CreateCartRequest } from '#domain/contract/cart.ts';
import type { ProductId, SiteProduct } from '#domain/contract/catalogue.ts';
import type { Problem } from '#domain/contract/common.ts';
import type { ViewCartSettings } from '#domain/cart-rules.ts';

/** The site's settings the cart's rules read (domain/cart-rules.ts). */
export type CartSettings = ViewCartSettings;

export interface CartInput {
  siteId: number;
  settings: CartSettings;
  /** Min and max spend per product (GET /api/sites/{siteId}/products). */
  siteProducts?: SiteProduct[];
  /** The visitor's affiliate code, sent when a cart is created. */
  affiliateCode?: string | null;
  /** Epoch milliseconds for the countdown; Date.now unless a test drives the clock. */
  now?: () => number;
  /**
   * The page opened is reached only once the cart is checked out (the payment provider's return
   * page, domain/reached-after-checkout.ts): the cart is not read.
   */
  checkedOut?: boolean;
}

/** A line to add: the calculator's or the view-cart link's currency and amount. */
export interface NewLine {
  currencyCode: string;
  /** Foreign units. */
  qty: number;
  productId: ProductId;
  storeId: number;
}

export interface CartContext {
  siteId: number;
  settings: CartSettings;
  siteProducts: SiteProduct[];
  affiliateCode: string | null;
  now: () => number;
  /** The page opened is reached only once the cart is checked out. */
  checkedOutOnOpening: boolean;
  /** The cart as the server last answered it; null when there is none. */
  cart: Cart | null;
  /** What the view-cart page asked for, until the cart is known. */
  request: ViewCartRequest | null;
  /** The line being added (after creating the cart when there was none). */
  pendingLine: NewLine | null;
  /** Who asked for the pending line, answered once it is saved or refused. */
  lineRequester: AnyActorRef | null;
  /** A line asked for while the cart was being read or written: added once it is settled. */
  queuedLine: LineRequest | null;
  /** Quantities typed per line id, waiting for the 600 ms pause. */
  lineEdits: Record<string, number>;
  /** The line whose update is on its way. */
  sendingLineId: string | null;
  /** 'Amount should be greater than 0' per line id. */
  lineErrors: Record<string, string>;
  /**
   * The line whose amount was last refused as not above 0: focus returns to it (spec 5.1). A new
   * object each time, so the view moves the focus again for the same line.
   */
  invalidLine: { lineId: string } | null;
  removingLineId: string | null;
  /** The Buyback or Refund answer being saved. */
  pendingChoice: boolean | null;
  /** The required-answer messages show once the shopper tried to proceed. */
  showGuaranteeErrors: boolean;
  /** 'Proceed to checkout' was pressed while typed amounts were still unsent. */
  proceedRequested: boolean;
  /** The order is confirmed: the countdown stops as soon as it runs (it may not run yet). */
  countdownStopRequested: boolean;
  /** The last failed write or load, until dismissed. */
  problem: Problem | null;
  /** Why the last "Need more time?" was refused, shown beside the offer. */
  extensionProblem: Problem | null;
}

export type CartEvent =
  /** The view-cart page opened (the shop tells it): what its address asks (domain/view-cart-request.ts). */
  | { type: 'cart.viewOpened'; request: ViewCartRequest }
  /** The view-cart page shows 'You have no cart': / follows one second later. */
  | { type: 'cart.noCartShown' }
  /** Add to cart (calculator, 'Add new currency'): `replyTo` is answered with a CartLineAnswer. */
  | { type: 'cart.lineAdded'; line: NewLine; replyTo?: AnyActorRef }
  /** A line's amount as typed; null when the text is not a number. */
  | { type: 'cart.lineChanged'; lineId: string; qty: number | null }
  | { type: 'cart.lineRemoved'; lineId: string }
  | { type: 'cart.buybackChosen'; choice: boolean }
  | { type: 'cart.refundChosen'; choice: boolean }
  /** 'Proceed to checkout' on the view-cart page. */
  | { type: 'cart.checkoutRequested' }
  /** 'Review & checkout' in the header: the view-cart page of the cart's product. */
  | { type: 'cart.reviewRequested' }
  /** The countdown child reached 'Cart expired'. */
  | { type: 'countdown.expired' }
  /** 'Empty cart', or the tab change of the calculator: clear it, say so, go to /. */
  | { type: 'cart.abandonRequested' }
  /** The cart is gone on the server (the checkout abandoned it): forget it. */
  | { type: 'cart.abandoned' }
  /** Someone else wrote the cart (the calculator added a line): read it again. */
  | { type: 'cart.refreshRequested' }
  /** The order is confirmed: the countdown stops (spec 4.3). */
  | { type: 'countdown.stopRequested' }
  /** "Need more time?": extend the cart's hold (offered in the countdown's last 5 minutes). */
  | { type: 'cart.extendRequested' }
  | { type: 'problem.dismissed' };

/** The cart's answer to `cart.lineAdded`, sent to its `replyTo`. */
export type CartLineAnswer = { type: 'cart.lineSaved' } | { type: 'cart.lineRefused'; problem: Problem };

/** A line asked for and who asked (null: the view-cart link's line, nobody waits for it). */
export interface LineRequest {
  line: NewLine;
  replyTo: AnyActorRef | null;
}

export type CartEmitted =
  | { type: 'navigation.requested'; to: string }
  | { type: 'error.reported'; error: unknown; where: string };

/**
 * What the views read of the cart's state, by group:
 * - reading it: `loading`; `empty`, no cart ('No currency in your cart' in the header); `noCart`,
 *   'You have no cart' on the view-cart page, then /; `unavailable`, "We couldn't get your cart";
 * - writing it: `saving`, a write on its way; `checkingOut`; `checkedOut`, the order exists and the
 *   cart is no longer editable; `cleared`, "We've cleared your cart", then /;
 * - "Need more time?": `extending`, `extended` or `extensionRefused`.
 */
export type CartTag =
  | ('loading' | 'empty' | 'noCart' | 'unavailable')
  | ('saving' | 'checkingOut' | 'checkedOut' | 'cleared')
  | ('extending' | 'extended' | 'extensionRefused');

/** GET /api/cart: the session's cart, or null when it has none (GET /cart answered 404). */
export type FetchCartOutput = Cart | null;
/** POST /cart. */
export type CreateCartInput = CreateCartRequest;
export type CreateCartOutput = Cart;
/** POST /api/cart/add. */
export type AddLineInput = CartLineRequest;
export type AddLineOutput = Cart;
/** PUT /api/cart/line/{id}. */
export interface UpdateLineInput {
  lineId: string;
  line: CartLineRequest;
}
export type UpdateLineOutput = Cart;
/** DELETE /api/cart/line/{id}. */
export interface RemoveLineInput {
  lineId: string;
}
export type RemoveLineOutput = Cart;
/** GET /api/cart/buyback?isBuyBack= and GET /api/cart/refund?isRefund=. */
export interface SetGuaranteeInput {
  choice: boolean;
}
export type SetGuaranteeOutput = Cart;
/** GET /api/cart/recreatewebcart?id=. */
export interface RecreateCartInput {
  webCartId: string;
}
export type RecreateCartOutput = Cart;
/** POST /api/cart/extend. */
export type ExtendCartOutput = Cart;
/** DELETE /cart. */
export type AbandonCartOutput = void;
/** POST /cart/checkout. */
export type CheckoutCartOutput = CheckoutResponse;

/** What the calculator needs to know of the cart: it forces its type, product and branch. */
export type CartSummary = { productId: ProductId; storeId: number; currencyCode: string | null } | null;
