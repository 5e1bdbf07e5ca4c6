/** The checkout chart's input, context, events, emitted side effects, tags and I/O (see checkout.machine.ts). */
import type { ProductId } from '#domain/contract/catalogue.ts';
import type { Problem } from '#domain/contract/common.ts';
import type {
  CustomerInfoRequest,
  CustomerInfoResponse,
  CustomerInfoResult,
  DeliverySlot,
  Order,
  PaymentIntentResponse,
} from '#domain/contract/order.ts';
import type { CheckoutPage } from '#domain/checkout-steps.ts';
import type { CollectionBranches } from '#domain/contract/collection-switch.ts';
import type { TrackedStep } from '#domain/order-state.ts';

export interface CheckoutInput {
  /** The address the checkout opens on (location.pathname); it picks the page. */
  path: string;
  /** The checkout page's own origin: the only origin the payment frame takes messages from. */
  appOrigin: string;
  /** Where 'Leave checkout' goes once the checkout is abandoned (page settings abandonCartUrl). */
  abandonCartUrl: string;
  /** The product when it is known before an order is read: the cart's, or 3 on /selling/view-cart. */
  productId?: ProductId | null;
  /** Epoch milliseconds; Date.now unless a test drives the clock. */
  now?: () => number;
}

export interface CheckoutContext {
  appOrigin: string;
  abandonCartUrl: string;
  /** The address of the page being opened; read only while opening. */
  openingPath: string;
  productId: ProductId | null;
  /** The order as last read or written: the order summary, the confirmation. */
  order: Order | null;
  slots: DeliverySlot[];
  /** The slot the server accepted, and the one being saved. */
  selectedSlotId: string | null;
  pendingSlotId: string | null;
  /** The details being submitted. */
  details: CustomerInfoRequest | null;
  /** The customer-info answer that flagged additional identification. */
  submitResult: CustomerInfoResult | null;
  /** The provider's hosted card page. */
  paymentUrl: string | null;
  /** The last failure's problem (title, detail) to show, until dismissed. */
  problem: Problem | null;
  /** Where the checkout goes once the cart is abandoned. */
  leaveTo: string | null;
  /** The email address 'Started Checkout Buy or Sell' was last sent with (spec 7.6). */
  trackedEmail: string | null;
  /** The branch whose address and opening times are read (`storeDetails`), once one is. */
  storeDetailsFor: number | null;
  /** Issue 45 part 1: the branches a home delivery may be collected from instead, once asked for, and the one chosen. */
  collectionBranches: CollectionBranches | null;
  chosenBranchId: number | null;
  now: () => number;
  /** The clock when the delivery page's cut-off line was last read (each whole minute). */
  clockNow: number;
}

export type CheckoutEvent =
  /** The details form's email field was left with this text in it. */
  | { type: 'details.emailEntered'; email: string }
  | { type: 'checkout.pageOpened'; path: string }
  /** The cart machine created the order (POST /cart/checkout) on the review page; the checkout reads it itself. */
  | { type: 'cart.checkedOut'; orderId?: string; externalOrderId?: string }
  | { type: 'deliverySlot.chosen'; slotId: string }
  /** Next on the delivery page. */
  | { type: 'delivery.submitted' }
  | { type: 'details.submitted'; details: CustomerInfoRequest }
  /** The sold-out modal's button: choose another collection date. */
  | { type: 'deliverySlot.changeRequested' }
  /** The additional-identification modal's Continue and Return to the homepage. */
  | { type: 'identification.continued' }
  | { type: 'identification.homeRequested' }
  /** The additional-identification modal closed (Escape, the close control): back to the form. */
  | { type: 'identification.dismissed' }
  /** Every `message` event of the window, untouched; the payment frame decides what to trust. */
  | { type: 'frame.messageReceived'; origin: string; data: unknown }
  /** 'Try again?' on the unsuccessful page; 'Try paying by card again' when the provider was unavailable. */
  | { type: 'payment.retried' }
  /** Issue 45 part 1: 'Reserve now, pay at the branch', offered to a collection when the card provider is unavailable. */
  | { type: 'reservation.requested' }
  /** Issue 45 part 1: 'Collect from a branch instead', offered to a home delivery when the card provider is unavailable. */
  | { type: 'collection.switchRequested' }
  /** A branch of the list chosen ('Collect from this branch'); and the list closed. */
  | { type: 'collection.branchChosen'; storeId: number }
  | { type: 'collection.switchCancelled' }
  /** 'Leave checkout' on the unsuccessful page. */
  | { type: 'checkout.left' }
  /** The velocity modal's Return to the homepage. */
  | { type: 'velocity.homeRequested' }
  /** The checkout header's close control (on confirmation, its close link to /). */
  | { type: 'checkout.closed' }
  | { type: 'order.reloadRequested' }
  | { type: 'problem.dismissed' };

