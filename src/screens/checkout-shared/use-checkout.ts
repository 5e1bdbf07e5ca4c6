/**
 * Named selector hooks over the checkout actor: each reads one plain value, so a view re-renders
 * only when that value changes, and none of them decides anything the chart has not decided.
 */
import { useSelector } from '@xstate/react';
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { ProductId } from '#domain/contract/catalogue.ts';
import type { Problem } from '#domain/contract/common.ts';
import type { DeliverySlot, Order } from '#domain/contract/order.ts';
import type { CheckoutPage, CheckoutStep, CheckoutStepId } from '#domain/checkout-steps.ts';
import { selectPage, selectStepBar } from '#machines/checkout/checkout.selectors.ts';
import type { CheckoutEvent, CheckoutTag } from '#machines/checkout/checkout.types.ts';
import type { CheckoutMachine } from '#machines/checkout/checkout.machine.ts';

export type CheckoutActorRef = ActorRefFrom<CheckoutMachine>;
export type CheckoutSnapshot = SnapshotFrom<CheckoutMachine>;

export function useCheckoutTag(checkout: CheckoutActorRef, tag: CheckoutTag): boolean {
  return useSelector(checkout, (s) => s.hasTag(tag));
}

/** Whether the chart takes an event now (a button is enabled exactly when it does). */
export function useCheckoutCan(checkout: CheckoutActorRef, event: CheckoutEvent): boolean {
  return useSelector(checkout, (s) => s.can(event));
}

export function useCheckoutPage(checkout: CheckoutActorRef): CheckoutPage | null {
  return useSelector(checkout, selectPage);
}

function sameStepBar(
  a: { steps: CheckoutStep[]; active: CheckoutStepId | null },
  b: { steps: CheckoutStep[]; active: CheckoutStepId | null },
): boolean {
  return a.active === b.active && a.steps.length === b.steps.length && a.steps.every((s, i) => s.label === b.steps[i]?.label);
}

export function useCheckoutStepBar(checkout: CheckoutActorRef): { steps: CheckoutStep[]; active: CheckoutStepId | null } {
  return useSelector(checkout, selectStepBar, sameStepBar);
}

export function useCheckoutOrder(checkout: CheckoutActorRef): Order | null {
  return useSelector(checkout, (s) => s.context.order);
}

export function useCheckoutProblem(checkout: CheckoutActorRef): Problem | null {
  return useSelector(checkout, (s) => s.context.problem);
}

export function useDeliverySlots(checkout: CheckoutActorRef): DeliverySlot[] {
  return useSelector(checkout, (s) => s.context.slots);
}

/** The slot the server accepted, or the one being saved (so the radio follows the click at once). */
export function useChosenSlotId(checkout: CheckoutActorRef): string | null {
  return useSelector(checkout, (s) => s.context.pendingSlotId ?? s.context.selectedSlotId);
}

export function usePaymentUrl(checkout: CheckoutActorRef): string | null {
  return useSelector(checkout, (s) => s.context.paymentUrl);
}

/** The payment frame child while the hosted card form is shown. */
export function usePaymentFrameRef(checkout: CheckoutActorRef) {
  return useSelector(checkout, (s) => s.children.paymentFrame);
}

/** The product of the order (or of the cart, before the order is read). */
export function useCheckoutProductId(checkout: CheckoutActorRef): ProductId | null {
  return useSelector(checkout, (s) => s.context.productId);
}
