import type { Meta, StoryObj } from '@storybook/react-vite';
import { ConfirmationScreen } from '#src/screens/confirmation/confirmation-screen.tsx';
import {
  checkoutStory,
  countdownStory,
  fail,
  inCheckoutLayout,
  ok,
  pending,
  placed,
  reservedOrder,
  settings,
  storyNow,
  type CheckoutStoryOptions,
  type StoryCheckout,
} from './checkout-story-support.tsx';
import { messages } from '#domain/messages.ts';
import { playChecks, type StateChecks } from '../support/play-checks.ts';

type Loaded = { checkout: StoryCheckout; countdown: ReturnType<typeof countdownStory> };
interface StoryArgs {
  siteSettings?: typeof settings;
}

const meta = {
  title: 'Checkout/Confirmation',
  decorators: [inCheckoutLayout],
  parameters: { layout: 'fullscreen' },
  args: {} as StoryArgs,
  render: (args, { loaded }) => {
    const { checkout, countdown } = loaded as Loaded;
    return (
      <ConfirmationScreen
        checkout={checkout}
        countdown={countdown}
        settings={(args as StoryArgs).siteSettings ?? settings}
        now={storyNow}
        print={() => undefined}
      />
    );
  },
  play: playChecks(() => checks),
} satisfies Meta<StoryArgs>;
export default meta;
type Story = StoryObj<typeof meta>;

const path = '/checkout/order-confirmation';
const story = (options: Omit<CheckoutStoryOptions, 'path'>) => [
  async () => ({ checkout: await checkoutStory({ path, ...options }), countdown: countdownStory() }),
];

export const LoadingOrder: Story = {
  parameters: { machineStates: ['checkout.inCheckout.confirmation.loadingOrder'] },
  loaders: story({ order: pending }),
};

export const LoadFailed: Story = {
  parameters: { machineStates: ['checkout.inCheckout.confirmation.loadFailed'] },
  loaders: story({ order: fail() }),
};

/** Click and collect with the Buyback Guarantee: branch address and opening times. */
export const ClickAndCollect: Story = {
  parameters: { machineStates: ['checkout.inCheckout.confirmation.showingOrder'] },
  loaders: story({ order: ok(placed.collect) }),
};

/** The partner site: no branch email disclaimer (spec 6). */
export const ClickAndCollectPartnerSite: Story = {
  parameters: { machineStates: ['checkout.inCheckout.confirmation.showingOrder'] },
  args: { siteSettings: { ...settings, isPartner: true } },
  loaders: story({ order: ok(placed.collect) }),
};

/** A collection of £1,000 or more: what happens next asks for proof of address too. */
export const ClickAndCollectIdentification: Story = {
  parameters: { machineStates: ['checkout.inCheckout.confirmation.showingOrder'] },
  loaders: story({ order: ok({ ...placed.collect, identificationRequired: true }) }),
};

/** Home delivery with both guarantees: fee lines, delivery charge and address. */
export const HomeDelivery: Story = {
  parameters: { machineStates: ['checkout.inCheckout.confirmation.showingOrder'] },
  loaders: story({ order: ok(placed.homeDelivery), productId: 1 }),
};

/** The guarantee settings off: no fee lines even though the order has them. */
export const HomeDeliveryGuaranteesHidden: Story = {
  parameters: { machineStates: ['checkout.inCheckout.confirmation.showingOrder'] },
  args: { siteSettings: { ...settings, showBuybackGuarantee: false, showRefundGuarantee: false } },
  loaders: story({ order: ok(placed.homeDelivery), productId: 1 }),
};

/** Sell-back: 'Total you'll receive', the Collection step, no Payment step. */
export const SellBack: Story = {
  parameters: { machineStates: ['checkout.inCheckout.confirmation.showingOrder'] },
  loaders: story({ order: ok(placed.sellBack), productId: 3 }),
};

// ------------------------------------------------------------------------------------------------
// What each state shows (spec 2.12): checked by every story's play function.
// ------------------------------------------------------------------------------------------------

const placedOrder = [messages.thankYou, messages.orderReference, messages.orderSummary, messages.yourDetails];

/** Issue 45 part 1: reserved to pay at the branch: what to pay, by when, and what to bring. */
export const ReservedPayAtBranch: Story = {
  parameters: { machineStates: ['checkout.inCheckout.confirmation.showingReservation'] },
  loaders: story({ order: ok(reservedOrder(placed.collect)) }),
};

const checks: StateChecks = {
  LoadingOrder: { texts: [messages.loadingOrder] },
  ReservedPayAtBranch: { texts: [messages.reservationConfirmed, messages.reservationHeld], absent: [messages.thankYou, messages.nextCollectId] },
  LoadFailed: { texts: [messages.somethingWentWrong] },
  ClickAndCollect: {
    texts: [...placedOrder, messages.collectionDate, messages.openingTimes, messages.buybackGuaranteeTitle, messages.branchEmailDisclaimer],
    absent: [messages.nextProofOfAddress],
    enabled: [['button', messages.printOrder]],
  },
  ClickAndCollectPartnerSite: { texts: [...placedOrder, messages.collectionDate], absent: [messages.branchEmailDisclaimer] },
  ClickAndCollectIdentification: { texts: [...placedOrder, messages.nextCollectId, messages.nextProofOfAddress] },
  HomeDelivery: { texts: [...placedOrder, messages.deliveryDate, messages.deliveryAddress, messages.buybackGuaranteeTitle, messages.refundGuaranteeTitle], absent: [messages.branchEmailDisclaimer] },
  HomeDeliveryGuaranteesHidden: { texts: placedOrder, absent: [messages.buybackGuaranteeTitle, messages.refundGuaranteeTitle] },
  SellBack: { texts: [messages.sellBackThankYou, messages.totalYoullReceive, messages.stepCollection], absent: [messages.stepPayment] },
};
