/**
 * What the shopper sees of the cart and where they go, written from the spec (2.3, 2.6, 4.3, 5.1,
 * 8), not from the chart: a reference model fed the same inputs as a path (the view-cart request,
 * the cart the server answered, a failed call, a typed amount, a choice, the timer) that says what
 * the header cart and the view-cart page show after each (the tags the views read, the notice,
 * the cart, the required-answer messages, the problem) and what the shop must do (navigation,
 * 'cart.checkedOut', the invalid-amount focus) and what the calculator or the 'Add new currency'
 * form that asked for a line hears back (saved, or refused).
 */
import type { AnyEventObject } from 'xstate';
import type { ViewCartRequest } from '#domain/cart-link.ts';
import type { Cart } from '#domain/contract/cart.ts';

/** Spec 4.3, 8. */
export const NOTICES = {
  cleared: "We've cleared your cart",
  noCart: 'You have no cart',
  unavailable: "We couldn't get your cart",
} as const;
/** Spec 5.1. */
export const AMOUNT_NOT_ABOVE_ZERO = 'Amount should be greater than 0';
export const BUYBACK_REQUIRED = 'Please select your Buyback guarantee option';
export const REFUND_REQUIRED = 'Please select your Refund guarantee option';
/** Spec 5.1, 9: the Buyback Guarantee needs a cart of at least £150 (£200 on the partner site). */
export const BUYBACK_MINIMUM_GBP = 150;
export const HOME = '/';
/** Spec 2.6: the view-cart page of the buy products and of sell-back. */
export const viewCartPathOf = (productId: number): string => (productId === 3 ? '/selling/view-cart' : '/checkout/view-cart');

export type CartScreen =
  | 'loading'
  | 'empty'
  | 'noCart'
  | 'unavailable'
  | 'creating'
  | 'creatingFromLink'
  | 'recreating'
  | 'shown'
  | 'typing'
  | 'saving'
  | 'checkingOut'
  | 'checkedOut'
  /** The page opened is reached only once the cart is checked out (the payment provider's return page). */
  | 'orderPlaced'
  | 'abandoning'
  | 'cleared';

/** The tags the views read for each screen; every other tag must be off. */
export const CART_SCREEN_TAGS: Record<CartScreen, string[]> = {
  loading: ['loading'],
  empty: ['empty'],
  noCart: ['noCart', 'empty'],
  unavailable: ['unavailable'],
  creating: ['saving'],
  creatingFromLink: ['saving'],
  recreating: ['loading'],
  shown: [],
  typing: [],
  saving: ['saving'],
  checkingOut: ['checkingOut'],
  checkedOut: ['checkedOut'],
  orderPlaced: ['checkedOut'],
  abandoning: ['saving'],
  cleared: ['cleared', 'empty'],
};

/** The page notice of each screen (spec 4.3, 8). */
export const noticeOf = (screen: CartScreen): string | null =>
  screen === 'cleared' ? NOTICES.cleared : screen === 'noCart' ? NOTICES.noCart : screen === 'unavailable' ? NOTICES.unavailable : null;

/**
 * "Need more time?" (WCAG 2.2.1): offered in the countdown's last 5 minutes (under 300 s, spec 4.3's
 * 'expiring') while the server allows more (cart.extensionsLeft); on its way, granted or refused.
 */
export type CartTime = 'held' | 'extending' | 'extended' | 'refused';
export const TIME_TAGS: Record<CartTime, string[]> = {
  held: [],
  extending: ['extending'],
  extended: ['extended'],
  refused: ['extensionRefused'],
};
export const EXPIRING_BELOW_SECONDS = 300;

/** A cart is open (its countdown runs) on these screens. */
export const OPEN_SCREENS: readonly CartScreen[] = ['shown', 'typing', 'saving', 'checkingOut', 'checkedOut'];

export interface SiteRules {
  now: number;
  siteProducts: Array<{ productId: number; minSpend: number; maxSpend: number }>;
  showBuybackGuarantee: boolean;
  showRefundGuarantee: boolean;
}

