/**
 * What the shopper sees in the checkout and where they go, written from the spec (2.5-2.12, 4.1,
 * 4.3, 8), not from the chart: a small reference model that a path feeds the same inputs (the
 * page opened, the order state read, the answer of a call, the message from the payment frame,
 * the timer) and that says, after each, the page, what it shows (the tags the views read), and
 * the side effects the shop must ask for (navigation, tracking, countdown, the abandoned cart).
 * The path tests compare the real actor's observable outputs with it, so a guard that decides
 * wrongly fails a path even though the model of the path is the same (wrong) chart.
 */
import type { AnyEventObject } from 'xstate';
import type { CheckoutPage } from '#domain/checkout-steps.ts';

/** The spec's order states (4.1). */
export const CREATED = 0;
export const VELOCITY_CHECK_FAILED = 1;
export const PAYMENT_PENDING = 3;
export const CHECKOUT_FAILED = 16;
export const COMPLETED = 18;
/** Issue 45 part 1: reserved, to be paid at the branch. */
export const RESERVED_PAY_AT_BRANCH = 5;
/** Issue 45 part 1: the click-and-collect product, the only one a reservation is offered to. */
export const CLICK_AND_COLLECT = 2;

/** The addresses of the checkout's pages for the buy products (2.6-2.14). */
export const PAGE_PATHS: Record<CheckoutPage, string> = {
  review: '/checkout/view-cart',
  delivery: '/checkout/delivery-options',
  details: '/checkout/customer-information',
  payment: '/checkout/payment',
  confirmation: '/checkout/order-confirmation',
  unsuccessful: '/checkout/payment-unsuccessful',
};
export const HOME = '/';

type Goal = CheckoutPage | 'home' | 'stay';

/** Delivery page on load (4.1): completed goes to /; any state other than 0 to the error address; 0 stays. */
export const DELIVERY_PAGE_ON_LOAD: Record<number, Goal> = {
  [CREATED]: 'stay',
  [VELOCITY_CHECK_FAILED]: 'unsuccessful',
  [PAYMENT_PENDING]: 'unsuccessful',
  [CHECKOUT_FAILED]: 'unsuccessful',
  [COMPLETED]: 'home',
  // Issue 45 part 1: a reservation is placed, as a completed order is.
  [RESERVED_PAY_AT_BRANCH]: 'home',
};

/**
 * Information page on load (4.1): payment-pending or completed goes to the next step,
 * checkout-failed to the error step. The next step of a completed order is the confirmation: it
 * needs no card payment (sell-back; the payment page would send it on to confirmation at once).
 */
export const DETAILS_PAGE_ON_LOAD: Record<number, Goal> = {
  [CREATED]: 'stay',
  [VELOCITY_CHECK_FAILED]: 'stay',
  [PAYMENT_PENDING]: 'payment',
  [CHECKOUT_FAILED]: 'unsuccessful',
  [COMPLETED]: 'confirmation',
  [RESERVED_PAY_AT_BRANCH]: 'confirmation',
};

/**
 * After a successful submit with no modal (4.1): payment-pending or completed to the next step,
 * else the error step; velocity-check-failed opens the velocity modal (4.1, 8) where the order was
 * refused, on the details page: the shopper never reached payment.
 */
export const DETAILS_ACCEPTED: Record<number, Goal | 'velocityModal'> = {
  [CREATED]: 'unsuccessful',
  [VELOCITY_CHECK_FAILED]: 'velocityModal',
  [PAYMENT_PENDING]: 'payment',
  [CHECKOUT_FAILED]: 'unsuccessful',
  [COMPLETED]: 'confirmation',
};

/** Payment page on load (4.1): payment-pending starts the hosted payment; completed goes on; anything else to the error step. */
export const PAYMENT_PAGE_ON_LOAD: Record<number, Goal> = {
  [CREATED]: 'unsuccessful',
  [VELOCITY_CHECK_FAILED]: 'unsuccessful',
  [PAYMENT_PENDING]: 'stay',
  [CHECKOUT_FAILED]: 'unsuccessful',
  [COMPLETED]: 'confirmation',
  [RESERVED_PAY_AT_BRANCH]: 'confirmation',
};

/**
 * Confirmation page on load (4.1, issue 43): only a completed order is confirmed; payment-pending
 * goes back to the payment page, anything else to the error step.
 */
export const CONFIRMATION_PAGE_ON_LOAD: Record<number, Goal> = {
  [CREATED]: 'unsuccessful',
  [VELOCITY_CHECK_FAILED]: 'unsuccessful',
  [PAYMENT_PENDING]: 'payment',
  [CHECKOUT_FAILED]: 'unsuccessful',
  [COMPLETED]: 'stay',
  // Shown as a reservation (issue 45 part 1), never reported as a completed order.
  [RESERVED_PAY_AT_BRANCH]: 'stay',
};

