/** What the checkout's screens read from its snapshot. */
import type { SnapshotFrom } from 'xstate';
import { activeStepOf, checkoutSteps, type CheckoutPage, type CheckoutStep, type CheckoutStepId } from '#domain/checkout-steps.ts';
import type { CheckoutMachine } from './checkout.machine.ts';
type CheckoutSnapshot = SnapshotFrom<CheckoutMachine>;

const PAGES: readonly CheckoutPage[] = ['review', 'delivery', 'details', 'payment', 'confirmation', 'unsuccessful'];

/** The checkout page the chart is on, or null while leaving or gone. */
export function selectPage(snapshot: CheckoutSnapshot): CheckoutPage | null {
  return PAGES.find((page) => snapshot.matches({ inCheckout: page })) ?? null;
}

/**
 * The step bar: the product's steps (no Payment for sell-back) and the active one. An order the
 * velocity check refused stopped at the details step, whichever page found it so.
 */
export function selectStepBar(snapshot: CheckoutSnapshot): { steps: CheckoutStep[]; active: CheckoutStepId | null } {
  const page = selectPage(snapshot);
  const { productId } = snapshot.context;
  const active = page === null ? null : snapshot.hasTag('velocityLimited') ? 'details' : activeStepOf(page, productId);
  return { steps: checkoutSteps(productId), active };
}

/** The payment frame child while the hosted card form is shown (its `statusUnknown` tag and notice). */
export function selectPaymentFrame(snapshot: CheckoutSnapshot) {
  return snapshot.children.paymentFrame;
}

/** The notes you want, while the checkout is on its review step (null otherwise). */
export function selectNoteMixRef(snapshot: CheckoutSnapshot) {
  return snapshot.children.noteMix ?? null;
}
