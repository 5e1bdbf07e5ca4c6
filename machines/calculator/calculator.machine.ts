/**
 * The calculator (spec 2.1, 4.2, 4.5, 5.1, 8): the buy and sell tabs, the currency, the delivery
 * option, the branch, the amounts and add to cart.
 *
 * After loading its catalogue (currencies, products, the branch of the cart, of store_id or the
 * default one, the site's delivery centre, the content) the chart runs four regions side by side:
 * - `quote`: a quote is fetched on every product, currency or branch change; a currency the shop
 *   cannot trade in the chosen direction gets its 'Oh snap!' notice instead. Home delivery is
 *   quoted and added at the delivery centre, click and collect and sell back at the branch; the
 *   branch stays chosen while home delivery is picked (see `servingStoreId`);
 * - `amount`: what is typed waits 500 ms after the last key (Tab is not typing), then is priced:
 *   rounded up to the branch's increment, floored to whole units for sell-back, capped at the
 *   configured maximum with 'Maximum order value is £{max}';
 * - `adding`: add to cart (the cart is asked `cart.lineAdded` and answers `cart.lineSaved` or
 *   `cart.lineRefused { problem }`), then the view-cart page;
 * - `branchModal`: the branch selection modal, the branch finder machine as a child.
 *
 * The amount the shopper drives is kept as `driver` (a side and minor units); `priced` is what the
 * quote makes of it. A quantity reset (spec 4.5) replaces the driver on a transaction type or
 * currency change; a branch change keeps it, re-rounds it to the new increment and says so when
 * that changes it.
 *
 * It tells the session `session.profileRequested` when it starts (the loyalty flag) and the cart
 * `cart.abandonRequested` when the tab changes under a cart (`systemActor`); the cart tells it
 * `cart.updated` when its product, branch or currency change. After the loyalty sign-in it shows
 * the "You're signed in!" toast (`toast` in its context, until `toast.dismissed`). Side effects
 * leave as emitted events, which the shop's effects actor carries out: `queryParam.removed` after
 * the loyalty sign-in, `navigation.requested` after add to cart and for return to cart.
 */
import { and, not, stateIn, type SnapshotFrom } from 'xstate';
import { defaultOverridableTexts } from '#domain/messages.ts';
import { initialSelection } from '#domain/products.ts';
import { calculatorSetup, resetDriver, servingStoreId } from './calculator.setup.ts';
import { fetchQuoteInput } from './calculator.types.ts';

