/**
 * Order states and the checkout's routing rules (spec 4.1). Each page asks one function what to
 * do with the order it loaded or the answer it received; the function names the decision, the
 * machine carries it out.
 */
import type { CustomerInfoResponse, OrderStateValue } from './contract/order.ts';
import { NO_STOCK } from './contract/order.ts';
import type { PaymentFrameMessageType } from './contract/payment-messages.ts';
import { PAYMENT_STATUS_RETRY_MS } from './delays.ts';

export type { OrderStateValue };

export const ORDER_STATE = {
  CREATED: 0,
  VELOCITY_CHECK_FAILED: 1,
  PAYMENT_PENDING: 3,
  /** Reserved, to be paid at the branch: the notes and the rate are held until the branch closes on the collection day. */
  RESERVED_PAY_AT_BRANCH: 5,
  CHECKOUT_FAILED: 16,
  COMPLETED: 18,
} as const satisfies Record<string, OrderStateValue>;

export type OrderStateName = keyof typeof ORDER_STATE;

export const ORDER_STATE_NAMES: Readonly<Record<OrderStateValue, OrderStateName>> = {
  0: 'CREATED',
  1: 'VELOCITY_CHECK_FAILED',
  3: 'PAYMENT_PENDING',
  5: 'RESERVED_PAY_AT_BRANCH',
  16: 'CHECKOUT_FAILED',
  18: 'COMPLETED',
};

export function orderStateName(value: OrderStateValue): OrderStateName {
  return ORDER_STATE_NAMES[value];
}

export function isOrderStateValue(value: unknown): value is OrderStateValue {
  return value === 0 || value === 1 || value === 3 || value === 5 || value === 16 || value === 18;
}

function pendingOrCompleted(state: OrderStateValue): boolean {
  return state === ORDER_STATE.PAYMENT_PENDING || state === ORDER_STATE.COMPLETED;
}

/** Placed: paid (completed), or reserved to be paid at the branch. */
function isPlaced(state: OrderStateValue): boolean {
  return state === ORDER_STATE.COMPLETED || state === ORDER_STATE.RESERVED_PAY_AT_BRANCH;
}

/** Delivery page on load: completed goes to /, any state other than 0 to the error address. */
export function deliveryPageOnLoad(state: OrderStateValue): 'stay' | 'home' | 'error' {
  if (isPlaced(state)) return 'home';
  return state === ORDER_STATE.CREATED ? 'stay' : 'error';
}

/** Information page on load: payment-pending or completed moves on; checkout-failed errors. */
export function informationPageOnLoad(state: OrderStateValue): 'stay' | 'next' | 'error' {
  if (pendingOrCompleted(state) || state === ORDER_STATE.RESERVED_PAY_AT_BRANCH) return 'next';
  return state === ORDER_STATE.CHECKOUT_FAILED ? 'error' : 'stay';
}

/**
 * After a successful customer-info submit: NoStock shows the sold-out modal; the AML flag shows
 * the additional-identification modal; otherwise payment-pending or completed moves on, anything
 * else errors.
 */
export function informationSubmitted(response: CustomerInfoResponse): 'soldOut' | 'identificationRequired' | 'next' | 'error' {
  if (response === NO_STOCK) return 'soldOut';
  if (response.showAMLPopup) return 'identificationRequired';
  return pendingOrCompleted(response.state.value) ? 'next' : 'error';
}

/** The additional-identification modal: Continue moves on; Return to the homepage goes to /. */
export function identificationModalChoice(choice: 'continue' | 'returnToHomepage'): 'next' | 'home' {
  return choice === 'continue' ? 'next' : 'home';
}

/** Payment page on load: payment-pending starts the hosted payment; completed moves on. */
export function paymentPageOnLoad(state: OrderStateValue): 'startPayment' | 'next' | 'error' {
  if (state === ORDER_STATE.PAYMENT_PENDING) return 'startPayment';
  return isPlaced(state) ? 'next' : 'error';
}

/**
 * Confirmation page on load: only a completed order is confirmed; payment-pending goes to the
 * payment page, anything else to the error step (whose page opens the velocity modal for
 * velocity-check-failed).
 */
export function confirmationPageOnLoad(state: OrderStateValue): 'show' | 'showReservation' | 'payment' | 'error' {
  if (state === ORDER_STATE.COMPLETED) return 'show';
  // Reserved to pay at the branch: confirmed as a reservation, never announced as a completed order.
  if (state === ORDER_STATE.RESERVED_PAY_AT_BRANCH) return 'showReservation';
  return state === ORDER_STATE.PAYMENT_PENDING ? 'payment' : 'error';
}

/**
 * A message from the payment iframe (already checked for origin and shape): received moves on,
 * failed errors, unknown shows 'Unable to check status of your payment, please wait whilst we retry'.
 */
export function paymentFrameOutcome(type: PaymentFrameMessageType): 'next' | 'error' | 'statusUnknown' {
  switch (type) {
    case 'payment.received':
      return 'next';
    case 'payment.failed':
      return 'error';
    case 'payment.stateUnknown':
      return 'statusUnknown';
  }
}

/**
 * What the payment response page reports after polling the order: completed is received,
 * any other state failed; a fetch error is state unknown and the poll retries after 1 second.
 */
export function paymentResponseReport(
  result: { state: OrderStateValue } | { fetchError: true },
): { report: PaymentFrameMessageType; retryAfterMs: number | null } {
  if ('fetchError' in result) return { report: 'payment.stateUnknown', retryAfterMs: PAYMENT_STATUS_RETRY_MS };
  return { report: result.state === ORDER_STATE.COMPLETED ? 'payment.received' : 'payment.failed', retryAfterMs: null };
}

export interface UnsuccessfulPage {
  /** 'Try again?' shows only for payment-pending or completed orders and goes to /checkout/payment. */
  canTryAgain: boolean;
  tryAgainPath: '/checkout/payment';
  /** Velocity-check-failed opens the velocity modal. */
  showVelocityModal: boolean;
}

export function unsuccessfulPage(state: OrderStateValue): UnsuccessfulPage {
  return {
    canTryAgain: pendingOrCompleted(state),
    tryAgainPath: '/checkout/payment',
    showVelocityModal: state === ORDER_STATE.VELOCITY_CHECK_FAILED,
  };
}

/**
 * Leaving from the unsuccessful page always abandons the checkout first: 'Leave checkout' then goes
 * to the abandon-cart URL, the velocity modal's 'Return to the homepage' to /.
 */
export function unsuccessfulPageExit(
  action: 'leaveCheckout' | 'velocityReturnToHomepage',
  abandonCartUrl: string,
): { abandonCheckout: true; goTo: string } {
  return { abandonCheckout: true, goTo: action === 'leaveCheckout' ? abandonCartUrl : '/' };
}

/** The checkout steps announced to tracking (spec 4.1). */
export const TRACKED_STEPS = ['information', 'payment', 'confirmation'] as const;
export type TrackedStep = (typeof TRACKED_STEPS)[number];
