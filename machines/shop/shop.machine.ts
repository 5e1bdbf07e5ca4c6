/**
 * The shop: the root of the actor system. It holds the session from the start (systemId
 * 'session'), reads the site's page settings and product spend limits (spec 6), and once they are
 * read holds the cart (systemId 'cart', with its countdown child; on an address reached only with
 * the cart checked out, the payment provider's return page, the cart knows so and is not read). While the settings are being
 * read the page shows its spinner; when they could not be read, 'Something went wrong' and Retry
 * (`settings.retried`).
 *
 * Each page's actor is its child too, opened and closed with its screen (`page.opened`,
 * `page.closed`), with the page's name as id and systemId. The calculator's and the branch
 * finder's machines are the shop's own (the first page needs them); the others (checkout, chart,
 * payment response, 'Add new currency', manage my order) load with their screens and come with
 * `page.opened` (`logic`), so the first page carries none of their code. So every actor is in one
 * system: they reach each other with `system.get(...)` (the cart tells the calculator and the 'Add new
 * currency' form how it changed; the checkout tells the cart its order is confirmed) and the
 * inspector shows every one of those events.
 *
 * Side effects leave as emitted events: `error.reported { error, where }` when the settings could
 * not be read.
 */
import { assign, emit, enqueueActions, fromPromise, setup, stopChild, type ActorRefFrom, type AnyActorLogic, type SnapshotFrom } from 'xstate';
import type { SiteProduct, SiteSettings } from '#domain/contract/catalogue.ts';
import { isReachedAfterCheckout } from '#domain/reached-after-checkout.ts';
import { appPaths } from '#domain/contract/routes.ts';
import { GBP_CODE, toMinor } from '#domain/money.ts';
import { branchFinderMachine, type BranchFinderInput } from '#machines/branch-finder/branch-finder.machine.ts';
import { calculatorMachine } from '#machines/calculator/calculator.machine.ts';
import type { CalculatorInput } from '#machines/calculator/calculator.types.ts';
import { cartMachine } from '#machines/cart/cart.machine.ts';
import type { CartInput } from '#machines/cart/cart.types.ts';
import type { NewLineInput, NewLineMachine } from '#machines/cart/new-line.machine.ts';
import type { ManageOrderMachine } from '#machines/manage-order/manage-order.machine.ts';
import type { ChartInput, ChartMachine } from '#machines/chart/chart.machine.ts';
import type { CheckoutInput } from '#machines/checkout/checkout.types.ts';
import type { CheckoutMachine } from '#machines/checkout/checkout.machine.ts';
import type { PaymentResponseInput, PaymentResponseMachine } from '#machines/payment/payment-response.machine.ts';
import { sessionMachine } from '#machines/session/session.machine.ts';

/**
 * The page settings and feature flags, and the spend limits of the site's products. Every page's
 * machine takes some of them as input (the calculator's defaults, the cart's guarantee and spend
 * rules, the checkout's abandon-cart address), so the pages open once they are known.
 */
export interface ShopSettings {
  settings: SiteSettings;
  siteProducts: SiteProduct[];
}

export interface ShopInput {
  siteId: number;
  /** The visitor's affiliate code (session storage), for the cart. */
  affiliateCode: string | null;
  /** The address the shop opened on (location.pathname): on some, the cart is known checked out. */
  openingPath?: string;
}

export interface ShopContext extends ShopInput {
  /** null until read. */
  shopSettings: ShopSettings | null;
  /** The pages whose actors run. */
  openPages: ShopPage[];
}

/**
 * The machines of the pages that load on demand, each with its real I/O (src/app/on-demand/): the
 * screen's chunk brings it and `page.opened` hands it over.
 */
export interface OnDemandPageLogic {
  checkout: CheckoutMachine;
  chart: ChartMachine;
  paymentResponse: PaymentResponseMachine;
  newLine: NewLineMachine;
  manageOrder: ManageOrderMachine;
}

