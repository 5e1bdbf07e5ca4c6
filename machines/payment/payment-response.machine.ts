/**
 * The payment response page (spec 2.10, 4.1), shown inside the payment iframe once the provider
 * has an outcome: it reads the order and reports to the checkout page holding the iframe.
 *
 * Completed (18) reports 'payment.received'; any other state 'payment.failed'. When the order
 * cannot be read it reports 'payment.stateUnknown' and tries again after PAYMENT_RETRY (1 s),
 * for as long as the page is open.
 *
 * Side effects leave the chart as emitted events (the pattern of every checkout chart): the shop's
 * effects actor hears `payment.reported` and posts `event.message` to
 * `window.parent` with the parent's exact origin, never '*'. The page runs on the shop's own
 * origin (the provider sends the frame back to the shop), so that origin is `location.origin`.
 */
import { emit, fromPromise, setup } from 'xstate';
import type { Order } from '#domain/contract/order.ts';
import type { PaymentFrameMessage } from '#domain/contract/payment-messages.ts';
import { PAYMENT_STATUS_RETRY_MS } from '#domain/delays.ts';
import { paymentResponseReport } from '#domain/order-state.ts';
import { paymentFrameMessage } from '#domain/payment.ts';

export interface PaymentResponseInput {
  /**
   * The order the payment is for, as the shop put it in the provider's return address; it names
   * the order in a 'payment.stateUnknown' report, when the order itself could not be read.
   */
  orderId: string;
}

export type PaymentResponseContext = PaymentResponseInput;

/** GET /api/order. */
export type LoadOrderOutput = Order;

export type PaymentResponseEmitted = { type: 'payment.reported'; message: PaymentFrameMessage };

export type PaymentResponseTag = 'checking' | 'statusUnknown';

export interface PaymentResponseOutput {
  outcome: 'received' | 'failed';
}

export const paymentResponseMachine = setup({
  types: {
    input: {} as PaymentResponseInput,
    context: {} as PaymentResponseContext,
    emitted: {} as PaymentResponseEmitted,
    output: {} as PaymentResponseOutput,
    tags: {} as PaymentResponseTag,
  },
  actors: {
    loadOrder: fromPromise<LoadOrderOutput>(() => Promise.reject(new Error('loadOrder not provided'))),
  },
  actions: {
    reportOutcome: emit((_, params: { order: Order }) => ({
      type: 'payment.reported' as const,
      message: paymentFrameMessage(paymentResponseReport({ state: params.order.state.value }).report, params.order.id),
    })),
    reportStateUnknown: emit(({ context }) => ({
      type: 'payment.reported' as const,
      message: paymentFrameMessage(paymentResponseReport({ fetchError: true }).report, context.orderId),
    })),
  },
  guards: {
    isPaymentReceived: (_, params: { order: Order }) =>
      paymentResponseReport({ state: params.order.state.value }).report === 'payment.received',
  },
  delays: {
    /** Spec 9: payment status retry 1 s. */
    PAYMENT_RETRY: PAYMENT_STATUS_RETRY_MS,
  },
}).createMachine({
  id: 'paymentResponse',
  context: ({ input }) => ({ orderId: input.orderId }),
  initial: 'checkingOrder',
  states: {
    checkingOrder: {
      tags: ['checking'],
      invoke: {
        id: 'loadOrder',
        src: 'loadOrder',
        onDone: [
          {
            guard: { type: 'isPaymentReceived', params: ({ event }) => ({ order: event.output }) },
            target: 'paymentReceived',
            actions: { type: 'reportOutcome', params: ({ event }) => ({ order: event.output }) },
          },
          { target: 'paymentFailed', actions: { type: 'reportOutcome', params: ({ event }) => ({ order: event.output }) } },
        ],
        onError: { target: 'retrying', actions: 'reportStateUnknown' },
      },
    },
    retrying: {
      tags: ['checking', 'statusUnknown'],
      after: { PAYMENT_RETRY: 'checkingOrder' },
    },
    paymentReceived: { type: 'final', output: { outcome: 'received' } },
    paymentFailed: { type: 'final', output: { outcome: 'failed' } },
  },
  output: ({ event }) => event.output as PaymentResponseOutput,
});

export type PaymentResponseMachine = typeof paymentResponseMachine;
