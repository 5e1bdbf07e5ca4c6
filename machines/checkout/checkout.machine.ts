/**
 * The checkout (spec 2.5-2.12, 4.1): review, delivery (collection for sell-back), details,
 * payment (none for sell-back) and confirmation, one active at a time, plus the payment
 * unsuccessful page, which is the checkout's error address.
 *
 * Pages and addresses. The actor starts on the page of `input.path` (location.pathname) and from
 * then on decides where the visitor goes: every move asks the app to navigate (see below). When
 * the visitor moves on their own (browser back or forward), the shop sends `checkout.pageOpened`
 * with the new path and the chart opens that page, reloading what it shows.
 *
 * Side effects leave the chart as emitted events, one pattern for all of them; the shop's effects
 * actor carries them out:
 * - `navigation.requested { to }`: go to `to`, an app path or the abandon-cart URL (which may be
 *   absolute; the app leaves the single-page app for it).
 * - `tracking.stepViewed { step }`: spec 4.1, the steps announced to tracking: information,
 *   payment, confirmation, announced when the page is entered (confirmation once its order is
 *   read completed).
 * - `order.confirmed { order }`: the completed order, for the marketing tracker's 'Order
 *   Completed' and the stored transaction data (spec 7.6); never for an order in any other state.
 * - `tracking.checkoutStarted { email, order }`: spec 7.6, 'Started Checkout Buy or Sell' when the
 *   details form's email field is left with an address (`details.emailEntered`), once an address.
 *
 * The pages that show the order's branch (a collection's confirmation, a sell-back's collection
 * page) read its address and opening times in a read actor of their own (systemId 'storeDetails').
 *
 * It tells the cart (`systemActor(system, SYSTEM_ID.cart)`) `countdown.stopRequested` at
 * confirmation (spec 4.3) and `cart.abandoned` once the cart is gone on the server; the cart tells
 * it `cart.checkedOut`.
 *
 * Sell-back has no payment: the chart does not decide that from the product but from the order
 * state the server returns after the details (and on loading the details page): 18 (completed,
 * a sell-back needs no card payment) goes straight to confirmation, 3 (payment pending) to
 * payment (domain/checkout-steps.ts stepAfterDetails). That is the payment page's own rule for
 * 18, applied one page early so a sell-back never shows the payment page.
 *
 * Failures are states: an order that cannot be loaded leaves the page in `loadFailed` with the
 * problem in context (`order.reloadRequested` tries again); a failed write keeps the page and
 * sets `problem` (title, detail) until `problem.dismissed`.
 */
import { checkoutSetup, loadFailed, loadingOrder, slotsOnScreen, velocityLimited } from './checkout.setup.ts';