/** The pages' actors, each the shop's child with its page's name as id and systemId. */
export type PageOpening =
  | { page: 'calculator'; input: CalculatorInput }
  | { page: 'branchFinder'; input: BranchFinderInput }
  | { page: 'checkout'; input: CheckoutInput; logic: OnDemandPageLogic['checkout'] }
  | { page: 'chart'; input: ChartInput; logic: OnDemandPageLogic['chart'] }
  | { page: 'paymentResponse'; input: PaymentResponseInput; logic: OnDemandPageLogic['paymentResponse'] }
  | { page: 'newLine'; input: NewLineInput; logic: OnDemandPageLogic['newLine'] }
  | { page: 'manageOrder'; input?: undefined; logic: OnDemandPageLogic['manageOrder'] };

export type ShopPage = PageOpening['page'];

export const SHOP_PAGES: readonly ShopPage[] = ['calculator', 'checkout', 'branchFinder', 'chart', 'paymentResponse', 'newLine', 'manageOrder'];

export type ShopEvent =
  /** Retry under 'Something went wrong'. */
  | { type: 'settings.retried' }
  /** A screen opened: its actor starts (unless that page's actor already runs). */
  | ({ type: 'page.opened' } & PageOpening)
  /** The screen closed: its actor stops. */
  | { type: 'page.closed'; page: ShopPage };

export type ShopEmitted = { type: 'error.reported'; error: unknown; where: string };

export type ShopTag = 'loading' | 'failed' | 'ready';

/** The cart's input from the page settings. */
export function cartInputOf(context: ShopContext): CartInput {
  const settings = context.shopSettings?.settings;
  return {
    siteId: context.siteId,
    settings: {
      isPartner: settings?.isPartner ?? false,
      showBuybackGuarantee: settings?.showBuybackGuarantee ?? false,
      showRefundGuarantee: settings?.showRefundGuarantee ?? false,
      identificationThresholdMinor: settings?.identificationThreshold === undefined ? null : toMinor(settings.identificationThreshold, GBP_CODE),
    },
    siteProducts: context.shopSettings?.siteProducts ?? [],
    affiliateCode: context.affiliateCode,
    checkedOut: isReachedAfterCheckout(context.openingPath ?? appPaths.home),
  };
}

/**
 * The stand-in for an on-demand page's machine in the shop's own list of actors, where it names
 * the page's child type: spawned by name (never done: openPage spawns the logic `page.opened`
 * brings) it fails at once, saying so.
 */
function comesWithPageOpened<T extends AnyActorLogic>(page: keyof OnDemandPageLogic): T {
  // A promise actor typed as the page's machine: its type is all the shop reads of it.
  return fromPromise(() => Promise.reject(new Error(`The ${page} page's machine comes with page.opened.`))) as unknown as T;
}

/**
 * The spawn options of an on-demand page's child: its page's name as id and systemId. XState types
 * a child spawned from logic (rather than by name) as having no id, though it takes one; the
 * children's types above name each of these ids.
 */
function onDemandChild<I>(page: keyof OnDemandPageLogic, input: I): { systemId: ShopPage; input: I } {
  const options = { id: page, systemId: page, input };
  return options;
}

function openingOf(event: Extract<ShopEvent, { type: 'page.opened' }>): PageOpening {
  const { type: _type, ...opening } = event;
  // The rest of a union member is that member's opening; TypeScript does not narrow a rest.
  return opening as PageOpening;
}