/** Unsuccessful page (2.11, 4.1): Try again for payment-pending or completed; the velocity modal for velocity-check-failed. */
export const UNSUCCESSFUL_PAGE: Record<number, 'tryAgain' | 'velocityModal' | 'leaveOnly'> = {
  [CREATED]: 'leaveOnly',
  [VELOCITY_CHECK_FAILED]: 'velocityModal',
  [PAYMENT_PENDING]: 'tryAgain',
  [CHECKOUT_FAILED]: 'leaveOnly',
  [COMPLETED]: 'tryAgain',
  [RESERVED_PAY_AT_BRANCH]: 'leaveOnly',
};

/**
 * Issue 45 part 1: the card provider is unavailable when the payment intent fails with 503 or 504
 * (the shop's own 'payment-provider-unavailable' among them) or times out; any other failure is
 * the error step's, as before.
 */
export function isProviderUnavailableFailure(error: unknown): boolean {
  const e = error as { status?: unknown; name?: unknown; problem?: { status?: unknown; type?: unknown } } | null;
  const status = e?.status ?? e?.problem?.status;
  if (status === 503 || status === 504 || e?.problem?.type === 'payment-provider-unavailable') return true;
  return status === undefined && e?.name === 'TimeoutError';
}

/** The payment frame's outcome (4.1): payment received goes to the next step, failed to the error step. */
export const PAYMENT_OUTCOME: Record<string, CheckoutPage> = { received: 'confirmation', failed: 'unsuccessful' };

/**
 * The steps announced to tracking (4.1): information and payment as their page is entered;
 * confirmation once its order is read completed, with the order reported (7.6) and the countdown
 * stopped (4.3). A page that finds the order not completed sends it on with none of these.
 */
export const TRACKED_STEPS: Partial<Record<CheckoutPage, string>> = { details: 'information', payment: 'payment', confirmation: 'confirmation' };
const TRACKED_ON_ENTRY: Partial<Record<CheckoutPage, string>> = { details: TRACKED_STEPS.details, payment: TRACKED_STEPS.payment };

/** What a page shows, as the views read it (the chart's tags). */
export type Screen =
  | 'review'
  | 'loading'
  | 'loadFailed'
  | 'choosingSlot'
  | 'savingSlot'
  | 'slotChosen'
  /** The first date's cut-off passed: the dates are asked for again, the list stays shown. */
  | 'refreshingSlots'
  | 'editing'
  | 'submitting'
  | 'soldOutModal'
  | 'identificationModal'
  | 'cardForm'
  | 'order'
  | 'tryAgain'
  | 'velocityModal'
  | 'leaveOnly'
  | 'abandoning'
  | 'cartCleared'
  | 'gone'
  /** Issue 45 part 1: cards fail; a collection is offered to reserve and pay at the branch (or to try the card again). */
  | 'reserveOffer'
  | 'reserving'
  /** Cards fail on a home delivery: collect from a branch that holds the currency instead, or try the card again. */
  | 'switchOffer'
  /** The branches holding the order's currency are on their way; then listed; then the order moves to the one chosen. */
  | 'findingBranches'
  | 'branchChoice'
  | 'switching'
  /** The confirmation of a reservation to pay at the branch. */
  | 'reservation';

/** The tags a screen shows; every other tag must be off. */
export const SCREEN_TAGS: Record<Screen, string[]> = {
  review: [],
  loading: ['loading'],
  loadFailed: ['loadFailed'],
  choosingSlot: [],
  savingSlot: ['savingSlot'],
  slotChosen: [],
  refreshingSlots: [],
  editing: [],
  submitting: ['submitting'],
  soldOutModal: ['soldOut'],
  identificationModal: ['identificationRequired'],
  cardForm: ['paymentFormShown'],
  order: [],
  tryAgain: ['retryOffered'],
  velocityModal: ['velocityLimited'],
  leaveOnly: [],
  abandoning: ['abandoning'],
  cartCleared: ['cartCleared'],
  gone: [],
  reserveOffer: ['providerUnavailable', 'reserveOffered'],
  reserving: ['providerUnavailable', 'reserveOffered', 'reserving'],
  switchOffer: ['providerUnavailable', 'switchOffered'],
  findingBranches: ['providerUnavailable', 'findingBranches'],
  branchChoice: ['providerUnavailable', 'choosingBranch'],
  switching: ['providerUnavailable', 'choosingBranch', 'switching'],
  reservation: ['reserved'],
};

