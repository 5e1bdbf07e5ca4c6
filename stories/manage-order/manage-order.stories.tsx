import type { Meta, StoryObj } from '@storybook/react-vite';
import { messages } from '#domain/messages.ts';
import { ManageOrderScreen } from '#src/screens/manage-order/manage-order-screen.tsx';
import { playChecks, type StateChecks } from '../support/play-checks.ts';
import { f, fail, filledFindForm, manageOrderStory, ok, pending, STORY_NOW, type ManageOrderStoryOptions } from '../support/shop-front-story-support.tsx';

type Loaded = { manageOrder: Awaited<ReturnType<typeof manageOrderStory>> };

const meta = {
  title: 'After the order/Manage my order',
  parameters: { layout: 'fullscreen' },
  render: (_args, { loaded }) => (
    <ManageOrderScreen manageOrder={(loaded as Loaded).manageOrder} settings={{ showBuybackGuarantee: true, showRefundGuarantee: true, isPartner: false }} now={() => STORY_NOW} />
  ),
  play: playChecks(() => checks),
} satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

const story = (options: ManageOrderStoryOptions) => [async () => ({ manageOrder: await manageOrderStory(options) })];
const find = [...filledFindForm, { type: 'order.findRequested' } as const];
const notFound = { title: "We couldn't find that order", detail: messages.orderNotFound, status: 404 };
const tooLate = { ...f.managedOrder, refusal: 'tooLate' as const, collectionDates: [] };

/** The form: the order reference, the email address and the date of birth. */
export const FindForm: Story = {
  parameters: { machineStates: ['manageOrder.finding.editing'] },
  loaders: story({}),
};

/** Find with nothing filled in: every field says what it needs, nothing is sent. */
export const FormErrors: Story = {
  parameters: { machineStates: ['manageOrder.finding.editing'] },
  loaders: story({ events: [{ type: 'order.findRequested' }] }),
};

export const Searching: Story = {
  parameters: { machineStates: ['manageOrder.finding.searching'] },
  loaders: story({ found: pending, events: find }),
};

/** No paid order with those details (the same answer whichever of the three was wrong). */
export const NotFound: Story = {
  parameters: { machineStates: ['manageOrder.finding.editing'] },
  loaders: story({ found: fail(notFound), events: find }),
};

/** A click and collect order that can still change: its date, what happens next, cancel and change date. */
export const Found: Story = {
  parameters: { machineStates: ['manageOrder.found.manageable.viewing'] },
  loaders: story({ events: find }),
};

export const ConfirmingCancel: Story = {
  parameters: { machineStates: ['manageOrder.found.manageable.confirmingCancel'] },
  loaders: story({ events: [...find, { type: 'order.cancelRequested' }] }),
};

export const Cancelling: Story = {
  parameters: { machineStates: ['manageOrder.found.manageable.cancelling'] },
  loaders: story({ cancel: pending, events: [...find, { type: 'order.cancelRequested' }, { type: 'order.cancelConfirmed' }] }),
};

/** Cancelled just now: the refund on its way, the email sent. */
export const Cancelled: Story = {
  parameters: { machineStates: ['manageOrder.found.settled'] },
  loaders: story({ events: [...find, { type: 'order.cancelRequested' }, { type: 'order.cancelConfirmed' }] }),
};

/** Found after its deadline: why it can no longer be changed online. */
export const TooLate: Story = {
  parameters: { machineStates: ['manageOrder.found.settled'] },
  loaders: story({ found: ok(tooLate), events: find }),
};

export const ChoosingDate: Story = {
  parameters: { machineStates: ['manageOrder.found.manageable.choosingDate'] },
  loaders: story({ events: [...find, { type: 'collectionDate.changeRequested' }, { type: 'collectionDate.chosen', slotId: f.managedOrder.collectionDates[1]!.id }] }),
};

export const SavingDate: Story = {
  parameters: { machineStates: ['manageOrder.found.manageable.savingDate'] },
  loaders: story({
    changeDate: pending,
    events: [...find, { type: 'collectionDate.changeRequested' }, { type: 'collectionDate.chosen', slotId: f.managedOrder.collectionDates[1]!.id }, { type: 'collectionDate.saveRequested' }],
  }),
};

/** The new date saved: the order shows it, and the email is on its way. */
export const DateChanged: Story = {
  parameters: { machineStates: ['manageOrder.found.manageable.viewing'] },
  loaders: story({
    changeDate: ok({ ...f.managedOrder, order: { ...f.managedOrder.order, deliverySlot: { date: f.managedOrder.collectionDates[1]!.date, price: 0, deliveryMethodName: 'Collect from 10am' } } }),
    events: [...find, { type: 'collectionDate.changeRequested' }, { type: 'collectionDate.chosen', slotId: f.managedOrder.collectionDates[1]!.id }, { type: 'collectionDate.saveRequested' }],
  }),
};

const actions = [messages.cancelOrder, messages.changeCollectionDate];
const checks: StateChecks = {
  FindForm: { texts: [messages.manageOrderTitle, messages.manageOrderIntro, messages.orderReference, messages.dateOfBirthLabel], enabled: [['button', messages.findOrder]] },
  FormErrors: { texts: [messages.orderReferenceRequired, messages.emailRequired, messages.dateOfBirthInvalid] },
  Searching: { texts: [messages.findingOrder] },
  NotFound: { texts: [messages.orderNotFound] },
  Found: { texts: ['TM-100042', messages.whatHappensNext, 'You can change or cancel this order online until the end of Wednesday 4 March.'], enabled: actions.map((a) => ['button', a] as const) },
  ConfirmingCancel: { texts: [messages.cancelOrderQuestion, "We'll refund £676.56 to the card you paid with."], focusIn: messages.cancelOrderQuestion },
  Cancelling: { texts: [messages.cancellingOrder] },
  Cancelled: { texts: [messages.orderCancelled, '£676.56 is on its way back to the card you paid with.'], absent: actions },
  TooLate: { texts: [messages.tooLateCollection], absent: actions },
  ChoosingDate: { texts: [messages.newCollectionDateLabel], enabled: [['button', messages.saveCollectionDate], ['button', messages.keepCollectionDate]] },
  SavingDate: { texts: [messages.savingCollectionDate] },
  DateChanged: { texts: ["We've emailed you the new date."] },
};
