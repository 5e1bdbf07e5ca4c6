import type { Decorator, Meta, StoryObj } from '@storybook/react-vite';
import { HeaderCart } from '#src/screens/header-cart/header-cart.tsx';
import { HeaderCartIdle } from '#src/screens/header-cart/header-cart-idle.tsx';
import { makeCart, problems } from '../../mocks/fixtures.ts';
import { addMoreTimeLabel, moreTimeAddedText } from '#domain/more-time.ts';
import { STORY_NOW, cartFor, cartStory, f, fail, ok, pending, type CartStoryOptions } from '../support/shop-front-story-support.tsx';
import frames from '../support/story-frames.module.css';
import { formatMessage, messages } from '#domain/messages.ts';
import { playChecks, type StateChecks } from '../support/play-checks.ts';

type Loaded = { cart: Awaited<ReturnType<typeof cartStory>> };

/** The basket sits at the end of the shop's navy header. */
const inHeader: Decorator = (Story) => (
  <div className={frames.header}>
    <Story />
  </div>
);

const meta = {
  title: 'Shop front/Header cart',
  decorators: [inHeader],
  parameters: { layout: 'fullscreen' },
  render: (_args, { loaded }) => <HeaderCart cart={(loaded as Loaded).cart} defaultOpen />,
  play: playChecks(() => checks),
} satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

const story = (options: CartStoryOptions) => [async () => ({ cart: await cartStory(options) })];
const answered = makeCart(STORY_NOW, { buyBackGuarantee: false, refundGuarantee: false });
const lineEdit = { type: 'cart.lineChanged', lineId: 'line-1', qty: 600 } as const;

/** Before the cart runs (its code loads on demand, decision 062): a new visitor's session has no cart. */
export const NoCartYet: Story = {
  parameters: { shows: ['No currency in your cart'] },
  render: () => <HeaderCartIdle status="empty" defaultOpen />,
};

/** Before the cart runs: whether the session has a cart is not known yet, or the cart's code is on its way. */
export const CartNotKnownYet: Story = {
  parameters: { shows: ['Loading your cart'] },
  render: () => <HeaderCartIdle status="loading" defaultOpen />,
};

/** The cart's code could not be loaded: the next line asked for tries again. */
export const CartCodeFailed: Story = {
  parameters: { shows: ["We couldn't get your cart"] },
  render: () => <HeaderCartIdle status="error" defaultOpen />,
};

export const Loading: Story = {
  parameters: { machineStates: ['cart.loading'], shows: ['Loading your cart'] },
  loaders: story({ cart: pending }),
};

/** No cart: 'No currency in your cart'. */
export const Empty: Story = {
  parameters: { machineStates: ['cart.none'], shows: ['No currency in your cart'] },
  loaders: story({ cart: ok(null) }),
};

/** The view-cart page found no cart: 'You have no cart', then / 1 s after the page shows it. */
export const NoCart: Story = {
  parameters: { machineStates: ['cart.noCart.unseen'], shows: ['You have no cart', 'No currency in your cart'] },
  loaders: story({ cart: ok(null), events: [{ type: 'cart.viewOpened', request: { kind: 'view' } }] }),
};

/** The page shows 'You have no cart': the second to / has started. */
export const NoCartShown: Story = {
  parameters: { machineStates: ['cart.noCart.shown'], shows: ['You have no cart', 'No currency in your cart'] },
  loaders: story({ cart: ok(null), events: [{ type: 'cart.viewOpened', request: { kind: 'view' } }, { type: 'cart.noCartShown' }] }),
};

export const FetchFailed: Story = {
  parameters: { machineStates: ['cart.unavailable'], shows: ["We couldn't get your cart"] },
  loaders: story({ cart: fail() }),
};

/** The first line creates the cart. */
export const Creating: Story = {
  parameters: { machineStates: ['cart.creating'], shows: ['No currency in your cart'] },
  loaders: story({
    cart: ok(null),
    write: pending,
    events: [{ type: 'cart.lineAdded', line: { currencyCode: 'EUR', qty: 500, productId: 2, storeId: 12 } }],
  }),
};

/** The view-cart link's line creates the cart; refused, the page says 'You have no cart'. */
export const CreatingFromLink: Story = {
  parameters: { machineStates: ['cart.creatingFromLink'], shows: ['No currency in your cart'] },
  loaders: story({
    cart: ok(null),
    write: pending,
    events: [
      {
        type: 'cart.viewOpened',
        request: { kind: 'line', line: { currencyCode: 'USD', amount: 500, productId: 1, storeId: 1, affiliateId: null } },
      },
    ],
  }),
};

/** The emailed basket link recreates a web cart. */
export const Recreating: Story = {
  parameters: { machineStates: ['cart.recreating'], shows: ['Loading your cart'] },
  loaders: story({ cart: ok(null), write: pending, events: [{ type: 'cart.viewOpened', request: { kind: 'recreate', webCartId: 'web-1' } }] }),
};

