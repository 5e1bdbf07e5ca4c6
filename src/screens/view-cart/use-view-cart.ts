/**
 * Named selector hooks over the cart actor for the view-cart page: plain values only; the cart
 * chart decides what each line shows, which questions are asked and whether checkout may go on.
 */
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { Cart } from '#domain/contract/cart.ts';
import type { Problem } from '#domain/contract/common.ts';
import { selectCartLines, selectCountdownRef, type CartLineView } from '#machines/cart/cart.selectors.ts';
import { selectViewCartRules } from '#machines/cart/view-cart.selectors.ts';
import type { CartEvent } from '#machines/cart/cart.types.ts';
import type { CartMachine } from '#machines/cart/cart.machine.ts';
import type { ViewCartRules } from '#domain/view-cart-rules.ts';
import type { ViewCartStatus } from './view-cart-view.tsx';

export type CartActorRef = ActorRefFrom<CartMachine>;

const sameLines = (a: CartLineView[], b: CartLineView[]) =>
  a.length === b.length &&
  a.every((l, i) => {
    const o = b[i];
    return o !== undefined && l.id === o.id && l.shownQty === o.shownQty && l.total === o.total && l.rate === o.rate && l.error === o.error && l.saving === o.saving;
  });

export function useViewCartStatus(cart: CartActorRef): ViewCartStatus {
  return useSelector(cart, (s) => {
    const current = s.context.cart;
    if (current !== null) return current.lines.length === 0 ? 'empty' : 'ready';
    if (s.hasTag('noCart')) return 'noCart';
    if (s.hasTag('cleared')) return 'cleared';
    if (s.hasTag('unavailable')) return 'unavailable';
    return 'loading';
  });
}

/** The line whose amount was last refused as not above 0 (a new object each time): focus returns to its box. */
export function useInvalidLine(cart: CartActorRef): { lineId: string } | null {
  return useSelector(cart, (s) => s.context.invalidLine);
}

export function useCart(cart: CartActorRef): Cart | null {
  return useSelector(cart, (s) => s.context.cart);
}

export function useReviewLines(cart: CartActorRef): CartLineView[] {
  return useSelector(cart, selectCartLines, sameLines);
}

const sameRules = (a: ViewCartRules | null, b: ViewCartRules | null) => JSON.stringify(a) === JSON.stringify(b);

export function useViewCartRules(cart: CartActorRef): ViewCartRules | null {
  return useSelector(cart, selectViewCartRules, sameRules);
}

export function useCartCan(cart: CartActorRef, event: CartEvent): boolean {
  return useSelector(cart, (s) => s.can(event));
}

/** The line ids the chart would let the shopper remove now, space-separated (a stable value). */
export function useRemovableLineIds(cart: CartActorRef): string {
  return useSelector(cart, (s) =>
    (s.context.cart?.lines ?? [])
      .filter((l) => s.can({ type: 'cart.lineRemoved', lineId: l.id }))
      .map((l) => l.id)
      .join(' '),
  );
}

export function useRemovingLineId(cart: CartActorRef): string | null {
  return useSelector(cart, (s) => (s.matches({ open: { lines: 'removingLine' } }) ? s.context.removingLineId : null));
}

export function useAddingLine(cart: CartActorRef): boolean {
  return useSelector(cart, (s) => s.matches({ open: { lines: 'addingLine' } }) || s.matches('creating') || s.matches('creatingFromLink'));
}

export function useSavingGuarantee(cart: CartActorRef): boolean {
  return useSelector(cart, (s) => s.matches({ open: { lines: 'savingBuyback' } }) || s.matches({ open: { lines: 'savingRefund' } }));
}

export function useCheckingOut(cart: CartActorRef): boolean {
  return useSelector(cart, (s) => s.hasTag('checkingOut') || s.hasTag('checkedOut'));
}

export function useCartProblem(cart: CartActorRef): Problem | null {
  return useSelector(cart, (s) => s.context.problem);
}

/** The cart's countdown child, for the checkout header. */
export function useCartCountdownRef(cart: CartActorRef) {
  return useSelector(cart, selectCountdownRef);
}
