import type { Meta, StoryObj } from '@storybook/react-vite';
import { CurrentCheckoutScreen } from './current-checkout-screen.tsx';
import {
  awaitingPayment,
  cardPageMessage,
  checkoutStory,
  countdownStory,
  f,
  fail,
  frameMessage,
  inCheckoutLayout,
  ok,
  orders,
  pending,
  placed,
  sandboxCardFormUrl,
  type CheckoutStoryOptions,
  type StoryCheckout,
} from './checkout-story-support.tsx';
import { messages } from '#domain/messages.ts';
import { playChecks, type StateChecks } from '../support/play-checks.ts';

type Loaded = { checkout: StoryCheckout; countdown: ReturnType<typeof countdownStory> };

const meta = {
  title: 'Checkout/Payment',
  decorators: [inCheckoutLayout],
  parameters: { layout: 'fullscreen' },
  render: (_args, { loaded }) => {
    const { checkout, countdown } = loaded as Loaded;
    return <CurrentCheckoutScreen checkout={checkout} countdown={countdown} />;
  },
  play: playChecks(() => checks),
} satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

const path = '/checkout/payment';
const toPay = awaitingPayment({ ...orders.collect, deliverySlot: placed.collect.deliverySlot, customer: placed.collect.customer });
const story = (options: Omit<CheckoutStoryOptions, 'path'>, seconds?: number) => [
  async () => ({ checkout: await checkoutStory({ path, order: ok(toPay), ...options }), countdown: countdownStory(seconds) }),
];

export const LoadingOrder: Story = {
  parameters: { machineStates: ['checkout.inCheckout.payment.loadingOrder'] },
  loaders: story({ order: pending }),
};

export const LoadFailed: Story = {
  parameters: { machineStates: ['checkout.inCheckout.payment.loadFailed'] },
  loaders: story({ order: fail() }),
};

/** The spinner until the payment page's address arrives. */
export const CreatingPaymentIntent: Story = {
  parameters: { machineStates: ['checkout.inCheckout.payment.creatingPaymentIntent'] },
  loaders: story({ paymentUrl: pending }),
};

/** The provider's card form in its iframe, beside the order summary. */
export const AwaitingPayment: Story = {
  parameters: { machineStates: ['checkout.inCheckout.payment.awaitingPayment', 'paymentFrame.awaitingOutcome'] },
  loaders: story({}),
};

export const HomeDeliveryAwaitingPayment: Story = {
  parameters: { machineStates: ['checkout.inCheckout.payment.awaitingPayment', 'paymentFrame.awaitingOutcome'] },
  loaders: story({ order: ok(awaitingPayment({ ...placed.homeDelivery })), productId: 1 }),
};

/** The response page could not read the order: 'please wait whilst we retry'. */
export const PaymentStateUnknown: Story = {
  parameters: { machineStates: ['checkout.inCheckout.payment.awaitingPayment', 'paymentFrame.statusUnknown'] },
  loaders: story({ events: [frameMessage('payment.stateUnknown')] }),
};

/** The payment went through: the checkout moves on to the confirmation. */
export const PaymentReceived: Story = {
  parameters: { machineStates: ['paymentFrame.paymentReceived', 'checkout.inCheckout.confirmation.showingOrder'] },
  loaders: story({ order: [ok(toPay), ok(placed.collect)], events: [frameMessage('payment.received')] }),
};

/** The payment failed: the checkout goes to its error page, where the order can be paid again. */
export const PaymentFailed: Story = {
  parameters: { machineStates: ['paymentFrame.paymentFailed', 'checkout.inCheckout.unsuccessful.retryOffered'] },
  loaders: story({ events: [frameMessage('payment.failed')] }),
};

/** The payment intent failed: straight to the error page. */
export const PaymentIntentFailed: Story = {
  parameters: { machineStates: ['checkout.inCheckout.unsuccessful.retryOffered'] },
  loaders: story({ paymentUrl: fail({ title: 'Payment unavailable', detail: 'The payment provider did not answer.', status: 502 }) }),
};