export type CheckoutEmitted =
  | { type: 'navigation.requested'; to: string }
  | { type: 'tracking.stepViewed'; step: TrackedStep }
  | { type: 'order.confirmed'; order: Order }
  /** Spec 7.6: the details form's email field was left with an address, for this order. */
  | { type: 'tracking.checkoutStarted'; email: string; order: Order };

export type CheckoutTag =
  /** A spinner: the order, the slots or the payment page are on their way. */
  | 'loading'
  | 'loadFailed'
  | 'savingSlot'
  /** The details submit's loading flag: the spinner replaces Submit. */
  | 'submitting'
  | 'soldOut'
  | 'identificationRequired'
  /** The hosted card form is shown in its iframe. */
  | 'paymentFormShown'
  /** 'Try again?' is offered. */
  | 'retryOffered'
  /** Issue 45 part 1: the card provider is unavailable; with one of the next two. */
  | 'providerUnavailable'
  /** 'Reserve now, pay at the branch' is offered (a collection). */
  | 'reserveOffered'
  /** The reservation is on its way: the spinner replaces the button. */
  | 'reserving'
  /** A home delivery: 'Collect from a branch instead' or 'Try paying by card again'. */
  | 'switchOffered'
  /** The branches that hold the order's currency are on their way. */
  | 'findingBranches'
  /** The branches are listed to choose from; with 'switching' while the order moves to the one chosen. */
  | 'choosingBranch'
  | 'switching'
  /** The confirmation shows a reservation to pay at the branch, not a paid order. */
  | 'reserved'
  | 'velocityLimited'
  | 'abandoning'
  /** "We've cleared your cart", shown until the redirect. */
  | 'cartCleared';

/** GET /api/order. */
export type LoadOrderOutput = Order;
/** GET /api/order/delivery-slots. */
export type LoadDeliverySlotsOutput = DeliverySlot[];
/** PUT /api/order/delivery-slot with the chosen date's id; answers the order. */
export type SaveDeliverySlotInput = { slotId: string };
export type SaveDeliverySlotOutput = Order;
/** PUT /api/order/customer-info with the details form. */
export type SaveCustomerInfoInput = { details: CustomerInfoRequest };
export type SaveCustomerInfoOutput = CustomerInfoResponse;
/**
 * POST /api/order/create-payment-intent: the hosted card page from the 201's Location. Any other
 * answer rejects (src/api/order.ts), which goes to the error step.
 */
export type CreatePaymentIntentOutput = PaymentIntentResponse;
/** POST /api/order/reserve-at-branch (issue 45 part 1): the reserved order (state 5). */
export type ReserveAtBranchOutput = Order;
/** GET /api/order/collection-branches (issue 45 part 1). */
export type LoadCollectionBranchesOutput = CollectionBranches;
/** POST /api/order/switch-to-collection: the order, now a collection at the branch (state 0). */
export type SwitchToCollectionInput = { storeId: number };
export type SwitchToCollectionOutput = Order;
export type { AbandonCartOutput } from '../cart/cart.types.ts';

/** Where the chart sends the shopper: a checkout page or the home page. */
export type Destination = CheckoutPage | 'home';
