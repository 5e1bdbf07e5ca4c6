/**
 * The cart (spec 2.3, 2.6, 4.3, 5.1, 8): none, then created with the first line, then lines
 * added, updated (sent 600 ms after typing stops) or deleted, then checkout (the order is
 * created). One actor serves the header cart and the view-cart page; the countdown runs as its
 * child (`countdown`) from the moment a cart exists until the order is confirmed.
 *
 * The view-cart page's rules (domain/cart-rules.ts and view-cart-rules.ts: the Buyback and Refund
 * questions and the spend rule) are its guards (cart.setup.ts) and its selectors
 * (view-cart.selectors.ts). The server
 * settles the guarantee choices on every cart write; the chart only sends the shopper's answers
 * and refuses to proceed until every shown question is answered.
 *
 * As the view-cart page opens, the shop sends `cart.viewOpened` with what its query asks for
 * (domain/cart-link.ts): a line to add (creating the cart when there is none), a web cart to
 * recreate, or just the cart, where no cart means 'You have no cart' and / one second after the
 * page shows it (`cart.noCartShown`); so
 * does a cart the link's line could not create, whose problem pops up too.
 *
 * Add to cart is a conversation: the calculator or the 'Add new currency' form sends
 * `cart.lineAdded { line, replyTo }` and the cart answers the sender `cart.lineSaved`, or
 * `cart.lineRefused { problem }`. A line asked for while the cart is being read or written is
 * kept and added once the cart is settled; a cart that could not be read, or is checked out,
 * refuses it with its problem.
 *
 * It talks to the other actors of the shop's system (`systemActor`, ../system.ts): it tells the checkout
 * `cart.checkedOut` once POST /cart/checkout created the order, the calculator `cart.updated`
 * when its product, branch or currency change, and the 'Add new currency' form
 * `cart.linesChanged`. The checkout's `countdown.stopRequested` is kept until the countdown runs.
 *
 * A quantity not above 0 is refused with its message, and focus returns to its box (`invalidLine`).
 *
 * Side effects leave as emitted events (the shop's effects actor carries them out):
 * - `navigation.requested { to }` after "We've cleared your cart", after 'You have no cart' and
 *   for the header's 'Review & checkout' (refused, like checkout, once the cart has expired);
 * - `error.reported { error, where }` for failures nobody sees otherwise.
 */
import { and, not, type SnapshotFrom } from 'xstate';
import { cartSetup, creatingCart, keepAnsweredCart, keepProblem, lineOf, refuseLine, savingGuarantee } from './cart.setup.ts';

