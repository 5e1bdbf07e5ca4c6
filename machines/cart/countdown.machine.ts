/**
 * The cart countdown (spec 4.3): mm:ss, 'expiring' under 300 s, a shake at each full minute at or
 * below 300 s, 'Cart expired' under 1 s, stopped at confirmation.
 *
 * The readout is recomputed from expiresAt and the clock on every tick rather than decremented,
 * so a throttled background tab never shows more time than the cart has.
 */
import { assign, emit, setup } from 'xstate';
import { COUNTDOWN_TICK_MS, countdownAt, type CountdownView } from '#domain/countdown.ts';

export interface CountdownInput {
  /** ISO timestamp of the cart's (or order's) expiry. */
  expiresAt: string;
  /** Epoch milliseconds; Date.now unless a test drives the clock. */
  now?: () => number;
}

export interface CountdownContext {
  expiresAt: string;
  now: () => number;
  view: CountdownView;
}

export type CountdownEvent =
  /** The cart was written and its expiry moved. */
  | { type: 'countdown.reset'; expiresAt: string }
  /** The order is confirmed: the countdown stops for good. */
  | { type: 'countdown.stopped' };

/**
 * 'Cart expired' is reached. Emitted for whoever listens; the cart, whose child this is, provides
 * `announceExpiry` as a message to itself instead, so what it allows changes at that moment.
 */
export type CountdownEmitted = { type: 'countdown.expired' };

/** The shake (300, 240, 180, 120 and 60 s) lasts one tick, so it is context.view.shake, not a state. */
export const COUNTDOWN_TAGS = ['expiring', 'expired'] as const;
export type CountdownTag = (typeof COUNTDOWN_TAGS)[number];

const readView = (expiresAt: string, now: () => number): CountdownView => countdownAt(expiresAt, new Date(now()));

export const countdownMachine = setup({
  types: {
    input: {} as CountdownInput,
    context: {} as CountdownContext,
    events: {} as CountdownEvent,
    emitted: {} as CountdownEmitted,
    tags: {} as CountdownTag,
  },
  actions: {
    announceExpiry: emit({ type: 'countdown.expired' as const }),
    readClock: assign({ view: ({ context }) => readView(context.expiresAt, context.now) }),
    storeExpiry: assign({ expiresAt: (_, params: { expiresAt: string }) => params.expiresAt }),
  },
  guards: {
    isExpired: ({ context }) => context.view.expired,
    isExpiring: ({ context }) => context.view.expiring,
  },
  delays: {
    COUNTDOWN_TICK: COUNTDOWN_TICK_MS,
  },
}).createMachine({
  id: 'countdown',
  context: ({ input }) => {
    const now = input.now ?? Date.now;
    return { expiresAt: input.expiresAt, now, view: readView(input.expiresAt, now) };
  },
  initial: 'running',
  on: {
    'countdown.reset': {
      target: '.running',
      reenter: true,
      actions: { type: 'storeExpiry', params: ({ event }) => ({ expiresAt: event.expiresAt }) },
    },
    'countdown.stopped': '.stopped',
  },
  states: {
    running: {
      entry: 'readClock',
      after: { COUNTDOWN_TICK: { target: 'running', reenter: true } },
      initial: 'routing',
      states: {
        routing: {
          always: [
            { guard: 'isExpired', target: '#countdown.expired' },
            { guard: 'isExpiring', target: 'expiring' },
            { target: 'counting' },
          ],
        },
        counting: {},
        expiring: { tags: ['expiring'] },
      },
    },
    expired: { tags: ['expired'], entry: 'announceExpiry' },
    stopped: { type: 'final' },
  },
});
