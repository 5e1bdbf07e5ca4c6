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

// The order's journey after payment (issue 45, part 2): its timeline, step by step, with times in London.
const paidAt = '2026-03-03T16:20:00.000Z';
const beingPrepared = { ...f.managedOrder, timeline: [{ step: 'beingPrepared' as const, at: paidAt, reference: null }] };
const readyToCollect = { ...beingPrepared, timeline: [...beingPrepared.timeline, { step: 'readyToCollect' as const, at: '2026-03-04T09:15:00.000Z', reference: null }] };
const homeOrder = {
  ...f.managedOrder.order,
  product: { id: 1 as const, name: 'Home delivery' },
  deliverySlot: { ...f.managedOrder.order.deliverySlot!, deliveryMethodName: 'Royal Mail Special Delivery' },
};
const dispatched = {
  ...f.managedOrder,
  order: homeOrder,
  refusal: 'tooLate' as const,
  collectionDates: [],
  timeline: [
    { step: 'beingPrepared' as const, at: paidAt, reference: null },
    { step: 'dispatched' as const, at: '2026-03-04T08:05:00.000Z', reference: 'JD0001 2345 6789' },
  ],
};
const paidOut = {
  ...f.managedOrder,
  order: { ...f.managedOrder.order, product: { id: 3 as const, name: 'Sell back' } },
  refusal: 'tooLate' as const,
  refundAmount: 0,
  collectionDates: [],
  timeline: [
    { step: 'waitingForCurrency' as const, at: paidAt, reference: null },
    { step: 'received' as const, at: '2026-03-04T09:15:00.000Z', reference: null },
    { step: 'paidOut' as const, at: '2026-03-04T09:40:00.000Z', reference: null },
  ],
};

/** Paid yesterday: being prepared, the next two steps still to come, and the order can still change. */
export const JourneyBeingPrepared: Story = {
  parameters: { machineStates: ['manageOrder.found.manageable.viewing'] },
  loaders: story({ found: ok(beingPrepared), events: find }),
};

/** At the branch, ready to collect (still changeable until the collection date). */
export const JourneyReadyToCollect: Story = {
  parameters: { machineStates: ['manageOrder.found.manageable.viewing'] },
  loaders: story({ found: ok(readyToCollect), events: find }),
};

/** Home delivery on its way: the courier's tracking reference, and too late to change online. */
export const JourneyDispatched: Story = {
  parameters: { machineStates: ['manageOrder.found.settled'] },
  loaders: story({ found: ok(dispatched), events: find }),
};

/** A sell back paid out: every step done, with its time. */
export const JourneyPaidOut: Story = {
  parameters: { machineStates: ['manageOrder.found.settled'] },
  loaders: story({ found: ok(paidOut), events: find }),
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
  JourneyBeingPrepared: {
    texts: [messages.orderProgressTitle, messages.stepBeingPrepared, 'Tuesday 3 March, 4:20pm', messages.stepReadyToCollect, messages.stepCollected, messages.stepToCome],
    enabled: actions.map((a) => ['button', a] as const),
  },
  JourneyReadyToCollect: { texts: [messages.orderProgressTitle, messages.stepReadyToCollect, 'Wednesday 4 March, 9:15am', messages.stepToCome], enabled: actions.map((a) => ['button', a] as const) },
  JourneyDispatched: {
    texts: [messages.orderProgressTitle, messages.stepDispatched, 'Wednesday 4 March, 8:05am', 'Courier tracking reference: JD0001 2345 6789', messages.stepDelivered, messages.tooLateDelivery],
    absent: actions,
  },
  JourneyPaidOut: {
    texts: [messages.orderProgressTitle, messages.stepWaitingForCurrency, messages.stepReceived, messages.stepPaidOut, 'Wednesday 4 March, 9:40am', messages.tooLateSellBack],
    absent: [...actions, messages.stepToCome],
  },
};