/** Screens where the card can be tried again: 'Try again?' and the provider-unavailable offers. */
export const CARD_RETRY_SCREENS: readonly Screen[] = ['tryAgain', 'reserveOffer', 'switchOffer'];

export interface Seen {
  /** The checkout page the shopper is on, or null once sent out of the checkout. */
  page: CheckoutPage | null;
  screen: Screen;
  /** A problem (title, detail) is shown. */
  problem: boolean;
  /** What the shop must do because of this step, in any order. */
  effects: AnyEventObject[];
  /** Remembered between steps. */
  submittedState: number | null;
  leaveTo: string | null;
  returnTo: CheckoutPage | null;
  /** The delivery page's dates: their ids, whether the first one's cut-off has passed, the one chosen. */
  slotIds: string[];
  cutOffPassed: boolean;
  pendingSlot: string | null;
  chosenSlot: string | null;
  /** The order as last read, and the address 'Started Checkout Buy or Sell' went with (7.6). */
  order: unknown;
  trackedEmail: string | null;
  /** The branches offered instead of a home delivery (issue 45 part 1). */
  branchIds: number[];
}

export interface CheckoutOracleOptions {
  abandonCartUrl: string;
}

const pageOfPath = (path: string): CheckoutPage | null =>
  (Object.entries(PAGE_PATHS) as Array<[CheckoutPage, string]>).find(([, p]) => p === path)?.[0] ?? null;

const isHostedPage = (url: string): boolean => /^https?:\/\//.test(url);