// Issue 45 part 1: the card provider is unavailable.
const providerDown = { title: 'Card payments are not working right now', detail: "Our card payment provider isn't answering.", status: 503, type: 'payment-provider-unavailable' };
const toDeliver = awaitingPayment({ ...placed.homeDelivery });

/** The provider is unavailable (the payment intent answered 503): a collection is offered to reserve now and pay at the branch. */
export const ProviderUnavailableReserve: Story = {
  parameters: { machineStates: ['checkout.inCheckout.payment.providerUnavailable.reserveOffered'] },
  loaders: story({ paymentUrl: fail(providerDown) }),
};

/** The card page said the provider is unavailable: the same offer. */
export const CardPageReportsUnavailable: Story = {
  parameters: { machineStates: ['paymentFrame.providerUnavailable', 'checkout.inCheckout.payment.providerUnavailable.reserveOffered'] },
  loaders: story({ events: [cardPageMessage('provider.unavailable', sandboxCardFormUrl(toPay))] }),
};

/** The card page reported itself loaded: the shopper is paying. */
export const CardPageShown: Story = {
  parameters: { machineStates: ['checkout.inCheckout.payment.awaitingPayment', 'paymentFrame.cardPageShown'] },
  loaders: story({ events: [cardPageMessage('frame.resized', sandboxCardFormUrl(toPay))] }),
};

/** 'Reserve now, pay at the branch' pressed: the spinner on its button while the server reserves. */
export const Reserving: Story = {
  parameters: { machineStates: ['checkout.inCheckout.payment.providerUnavailable.reserving'] },
  loaders: story({ paymentUrl: fail(providerDown), reserve: pending, events: [{ type: 'reservation.requested' }] }),
};

/** The server refused the reservation (the branch sold out meanwhile): its words, and the offer again. */
export const ReservationRefused: Story = {
  parameters: { machineStates: ['checkout.inCheckout.payment.providerUnavailable.reserveOffered'] },
  loaders: story({
    paymentUrl: fail(providerDown),
    reserve: fail({ title: 'This order cannot be reserved', detail: "This branch has just sold out of the currency you're ordering - please choose another collection date.", status: 409 }),
    events: [{ type: 'reservation.requested' }],
  }),
};

/** A home delivery needs a card payment: offered a branch that holds its currency instead, or the card again. */
export const ProviderUnavailableHomeDelivery: Story = {
  parameters: { machineStates: ['checkout.inCheckout.payment.providerUnavailable.switchOffered'] },
  loaders: story({ order: ok(toDeliver), productId: 1, paymentUrl: fail(providerDown) }),
};

/** The branches that hold this order's currency, each with what the order costs there: no delivery charge, the second branch's rate a little better. */
const branchesFor = (order: typeof toDeliver) => ({
  ...f.collectionBranches,
  items: f.collectionBranches.items.map((branch, i) => ({ ...branch, total: Math.round((order.total - (order.deliverySlot?.price ?? 0) - [0, 0.62][i]!) * 100) / 100 })),
});
const toBranch = { order: ok(toDeliver), productId: 1 as const, paymentUrl: fail(providerDown), collectionBranches: ok(branchesFor(toDeliver)) };

/** 'Collect from a branch instead' pressed: the spinner on its button while the branches are found. */
export const FindingBranches: Story = {
  parameters: { machineStates: ['checkout.inCheckout.payment.providerUnavailable.findingBranches'] },
  loaders: story({ ...toBranch, collectionBranches: pending, events: [{ type: 'collection.switchRequested' }] }),
};

/** The branches that hold all of the order's currency, nearest the delivery address first. */
export const ChoosingBranch: Story = {
  parameters: { machineStates: ['checkout.inCheckout.payment.providerUnavailable.choosingBranch'] },
  loaders: story({ ...toBranch, events: [{ type: 'collection.switchRequested' }] }),
};

/** No branch holds all of the currency right now: said so, with the way back to the card. */
export const NoBranchHasTheCurrency: Story = {
  parameters: { machineStates: ['checkout.inCheckout.payment.providerUnavailable.choosingBranch'] },
  loaders: story({ ...toBranch, collectionBranches: ok({ near: null, items: [] }), events: [{ type: 'collection.switchRequested' }] }),
};

