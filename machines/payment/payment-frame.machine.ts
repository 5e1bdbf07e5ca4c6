/**
 * The hosted payment frame on the checkout's payment page (spec 2.9, 4.1): the card form runs in
 * an iframe; the payment response page inside it reports the outcome with postMessage.
 *
 * The app forwards every `message` event of its window as `frame.messageReceived` with the
 * event's origin and data, untouched; this chart decides what to trust: only messages from the
 * app's own origin (`appOrigin`, the checkout page's `location.origin`) and only of the agreed
 * shape (domain/contract/payment-messages.ts). Everything else is ignored.
 *
 * Done with output `{ outcome: 'received' | 'failed' }`; the checkout goes to the next step or to
 * the error step on it.
 */
import { assign, setup } from 'xstate';
import { messages } from '#domain/messages.ts';
import { paymentFrameDecision } from '#domain/payment.ts';

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

export type PaymentOutcome = 'received' | 'failed';
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
    ],
  },
  states: {
    awaitingOutcome: { tags: ['awaitingPayment'] },
    /** The response page could not read the order; it retries and will report again. */
    statusUnknown: { tags: ['awaitingPayment', 'statusUnknown'] },
    paymentReceived: { type: 'final', output: { outcome: 'received' } },
    paymentFailed: { type: 'final', output: { outcome: 'failed' } },
  },
  output: ({ event }) => event.output as PaymentFrameOutput,
});
