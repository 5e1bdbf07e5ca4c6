/**
 * The payment pages as the spec (2.9, 2.10, 4.1, 8, 9) describes them, not as the charts do:
 * what the checkout's payment frame decides from the messages it receives, and what the payment
 * response page (inside the frame) reports from the order it reads.
 */
import type { AnyEventObject } from 'xstate';

/** Spec 4.1, 8. */
export const STATUS_UNKNOWN_NOTICE = 'Unable to check status of your payment, please wait whilst we retry';
export const MESSAGE_SOURCE = 'travel-money-payment';
/** Spec 4.1: completed is the only order state that means the payment was received. */
export const COMPLETED = 18;

export interface FrameSeen {
  /**
   * The frame's decision: the checkout goes to the next step (received), the error step (failed),
   * or offers to pay at the branch (providerUnavailable, issue 45 part 1).
   */
  outcome: 'received' | 'failed' | 'providerUnavailable' | null;
  notice: string | null;
  /** Issue 45 part 1: the card page said it loaded, or the frame has since been heard from. */
  cardPageLoaded: boolean;
}

/** Issue 45 part 1: what the provider's card page says, from its own origin. */
export const CARD_PAGE_SOURCE = 'travel-money-psp';

/**
 * Messages from the payment iframe, same origin only (4.1): payment received goes to the next
 * step; payment failed to the error step; state unknown shows the notice. Anything else (another
 * origin, another shape) changes nothing.
 *
 * Issue 45 part 1: from the card page's own origin (`providerOrigin`), its first size message
 * says it loaded, and 'provider.unavailable' that the provider cannot take cards. A card page not
 * loaded when its delay ends (and the frame not heard from since) means the provider is
 * unavailable too.
 */
export function paymentFrameOracle(appOrigin: string, providerOrigin: string) {
  return {
    start(): FrameSeen {
      return { outcome: null, notice: null, cardPageLoaded: false };
    },
    next(seen: FrameSeen, event: AnyEventObject): FrameSeen {
      if (seen.outcome !== null) return seen;
      if (event.type.startsWith('xstate.after.CARD_PAGE_LOAD.')) return seen.cardPageLoaded ? seen : { ...seen, outcome: 'providerUnavailable' };
      if (event.type !== 'frame.messageReceived') throw new Error(`The payment frame oracle has no rule for ${event.type}`);
      const data = event.data as { source?: unknown; type?: unknown; height?: unknown } | null;
      if (event.origin === providerOrigin && data?.source === CARD_PAGE_SOURCE) {
        if (data.type === 'provider.unavailable' && Object.keys(data).length === 2) return { ...seen, outcome: 'providerUnavailable' };
        if (data.type === 'frame.resized' && typeof data.height === 'number' && Number.isInteger(data.height) && data.height >= 1 && data.height <= 4000) {
          return { ...seen, cardPageLoaded: true };
        }
        return seen;
      }
      if (event.origin !== appOrigin || data?.source !== MESSAGE_SOURCE) return seen;
      if (data.type === 'payment.received') return { ...seen, outcome: 'received' };
      if (data.type === 'payment.failed') return { ...seen, outcome: 'failed' };
      if (data.type === 'payment.stateUnknown') return { ...seen, notice: STATUS_UNKNOWN_NOTICE, cardPageLoaded: true };
      return seen;
    },
    tags(seen: FrameSeen): string[] {
      if (seen.outcome !== null) return [];
      return seen.notice ? ['awaitingPayment', 'statusUnknown'] : ['awaitingPayment'];
    },
  };
}

export interface ResponseSeen {
  outcome: 'received' | 'failed' | null;
  /** Between a failed read and the retry one second later. */
  waitingToRetry: boolean;
  /** What the page tells the parent page in this step. */
  reports: AnyEventObject[];
}

/**
 * The payment response page (4.1): polls the order; completed tells the parent the payment was
 * received, otherwise that it failed; on a fetch error it reports state unknown and retries after
 * 1 second, indefinitely.
 */
export function paymentResponseOracle(orderId: string) {
  const report = (type: string): AnyEventObject => ({ type: 'payment.reported', message: { source: MESSAGE_SOURCE, type, orderId } });
  return {
    start(): ResponseSeen {
      return { outcome: null, waitingToRetry: false, reports: [] };
    },
    next(seen: ResponseSeen, event: AnyEventObject): ResponseSeen {
      if (event.type === 'xstate.done.actor.loadOrder') {
        const received = (event.output as { state: { value: number } }).state.value === COMPLETED;
        return { outcome: received ? 'received' : 'failed', waitingToRetry: false, reports: [report(received ? 'payment.received' : 'payment.failed')] };
      }
      if (event.type === 'xstate.error.actor.loadOrder') return { ...seen, waitingToRetry: true, reports: [report('payment.stateUnknown')] };
      if (event.type.startsWith('xstate.after.PAYMENT_RETRY.')) return { ...seen, waitingToRetry: false, reports: [] };
      throw new Error(`The payment response oracle has no rule for ${event.type}`);
    },
    /** A spinner while the order is read or about to be read again; the unknown state meanwhile. */
    tags(seen: ResponseSeen): string[] {
      if (seen.outcome !== null) return [];
      return seen.waitingToRetry ? ['checking', 'statusUnknown'] : ['checking'];
    },
  };
}