/** The checkout as the spec describes it, one input at a time. */
export function checkoutOracle(options: CheckoutOracleOptions) {
  const enter = (seen: Seen, page: CheckoutPage | null, navigate: boolean): Seen => {
    const effects: AnyEventObject[] = [];
    if (navigate) effects.push({ type: 'navigation.requested', to: page === null ? HOME : PAGE_PATHS[page] });
    if (page !== null && TRACKED_ON_ENTRY[page]) effects.push({ type: 'tracking.stepViewed', step: TRACKED_ON_ENTRY[page] });
    const screen: Screen = page === null ? 'gone' : page === 'review' ? 'review' : 'loading';
    return { ...seen, page, screen, effects };
  };
  const goTo = (seen: Seen, goal: Goal): Seen =>
    goal === 'stay' ? seen : goal === 'home' ? enter(seen, null, true) : enter(seen, goal, true);
  const show = (seen: Seen, screen: Screen, effects: AnyEventObject[] = []): Seen => ({ ...seen, screen, effects });
  const accepted = (seen: Seen, goal: Goal | 'velocityModal'): Seen => (goal === 'velocityModal' ? show(seen, 'velocityModal') : goTo(seen, goal));
  const fail = (seen: Seen, screen: Screen): Seen => ({ ...show(seen, screen), problem: true });
  // While the cart is abandoned and cleared the shopper is on no checkout page any more.
  const abandon = (seen: Seen, leaveTo: string): Seen => ({ ...show(seen, 'abandoning'), page: null, leaveTo, returnTo: seen.page });
  const stateOf = (event: AnyEventObject): number => (event.output as { state: { value: number } }).state.value;
  // Issue 45 part 1: cards fail; what the payment page offers depends on the order's product.
  const providerUnavailable = (seen: Seen): Seen =>
    show(seen, (seen.order as { product?: { id?: number } } | null)?.product?.id === CLICK_AND_COLLECT ? 'reserveOffer' : 'switchOffer');

  return {
    start(path: string): Seen {
      const none: Seen = {
        page: null,
        screen: 'gone',
        problem: false,
        effects: [],
        submittedState: null,
        leaveTo: null,
        returnTo: null,
        slotIds: [],
        cutOffPassed: false,
        pendingSlot: null,
        chosenSlot: null,
        order: null,
        trackedEmail: null,
        branchIds: [],
      };
      return enter(none, pageOfPath(path), false);
    },

    next(before: Seen, event: AnyEventObject): Seen {
      const seen: Seen = { ...before, effects: [] };
      const { page, screen } = seen;
      const type = event.type.replace(/^xstate\.after\.REDIRECT\..*$/, 'redirect').replace(/^xstate\.after\.CUT_OFF_TICK\..*$/, 'cutOffTick');
      switch (type) {
        // The shopper opened an address themselves: no navigation is asked for.
        case 'checkout.pageOpened':
          return enter(seen, pageOfPath(event.path as string), false);
        case 'cart.checkedOut':
          return goTo(seen, 'delivery');
        case 'order.reloadRequested':
          return show(seen, 'loading');
        case 'problem.dismissed':
          return { ...seen, problem: false };

        // Spec 7.6: the details form's email field left with an address (something@something):
        // 'Started Checkout Buy or Sell' with the order, once an address.
        case 'details.emailEntered': {
          const email = String(event.email).trim();
          if (page !== 'details' || seen.order === null || !/^[^\s@]+@[^\s@]+$/.test(email) || email === seen.trackedEmail) return seen;
          return { ...seen, trackedEmail: email, effects: [{ type: 'tracking.checkoutStarted', email, order: seen.order }] };
        }

        case 'xstate.done.actor.loadOrder': {
          const state = stateOf(event);
          seen.order = event.output;
          if (page === 'delivery') return DELIVERY_PAGE_ON_LOAD[state] === 'stay' ? show(seen, 'loading') : goTo(seen, DELIVERY_PAGE_ON_LOAD[state]!);
          if (page === 'details') return DETAILS_PAGE_ON_LOAD[state] === 'stay' ? show(seen, 'editing') : goTo(seen, DETAILS_PAGE_ON_LOAD[state]!);
          // Payment-pending starts the hosted payment: the spinner stays until its URL arrives.
          if (page === 'payment') return PAYMENT_PAGE_ON_LOAD[state] === 'stay' ? show(seen, 'loading') : goTo(seen, PAYMENT_PAGE_ON_LOAD[state]!);
          if (page === 'confirmation') {
            if (CONFIRMATION_PAGE_ON_LOAD[state] !== 'stay') return goTo(seen, CONFIRMATION_PAGE_ON_LOAD[state]!);
            // A reservation: the confirmation step is announced and the countdown stops, but no order is reported as completed.
            if (state === RESERVED_PAY_AT_BRANCH) {
              return show(seen, 'reservation', [{ type: 'tracking.stepViewed', step: TRACKED_STEPS.confirmation }, { type: 'countdown.stopRequested' }]);
            }
            return show(seen, 'order', [
              { type: 'order.confirmed', order: event.output },
              { type: 'tracking.stepViewed', step: TRACKED_STEPS.confirmation },
              // The countdown stops at confirmation (4.3).
              { type: 'countdown.stopRequested' },
            ]);
          }
          if (page === 'unsuccessful') return show(seen, UNSUCCESSFUL_PAGE[state]!);
          throw new Error(`An order read on ${page}`);
        }
        case 'xstate.error.actor.loadOrder':
        case 'xstate.error.actor.loadDeliverySlots':
          return fail(seen, 'loadFailed');
        case 'xstate.done.actor.loadDeliverySlots': {
          const slots = event.output as Array<{ id: string; orderBy?: string }>;
          const first = slots[0]?.orderBy;
          const listed = { ...seen, slotIds: slots.map((slot) => slot.id), cutOffPassed: first !== undefined && Date.parse(first) <= Date.now() };
          // Asked again after a cut-off: a date still offered stays chosen. Every visit asks anew.
          if (screen === 'refreshingSlots' && seen.chosenSlot !== null && listed.slotIds.includes(seen.chosenSlot)) return show(listed, 'slotChosen');
          return show({ ...listed, chosenSlot: null, pendingSlot: null }, 'choosingSlot');
        }
        // The delivery page reads its clock each whole minute; the first date's cut-off passing
        // while it is open asks for the dates again (the next date moves up).
        case 'cutOffTick':
          return seen.cutOffPassed ? show(seen, 'refreshingSlots') : seen;

        case 'deliverySlot.chosen':
          return show({ ...seen, pendingSlot: event.slotId as string }, 'savingSlot');
        case 'xstate.done.actor.saveDeliverySlot':
          return show({ ...seen, chosenSlot: seen.pendingSlot, pendingSlot: null }, 'slotChosen');
        case 'xstate.error.actor.saveDeliverySlot':
          return fail({ ...seen, chosenSlot: null, pendingSlot: null }, 'choosingSlot');
        case 'delivery.submitted':
          return goTo(seen, 'details');

        case 'details.submitted':
          return show(seen, 'submitting');
        case 'xstate.done.actor.saveCustomerInfo': {
          const response = event.output as 'NoStock' | { showAMLPopup: boolean; state: { value: number } };
          // 'Oh snap!': the branch has just sold out (2.8, 8).
          if (response === 'NoStock') return show(seen, 'soldOutModal');
          if (response.showAMLPopup) return { ...show(seen, 'identificationModal'), submittedState: response.state.value };
          return accepted(seen, DETAILS_ACCEPTED[response.state.value]!);
        }
        case 'xstate.error.actor.saveCustomerInfo':
          return fail(seen, 'editing');
        case 'deliverySlot.changeRequested':
          return goTo(seen, 'delivery');
        // The identification modal's Continue goes to the next step; Return to the homepage to /.
        case 'identification.continued':
          return accepted(seen, DETAILS_ACCEPTED[seen.submittedState ?? PAYMENT_PENDING]!);
        case 'identification.homeRequested':
          return goTo(seen, 'home');
        // Closed by Escape or its close control, the modal only closes: the form again (WCAG 3.2.2).
        case 'identification.dismissed':
          return show(seen, 'editing');

        case 'xstate.done.actor.createPaymentIntent':
          return isHostedPage((event.output as { url: string }).url) ? show(seen, 'cardForm') : goTo(seen, 'unsuccessful');
        case 'xstate.error.actor.createPaymentIntent':
          return isProviderUnavailableFailure(event.error) ? providerUnavailable(seen) : goTo(seen, 'unsuccessful');
        // The frame's messages are its own business until it decides (payment-frame oracle).
        case 'frame.messageReceived':
          return seen;
        case 'xstate.done.actor.paymentFrame': {
          const outcome = (event.output as { outcome: string }).outcome;
          return outcome === 'providerUnavailable' ? providerUnavailable(seen) : goTo(seen, PAYMENT_OUTCOME[outcome]!);
        }
        // Issue 45 part 1: 'Reserve now, pay at the branch'; the server's answer is the order reserved (confirmation) or a problem shown with the offer.
        case 'reservation.requested':
          return screen === 'reserveOffer' ? { ...show(seen, 'reserving'), problem: false } : seen;
        case 'xstate.done.actor.reserveAtBranch':
          return goTo({ ...seen, order: event.output }, 'confirmation');
        case 'xstate.error.actor.reserveAtBranch':
          return fail(seen, 'reserveOffer');
        case 'xstate.error.actor.paymentFrame':
          return goTo(seen, 'unsuccessful');
        // Issue 45 part 1, a home delivery: 'Collect from a branch instead' lists the branches that hold
        // its currency; one of them chosen moves the order there (priced again, state 0) and the
        // shopper chooses a collection date; a branch the list did not offer is never asked for.
        case 'collection.switchRequested':
          return screen === 'switchOffer' ? { ...show(seen, 'findingBranches'), problem: false } : seen;
        case 'xstate.done.actor.loadCollectionBranches':
          return { ...show(seen, 'branchChoice'), branchIds: (event.output as { items: { storeId: number }[] }).items.map((b) => b.storeId) };
        case 'xstate.error.actor.loadCollectionBranches':
          return fail(seen, 'switchOffer');
        case 'collection.branchChosen':
          return screen === 'branchChoice' && seen.branchIds.includes(event.storeId as number) ? { ...show(seen, 'switching'), problem: false } : seen;
        case 'collection.switchCancelled':
          return screen === 'branchChoice' ? { ...show(seen, 'switchOffer'), problem: false } : seen;
        case 'xstate.done.actor.switchToCollection':
          return goTo({ ...seen, order: event.output }, 'delivery');
        case 'xstate.error.actor.switchToCollection':
          return fail(seen, 'branchChoice');

        case 'payment.retried':
          // On the provider-unavailable offer: the payment is asked for again, on the same page.
          if (screen === 'reserveOffer' || screen === 'switchOffer') return { ...show(seen, 'loading'), problem: false };
          return goTo(seen, 'payment');
        // Leave checkout abandons the checkout then goes to the abandon-cart URL (4.1).
        case 'checkout.left':
          return abandon(seen, options.abandonCartUrl);
        // The velocity modal's Return to the homepage abandons the checkout then goes to / (4.1).
        case 'velocity.homeRequested':
          return abandon(seen, HOME);
        // The close button abandons the cart (2.5); on confirmation it is a close link to /.
        case 'checkout.closed':
          return page === 'confirmation' ? goTo(seen, 'home') : abandon(seen, HOME);
        // "We've cleared your cart", then the redirect after 1 second (4.3).
        case 'xstate.done.actor.abandonCart':
          return show(seen, 'cartCleared', [{ type: 'cart.abandoned' }]);
        case 'xstate.error.actor.abandonCart':
          return { ...enter(seen, seen.returnTo, false), problem: true };
        case 'redirect':
          if (screen !== 'cartCleared') throw new Error('A redirect with no cart cleared');
          return { ...seen, page: null, screen: 'gone', effects: [{ type: 'navigation.requested', to: seen.leaveTo ?? HOME }] };
        default:
          throw new Error(`The checkout oracle has no rule for ${event.type}`);
      }
    },
  };
}