/** The view-cart rules of spec 5.1, from the cart as the server sent it. */
export function cartRules(cart: Cart, site: SiteRules) {
  const total = cart.lines.reduce((sum, l) => sum + l.total, 0);
  const sellBack = cart.product.id === 3;
  const product = site.siteProducts.find((p) => p.productId === cart.product.id);
  const buybackEligible = site.showBuybackGuarantee && !sellBack && total >= BUYBACK_MINIMUM_GBP;
  const refundOffered = site.showRefundGuarantee && !sellBack;
  const buybackMissing = buybackEligible && cart.buyBackGuarantee === null;
  const refundMissing = refundOffered && cart.refundGuarantee === null;
  return {
    total,
    expired: Date.parse(cart.expiresAt) <= site.now,
    hasLines: cart.lines.length > 0,
    // A total at or below 0, below minSpend or above maxSpend disables 'Proceed to checkout'.
    spendAllowed: total > 0 && (!product || (total >= product.minSpend && total <= product.maxSpend)),
    buybackEligible,
    refundOffered,
    answered: !buybackMissing && !refundMissing,
    errors: { buyback: buybackMissing ? BUYBACK_REQUIRED : null, refund: refundMissing ? REFUND_REQUIRED : null },
  };
}

/** A rule of the spec that the path broke (the chart let through what the spec forbids). */
function expectRule(holds: boolean, what: string): void {
  if (!holds) throw new Error(`Against the spec: ${what}`);
}

export interface CartSeen {
  screen: CartScreen;
  cart: Cart | null;
  /** What the view-cart page asked for and the cart has not answered yet. */
  request: ViewCartRequest['kind'] | null;
  /** Lines with an amount typed and not yet saved. */
  typed: string[];
  /** The line whose typed amount is on its way. */
  sending: string | null;
  /** 'Proceed to checkout' was pressed while amounts were still typed. */
  proceed: boolean;
  /** The required-answer messages show (after a refused Proceed). */
  answersDemanded: boolean;
  lineErrors: Record<string, string>;
  problem: boolean;
  effects: AnyEventObject[];
  /** The line box the focus returns to in this step (an amount not above 0). */
  focus: string | null;
  /** A line asked for while the cart was being read or written: it waits for the cart to settle. */
  queued: boolean;
  /** Someone (the calculator, the form) waits to hear about the line being added. */
  requester: boolean;
  /** "Need more time?" while the cart is open; back to 'held' whenever the cart is read or opened again. */
  time: CartTime;
}

/** What the asker of a line hears (the problem's words are the unit tests'). */
export const LINE_SAVED = { type: 'cart.lineSaved' } as const;
export const LINE_REFUSED = { type: 'cart.lineRefused' } as const;