/** Two lines, the countdown running, total, Review & checkout and Empty cart. */
export const WithLines: Story = {
  parameters: {
    machineStates: ['cart.open.lines.editable.idle', 'countdown.running.counting'],
    shows: ['18:45', '2 currencies in your cart', '£437.72', '£676.56', 'Review & checkout', 'Empty cart'],
  },
  loaders: story({}),
};

export const OneLine: Story = {
  parameters: { machineStates: ['cart.open.lines.editable.idle'], shows: ['1 currency in your cart'] },
  loaders: story({ cart: ok(cartFor([{ code: 'JPY', qty: 50000 }])) }),
};

/** Typed, waiting for the 600 ms pause. */
export const EditingLine: Story = {
  parameters: { machineStates: ['cart.open.lines.editable.editing'] },
  loaders: story({ events: [lineEdit] }),
};

/** The typed amount is on its way. */
export const UpdatingLine: Story = {
  parameters: { machineStates: ['cart.open.lines.editable.updatingLine'] },
  loaders: story({ write: pending, events: [lineEdit, { wait: 650 }] }),
};

/** Not above 0: 'Amount should be greater than 0', and the field keeps the focus. */
export const InvalidAmount: Story = {
  parameters: { machineStates: ['cart.open.lines.editable.idle'], shows: ['Amount should be greater than 0'] },
  loaders: story({ events: [{ type: 'cart.lineChanged', lineId: 'line-1', qty: 0 }] }),
};

export const AddingLine: Story = {
  parameters: { machineStates: ['cart.open.lines.addingLine'] },
  loaders: story({ write: pending, events: [{ type: 'cart.lineAdded', line: { currencyCode: 'CHF', qty: 200, productId: 2, storeId: 12 } }] }),
};

export const RemovingLine: Story = {
  parameters: { machineStates: ['cart.open.lines.removingLine'] },
  loaders: story({ write: pending, events: [{ type: 'cart.lineRemoved', lineId: 'line-2' }] }),
};

/** The view-cart page saves the Buyback answer; the header cart shows the cart meanwhile. */
export const SavingBuyback: Story = {
  parameters: { machineStates: ['cart.open.lines.savingBuyback'] },
  loaders: story({ write: pending, events: [{ type: 'cart.buybackChosen', choice: true }] }),
};

export const SavingRefund: Story = {
  parameters: { machineStates: ['cart.open.lines.savingRefund'] },
  loaders: story({ write: pending, events: [{ type: 'cart.refundChosen', choice: false }] }),
};

export const CheckingOut: Story = {
  parameters: { machineStates: ['cart.open.lines.checkingOut'] },
  loaders: story({ cart: ok(answered), checkout: pending, events: [{ type: 'cart.checkoutRequested' }] }),
};

/** The order exists; the countdown stops at confirmation. */
export const CheckedOut: Story = {
  parameters: { machineStates: ['cart.open.lines.checkedOut', 'countdown.stopped'] },
  loaders: story({ cart: ok(answered), events: [{ type: 'cart.checkoutRequested' }, { type: 'countdown.stopRequested' }] }),
};

export const Emptying: Story = {
  parameters: { machineStates: ['cart.abandoning'] },
  loaders: story({ abandon: pending, events: [{ type: 'cart.abandonRequested' }] }),
};

/** "We've cleared your cart", then / after 1 s. */
export const Cleared: Story = {
  parameters: { machineStates: ['cart.cleared'], shows: ["We've cleared your cart", 'No currency in your cart'] },
  loaders: story({ events: [{ type: 'cart.abandonRequested' }] }),
};

/** Under 5 minutes left: the countdown turns to its warning colours. */
export const Expiring: Story = {
  parameters: { machineStates: ['countdown.running.expiring'], shows: ['04:05'] },
  loaders: story({ cart: ok(cartFor([{ code: 'EUR', qty: 500 }], 245)) }),
};

/** At each full minute at or below 5 minutes the readout shakes. */
export const ExpiringShake: Story = {
  parameters: { machineStates: ['countdown.running.expiring'], shows: ['04:00'] },
  loaders: story({ cart: ok(cartFor([{ code: 'EUR', qty: 500 }], 240)) }),
};

export const Expired: Story = {
  parameters: { machineStates: ['countdown.expired'], shows: ['Cart expired'] },
  loaders: story({ cart: ok(cartFor([{ code: 'EUR', qty: 500 }], 0)) }),
};

// "Need more time?" (WCAG 2.2.1): offered in the countdown's last 5 minutes, twice at most.
const expiring = cartFor([{ code: 'EUR', qty: 500 }], 245);
const extendedCart = { ...cartFor([{ code: 'EUR', qty: 500 }], 245 + 30 * 60), extensionsLeft: 1 };

/** Under 5 minutes left: "Need more time? Add 30 minutes" beside the countdown. */
export const MoreTimeOffered: Story = {
  parameters: { machineStates: ['cart.open.time.held', 'countdown.running.expiring'], shows: ['04:05', messages.needMoreTime, addMoreTimeLabel(30)] },
  loaders: story({ cart: ok(expiring) }),
};

