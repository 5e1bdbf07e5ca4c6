import type { Meta, StoryObj } from '@storybook/react-vite';
import { DeliveryScreen } from '#src/screens/delivery/delivery-screen.tsx';
import {
  checkoutStory,
  countdownStory,
  f,
  fail,
  inCheckoutLayout,
  ok,
  orders,
  pending,
  settings,
  storyNow,
  withSlot,
  type CheckoutStoryOptions,
  type StoryCheckout,
} from './checkout-story-support.tsx';
import { messages } from '#domain/messages.ts';
import { playChecks, type StateChecks } from '../support/play-checks.ts';

type Loaded = { checkout: StoryCheckout; countdown: ReturnType<typeof countdownStory> };

const meta = {
  title: 'Checkout/Delivery',
  decorators: [inCheckoutLayout],
  parameters: { layout: 'fullscreen' },
  render: (_args, { loaded }) => {
    const { checkout, countdown } = loaded as Loaded;
    return <DeliveryScreen checkout={checkout} countdown={countdown} settings={settings} now={storyNow} />;
  },
  play: playChecks(() => checks),
} satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

const path = '/checkout/delivery-options';
const story = (options: Omit<CheckoutStoryOptions, 'path'>, seconds?: number) => [
  async () => ({ checkout: await checkoutStory({ path, ...options }), countdown: countdownStory(seconds) }),
];
const chooseFirst = { type: 'deliverySlot.chosen', slotId: 'slot-1' } as const;

export const LoadingOrder: Story = {
  parameters: { machineStates: ['checkout.inCheckout.delivery.loadingOrder'] },
  loaders: story({ order: pending }),
};

export const LoadingSlots: Story = {
  parameters: { machineStates: ['checkout.inCheckout.delivery.loadingSlots'] },
  loaders: story({ slots: pending }),
};

export const LoadFailed: Story = {
  parameters: { machineStates: ['checkout.inCheckout.delivery.loadFailed'] },
  loaders: story({ order: fail() }),
};

/** Click and collect: the second day is not in stock, so collection is free from 2pm; the first date holds until an hour before closing. */
export const ChoosingCollectionSlot: Story = {
  parameters: { machineStates: ['checkout.inCheckout.delivery.choosingSlot'], shows: ['Order within 1 d 6 h for collection from Saturday 28 November'] },
  loaders: story({}),
};

/**
 * Home delivery: tomorrow carries the remote-area note, Monday the Monday note; the line above the
 * dates counts down to the 2pm dispatch cut-off (the story's clock stands at 10am).
 */
export const ChoosingHomeDeliverySlot: Story = {
  parameters: {
    machineStates: ['checkout.inCheckout.delivery.choosingSlot'],
    shows: ['Order within 4 h 0 m for delivery on Saturday 28 November'],
  },
  loaders: story({ order: ok(orders.homeDelivery), slots: ok(f.homeDeliverySlots) }),
};

/**
 * The first date's cut-off passed while the page was open: the dates are asked for again (the
 * list stays as it was, without its line, until they arrive; the next date then moves up).
 */
export const RefreshingAfterCutOff: Story = {
  parameters: { machineStates: ['checkout.inCheckout.delivery.refreshingSlots'] },
  loaders: story({
    order: ok(orders.homeDelivery),
    slots: [ok(f.homeDeliverySlots.map((slot, i) => (i === 0 ? { ...slot, orderBy: new Date(storyNow().getTime() - 60_000).toISOString() } : slot))), pending],
    // A millisecond before a whole minute: the clock's next reading is due at once.
    now: () => storyNow().getTime() - 1,
  }),
};

/** Sell-back: the step reads Collection, there is no Payment step, and the box names the branch to bring the currency to. */
export const SellBackCollection: Story = {
  parameters: { machineStates: ['checkout.inCheckout.delivery.choosingSlot'], shows: ["Bring the currency you're selling"] },
  loaders: story({ order: ok(orders.sellBack), productId: 3 }),
};

export const NoSlots: Story = {
  parameters: { machineStates: ['checkout.inCheckout.delivery.choosingSlot'] },
  loaders: story({ slots: ok([]) }),
};

export const SavingSlot: Story = {
  parameters: { machineStates: ['checkout.inCheckout.delivery.savingSlot'] },
  loaders: story({ saveSlot: pending, events: [chooseFirst] }),
};

export const SlotChosen: Story = {
  parameters: { machineStates: ['checkout.inCheckout.delivery.slotChosen'] },
  loaders: story({ saveSlot: ok(withSlot(orders.collect, f.slots[0]!)), events: [chooseFirst] }),
};

export const HomeDeliverySlotChosen: Story = {
  parameters: { machineStates: ['checkout.inCheckout.delivery.slotChosen'] },
  loaders: story({
    order: ok(orders.homeDelivery),
    slots: ok(f.homeDeliverySlots),
    saveSlot: ok(withSlot(orders.homeDelivery, f.homeDeliverySlots[0]!)),
    events: [{ type: 'deliverySlot.chosen', slotId: 'hd-1' }],
  }),
};

/** Saving the slot failed: the choice is undone and the problem pops up. */
export const SaveSlotFailed: Story = {
  parameters: { machineStates: ['checkout.inCheckout.delivery.choosingSlot'] },
  loaders: story({ saveSlot: fail({ title: 'Slot no longer available', detail: 'Please choose another date.', status: 409 }), events: [chooseFirst] }),
};

/** Under five minutes left on the cart. */
export const CartExpiring: Story = {
  parameters: { machineStates: ['checkout.inCheckout.delivery.choosingSlot'] },
  loaders: story({}, 245),
};

export const CartExpired: Story = {
  parameters: { machineStates: ['checkout.inCheckout.delivery.choosingSlot'] },
  loaders: story({}, 0),
};

// ------------------------------------------------------------------------------------------------
// What each state shows (spec 2.7): checked by every story's play function.
// ------------------------------------------------------------------------------------------------

const next = ['button', messages.next] as const;
const loadFailed = { texts: [messages.somethingWentWrong], enabled: [['button', messages.retry]] } as const;

const checks: StateChecks = {
  LoadingOrder: { texts: [messages.loadingOrder], absent: [messages.next] },
  LoadingSlots: { texts: [messages.collectionTitle], absent: [messages.next] },
  LoadFailed: loadFailed,
  ChoosingCollectionSlot: { texts: [messages.collectionTitle, messages.deliverySlotsLabel, messages.collectionInfo], disabled: [next] },
  ChoosingHomeDeliverySlot: { texts: [messages.deliveryTitle, messages.remoteAreaNote, messages.mondayDeliveryNote, messages.deliveryInfo], disabled: [next] },
  RefreshingAfterCutOff: { texts: [messages.deliveryTitle, messages.deliverySlotsLabel], absent: ['Order within'], disabled: [next] },
  SellBackCollection: { texts: [messages.collectionTitle, messages.stepCollection], absent: [messages.stepPayment] },
  NoSlots: { texts: [messages.noSlots], disabled: [next] },
  SavingSlot: { texts: [messages.savingSlot], disabled: [next] },
  SlotChosen: { texts: [messages.collectionTitle], enabled: [next] },
  HomeDeliverySlotChosen: { texts: [messages.deliveryTitle], enabled: [next] },
  SaveSlotFailed: { texts: ['Slot no longer available', 'Please choose another date.'] },
  CartExpiring: { texts: [messages.collectionTitle] },
  CartExpired: { texts: [messages.cartExpired] },
};
