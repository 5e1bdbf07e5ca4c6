import type { Meta, StoryObj } from '@storybook/react-vite';
import { checkoutSteps } from '#domain/checkout-steps.ts';
import { countdownView } from '#domain/countdown.ts';
import { CheckoutHeaderView } from '#src/screens/checkout-header/checkout-header-view.tsx';
import { messages } from '#domain/messages.ts';
import { playChecks, type StateChecks } from '../support/play-checks.ts';

const meta = {
  title: 'Checkout/Header',
  component: CheckoutHeaderView,
  parameters: { layout: 'fullscreen' },
  args: {
    steps: checkoutSteps(2),
    activeStep: 'review',
    countdown: countdownView((18 * 60 + 45) * 1000),
    closeMode: 'abandon',
    canClose: true,
    closing: false,
    onClose: () => undefined,
  },
  play: playChecks(() => checks),
} satisfies Meta<typeof CheckoutHeaderView>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Review: Story = {};
export const Delivery: Story = { args: { activeStep: 'delivery' } };
export const Details: Story = { args: { activeStep: 'details' } };
export const Payment: Story = { args: { activeStep: 'payment' } };
/** The countdown has stopped; the close control is a link to /. */
export const Confirmation: Story = { args: { activeStep: 'confirmation', countdown: null, closeMode: 'home' } };

/** Sell-back: Collection instead of Delivery, and no Payment step. */
export const SellBackCollection: Story = { args: { steps: checkoutSteps(3), activeStep: 'delivery' } };
export const SellBackConfirmation: Story = {
  args: { steps: checkoutSteps(3), activeStep: 'confirmation', countdown: null, closeMode: 'home' },
};

/** Under 300 seconds the readout turns urgent; at a full minute it shakes. */
export const CountdownExpiring: Story = { args: { countdown: countdownView(245_000) } };
export const CountdownShaking: Story = { args: { countdown: countdownView(240_000) } };
export const CartExpired: Story = { args: { countdown: countdownView(0) } };

/** The close button was pressed: the cart is being abandoned. */
export const Closing: Story = { args: { closing: true } };

// ------------------------------------------------------------------------------------------------
// What each state shows (spec 2.5): checked by every story's play function.
// ------------------------------------------------------------------------------------------------

const steps = [messages.stepReview, messages.stepDelivery, messages.stepDetails, messages.stepPayment, messages.stepConfirmation];
const close = ['button', messages.closeCheckout] as const;
const open = { texts: steps, enabled: [close] } as const;

const checks: StateChecks = {
  Review: open,
  Delivery: open,
  Details: open,
  Payment: open,
  Confirmation: { texts: steps },
  SellBackCollection: { texts: [messages.stepCollection], absent: [messages.stepPayment] },
  SellBackConfirmation: { texts: [messages.stepCollection], absent: [messages.stepPayment] },
  CountdownExpiring: open,
  CountdownShaking: open,
  CartExpired: { texts: [messages.cartExpired] },
  Closing: { texts: steps },
};