export const checkoutMachine = checkoutSetup.createMachine({
  id: 'checkout',
  context: ({ input }) => ({
    appOrigin: input.appOrigin,
    abandonCartUrl: input.abandonCartUrl,
    openingPath: input.path,
    productId: input.productId ?? null,
    order: null,
    slots: [],
    selectedSlotId: null,
    pendingSlotId: null,
    details: null,
    submitResult: null,
    paymentUrl: null,
    problem: null,
    leaveTo: null,
    trackedEmail: null,
    storeDetailsFor: null,
    collectionBranches: null,
    chosenBranchId: null,
    now: input.now ?? Date.now,
    clockNow: (input.now ?? Date.now)(),
  }),
  initial: 'opening',
  on: {
    'checkout.pageOpened': {
      target: '.opening',
      actions: { type: 'rememberOpeningPath', params: ({ event }) => ({ path: event.path }) },
    },
    'problem.dismissed': { actions: 'forgetProblem' },
  },
  states: {
    opening: {
      always: [
        { guard: { type: 'isOpeningPage', params: { page: 'review' } }, target: 'inCheckout.review' },
        { guard: { type: 'isOpeningPage', params: { page: 'delivery' } }, target: 'inCheckout.delivery' },
        { guard: { type: 'isOpeningPage', params: { page: 'details' } }, target: 'inCheckout.details' },
        { guard: { type: 'isOpeningPage', params: { page: 'payment' } }, target: 'inCheckout.payment' },
        { guard: { type: 'isOpeningPage', params: { page: 'confirmation' } }, target: 'inCheckout.confirmation' },
        { guard: { type: 'isOpeningPage', params: { page: 'unsuccessful' } }, target: 'inCheckout.unsuccessful' },
        { target: 'left' },
      ],
    },

    inCheckout: {
      initial: 'review',
      on: {
        'checkout.closed': {
          target: 'leaving',
          actions: { type: 'setLeaveDestination', params: { exit: 'closeCheckout' } },
        },
      },
      states: {
        /** The page the checkout was on, to come back to when abandoning fails. */
        previous: { type: 'history', meta: { view: false } },

        /** The view-cart page: the cart machine owns it and creates the order; the notes you want run beside it. */
        review: {
          invoke: { id: 'noteMix', src: 'noteMix' },
          on: {
            'cart.checkedOut': { target: 'delivery', actions: { type: 'navigate', params: { to: 'delivery' } } },
          },
        },

        delivery: {
          initial: 'loadingOrder',
          states: {
            loadingOrder: loadingOrder([
              { guard: 'isOrderAlreadyCompleted', target: '#checkout.left', navigateTo: 'home' },
              { guard: 'isOrderPastDelivery', target: '#checkout.inCheckout.unsuccessful', navigateTo: 'unsuccessful' },
              { target: 'loadingSlots', showsBranchOf: 'delivery' },
            ]),
            loadingSlots: {
              tags: ['loading'],
              invoke: {
                id: 'loadDeliverySlots',
                src: 'loadDeliverySlots',
                onDone: {
                  target: 'choosingSlot',
                  // Each visit asks for a date: a choice from an earlier visit (the date that just
                  // sold out, say) is not shown as chosen while Next waits for a choice.
                  actions: ['forgetSlotChoice', { type: 'rememberSlots', params: ({ event }) => ({ slots: event.output }) }],
                },
                onError: {
                  target: 'loadFailed',
                  actions: { type: 'rememberProblem', params: ({ event }) => ({ error: event.error }) },
                },
              },
            },
            /**
             * The first date's cut-off passed while the page was open: the dates are asked for
             * again (the next one moves up); a choice still offered stays chosen.
             */
            refreshingSlots: {
              invoke: {
                id: 'loadDeliverySlots',
                src: 'loadDeliverySlots',
                onDone: [
                  {
                    guard: { type: 'isChosenSlotOffered', params: ({ event }) => ({ slots: event.output }) },
                    target: 'slotChosen',
                    actions: { type: 'rememberSlots', params: ({ event }) => ({ slots: event.output }) },
                  },
                  {
                    target: 'choosingSlot',
                    actions: ['forgetSlotChoice', { type: 'rememberSlots', params: ({ event }) => ({ slots: event.output }) }],
                  },
                ],
                onError: {
                  target: 'loadFailed',
                  actions: { type: 'rememberProblem', params: ({ event }) => ({ error: event.error }) },
                },
              },
            },
            loadFailed,
            choosingSlot: slotsOnScreen('choosingSlot'),
            savingSlot: {
              tags: ['savingSlot'],
              invoke: {
                id: 'saveDeliverySlot',
                src: 'saveDeliverySlot',
                input: ({ context }) => ({ slotId: context.pendingSlotId ?? '' }),
                onDone: {
                  target: 'slotChosen',
                  actions: ['acceptPendingSlot', { type: 'rememberOrder', params: ({ event }) => ({ order: event.output }) }],
                },
                onError: {
                  target: 'choosingSlot',
                  actions: ['forgetSlotChoice', { type: 'rememberProblem', params: ({ event }) => ({ error: event.error }) }],
                },
              },
            },
            slotChosen: slotsOnScreen('slotChosen'),
          },
        },

        details: {
          entry: { type: 'announceStep', params: { step: 'information' } },
          on: {
            'details.emailEntered': {
              guard: { type: 'isNewEmailForOrder', params: ({ event }) => ({ email: event.email.trim() }) },
              actions: { type: 'announceCheckoutStarted', params: ({ event }) => ({ email: event.email.trim() }) },
            },
          },
          initial: 'loadingOrder',
          states: {
            loadingOrder: loadingOrder([
              { guard: 'isCheckoutFailed', target: '#checkout.inCheckout.unsuccessful', navigateTo: 'unsuccessful' },
              { guard: 'isOrderAwaitingPayment', target: '#checkout.inCheckout.payment', navigateTo: 'payment' },
              { guard: 'isOrderCompleted', target: '#checkout.inCheckout.confirmation', navigateTo: 'confirmation' },
              { target: 'editing' },
            ]),
            loadFailed,
            editing: {
              on: {
                'details.submitted': {
                  target: 'submitting',
                  actions: { type: 'rememberDetails', params: ({ event }) => ({ details: event.details }) },
                },
              },
            },
            submitting: {
              tags: ['submitting'],
              invoke: {
                id: 'saveCustomerInfo',
                src: 'saveCustomerInfo',
                input: ({ context }) => ({ details: context.details! }),
                onDone: [
                  {
                    guard: { type: 'isSoldOut', params: ({ event }) => ({ response: event.output }) },
                    target: 'soldOut',
                  },
                  {
                    guard: { type: 'isIdentificationRequired', params: ({ event }) => ({ response: event.output }) },
                    target: 'identificationRequired',
                    actions: { type: 'rememberSubmitResult', params: ({ event }) => ({ response: event.output }) },
                  },
                  {
                    guard: { type: 'areDetailsAcceptedForPayment', params: ({ event }) => ({ response: event.output }) },
                    target: '#checkout.inCheckout.payment',
                    actions: { type: 'navigate', params: { to: 'payment' } },
                  },
                  {
                    guard: { type: 'areDetailsAcceptedAndOrderCompleted', params: ({ event }) => ({ response: event.output }) },
                    target: '#checkout.inCheckout.confirmation',
                    actions: { type: 'navigate', params: { to: 'confirmation' } },
                  },
                  {
                    guard: { type: 'isSubmittedOrderVelocityLimited', params: ({ event }) => ({ response: event.output }) },
                    target: 'velocityLimited',
                  },
                  {
                    target: '#checkout.inCheckout.unsuccessful',
                    actions: { type: 'navigate', params: { to: 'unsuccessful' } },
                  },
                ],
                onError: {
                  target: 'editing',
                  actions: { type: 'rememberProblem', params: ({ event }) => ({ error: event.error }) },
                },
              },
            },
            soldOut: {
              tags: ['soldOut'],
              on: {
                'deliverySlot.changeRequested': {
                  target: '#checkout.inCheckout.delivery',
                  actions: { type: 'navigate', params: { to: 'delivery' } },
                },
              },
            },
            /**
             * The velocity check refused the order: its modal shows here, on the page the shopper
             * was on. Return to the homepage abandons the checkout (spec 4.1); closed, the modal
             * leaves the form, whose submit asks the server again.
             */
            velocityLimited: velocityLimited('details'),
            identificationRequired: {
              tags: ['identificationRequired'],
              on: {
                'identification.continued': [
                  {
                    guard: 'isSubmittedOrderCompleted',
                    target: '#checkout.inCheckout.confirmation',
                    actions: { type: 'navigate', params: { to: 'confirmation' } },
                  },
                  {
                    target: '#checkout.inCheckout.payment',
                    actions: { type: 'navigate', params: { to: 'payment' } },
                  },
                ],
                'identification.homeRequested': {
                  target: '#checkout.left',
                  actions: { type: 'navigate', params: { to: 'home' } },
                },
                // Escape or the close control only closes the modal (WCAG 3.2.2): the shopper stays
                // on the form, whose submit asks the server again.
                'identification.dismissed': { target: 'editing' },
              },
            },
          },
        },

        payment: {
          entry: { type: 'announceStep', params: { step: 'payment' } },
          initial: 'loadingOrder',
          states: {
            loadingOrder: loadingOrder([
              { guard: 'needsPayment', target: 'creatingPaymentIntent' },
              { guard: 'isPaymentDone', target: '#checkout.inCheckout.confirmation', navigateTo: 'confirmation' },
              { target: '#checkout.inCheckout.unsuccessful', navigateTo: 'unsuccessful' },
            ]),
            loadFailed,
            creatingPaymentIntent: {
              tags: ['loading'],
              invoke: {
                id: 'createPaymentIntent',
                src: 'createPaymentIntent',
                onDone: [
                  {
                    guard: { type: 'isPaymentPageReady', params: ({ event }) => ({ url: event.output.url }) },
                    target: 'awaitingPayment',
                    actions: { type: 'rememberPaymentUrl', params: ({ event }) => ({ url: event.output.url }) },
                  },
                  {
                    target: '#checkout.inCheckout.unsuccessful',
                    actions: { type: 'navigate', params: { to: 'unsuccessful' } },
                  },
                ],
                onError: [
                  {
                    guard: { type: 'isProviderUnavailable', params: ({ event }) => ({ error: event.error }) },
                    target: 'providerUnavailable',
                  },
                  {
                    target: '#checkout.inCheckout.unsuccessful',
                    actions: { type: 'navigate', params: { to: 'unsuccessful' } },
                  },
                ],
              },
            },
            awaitingPayment: {
              tags: ['paymentFormShown'],
              invoke: {
                id: 'paymentFrame',
                src: 'paymentFrame',
                input: ({ context }) => ({ appOrigin: context.appOrigin, paymentUrl: context.paymentUrl ?? '' }),
                onDone: [
                  {
                    guard: { type: 'isPaymentReceived', params: ({ event }) => ({ output: event.output }) },
                    target: '#checkout.inCheckout.confirmation',
                    actions: { type: 'navigate', params: { to: 'confirmation' } },
                  },
                  {
                    guard: { type: 'isProviderUnavailableOutcome', params: ({ event }) => ({ output: event.output }) },
                    target: 'providerUnavailable',
                  },
                  {
                    target: '#checkout.inCheckout.unsuccessful',
                    actions: { type: 'navigate', params: { to: 'unsuccessful' } },
                  },
                ],
                onError: {
                  target: '#checkout.inCheckout.unsuccessful',
                  actions: { type: 'navigate', params: { to: 'unsuccessful' } },
                },
              },
              on: { 'frame.messageReceived': { actions: 'forwardToPaymentFrame' } },
            },
            /**
             * Issue 45 part 1: the card provider is unavailable (the intent failed with 503 or 504
             * or timed out, or the card page said so or never reported itself loaded). A collection
             * is offered 'Reserve now, pay at the branch' (the server decides whether it may); a
             * home delivery, which needs a card payment, is offered to collect from a branch that
             * holds its currency instead, or to try the card again. Moved to a branch (priced again
             * there, back at state 0), the order goes to the collection date, the details and the
             * payment page again, where a collection is offered the reservation.
             */
            providerUnavailable: {
              tags: ['providerUnavailable'],
              initial: 'choosingOffer',
              states: {
                choosingOffer: {
                  always: [{ guard: 'canReserveAtBranch', target: 'reserveOffered' }, { target: 'switchOffered' }],
                },
                reserveOffered: {
                  tags: ['reserveOffered'],
                  on: {
                    'reservation.requested': { target: 'reserving', actions: 'forgetProblem' },
                    'payment.retried': { target: '#checkout.inCheckout.payment.creatingPaymentIntent', actions: 'forgetProblem' },
                  },
                },
                reserving: {
                  tags: ['reserveOffered', 'reserving'],
                  invoke: {
                    id: 'reserveAtBranch',
                    src: 'reserveAtBranch',
                    onDone: {
                      target: '#checkout.inCheckout.confirmation',
                      actions: [{ type: 'rememberOrder', params: ({ event }) => ({ order: event.output }) }, { type: 'navigate', params: { to: 'confirmation' } }],
                    },
                    onError: {
                      target: 'reserveOffered',
                      actions: { type: 'rememberProblem', params: ({ event }) => ({ error: event.error }) },
                    },
                  },
                },
                switchOffered: {
                  tags: ['switchOffered'],
                  on: {
                    'collection.switchRequested': { target: 'findingBranches', actions: 'forgetProblem' },
                    'payment.retried': { target: '#checkout.inCheckout.payment.creatingPaymentIntent', actions: 'forgetProblem' },
                  },
                },
                /** The branches near the delivery address that hold all of the order's currency. */
                findingBranches: {
                  tags: ['findingBranches'],
                  invoke: {
                    id: 'loadCollectionBranches',
                    src: 'loadCollectionBranches',
                    onDone: {
                      target: 'choosingBranch',
                      actions: { type: 'rememberCollectionBranches', params: ({ event }) => ({ branches: event.output }) },
                    },
                    onError: {
                      target: 'switchOffered',
                      actions: { type: 'rememberProblem', params: ({ event }) => ({ error: event.error }) },
                    },
                  },
                },
                choosingBranch: {
                  tags: ['choosingBranch'],
                  on: {
                    'collection.branchChosen': {
                      guard: { type: 'isOfferedBranch', params: ({ event }) => ({ storeId: event.storeId }) },
                      target: 'switching',
                      actions: ['forgetProblem', { type: 'rememberChosenBranch', params: ({ event }) => ({ storeId: event.storeId }) }],
                    },
                    'collection.switchCancelled': { target: 'switchOffered', actions: 'forgetProblem' },
                  },
                },
                switching: {
                  tags: ['choosingBranch', 'switching'],
                  invoke: {
                    id: 'switchToCollection',
                    src: 'switchToCollection',
                    input: ({ context }) => ({ storeId: context.chosenBranchId ?? 0 }),
                    onDone: {
                      target: '#checkout.inCheckout.delivery',
                      actions: [{ type: 'rememberOrder', params: ({ event }) => ({ order: event.output }) }, { type: 'navigate', params: { to: 'delivery' } }],
                    },
                    onError: {
                      target: 'choosingBranch',
                      actions: { type: 'rememberProblem', params: ({ event }) => ({ error: event.error }) },
                    },
                  },
                },
              },
            },
          },
        },

        /**
         * Only a completed order is confirmed: tracking hears of it and the countdown stops once
         * it is read. An order still awaiting payment goes to the payment page, any other to the
         * error step (spec 4.1), with nothing announced.
         */
        confirmation: {
          initial: 'loadingOrder',
          on: {
            // The order is placed: the close link goes to / and abandons nothing.
            'checkout.closed': { target: '#checkout.left', actions: { type: 'navigate', params: { to: 'home' } } },
          },
          states: {
            loadingOrder: loadingOrder([
              { guard: 'isOrderConfirmed', target: 'showingOrder', announceConfirmed: true, showsBranchOf: 'confirmation' },
              // Issue 45 part 1: a reservation to pay at the branch is confirmed as such, never told to tracking as a completed order.
              { guard: 'isOrderReserved', target: 'showingReservation', showsBranchOf: 'confirmation' },
              { guard: 'isUnconfirmedOrderAwaitingPayment', target: '#checkout.inCheckout.payment', navigateTo: 'payment' },
              { target: '#checkout.inCheckout.unsuccessful', navigateTo: 'unsuccessful' },
            ]),
            loadFailed,
            showingOrder: {
              entry: [{ type: 'announceStep', params: { step: 'confirmation' } }, 'stopCountdown'],
            },
            /** Reserved, to pay at the branch: what to pay, by when, and what to bring. */
            showingReservation: {
              tags: ['reserved'],
              entry: [{ type: 'announceStep', params: { step: 'confirmation' } }, 'stopCountdown'],
            },
          },
        },

        /** The payment unsuccessful page: the checkout's error address. */
        unsuccessful: {
          initial: 'loadingOrder',
          on: {
            'checkout.left': {
              target: '#checkout.leaving',
              actions: { type: 'setLeaveDestination', params: { exit: 'leaveCheckout' } },
            },
          },
          states: {
            loadingOrder: loadingOrder([
              { guard: 'canTryAgain', target: 'retryOffered' },
              { guard: 'isVelocityLimited', target: 'velocityLimited' },
              { target: 'retryUnavailable' },
            ]),
            loadFailed,
            retryOffered: {
              tags: ['retryOffered'],
              on: {
                'payment.retried': {
                  target: '#checkout.inCheckout.payment',
                  actions: { type: 'navigate', params: { to: 'payment' } },
                },
              },
            },
            velocityLimited: velocityLimited('unsuccessful'),
            /** Only 'Leave checkout' is offered. */
            retryUnavailable: {},
          },
        },
      },
    },

    /** Abandoning the checkout (DELETE /cart), then "We've cleared your cart" and the redirect. */
    leaving: {
      initial: 'abandoning',
      states: {
        abandoning: {
          tags: ['abandoning'],
          invoke: {
            id: 'abandonCart',
            src: 'abandonCart',
            onDone: { target: 'cartCleared', actions: 'announceAbandonedCart' },
            onError: {
              target: '#checkout.inCheckout.previous',
              actions: { type: 'rememberProblem', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
        cartCleared: {
          tags: ['cartCleared'],
          after: { REDIRECT: { target: '#checkout.left', actions: 'navigateToLeaveDestination' } },
        },
      },
    },

    /** The visitor was sent out of the checkout; a `checkout.pageOpened` brings them back. */
    left: { meta: { view: false } },
  },
});

export type CheckoutMachine = typeof checkoutMachine;
