/**
 * Checkout steps and pages (spec 2.5, 2.14, 4.1).
 *
 * The step bar shows Review, Delivery (Collection for sell-back), Details, Payment (absent for
 * sell-back) and Confirmation. The payment unsuccessful page is the checkout's error address: it
 * is a page of the checkout but not a step of the bar.
 */
import type { ProductId } from './contract/catalogue.ts';
import { NO_STOCK, type CustomerInfoResponse, type OrderStateValue } from './contract/order.ts';
import { appPaths } from './contract/routes.ts';
import { messages } from './messages.ts';
import { informationPageOnLoad, informationSubmitted, paymentPageOnLoad, unsuccessfulPage } from './order-state.ts';
import { isSellBack, viewCartPath } from './products.ts';

export type CheckoutStepId = 'review' | 'delivery' | 'details' | 'payment' | 'confirmation';
export type CheckoutPage = CheckoutStepId | 'unsuccessful';

export interface CheckoutStep {
  id: CheckoutStepId;
  label: string;
}

/**
 * The steps of the bar, in order. Without a known product (nothing loaded yet) the buy steps are
 * shown, which is what most visitors see.
 */
export function checkoutSteps(productId: ProductId | null): CheckoutStep[] {
  const sellBack = productId !== null && isSellBack(productId);
  const steps: CheckoutStep[] = [
    { id: 'review', label: messages.stepReview },
    { id: 'delivery', label: sellBack ? messages.stepCollection : messages.stepDelivery },
    { id: 'details', label: messages.stepDetails },
    { id: 'payment', label: messages.stepPayment },
    { id: 'confirmation', label: messages.stepConfirmation },
  ];
  return sellBack ? steps.filter((s) => s.id !== 'payment') : steps;
}

/**
 * The step the bar marks active on a page. The unsuccessful page belongs to the step that failed:
 * payment, or details for sell-back, which has no payment step.
 */
export function activeStepOf(page: CheckoutPage, productId: ProductId | null): CheckoutStepId {
  if (page !== 'unsuccessful') return page;
  return productId !== null && isSellBack(productId) ? 'details' : 'payment';
}

/** The address of a checkout page; the review page depends on the product (spec 2.6). */
export function checkoutPagePath(page: CheckoutPage, productId: ProductId | null): string {
  switch (page) {
    case 'review':
      return productId === null ? appPaths.viewCart : viewCartPath(productId);
    case 'delivery':
      return appPaths.deliveryOptions;
    case 'details':
      return appPaths.customerInformation;
    case 'payment':
      return appPaths.payment;
    case 'confirmation':
      return appPaths.confirmation;
    case 'unsuccessful':
      return appPaths.paymentUnsuccessful;
  }
}

/**
 * Where the details page goes on (spec 4.1 "next step"). Sell-back has no payment step, and the
 * server says so through the order state: a sell-back order is completed (18) once its details
 * are in, a buy order waits for its card payment (3). So 18 goes to confirmation, as the payment
 * page itself would send it, and 3 to payment.
 */
export function stepAfterDetails(state: OrderStateValue): 'payment' | 'confirmation' {
  return paymentPageOnLoad(state) === 'next' ? 'confirmation' : 'payment';
}

/** Information page on load, with the next step resolved. */
export function detailsPageOnLoad(state: OrderStateValue): 'stay' | 'error' | 'payment' | 'confirmation' {
  const decision = informationPageOnLoad(state);
  return decision === 'next' ? stepAfterDetails(state) : decision;
}

/**
 * After a successful customer-info submit, with the next step resolved. An order the velocity
 * check refused (state 1) shows the velocity modal on the details page, where it was refused: the
 * shopper never reached payment, so the payment-unsuccessful page would misstate what happened.
 */
export function detailsSubmitted(
  response: CustomerInfoResponse,
): 'soldOut' | 'identificationRequired' | 'velocityLimited' | 'error' | 'payment' | 'confirmation' {
  const decision = informationSubmitted(response);
  if (decision === 'error' && response !== NO_STOCK && unsuccessfulPage(response.state.value).showVelocityModal) return 'velocityLimited';
  if (decision !== 'next') return decision;
  // 'next' is only ever decided on an answer carrying a state; the check narrows the type.
  return response === NO_STOCK ? 'error' : stepAfterDetails(response.state.value);
}
