import type { Meta, StoryObj } from '@storybook/react-vite';
import { CurrentCheckoutScreen } from './current-checkout-screen.tsx';
import {
  awaitingPayment,
  checkoutStory,
  countdownStory,
  fail,
  frameMessage,
  inCheckoutLayout,
  ok,
  orders,
  pending,
  placed,
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
};