export function cartOracle(site: SiteRules) {
  const rules = (seen: CartSeen) => (seen.cart ? cartRules(seen.cart, site) : null);
  const withoutLine = (lines: string[], id: string | null) => lines.filter((l) => l !== id);

  /** Back on the cart after a write: typed amounts are sent, or a pressed Proceed goes ahead. */
  const resume = (seen: CartSeen): CartSeen => {
    const r = rules(seen)!;
    // A line asked for meanwhile goes first (2.3: add to cart is never lost to a busy cart).
    if (seen.queued) return { ...seen, screen: 'saving', sending: null, queued: false, requester: true };
    if (seen.typed.length > 0) return seen.proceed ? { ...seen, screen: 'saving', sending: seen.typed[0]! } : { ...seen, screen: 'typing' };
    if (seen.proceed && r.spendAllowed && r.answered) return { ...seen, screen: 'checkingOut', proceed: false };
    if (seen.proceed) return { ...seen, screen: 'shown', proceed: false, answersDemanded: true };
    return { ...seen, screen: 'shown' };
  };
  /** The cart (or its absence) is known: what the view-cart request leads to. */
  const settle = (seen: CartSeen): CartSeen => {
    const request = seen.request;
    const next = { ...seen, request: null };
    if (request === 'recreate') return { ...seen, screen: 'recreating' };
    // The link's line: nobody waits to hear about it.
    if (request === 'line') return { ...next, screen: seen.cart ? 'saving' : 'creatingFromLink', sending: null, requester: false };
    if (seen.cart) return resume(next);
    // 'You have no cart', then / after 1 second (4.3, 8).
    return { ...next, screen: request === 'view' ? 'noCart' : 'empty' };
  };
  const failed = (seen: CartSeen, screen: CartScreen): CartSeen => ({ ...seen, screen, problem: true });
  const forget = (seen: CartSeen): CartSeen => ({ ...seen, cart: null, typed: [], sending: null, lineErrors: {}, answersDemanded: false, proceed: false, requester: false });
  /** The asker of the line being added hears how it went. */
  const answer = (seen: CartSeen, reply: AnyEventObject): CartSeen =>
    seen.requester ? { ...seen, requester: false, effects: [...seen.effects, reply] } : seen;
  /**
   * Where a waiting line goes once the cart settles: no cart, so one is created with it (2.3); a
   * cart that could not be read or is checked out refuses it (8).
   */
  const arrive = (seen: CartSeen): CartSeen => {
    if (!seen.queued) return seen;
    if (seen.screen === 'empty') return { ...seen, screen: 'creating', queued: false, requester: true };
    if (refusesLines(seen)) return { ...seen, queued: false, effects: [...seen.effects, LINE_REFUSED] };
    return seen;
  };
  /** A cart that could not be read, or is checked out (before this page opened too), refuses a line (8). */
  const refusesLines = (seen: CartSeen) => seen.screen === 'unavailable' || seen.screen === 'checkedOut' || seen.screen === 'orderPlaced';
  const requeue = (seen: CartSeen): CartSeen => (seen.requester && !seen.queued ? { ...seen, requester: false, queued: true } : seen);
  const statusOf = (event: AnyEventObject): number => (event.error as { status: number }).status;
  const isOpen = (seen: CartSeen) => OPEN_SCREENS.includes(seen.screen);
  /** Amounts can be typed, lines removed and questions answered (no other write on its way). */
  const canAskForTime = (seen: CartSeen): boolean => {
    if (!isOpen(seen) || seen.cart === null || seen.time === 'extending') return false;
    const secondsLeft = Math.floor((Date.parse(seen.cart.expiresAt) - site.now) / 1000);
    return secondsLeft >= 1 && secondsLeft < EXPIRING_BELOW_SECONDS && seen.cart.extensionsLeft > 0;
  };
  const isEditable = (seen: CartSeen) => seen.screen === 'shown' || seen.screen === 'typing' || (seen.screen === 'saving' && seen.sending !== null);

  return {
    rules,
    isEditable,
    /**
     * The cart is read as the shop opens (4.3), unless the page opened is reached only once it is
     * checked out: no page asks for what it knows is not there.
     */
    start(opening: { checkedOut: boolean } = { checkedOut: false }): CartSeen {
      return {
        screen: opening.checkedOut ? 'orderPlaced' : 'loading',
        cart: null,
        request: null,
        typed: [],
        sending: null,
        proceed: false,
        answersDemanded: false,
        lineErrors: {},
        problem: false,
        effects: [],
        focus: null,
        queued: false,
        requester: false,
        time: 'held',
      };
    },

    next(before: CartSeen, event: AnyEventObject): CartSeen {
      const after = arrive(step(before, event));
      // Leaving the open cart (read again, abandoned, the view-cart page opened) ends what the
      // time region knew; entering it again starts from the hold the server answered.
      const reopened = event.type === 'cart.viewOpened' && isOpen(before);
      return isOpen(after) && isOpen(before) && !reopened ? after : { ...after, time: 'held' };
    },

    canAskForTime,
  };

  function step(before: CartSeen, event: AnyEventObject): CartSeen {
    {
      const seen: CartSeen = { ...before, effects: [], focus: null };
      const type = event.type.replace(/^xstate\.after\.(\w+)\..*$/, 'after.$1');
      const r = rules(seen);
      switch (type) {
        case 'cart.viewOpened': {
          const withRequest = { ...seen, request: (event.request as ViewCartRequest).kind };
          return seen.screen === 'empty' || isOpen(seen) ? settle(withRequest) : withRequest;
        }
        // A line being saved is asked for again once the cart is settled: its asker always hears.
        case 'cart.refreshRequested':
          return { ...requeue(seen), screen: 'loading' };
        case 'cart.abandoned':
          return arrive({ ...forget(requeue(seen)), screen: 'empty' });
        case 'problem.dismissed':
          return { ...seen, problem: false };

        case 'xstate.done.actor.fetchCart':
          return settle({ ...seen, cart: event.output as Cart | null });
        // No cart (404), or a session being replaced (401, 403): neither is this cart.
        case 'xstate.error.actor.fetchCart':
          return [404, 401, 403].includes(statusOf(event)) ? settle(forget(seen)) : failed(seen, 'unavailable');

        // Add to cart: with no cart one is created with the line; an editable cart adds it; a busy
        // cart keeps it until it is settled; one that could not be read or is checked out refuses it.
        case 'cart.lineAdded':
          if (seen.screen === 'empty') return { ...seen, screen: 'creating', sending: null, requester: true };
          if (isEditable(seen)) return { ...seen, screen: 'saving', sending: null, requester: true };
          if (refusesLines(seen)) return { ...seen, effects: [LINE_REFUSED] };
          return { ...seen, queued: true };
        case 'xstate.done.actor.createCart':
          return { ...seen, cart: event.output as Cart, screen: 'saving', sending: null };
        // A refused link line: the problem pops up and the page has no cart (8).
        case 'xstate.error.actor.createCart':
          return answer(failed(seen, seen.screen === 'creatingFromLink' ? 'noCart' : 'empty'), LINE_REFUSED);
        case 'xstate.done.actor.recreateCart':
          return resume({ ...seen, cart: event.output as Cart, request: null });
        case 'xstate.error.actor.recreateCart':
          return failed({ ...seen, request: null }, 'unavailable');

        case 'cart.lineChanged': {
          const lineId = event.lineId as string;
          // Not above 0: the message, and focus returns to the field (5.1).
          if (!(typeof event.qty === 'number' && event.qty > 0)) {
            return {
              ...seen,
              typed: withoutLine(seen.typed, lineId),
              lineErrors: { ...seen.lineErrors, [lineId]: AMOUNT_NOT_ABOVE_ZERO },
              focus: lineId,
            };
          }
          if (!seen.cart?.lines.some((l) => l.id === lineId)) return seen;
          const typed = seen.typed.includes(lineId) ? seen.typed : [...seen.typed, lineId];
          const { [lineId]: _, ...lineErrors } = seen.lineErrors;
          // Each keystroke starts the 600 ms pause again, also over a write of typed amounts.
          return { ...seen, typed, lineErrors, ...(isEditable(seen) ? { screen: 'typing', sending: null } : {}) };
        }
        // Sent 600 ms after typing stops (5.1); an amount typed and then refused leaves nothing to send.
        case 'after.LINE_DEBOUNCE':
          return seen.typed.length > 0 ? { ...seen, screen: 'saving', sending: seen.typed[0]! } : resume(seen);
        case 'xstate.done.actor.updateLine':
          return resume({ ...seen, cart: event.output as Cart, typed: withoutLine(seen.typed, seen.sending), sending: null });
        // The shopper reads the problem before any checkout goes ahead.
        case 'xstate.error.actor.updateLine':
          return resume({ ...seen, typed: withoutLine(seen.typed, seen.sending), sending: null, proceed: false, problem: true });

        case 'cart.lineRemoved': {
          const lineId = event.lineId as string;
          expectRule(seen.cart?.lines.some((l) => l.id === lineId) === true, `a line not in the cart (${lineId}) was removed`);
          const { [lineId]: _, ...lineErrors } = seen.lineErrors;
          return { ...seen, screen: 'saving', sending: null, typed: withoutLine(seen.typed, lineId), lineErrors };
        }
        // The radios are disabled below the Buyback minimum, and the questions absent when not offered (5.1).
        case 'cart.buybackChosen':
          expectRule(r!.buybackEligible, `Buyback answered on a cart of £${r!.total} (the minimum is £${BUYBACK_MINIMUM_GBP})`);
          return { ...seen, screen: 'saving', sending: null };
        case 'cart.refundChosen':
          expectRule(r!.refundOffered, 'Refund answered where it is not offered');
          return { ...seen, screen: 'saving', sending: null };
        case 'xstate.done.actor.addLine':
          return resume(answer({ ...seen, cart: event.output as Cart }, LINE_SAVED));
        case 'xstate.error.actor.addLine':
          return resume(answer({ ...seen, problem: true }, LINE_REFUSED));
        case 'xstate.done.actor.removeLine':
        case 'xstate.done.actor.setBuyback':
        case 'xstate.done.actor.setRefund':
          return resume({ ...seen, cart: event.output as Cart });
        case 'xstate.error.actor.removeLine':
        case 'xstate.error.actor.setBuyback':
        case 'xstate.error.actor.setRefund':
        case 'xstate.error.actor.checkoutCart':
          return resume({ ...seen, problem: true });

        case 'cart.checkoutRequested':
          // 'Cart expired': nothing goes ahead (4.3, 8).
          if (r!.expired) return seen;
          // Typed amounts are saved first; the checkout follows.
          if (seen.typed.length > 0) return { ...seen, screen: 'saving', sending: seen.typed[0]!, proceed: true };
          if (r!.spendAllowed && r!.answered) return { ...seen, screen: 'checkingOut' };
          expectRule(r!.spendAllowed, "'Proceed to checkout' is disabled by the spend rule");
          // Unanswered questions show their messages; the spend rule keeps the button disabled.
          return r!.spendAllowed ? { ...seen, answersDemanded: true } : seen;
        case 'xstate.done.actor.checkoutCart': {
          const order = event.output as { orderId: string; externalOrderId: string };
          return { ...seen, screen: 'checkedOut', effects: [{ type: 'cart.checkedOut', ...order }] };
        }
        // The header's 'Review & checkout'.
        case 'cart.reviewRequested':
          expectRule(r!.hasLines && !r!.expired, "'Review & checkout' went ahead with no lines or an expired cart");
          return { ...seen, effects: [{ type: 'navigation.requested', to: viewCartPathOf(seen.cart!.product.id) }] };
        case 'countdown.expired':
          return { ...seen, proceed: false };
        case 'cart.extendRequested':
          return canAskForTime(seen) ? { ...seen, time: 'extending' } : seen;
        case 'xstate.done.actor.extendCart':
          return { ...seen, cart: event.output as Cart, time: 'extended' };
        case 'xstate.error.actor.extendCart':
          return { ...seen, time: 'refused' };
        case 'countdown.stopRequested':
          return seen;
        // The countdown ended (stopped at confirmation): the cart has nothing more to do with it.
        case 'xstate.done.actor.countdown':
          return seen;
        case 'xstate.error.actor.countdown':
          return { ...seen, effects: [{ type: 'error.reported', error: event.error, where: 'cart.countdown' }] };

        case 'cart.abandonRequested':
          return { ...seen, screen: 'abandoning', sending: null };
        // "We've cleared your cart", then / after 1 second (4.3).
        case 'xstate.done.actor.abandonCart':
          return { ...forget(seen), screen: 'cleared' };
        case 'xstate.error.actor.abandonCart':
          return resume({ ...seen, problem: true });
        // The page shows 'You have no cart': the second to / starts (the chart's timer, which the path fires next).
        case 'cart.noCartShown':
          return seen;
        case 'after.REDIRECT':
          return { ...seen, screen: 'empty', effects: [{ type: 'navigation.requested', to: HOME }] };
        default:
          throw new Error(`The cart oracle has no rule for ${event.type}`);
      }
    }
  }
}
