/**
 * Named selector hooks over the cart actor for the header cart: plain values only; the cart
 * chart decides what can be done (snapshot.can) and what each line shows (selectCartLines).
 */
import { useSelector } from '@xstate/react';
import { useCallback } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { CountdownView } from '#domain/countdown.ts';
import type { ProductId } from '#domain/contract/catalogue.ts';
import type { Problem } from '#domain/contract/common.ts';
import { selectCartLines, selectCartNotice, selectCountdownRef, selectLineCount, selectMoreTime, type MoreTimeView, type CartLineView } from '#machines/cart/cart.selectors.ts';
import type { CartEvent } from '#machines/cart/cart.types.ts';
import type { CartMachine } from '#machines/cart/cart.machine.ts';

export type CartRef = ActorRefFrom<CartMachine>;
export type HeaderCartState = 'loading' | 'empty' | 'ready' | 'error';

const sameLines = (a: CartLineView[], b: CartLineView[]) =>
  a.length === b.length &&
  a.every((l, i) => {
    const o = b[i];
    return o !== undefined && l.id === o.id && l.shownQty === o.shownQty && l.total === o.total && l.error === o.error && l.saving === o.saving;
  });

export function useHeaderCartState(cart: CartRef): HeaderCartState {
  return useSelector(cart, (s) => {
    if (s.context.cart !== null) return 'ready';
    if (s.hasTag('loading')) return 'loading';
    if (s.hasTag('unavailable')) return 'error';
    return 'empty';
  });
}

export function useCartLines(cart: CartRef): CartLineView[] {
  return useSelector(cart, selectCartLines, sameLines);
}

export function useCartLineCount(cart: CartRef): number {
  return useSelector(cart, selectLineCount);
}

/** The cart's total in GBP (lines plus chosen guarantee fees); null without a cart. */
export function useCartTotal(cart: CartRef): number | null {
  return useSelector(cart, (s) => s.context.cart?.total ?? null);
}

export function useCartProductId(cart: CartRef): ProductId | null {
  return useSelector(cart, (s) => s.context.cart?.product.id ?? null);
}

/** "We've cleared your cart", 'You have no cart' or "We couldn't get your cart". */
export function useCartNotice(cart: CartRef): string | null {
  return useSelector(cart, selectCartNotice);
}

export function useCartProblem(cart: CartRef): Problem | null {
  return useSelector(cart, (s) => s.context.problem);
}

export function useCartCan(cart: CartRef, event: CartEvent): boolean {
  return useSelector(cart, (s) => s.can(event));
}

/** The line ids the chart would let the shopper remove now. */
export function useRemovableLines(cart: CartRef): string {
  return useSelector(cart, (s) =>
    (s.context.cart?.lines ?? [])
      .filter((l) => s.can({ type: 'cart.lineRemoved', lineId: l.id }))
      .map((l) => l.id)
      .join(' '),
  );
}

export function useCartEmptying(cart: CartRef): boolean {
  return useSelector(cart, (s) => s.matches('abandoning'));
}

/** The countdown child's readout; null while there is no cart. */
export function useCartCountdown(cart: CartRef): CountdownView | null {
  const countdown = useSelector(cart, selectCountdownRef);
  return useSelector(countdown, (s) => s?.context.view ?? null);
}

/** "Need more time?" over the cart and its countdown's readout; null while there is no open cart. */
export function useMoreTime(cart: CartRef | null | undefined, countdown: CountdownView | null): { view: MoreTimeView | null; extend: () => void } {
  const expiring = countdown?.expiring ?? false;
  const view = useSelector(cart ?? undefined, (s) => (s === undefined ? null : selectMoreTime(s, expiring)), sameMoreTime);
  const extend = useCallback(() => cart?.send({ type: 'cart.extendRequested' }), [cart]);
  return { view, extend };
}

function sameMoreTime(a: MoreTimeView | null, b: MoreTimeView | null): boolean {
  if (a === null || b === null) return a === b;
  return a.offer === b.offer && a.extending === b.extending && a.added === b.added && a.refusal === b.refusal && a.usedUp === b.usedUp && a.announcement === b.announcement;
}