export const cartMachine = cartSetup.createMachine({
  id: 'cart',
  context: ({ input }) => ({
    siteId: input.siteId,
    settings: input.settings,
    siteProducts: input.siteProducts ?? [],
    affiliateCode: input.affiliateCode ?? null,
    now: input.now ?? Date.now,
    checkedOutOnOpening: input.checkedOut ?? false,
    cart: null,
    request: null,
    pendingLine: null,
    lineRequester: null,
    queuedLine: null,
    lineEdits: {},
    sendingLineId: null,
    lineErrors: {},
    invalidLine: null,
    removingLineId: null,
    pendingChoice: null,
    showGuaranteeErrors: false,
    proceedRequested: false,
    countdownStopRequested: false,
    problem: null,
    extensionProblem: null,
  }),
  initial: 'opening',
  on: {
    // Kept until the cart is known; the states that can act on it at once say so.
    'cart.viewOpened': { actions: { type: 'rememberRequest', params: ({ event }) => ({ request: event.request }) } },
    // A line being saved when the cart is dropped or read again is asked for again once the cart
    // is settled, so its requester always hears an answer.
    'cart.abandoned': { target: '.none', actions: ['requeueLineInFlight', 'forgetCart'] },
    'cart.refreshRequested': { target: '.loading', actions: 'requeueLineInFlight' },
    'problem.dismissed': { actions: 'forgetProblem' },
    // Asked for while the cart is being read or written: kept until it is settled.
    'cart.lineAdded': { actions: { type: 'queueLine', params: ({ event }) => ({ line: event.line, replyTo: event.replyTo ?? null }) } },
    // Kept until the countdown runs.
    'countdown.stopRequested': { actions: 'rememberCountdownStop' },
  },
  states: {
    /** The cart is read, unless the page opened is reached only once it is checked out. */
    opening: {
      always: [{ guard: 'isCheckedOutOnOpening', target: 'orderPlaced' }, { target: 'loading' }],
    },

    /**
     * The page opened is reached only once the cart is checked out (the payment provider's return
     * page, in its frame): the cart is the order being paid for, which GET /api/cart no longer
     * answers once the order is completed, so it is not asked for. A line asked for is refused.
     * No screen shows the cart here.
     */
    orderPlaced: {
      tags: ['checkedOut'],
      meta: { view: false },
      on: { 'cart.lineAdded': { actions: { type: 'refuseLine', params: ({ event }) => ({ replyTo: event.replyTo ?? null }) } } },
    },

    loading: {
      tags: ['loading'],
      invoke: {
        id: 'fetchCart',
        src: 'fetchCart',
        onDone: {
          target: 'settling',
          actions: keepAnsweredCart,
        },
        onError: [
          // 404: no cart; 401/403: the session is being replaced, so neither is this cart.
          {
            guard: { type: 'isCartMissing', params: ({ event }) => ({ error: event.error }) },
            target: 'settling',
            actions: 'forgetCart',
          },
          {
            target: 'unavailable',
            actions: keepProblem,
          },
        ],
      },
    },

    /** Decides where a known cart (or its absence) and the view-cart request lead. */
    settling: {
      always: [
        { guard: 'isRecreateRequested', target: 'recreating' },
        { guard: and(['isLineRequested', 'hasCart']), target: 'open.lines.addingLine', actions: 'takeRequestedLine' },
        { guard: 'isLineRequested', target: 'creatingFromLink', actions: 'takeRequestedLine' },
        { guard: 'hasCart', target: 'open', actions: 'forgetRequest' },
        { guard: 'isViewRequested', target: 'noCart', actions: 'forgetRequest' },
        { target: 'none' },
      ],
    },

    none: {
      tags: ['empty'],
      always: { guard: 'hasQueuedLine', target: 'creating', actions: 'takeQueuedLine' },
      on: {
        'cart.viewOpened': {
          target: 'settling',
          actions: { type: 'rememberRequest', params: ({ event }) => ({ request: event.request }) },
        },
        'cart.lineAdded': {
          target: 'creating',
          actions: { type: 'rememberPendingLine', params: ({ event }) => ({ line: event.line, replyTo: event.replyTo ?? null }) },
        },
      },
    },

    /**
     * 'You have no cart', then / one second after the shopper sees it (spec 4.3, 8): the
     * view-cart page tells the cart once it shows the notice (`cart.noCartShown`), since its own
     * code may still be on its way when the cart knows there is none.
     */
    noCart: {
      tags: ['noCart', 'empty'],
      initial: 'unseen',
      states: {
        unseen: { on: { 'cart.noCartShown': 'shown' } },
        shown: { after: { REDIRECT: { target: '#cart.none', actions: 'goHome' } } },
      },
    },

    unavailable: {
      tags: ['unavailable'],
      entry: 'refuseQueuedLine',
      on: { 'cart.lineAdded': { actions: { type: 'refuseLine', params: ({ event }) => ({ replyTo: event.replyTo ?? null }) } } },
    },

    /** Add to cart with no cart yet: refused, the calculator shows why and stays as it was. */
    creating: creatingCart('none'),

    /**
     * The view-cart link's line, with no cart yet. Refused, there is no cart to show and none
     * coming: the problem pops up (spec 8) and the page says 'You have no cart', then goes to /
     * a second later (spec 4.3, 8), rather than waiting on a cart that will not be made.
     */
    creatingFromLink: creatingCart('noCart'),

    recreating: {
      tags: ['loading'],
      exit: 'forgetRequest',
      invoke: {
        id: 'recreateCart',
        src: 'recreateCart',
        input: ({ context }) => ({ webCartId: context.request?.kind === 'recreate' ? context.request.webCartId : '' }),
        onDone: {
          target: 'open',
          actions: keepAnsweredCart,
        },
        onError: {
          target: 'unavailable',
          actions: keepProblem,
        },
      },
    },

    /** A cart exists; its countdown runs until the order is confirmed. */
    open: {
      type: 'parallel',
      entry: 'stopCountdownIfRequested',
      invoke: {
        id: 'countdown',
        src: 'countdown',
        input: ({ context }) => ({ expiresAt: context.cart?.expiresAt ?? '', now: context.now }),
        onError: {
          actions: { type: 'reportError', params: ({ event }) => ({ error: event.error, where: 'cart.countdown' }) },
        },
      },
      on: {
        'cart.viewOpened': {
          target: 'settling',
          actions: { type: 'rememberRequest', params: ({ event }) => ({ request: event.request }) },
        },
        'countdown.stopRequested': { actions: ['rememberCountdownStop', 'stopCountdown'] },
        // 'Cart expired': a checkout waiting for typed amounts is called off.
        'countdown.expired': { actions: 'forgetProceed' },
        'cart.reviewRequested': { guard: and(['hasLines', not('isCartExpired')]), actions: 'goToViewCart' },
        // Typed while another write is on its way: kept, and sent once the chart is editable again.
        'cart.lineChanged': [
          {
            guard: { type: 'isQuantityInvalid', params: ({ event }) => ({ qty: event.qty }) },
            actions: [
              { type: 'rejectLineEdit', params: ({ event }) => ({ lineId: event.lineId }) },
              { type: 'returnFocusToLine', params: ({ event }) => ({ lineId: event.lineId }) },
            ],
          },
          {
            guard: { type: 'isLineInCart', params: ({ event }) => ({ lineId: event.lineId }) },
            actions: { type: 'rememberLineEdit', params: ({ event }) => ({ lineId: event.lineId, qty: event.qty ?? 0 }) },
          },
        ],
      },
      states: {
        lines: {
          initial: 'editable',
          states: {
          editable: {
            initial: 'resuming',
            on: {
              // Each keystroke starts the 600 ms pause again; a quantity not above 0 is refused by \`open\`.
              'cart.lineChanged': {
                guard: { type: 'isValidEditOfLine', params: ({ event }) => ({ lineId: event.lineId, qty: event.qty }) },
                target: '.editing',
                actions: { type: 'rememberLineEdit', params: ({ event }) => ({ lineId: event.lineId, qty: event.qty ?? 0 }) },
              },
              'cart.lineRemoved': {
                guard: { type: 'isLineInCart', params: ({ event }) => ({ lineId: event.lineId }) },
                target: '#cart.open.lines.removingLine',
                actions: { type: 'rememberRemoval', params: ({ event }) => ({ lineId: event.lineId }) },
              },
              'cart.lineAdded': {
                target: '#cart.open.lines.addingLine',
                actions: { type: 'rememberPendingLine', params: ({ event }) => ({ line: event.line, replyTo: event.replyTo ?? null }) },
              },
              'cart.buybackChosen': {
                guard: 'isBuybackEligible',
                target: '#cart.open.lines.savingBuyback',
                actions: { type: 'rememberChoice', params: ({ event }) => ({ choice: event.choice }) },
              },
              'cart.refundChosen': {
                guard: 'isRefundOffered',
                target: '#cart.open.lines.savingRefund',
                actions: { type: 'rememberChoice', params: ({ event }) => ({ choice: event.choice }) },
              },
              'cart.checkoutRequested': [
                // An expired cart cannot be checked out (spec 4.3, 8: 'Cart expired').
                { guard: 'isCartExpired' },
                // Typed amounts are sent first; the checkout follows once they are saved.
                { guard: 'hasPendingEdits', target: '.updatingLine', actions: 'rememberProceed' },
                { guard: and(['isSpendAllowed', 'areGuaranteesAnswered']), target: '#cart.open.lines.checkingOut' },
                // The spend rule disables the button; unanswered questions show their messages.
                { guard: 'isSpendAllowed', actions: 'revealGuaranteeErrors' },
              ],
              'cart.abandonRequested': { target: '#cart.abandoning' },
            },
            states: {
              /** Back from a write: typed amounts wait again, or a requested checkout goes ahead. */
              resuming: {
                always: [
                  { guard: 'hasQueuedLine', target: '#cart.open.lines.addingLine', actions: 'takeQueuedLine' },
                  { guard: and(['isProceedRequested', 'hasPendingEdits']), target: 'updatingLine' },
                  { guard: 'hasPendingEdits', target: 'editing' },
                  {
                    guard: and(['isProceedRequested', 'isSpendAllowed', 'areGuaranteesAnswered']),
                    target: '#cart.open.lines.checkingOut',
                    actions: 'forgetProceed',
                  },
                  { guard: 'isProceedRequested', target: 'idle', actions: ['forgetProceed', 'revealGuaranteeErrors'] },
                  { target: 'idle' },
                ],
              },
              idle: {},
              editing: {
                after: {
                  // An amount typed and then refused leaves nothing to send.
                  LINE_DEBOUNCE: [{ guard: 'hasPendingEdits', target: 'updatingLine' }, { target: 'resuming' }],
                },
              },
              updatingLine: {
                tags: ['saving'],
                entry: 'pickLineToSend',
                invoke: {
                  id: 'updateLine',
                  src: 'updateLine',
                  input: ({ context }) => {
                    const lineId = context.sendingLineId ?? '';
                    return {
                      lineId,
                      line: { currencyCode: lineOf(context.cart, lineId)?.currency.code ?? '', qty: context.lineEdits[lineId] ?? 0 },
                    };
                  },
                  onDone: {
                    target: 'resuming',
                    actions: [
                      keepAnsweredCart,
                      'dropSentLineEdit',
                      'syncCountdown',
                    ],
                  },
                  // The shopper reads the problem before any checkout goes ahead.
                  onError: {
                    target: 'resuming',
                    actions: [
                      'dropSentLineEdit',
                      'forgetProceed',
                      keepProblem,
                    ],
                  },
                },
              },
            },
          },
          addingLine: {
            tags: ['saving'],
            invoke: {
              id: 'addLine',
              src: 'addLine',
              input: ({ context }) => ({ currencyCode: context.pendingLine?.currencyCode ?? '', qty: context.pendingLine?.qty ?? 0 }),
              onDone: {
                target: 'editable',
                actions: [keepAnsweredCart, 'answerLineSaved', 'forgetPendingLine', 'syncCountdown'],
              },
              onError: {
                target: 'editable',
                actions: [...refuseLine],
              },
            },
          },
          removingLine: {
            tags: ['saving'],
            invoke: {
              id: 'removeLine',
              src: 'removeLine',
              input: ({ context }) => ({ lineId: context.removingLineId ?? '' }),
              onDone: {
                target: 'editable',
                actions: [keepAnsweredCart, 'forgetRemoval', 'syncCountdown'],
              },
              onError: {
                target: 'editable',
                actions: ['forgetRemoval', keepProblem],
              },
            },
          },
          savingBuyback: savingGuarantee('setBuyback'),
          savingRefund: savingGuarantee('setRefund'),
          checkingOut: {
            tags: ['checkingOut'],
            invoke: {
              id: 'checkoutCart',
              src: 'checkoutCart',
              onDone: {
                target: 'checkedOut',
                actions: { type: 'announceCheckout', params: ({ event }) => ({ order: event.output }) },
              },
              onError: {
                target: 'editable',
                actions: keepProblem,
              },
            },
          },
          checkedOut: {
            tags: ['checkedOut'],
            entry: 'refuseQueuedLine',
            on: { 'cart.lineAdded': { actions: { type: 'refuseLine', params: ({ event }) => ({ replyTo: event.replyTo ?? null }) } } },
          },

          },
        },
        /**
         * "Need more time?" (WCAG 2.2.1): in the countdown's last 5 minutes the shopper may extend
         * the hold, each time by the cart's TTL, while the server allows (cart.extensionsLeft).
         */
        time: {
          initial: 'held',
          states: {
            /** As the cart was made or read. */
            held: { on: { 'cart.extendRequested': { guard: 'canExtend', target: 'extending' } } },
            extending: {
              tags: ['extending'],
              entry: 'forgetExtensionProblem',
              invoke: {
                id: 'extendCart',
                src: 'extendCart',
                onDone: {
                  target: 'extended',
                  actions: [keepAnsweredCart, 'syncCountdown'],
                },
                onError: {
                  target: 'refused',
                  actions: { type: 'rememberExtensionProblem', params: ({ event }) => ({ error: event.error }) },
                },
              },
            },
            /** "We've added 30 minutes. Your cart is now held until 14:32." */
            extended: { tags: ['extended'], on: { 'cart.extendRequested': { guard: 'canExtend', target: 'extending' } } },
            /** The server's reason (no more time, too early, expired) or a failed call; asking again is allowed. */
            refused: { tags: ['extensionRefused'], on: { 'cart.extendRequested': { guard: 'canExtend', target: 'extending' } } },
          },
        },
      },
    },

    abandoning: {
      tags: ['saving'],
      invoke: {
        id: 'abandonCart',
        src: 'abandonCart',
        onDone: { target: 'cleared', actions: 'forgetCart' },
        onError: {
          target: 'open',
          actions: keepProblem,
        },
      },
    },

    cleared: {
      tags: ['cleared', 'empty'],
      after: { REDIRECT: { target: 'none', actions: 'goHome' } },
    },
  },
});

export type CartMachine = typeof cartMachine;
export type CartSnapshot = SnapshotFrom<CartMachine>;
