import type { Meta, StoryObj } from '@storybook/react-vite';
import { PaymentUnsuccessfulScreen } from '#src/screens/payment-unsuccessful/payment-unsuccessful-screen.tsx';
import {
  checkoutStory,
  countdownStory,
  fail,
  inCheckoutLayout,
  ok,
  orders,
  pending,
  type CheckoutStoryOptions,
  type StoryCheckout,
} from './checkout-story-support.tsx';
import { messages } from '#domain/messages.ts';
import { playChecks, type StateChecks } from '../support/play-checks.ts';

type Loaded = { checkout: StoryCheckout; countdown: ReturnType<typeof countdownStory> };

const meta = {
  title: 'Checkout/Payment unsuccessful',
  decorators: [inCheckoutLayout],
  parameters: { layout: 'fullscreen' },
  render: (_args, { loaded }) => {
    const { checkout, countdown } = loaded as Loaded;
    return <PaymentUnsuccessfulScreen checkout={checkout} countdown={countdown} />;
  },
  play: playChecks(() => checks),
} satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

const path = '/checkout/payment-unsuccessful';
const story = (options: Omit<CheckoutStoryOptions, 'path'>) => [
  async () => ({ checkout: await checkoutStory({ path, ...options }), countdown: countdownStory() }),
];
const inState = (value: 0 | 1 | 3 | 16 | 18) => ok({ ...orders.collect, state: { value } });

export const LoadingOrder: Story = {
  parameters: { machineStates: ['checkout.inCheckout.unsuccessful.loadingOrder'] },
  loaders: story({ order: pending }),
};

export const LoadFailed: Story = {
  parameters: { machineStates: ['checkout.inCheckout.unsuccessful.loadFailed'] },
  loaders: story({ order: fail() }),
};

/** Payment pending (3): 'Try again?' goes back to the payment page. */
export const RetryOffered: Story = {
  parameters: { machineStates: ['checkout.inCheckout.unsuccessful.retryOffered'] },
  loaders: story({ order: inState(3) }),
};

/** Checkout failed (16): only 'Leave checkout'. */
export const RetryUnavailable: Story = {
  parameters: { machineStates: ['checkout.inCheckout.unsuccessful.retryUnavailable'] },
  loaders: story({ order: inState(16) }),
};

/** Velocity check failed (1): the order limit modal. */
export const VelocityLimited: Story = {
  parameters: { machineStates: ['checkout.inCheckout.unsuccessful.velocityLimited'] },
  loaders: story({ order: inState(1) }),
};

export const SellBackVelocityLimited: Story = {
  parameters: { machineStates: ['checkout.inCheckout.unsuccessful.velocityLimited'] },
  loaders: story({ order: ok({ ...orders.sellBack, state: { value: 1 } }), productId: 3 }),
};

/** 'Leave checkout': the cart is being abandoned. */
export const Abandoning: Story = {
  parameters: { machineStates: ['checkout.leaving.abandoning'] },
  loaders: story({ order: inState(16), abandon: pending, events: [{ type: 'checkout.left' }] }),
};

/** "We've cleared your cart", then the abandon-cart address after 1 second. */
export const CartCleared: Story = {
  parameters: { machineStates: ['checkout.leaving.cartCleared'] },
  loaders: story({ order: inState(16), events: [{ type: 'checkout.left' }] }),
};

/** Abandoning failed: back on the page with the problem shown. */
export const AbandonFailed: Story = {
  parameters: { machineStates: ['checkout.inCheckout.unsuccessful.retryUnavailable'] },
  loaders: story({ order: inState(16), abandon: fail({ title: 'We could not clear your cart', detail: 'Please try again.', status: 500 }), events: [{ type: 'checkout.left' }] }),
};

// ------------------------------------------------------------------------------------------------
// What each state shows (spec 2.11, 4.1, 8): checked by every story's play function.
// ------------------------------------------------------------------------------------------------

const tryAgain = ['button', messages.tryAgain] as const;
const leave = ['button', messages.leaveCheckout] as const;
const velocity = { texts: [messages.velocityTitle, messages.velocityBody], focusIn: messages.velocityTitle, enabled: [['button', messages.returnToHomepage]] } as const;

const checks: StateChecks = {
  LoadingOrder: { texts: [messages.loadingOrder] },
  LoadFailed: { texts: [messages.somethingWentWrong] },
  RetryOffered: { texts: [messages.unsuccessfulTitle, messages.unsuccessfulBody], enabled: [tryAgain, leave] },
  RetryUnavailable: { texts: [messages.unsuccessfulTitle], absent: [messages.tryAgain], enabled: [leave] },
  VelocityLimited: velocity,
  SellBackVelocityLimited: velocity,
  Abandoning: { texts: [messages.unsuccessfulTitle] },
  CartCleared: { texts: [messages.cartCleared] },
  AbandonFailed: { texts: ['We could not clear your cart', messages.unsuccessfulTitle] },
};