/** A branch chosen: the spinner on 'Collect from this branch' while the order moves there. */
export const SwitchingToBranch: Story = {
  parameters: { machineStates: ['checkout.inCheckout.payment.providerUnavailable.switching'] },
  loaders: story({ ...toBranch, switchToCollection: pending, events: [{ type: 'collection.switchRequested' }, { type: 'collection.branchChosen', storeId: f.collectionBranches.items[0]!.storeId }] }),
};

/** The server refused the move (the branch's currency sold meanwhile): its words, and the list again. */
export const SwitchRefused: Story = {
  parameters: { machineStates: ['checkout.inCheckout.payment.providerUnavailable.choosingBranch'] },
  loaders: story({
    ...toBranch,
    switchToCollection: fail({ title: 'This order cannot be collected from a branch instead', detail: "That branch doesn't have all of your currency right now. Please choose another branch.", status: 409 }),
    events: [{ type: 'collection.switchRequested' }, { type: 'collection.branchChosen', storeId: f.collectionBranches.items[0]!.storeId }],
  }),
};

// ------------------------------------------------------------------------------------------------
// What each state shows (spec 2.9, 2.10, 2.11): checked by every story's play function.
// ------------------------------------------------------------------------------------------------

const checks: StateChecks = {
  LoadingOrder: { texts: [messages.loadingPaymentForm] },
  LoadFailed: { texts: [messages.somethingWentWrong] },
  CreatingPaymentIntent: { texts: [messages.loadingPaymentForm] },
  AwaitingPayment: { texts: [messages.paymentTitle, messages.orderSummary] },
  HomeDeliveryAwaitingPayment: { texts: [messages.paymentTitle, messages.orderSummary] },
  PaymentStateUnknown: { texts: [messages.paymentStatusUnknown] },
  PaymentReceived: { texts: [messages.thankYou] },
  PaymentFailed: { texts: [messages.unsuccessfulTitle], enabled: [['button', messages.tryAgain]] },
  PaymentIntentFailed: { texts: [messages.unsuccessfulTitle], enabled: [['button', messages.tryAgain]] },
  ProviderUnavailableReserve: {
    texts: [messages.providerUnavailableTitle, messages.providerUnavailableBody],
    enabled: [['button', messages.reserveAtBranch], ['button', messages.providerUnavailableTryAgain]],
  },
  CardPageReportsUnavailable: { texts: [messages.providerUnavailableTitle], enabled: [['button', messages.reserveAtBranch]] },
  CardPageShown: { texts: [messages.paymentTitle, messages.orderSummary] },
  Reserving: { texts: [messages.providerUnavailableTitle], disabled: [['button', messages.providerUnavailableTryAgain]] },
  ReservationRefused: { texts: ["This branch has just sold out of the currency you're ordering - please choose another collection date."], enabled: [['button', messages.reserveAtBranch]] },
  ProviderUnavailableHomeDelivery: {
    texts: [messages.providerUnavailableTitle, messages.switchToCollectionOffer],
    enabled: [['button', messages.switchToCollection], ['button', messages.providerUnavailableTryAgain]],
  },
  FindingBranches: { texts: [messages.providerUnavailableTitle], disabled: [['button', messages.findingCollectionBranches]] },
  ChoosingBranch: {
    texts: [messages.collectionBranchesTitle, messages.collectionBranchesIntro, '0.4 miles from M3 2BW'],
    enabled: [['button', messages.backToPaymentOptions]],
    disabled: [['button', messages.collectFromBranch]],
  },
  NoBranchHasTheCurrency: { texts: [messages.collectionBranchesTitle, messages.noCollectionBranches], enabled: [['button', messages.backToPaymentOptions]] },
  SwitchingToBranch: { texts: [messages.collectionBranchesTitle], disabled: [['button', messages.backToPaymentOptions]] },
  SwitchRefused: { texts: ["That branch doesn't have all of your currency right now. Please choose another branch."], enabled: [['button', messages.backToPaymentOptions]] },
};
