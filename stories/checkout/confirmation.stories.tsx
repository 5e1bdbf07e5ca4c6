import type { Meta, StoryObj } from '@storybook/react-vite';
import { ConfirmationScreen } from '#src/screens/confirmation/confirmation-screen.tsx';
import { storeDetails } from './current-checkout-screen.tsx';
import {
  checkoutStory,
  countdownStory,
  fail,
  inCheckoutLayout,
  ok,
  pending,
  placed,
  settings,
  storyNow,
  type CheckoutStoryOptions,
  type StoryCheckout,
} from './checkout-story-support.tsx';

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
        storeDetails={storeDetails}
        now={storyNow}
        print={() => undefined}
      />
    );
  },
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