export const shopMachine = setup({
  types: {
    input: {} as ShopInput,
    context: {} as ShopContext,
    events: {} as ShopEvent,
    emitted: {} as ShopEmitted,
    tags: {} as ShopTag,
    children: {} as {
      session: 'session';
      loadSettings: 'loadSettings';
      cart: 'cart';
      calculator: 'calculator';
      branchFinder: 'branchFinder';
      checkout: 'checkout';
      chart: 'chart';
      paymentResponse: 'paymentResponse';
      newLine: 'newLine';
      manageOrder: 'manageOrder';
    },
  },
  actors: {
    session: sessionMachine,
    loadSettings: fromPromise<ShopSettings, { siteId: number }>(() => Promise.reject(new Error('loadSettings not provided'))),
    cart: cartMachine,
    calculator: calculatorMachine,
    branchFinder: branchFinderMachine,
    // Named for the children's types only: each is spawned from the logic `page.opened` brings.
    checkout: comesWithPageOpened<OnDemandPageLogic['checkout']>('checkout'),
    chart: comesWithPageOpened<OnDemandPageLogic['chart']>('chart'),
    paymentResponse: comesWithPageOpened<OnDemandPageLogic['paymentResponse']>('paymentResponse'),
    newLine: comesWithPageOpened<OnDemandPageLogic['newLine']>('newLine'),
    manageOrder: comesWithPageOpened<OnDemandPageLogic['manageOrder']>('manageOrder'),
  },
  actions: {
    rememberSettings: assign({ shopSettings: (_, params: { shopSettings: ShopSettings }) => params.shopSettings }),
    reportError: emit((_, params: { error: unknown }) => ({ type: 'error.reported' as const, error: params.error, where: 'shopSettings' })),
    // One spawn a page: each is typed by its own machine's input.
    openPage: enqueueActions(({ enqueue, context }, opening: PageOpening) => {
      enqueue.assign({ openPages: [...context.openPages, opening.page] });
      const options = { systemId: opening.page } as const;
      switch (opening.page) {
        case 'calculator':
          enqueue.spawnChild('calculator', { ...options, id: 'calculator', input: opening.input });
          break;
        case 'branchFinder':
          enqueue.spawnChild('branchFinder', { ...options, id: 'branchFinder', input: opening.input });
          break;
        default:
          // An on-demand page: the machine its opening brought.
          enqueue.spawnChild(opening.logic, onDemandChild(opening.page, opening.input));
      }
    }),
    /**
     * Runs between a page actor's spawn and its start (the app attaches the screen's handlers of
     * what it emits, so nothing it emits as it starts is missed). Nothing to do without an app.
     */
    connectPage: (_, _params: { page: ShopPage }) => {},
    closePage: stopChild((_, params: { page: ShopPage }) => params.page),
    forgetPage: assign({ openPages: ({ context }, params: { page: ShopPage }) => context.openPages.filter((p) => p !== params.page) }),
  },
  guards: {
    // One actor a page at a time (its systemId is the page's name): a page already open keeps its own.
    isPageOpen: ({ context }, params: { page: ShopPage }) => context.openPages.includes(params.page),
  },
}).createMachine({
  id: 'shop',
  context: ({ input }) => ({
    siteId: input.siteId,
    affiliateCode: input.affiliateCode,
    openingPath: input.openingPath ?? appPaths.home,
    shopSettings: null,
    openPages: [],
  }),
  invoke: {
    id: 'session',
    systemId: 'session',
    src: 'session',
    input: ({ context }) => ({ siteId: context.siteId }),
  },
  initial: 'loadingSettings',
  states: {
    loadingSettings: {
      tags: ['loading'],
      invoke: {
        id: 'loadSettings',
        src: 'loadSettings',
        input: ({ context }) => ({ siteId: context.siteId }),
        onDone: {
          target: 'ready',
          actions: { type: 'rememberSettings', params: ({ event }) => ({ shopSettings: event.output }) },
        },
        onError: {
          target: 'settingsFailed',
          actions: { type: 'reportError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    settingsFailed: {
      tags: ['failed'],
      on: { 'settings.retried': 'loadingSettings' },
    },
    ready: {
      tags: ['ready'],
      invoke: {
        id: 'cart',
        systemId: 'cart',
        src: 'cart',
        input: ({ context }) => cartInputOf(context),
      },
      on: {
        'page.opened': [
          { guard: { type: 'isPageOpen', params: ({ event }) => ({ page: event.page }) } },
          {
            actions: [
              { type: 'openPage', params: ({ event }) => openingOf(event) },
              { type: 'connectPage', params: ({ event }) => ({ page: event.page }) },
            ],
          },
        ],
      },
    },
  },
  on: {
    'page.closed': {
      actions: [
        { type: 'closePage', params: ({ event }) => ({ page: event.page }) },
        { type: 'forgetPage', params: ({ event }) => ({ page: event.page }) },
      ],
    },
  },
});

export type ShopMachine = typeof shopMachine;
export type ShopSnapshot = SnapshotFrom<ShopMachine>;
export type ShopActorRef = ActorRefFrom<ShopMachine>;

/** The page settings once read. */
export function selectShopSettings(snapshot: ShopSnapshot): ShopSettings | null {
  return snapshot.context.shopSettings;
}