/** Closed, the mini cart still offers more time beside the basket. */
export const MoreTimeOfferedClosed: Story = {
  parameters: { machineStates: ['cart.open.time.held'], shows: [messages.needMoreTime] },
  render: (_args, { loaded }) => <HeaderCart cart={(loaded as Loaded).cart} />,
  loaders: story({ cart: ok(expiring) }),
};

export const AddingTime: Story = {
  parameters: { machineStates: ['cart.open.time.extending'] },
  loaders: story({ cart: ok(expiring), extend: pending, events: [{ type: 'cart.extendRequested' }] }),
};

/** The hold extended by the cart's TTL: the countdown reads the new expiry, and says until when. */
export const TimeAdded: Story = {
  parameters: { machineStates: ['cart.open.time.extended', 'countdown.running.counting'], shows: ['34:05', moreTimeAddedText(30, extendedCart.expiresAt)] },
  loaders: story({ cart: ok(expiring), extend: ok(extendedCart), events: [{ type: 'cart.extendRequested' }] }),
};

/** The server refused (another tab took the last extension): its reason, in its words. */
export const MoreTimeRefused: Story = {
  parameters: { machineStates: ['cart.open.time.refused'], shows: [problems.extensionLimit.detail] },
  loaders: story({ cart: ok(expiring), extend: fail(problems.extensionLimit), events: [{ type: 'cart.extendRequested' }] }),
};

/** Both extensions used: no offer, and the shopper is told so. */
export const NoMoreTime: Story = {
  parameters: { machineStates: ['countdown.running.expiring'], shows: [messages.moreTimeUsedUp] },
  loaders: story({ cart: ok({ ...expiring, extensionsLeft: 0 }) }),
};

/** A sell-back cart reviews on /selling/view-cart. */
export const SellBack: Story = {
  parameters: { machineStates: ['cart.open.lines.editable.idle'] },
  loaders: story({ cart: ok(f.sellBackCart) }),
};

// ------------------------------------------------------------------------------------------------
// What each state shows (spec 2.3, 4.3, 8): checked by every story's play function.
// ------------------------------------------------------------------------------------------------

const review = ['link', messages.reviewAndCheckout] as const;
const empty = ['button', messages.emptyCart] as const;
const twoLines = formatMessage(messages.cartLineCount, { count: 2 });
/** The mini cart of the two-line story cart: open, holding the focus, checkout and emptying allowed. */
const open = { texts: [twoLines, messages.total], focusIn: twoLines, enabled: [review, empty] };

const checks: StateChecks = {
  NoCartYet: { texts: [messages.headerCartEmpty], absent: [messages.reviewAndCheckout] },
  CartNotKnownYet: { texts: [messages.loadingCart] },
  CartCodeFailed: { texts: [messages.cartFetchFailed] },
  Loading: { texts: [messages.loadingCart] },
  Empty: { texts: [messages.headerCartEmpty], absent: [messages.reviewAndCheckout] },
  NoCart: { texts: [messages.headerCartEmpty] },
  NoCartShown: { texts: [messages.headerCartEmpty] },
  FetchFailed: { texts: [messages.cartFetchFailed] },
  Creating: { texts: [messages.headerCartEmpty] },
  CreatingFromLink: { texts: [messages.headerCartEmpty] },
  Recreating: { texts: [messages.loadingCart] },
  WithLines: { ...open, enabled: [...open.enabled, ['button', formatMessage(messages.removeLine, { code: 'EUR' })]] },
  OneLine: { texts: [messages.cartLineCountOne], focusIn: messages.cartLineCountOne, enabled: [review, empty] },
  EditingLine: { texts: [twoLines] },
  UpdatingLine: { texts: [twoLines, messages.loadingCart] },
  InvalidAmount: { texts: [messages.amountGreaterThanZero, twoLines] },
  AddingLine: { texts: [twoLines] },
  RemovingLine: { texts: [twoLines] },
  SavingBuyback: { texts: [twoLines] },
  SavingRefund: { texts: [twoLines] },
  CheckingOut: { texts: [twoLines] },
  CheckedOut: { texts: [twoLines] },
  Emptying: { texts: [twoLines] },
  Cleared: { texts: [messages.cartCleared, messages.headerCartEmpty] },
  Expiring: { texts: [messages.cartLineCountOne], enabled: [review] },
  ExpiringShake: { texts: [messages.cartLineCountOne], enabled: [review] },
  Expired: { texts: [messages.cartExpired], disabled: [review] },
  SellBack: { texts: [messages.total], enabled: [review, empty] },
  MoreTimeOffered: { texts: [messages.needMoreTime], enabled: [review, ['button', addMoreTimeLabel(30)]] },
  MoreTimeOfferedClosed: { enabled: [['button', messages.needMoreTime]] },
  AddingTime: { texts: [messages.needMoreTime, messages.addingMoreTime] },
  TimeAdded: { texts: [moreTimeAddedText(30, extendedCart.expiresAt)], absent: [messages.needMoreTime] },
  MoreTimeRefused: { texts: [problems.extensionLimit.detail], enabled: [['button', addMoreTimeLabel(30)]] },
  NoMoreTime: { texts: [messages.moreTimeUsedUp], absent: [messages.needMoreTime] },
};
