/**
 * The hosted payment frame on the checkout's payment page (spec 2.9, 4.1): the card form runs in
 * an iframe; the payment response page inside it reports the outcome with postMessage.
 *
 * The app forwards every `message` event of its window as `frame.messageReceived` with the
 * event's origin and data, untouched; this chart decides what to trust: only messages from the
 * app's own origin (`appOrigin`, the checkout page's `location.origin`) and only of the agreed
 * shape (domain/contract/payment-messages.ts). Everything else is ignored.
 *
 * The provider unavailable (issue 45 part 1): the card page, from the origin of `paymentUrl`
 * only, reports itself loaded (its first size message) and, when the provider cannot take cards,
 * that it is unavailable. A card page that has not reported itself loaded within CARD_PAGE_LOAD
 * (15 s), or reports the provider unavailable, ends the frame with 'providerUnavailable': the
 * checkout offers to pay at the branch.
 *
 * Done with output `{ outcome: 'received' | 'failed' | 'providerUnavailable' }`; the checkout
 * goes to the next step, to the error step, or to its provider-unavailable offer on it.
 */
import { assign, setup } from 'xstate';
import { CARD_PAGE_LOAD_DELAY_MS } from '#domain/delays.ts';
import { messages } from '#domain/messages.ts';
import { cardPageReport, paymentFrameDecision } from '#domain/payment.ts';

export interface PaymentFrameInput {
  /** The checkout page's own origin: the only origin whose messages count. */
  appOrigin: string;
  /** The provider's hosted card page, from the payment intent's location. */
  paymentUrl: string;
}

export interface PaymentFrameContext extends PaymentFrameInput {
  /** The notice to show while the outcome is unknown, or null. */
  notice: string | null;
}

export type PaymentFrameEvent = { type: 'frame.messageReceived'; origin: string; data: unknown };

export type PaymentOutcome = 'received' | 'failed' | 'providerUnavailable';
export interface PaymentFrameOutput {
  outcome: PaymentOutcome;
}

export type PaymentFrameTag = 'awaitingPayment' | 'statusUnknown';

export const paymentFrameMachine = setup({
  types: {
    input: {} as PaymentFrameInput,
    context: {} as PaymentFrameContext,
    events: {} as PaymentFrameEvent,
    output: {} as PaymentFrameOutput,
    tags: {} as PaymentFrameTag,
  },
  actions: {
    showStatusUnknownNotice: assign({ notice: messages.paymentStatusUnknown }),
  },
  guards: {
    isPaymentReceivedMessage: ({ context, event }) => paymentFrameDecision(event, context.appOrigin) === 'next',
    isPaymentFailedMessage: ({ context, event }) => paymentFrameDecision(event, context.appOrigin) === 'error',
    isStateUnknownMessage: ({ context, event }) => paymentFrameDecision(event, context.appOrigin) === 'statusUnknown',
    isCardPageLoadedReport: ({ context, event }) => cardPageReport(event, context.paymentUrl) === 'loaded',
    isProviderUnavailableReport: ({ context, event }) => cardPageReport(event, context.paymentUrl) === 'unavailable',
  },
  delays: {
    /** Issue 45 part 1: the card page's time to report itself loaded. */
    CARD_PAGE_LOAD: CARD_PAGE_LOAD_DELAY_MS,
  },
}).createMachine({
  id: 'paymentFrame',
  context: ({ input }) => ({ ...input, notice: null }),
  initial: 'awaitingOutcome',
  on: {
    'frame.messageReceived': [
      { guard: 'isPaymentReceivedMessage', target: '.paymentReceived' },
      { guard: 'isPaymentFailedMessage', target: '.paymentFailed' },
      { guard: 'isStateUnknownMessage', target: '.statusUnknown', actions: 'showStatusUnknownNotice' },
      { guard: 'isProviderUnavailableReport', target: '.providerUnavailable' },
    ],
  },
  states: {
    /** The card page is on its way: it has CARD_PAGE_LOAD to report itself loaded. */
    awaitingOutcome: {
      tags: ['awaitingPayment'],
      on: { 'frame.messageReceived': { guard: 'isCardPageLoadedReport', target: 'cardPageShown' } },
      after: { CARD_PAGE_LOAD: 'providerUnavailable' },
    },
    /** The card page reported itself loaded: the shopper is paying. */
    cardPageShown: { tags: ['awaitingPayment'] },
    /** The response page could not read the order; it retries and will report again. */
    statusUnknown: { tags: ['awaitingPayment', 'statusUnknown'] },
    paymentReceived: { type: 'final', output: { outcome: 'received' } },
    paymentFailed: { type: 'final', output: { outcome: 'failed' } },
    /** The provider cannot take cards now: the card page said so, or never reported itself loaded. */
    providerUnavailable: { type: 'final', output: { outcome: 'providerUnavailable' } },
  },
  output: ({ event }) => event.output as PaymentFrameOutput,
});