export const calculatorMachine = calculatorSetup.createMachine({
  id: 'calculator',
  context: ({ input }) => {
    const selection = initialSelection({
      pageType: input.settings.pageType ?? null,
      sellCurrency: input.settings.sellCurrency ?? null,
      cartProductId: input.cart?.productId ?? null,
    });
    const currencyCode = input.cart?.currencyCode ?? input.settings.defaultCurrency;
    const now = input.now ?? Date.now;
    return {
      now,
      clockNow: now(),
      siteId: input.siteId,
      settings: input.settings,
      host: input.host ?? '',
      affiliateCode: input.affiliateCode ?? null,
      currencies: [],
      products: [],
      content: null,
      texts: defaultOverridableTexts,
      transactionType: selection.transactionType,
      productId: selection.productId,
      currencyCode,
      currencySearch: '',
      storeId: input.cart?.storeId ?? input.storeId ?? null,
      store: null,
      deliveryCentre: null,
      quote: null,
      quoteError: null,
      driver: resetDriver({ settings: input.settings }, selection.transactionType, currencyCode),
      priced: null,
      typed: null,
      amountError: null,
      roundingWarning: null,
      branchChanged: false,
      cart: input.cart ?? null,
      addError: null,
      signedIn: input.signedIn === true,
      toast: null,
    };
  },
  entry: 'requestProfile',
  on: {
    'toast.dismissed': { actions: 'dismissToast' },
    'cart.updated': [
      {
        guard: { type: 'isCartOfOtherProductOrStore', params: ({ event }) => ({ cart: event.cart }) },
        actions: { type: 'adoptCart', params: ({ event }) => ({ cart: event.cart! }) },
      },
      { actions: { type: 'rememberCart', params: ({ event }) => ({ cart: event.cart }) } },
    ],
  },
  initial: 'starting',
  states: {
    starting: {
      always: [
        { guard: 'isSignInReturn', target: 'loading', actions: ['confirmSignIn', 'removeSignedInParam'] },
        { target: 'loading' },
      ],
    },
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'loadCalculator',
        src: 'loadCalculator',
        input: ({ context }) => ({ siteId: context.siteId, storeId: context.storeId }),
        onDone: { target: 'ready', actions: { type: 'rememberCatalogue', params: ({ event }) => event.output } },
        onError: { target: 'failed' },
      },
      on: {
        'cart.updated': {
          // The branch on its way is not the cart's: load the cart's instead.
          guard: { type: 'isCartAtOtherStore', params: ({ event }) => ({ cart: event.cart }) },
          target: 'loading',
          reenter: true,
          actions: { type: 'adoptCart', params: ({ event }) => ({ cart: event.cart! }) },
        },
      },
    },
    failed: {
      tags: ['failed'],
      on: { 'calculator.retried': { target: 'loading' } },
    },
    ready: {
      type: 'parallel',
      on: {
        'transactionType.changed': [
          {
            guard: { type: 'isTabChangeOverCart', params: ({ event }) => ({ transactionType: event.transactionType }) },
            target: '.quote.routing',
            actions: [
              { type: 'changeTransactionType', params: ({ event }) => ({ transactionType: event.transactionType }) },
              'abandonCart',
              'forgetCart',
            ],
          },
          {
            guard: { type: 'isTransactionTypeOffered', params: ({ event }) => ({ transactionType: event.transactionType }) },
            target: '.quote.routing',
            actions: { type: 'changeTransactionType', params: ({ event }) => ({ transactionType: event.transactionType }) },
          },
        ],
        'product.changed': {
          guard: { type: 'canChangeProductTo', params: ({ event }) => ({ productId: event.productId }) },
          target: '.quote.routing',
          actions: ['forgetQuote', { type: 'changeProduct', params: ({ event }) => ({ productId: event.productId }) }],
        },
        'currency.searched': { actions: { type: 'rememberSearch', params: ({ event }) => ({ text: event.text }) } },
        'currency.changed': {
          guard: { type: 'isOtherKnownCurrency', params: ({ event }) => ({ currencyCode: event.currencyCode }) },
          target: '.quote.routing',
          actions: { type: 'changeCurrency', params: ({ event }) => ({ currencyCode: event.currencyCode }) },
        },
        'branch.selected': {
          target: '.quote.routing',
          actions: { type: 'changeStore', params: ({ event }) => ({ store: event.store }) },
        },
        'cart.updated': [
          {
            // A cart read after the calculator loaded brings its own branch: quotes are at that
            // branch, which is loaded the way store_id's is.
            guard: { type: 'isCartAtOtherStore', params: ({ event }) => ({ cart: event.cart }) },
            target: '#calculator.loading',
            actions: { type: 'adoptCart', params: ({ event }) => ({ cart: event.cart! }) },
          },
          {
            // A cart made elsewhere forces its own type and product (spec 4.2).
            guard: { type: 'isCartOfOtherProduct', params: ({ event }) => ({ cart: event.cart }) },
            target: '.quote.routing',
            actions: { type: 'adoptCart', params: ({ event }) => ({ cart: event.cart! }) },
          },
          { actions: { type: 'rememberCart', params: ({ event }) => ({ cart: event.cart }) } },
        ],
        'cart.returnRequested': { guard: 'hasCart', actions: 'goToViewCart' },
      },
      states: {
        quote: {
          initial: 'routing',
          states: {
            routing: {
              always: [
                { guard: 'isCurrencyUnavailable', target: 'unavailable', actions: 'forgetQuote' },
                { target: 'loading' },
              ],
            },
            loading: {
              tags: ['quoteLoading'],
              invoke: {
                id: 'fetchQuote',
                src: 'fetchQuote',
                input: ({ context }) => ({ ...fetchQuoteInput(context, servingStoreId(context) ?? 0), signInReturn: context.signedIn }),
                onDone: { target: 'loaded', actions: { type: 'applyQuote', params: ({ event }) => ({ quote: event.output }) } },
                onError: {
                  target: 'failed',
                  actions: ['forgetQuote', { type: 'rememberQuoteError', params: ({ event }) => ({ error: event.error }) }],
                },
              },
            },
            loaded: {},
            failed: { tags: ['quoteFailed'] },
            unavailable: { tags: ['currencyUnavailable'] },
          },
        },
        amount: {
          initial: 'idle',
          on: {
            'amount.typed': [
              { guard: { type: 'isIgnoredKey', params: ({ event }) => ({ key: event.key }) } },
              {
                guard: { type: 'doesPickerApply', params: ({ event }) => ({ picker: event.picker }) },
                // Each key starts the 500 ms pause again.
                target: '.typing',
                actions: { type: 'rememberTyped', params: ({ event }) => ({ picker: event.picker, text: event.text }) },
              },
            ],
          },
          states: {
            idle: {},
            typing: {
              tags: ['typing'],
              after: { AMOUNT_DEBOUNCE: { target: 'idle', actions: 'applyTyped' } },
            },
          },
        },
        adding: {
          initial: 'idle',
          states: {
            idle: {
              on: {
                'cart.addRequested': [
                  {
                    // What was typed counts even inside its 500 ms pause.
                    guard: and([stateIn('#calculator.ready.quote.loaded'), not('isEmbedded')]),
                    target: 'checking',
                    actions: ['applyTyped', 'forgetAddError'],
                  },
                ],
              },
            },
            checking: {
              always: [{ guard: 'hasAmountToAdd', target: 'adding' }, { target: 'idle' }],
            },
            /** Waiting for the cart's answer. */
            adding: {
              tags: ['adding'],
              entry: 'requestLine',
              on: {
                'cart.lineSaved': { target: 'idle', actions: 'goToViewCart' },
                'cart.lineRefused': { target: 'idle', actions: { type: 'rememberAddError', params: ({ event }) => ({ problem: event.problem }) } },
              },
            },
          },
        },
        /**
         * "Order within 2 h 14 m for delivery on Tuesday 25 November" (calculator-cut-off.ts): read again
         * on each whole minute, so the line counts down and moves to the next date when the
         * cut-off passes while the page is open.
         */
        cutOff: {
          initial: 'counting',
          states: {
            counting: {
              after: { CUT_OFF_TICK: { target: 'counting', reenter: true, actions: 'readClock' } },
            },
          },
        },
        branchModal: {
          initial: 'closed',
          states: {
            closed: {
              on: { 'branch.modalOpened': { target: 'loading' } },
            },
            /** The chooser's machine loads (at once after the first time: the app keeps it). */
            loading: {
              tags: ['branchModalLoading'],
              invoke: {
                id: 'loadBranchFinder',
                src: 'loadBranchFinder',
                onDone: { target: 'open', actions: { type: 'openBranchFinder', params: ({ event }) => ({ logic: event.output }) } },
                // The button takes the shopper's press again.
                onError: { target: 'closed' },
              },
            },
            open: {
              tags: ['branchModalOpen'],
              exit: 'closeBranchFinder',
              on: {
                'xstate.done.actor.branchFinder': [
                  {
                    guard: { type: 'hasConfirmedStore', params: ({ event }) => ({ output: event.output }) },
                    target: ['closed', '#calculator.ready.quote.routing'],
                    actions: { type: 'changeStore', params: ({ event }) => ({ store: event.output.store! }) },
                  },
                  { target: 'closed' },
                ],
                'xstate.error.actor.branchFinder': { target: 'closed' },
              },
            },
          },
        },
      },
    },
  },
});

export type CalculatorMachine = typeof calculatorMachine;
export type CalculatorSnapshot = SnapshotFrom<CalculatorMachine>;
