/**
 * What the cart's views read from its snapshot, each a plain value. The view-cart page's rules are
 * read through view-cart.selectors.ts, which loads with that page.
 */
import type { CartLine } from '#domain/contract/cart.ts';
import { messages } from '#domain/messages.ts';
import { addMoreTimeLabel, moreTimeAddedText, moreTimeWarningText } from '#domain/more-time.ts';
import type { CartSnapshot } from './cart.machine.ts';
export { selectCartSummary, selectCountdownRef } from './cart-summary.ts';

export interface CartLineView extends CartLine {
  /** The amount to show: as typed while unsent, else as saved. */
  shownQty: number;
  /** 'Amount should be greater than 0'. */
  error: string | null;
  /** A typed amount is waiting or on its way. */
  saving: boolean;
}

export function selectCartLines(snapshot: CartSnapshot): CartLineView[] {
  const { cart, lineEdits, lineErrors, sendingLineId } = snapshot.context;
  return (cart?.lines ?? []).map((line) => ({
    ...line,
    shownQty: lineEdits[line.id] ?? line.qty,
    error: lineErrors[line.id] ?? null,
    saving: line.id in lineEdits || line.id === sendingLineId,
  }));
}

export function selectLineCount(snapshot: CartSnapshot): number {
  return snapshot.context.cart?.lines.length ?? 0;
}

/** The page-level message: cleared, no cart, or the cart could not be read (spec 4.3, 8). */
export function selectCartNotice(snapshot: CartSnapshot): string | null {
  if (snapshot.hasTag('cleared')) return messages.cartCleared;
  if (snapshot.hasTag('noCart')) return messages.noCart;
  if (snapshot.hasTag('unavailable')) return messages.cartFetchFailed;
  return null;
}

/** "Need more time?" as the header cart and the checkout header show it. */
export interface MoreTimeView {
  /** 'Add 30 minutes', while more time may be asked for (or is on its way); null otherwise. */
  offer: string | null;
  extending: boolean;
  /** "We've added 30 minutes. Your cart is now held until 14:32." */
  added: string | null;
  /** Why no time was added (the server's words). */
  refusal: string | null;
  /** In the last 5 minutes with nothing more to add. */
  usedUp: boolean;
  /**
   * What the polite live region says: the warning as the countdown enters its last 5 minutes,
   * then the outcome. It changes at those moments only, never with each second.
   */
  announcement: string;
}

/** `expiring`: the countdown's 'expiring' (under 300 s, not expired), read from its child. */
export function selectMoreTime(snapshot: CartSnapshot, expiring: boolean): MoreTimeView | null {
  const { cart, extensionProblem } = snapshot.context;
  if (cart === null || !snapshot.matches('open')) return null;
  const extending = snapshot.hasTag('extending');
  const added = snapshot.hasTag('extended') ? moreTimeAddedText(cart.extensionMinutes, cart.expiresAt) : null;
  const refusal = snapshot.hasTag('extensionRefused') ? (extensionProblem?.detail ?? extensionProblem?.title ?? messages.moreTimeFailed) : null;
  const offered = extending || (expiring && cart.extensionsLeft > 0);
  return {
    offer: offered ? addMoreTimeLabel(cart.extensionMinutes) : null,
    extending,
    added,
    refusal,
    usedUp: expiring && !extending && cart.extensionsLeft === 0,
    announcement: refusal ?? added ?? (expiring || extending ? moreTimeWarningText(cart.extensionMinutes, cart.extensionsLeft) : ''),
  };
}
