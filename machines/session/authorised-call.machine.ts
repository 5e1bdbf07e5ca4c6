/**
 * An authorised call (spec 4.4, 6): cart and order calls carry the session's token.
 *
 * The call waits until the session has settled (a usable token, or a failed attempt to get one),
 * so the first calls of a page never go out bare and cost the fresh session a needless 401. A
 * visitor with no session yet gets one now: the call asks the session for it (`session.needed`). A call
 * refused with 401 or 403 while it carried a token has cleared that token (the session is told
 * `session.unauthorized`); once the new session, which keeps the cart and order
 * (docs/decisions/011), is ready, the call is made again, once. A session that fails, or does not
 * move on within 30 seconds, leaves the call failed with its original error.
 *
 * It talks to the session actor of the system (systemId 'session') by events: `watchSession`
 * subscribes to it and reports `session.ready { token }`, `session.missing` and `session.failed`;
 * the request for a session and the refusal go to it with `sendTo`. With no session in the system, the call goes out at once, bare.
 *
 * It stands in for the promise actor it wraps: the machine that invokes it sees the call's output
 * (onDone) or the call's error (onError), so its own chart does not change. The call itself is the
 * injected `call` actor, invoked with this actor's input.
 */
import { assign, enqueueActions, fromCallback, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { SYSTEM_ID, systemActor } from '#machines/system.ts';
import { errorStatus } from '#domain/problem.ts';
import { selectToken, type SessionSnapshot } from './session.machine.ts';

/** How long a refused call waits for the new session before it gives up and reports its failure. */
export const REPLACEMENT_TIMEOUT_MS = 30_000;

/** 401 or 403: the token the call carried is no longer accepted. */
function isRefusal(error: unknown): boolean {
  const status = errorStatus(error);
  return status === 401 || status === 403;
}

export interface AuthorisedCallContext {
  /** The call's own input, passed on to it unchanged. */
  input: unknown;
  /** The token the call carries (as the session had it when the call went out); null: none. */
  token: string | null;
  output: unknown;
  /** The call's failure; a refusal keeps it until the call is made again. */
  error: unknown;
}

export type AuthorisedCallEvent =
  /** The session has a usable token. */
  | { type: 'session.ready'; token: string }
  /** The session could not get a token. */
  | { type: 'session.failed' }
  /** There is no session yet. */
  | { type: 'session.missing' };

/**
 * Reports the session of the system as it is now and as it changes: `session.ready { token }`,
 * `session.missing` or `session.failed`. No session in the system: settled at once, with no token.
 */
export const watchSession = fromCallback<AuthorisedCallEvent>(({ system, sendBack }) => {
  const session = systemActor(system, SYSTEM_ID.session);
  if (!session) {
    sendBack({ type: 'session.failed' });
    return undefined;
  }
  const report = (snapshot: SessionSnapshot) => {
    const token = selectToken(snapshot);
    if (token !== null) sendBack({ type: 'session.ready', token });
    else if (snapshot.hasTag('none')) sendBack({ type: 'session.missing' });
    else if (snapshot.hasTag('failed')) sendBack({ type: 'session.failed' });
  };
  report(session.getSnapshot());
  const subscription = session.subscribe(report);
  return () => subscription.unsubscribe();
});

export const authorisedCallMachine = setup({
  types: {
    input: {} as unknown,
    context: {} as AuthorisedCallContext,
    events: {} as AuthorisedCallEvent,
    output: {} as unknown,
    children: {} as { watchSession: 'watchSession'; call: 'call' },
  },
  actors: {
    watchSession,
    call: fromPromise<unknown, unknown>(() => Promise.reject(new Error('call not provided'))),
  },
  actions: {
    rememberToken: assign({ token: (_, params: { token: string | null }) => params.token }),
    rememberOutput: assign({ output: (_, params: { output: unknown }) => params.output }),
    rememberError: assign({ error: (_, params: { error: unknown }) => params.error }),
    /** The session starts, since this call needs its token. */
    askForSession: enqueueActions(({ enqueue, system }) => {
      const session = systemActor(system, SYSTEM_ID.session);
      if (session) enqueue.sendTo(session, { type: 'session.needed' });
    }),
    /** The session clears the refused token and starts the new session (it ignores a refusal it has seen). */
    reportRefusal: enqueueActions(({ context, enqueue, system }) => {
      const session = systemActor(system, SYSTEM_ID.session);
      if (session) enqueue.sendTo(session, { type: 'session.unauthorized', token: context.token });
    }),
    /** The invoking machine receives the call's error (its onError), as from the call itself. */
    reportFailure: ({ context }) => {
      throw context.error;
    },
  },
  guards: {
    /** 401 or 403 on a call that carried a token: the session is being replaced. */
    isRefusalOfToken: ({ context }, params: { error: unknown }) => isRefusal(params.error) && context.token !== null,
    /** A token other than the refused one. */
    isNewToken: ({ context }, params: { token: string }) => params.token !== context.token,
  },
  delays: {
    REPLACEMENT_TIMEOUT: REPLACEMENT_TIMEOUT_MS,
  },
}).createMachine({
  id: 'authorisedCall',
  context: ({ input }) => ({ input, token: null, output: undefined, error: null }),
  initial: 'waitingForSession',
  states: {
    waitingForSession: {
      invoke: { id: 'watchSession', src: 'watchSession' },
      on: {
        'session.ready': { target: 'calling', actions: { type: 'rememberToken', params: ({ event }) => ({ token: event.token }) } },
        // No token to be had: the call goes out bare and answers for itself.
        'session.failed': { target: 'calling', actions: { type: 'rememberToken', params: { token: null } } },
        'session.missing': { actions: 'askForSession' },
      },
    },
    calling: {
      invoke: {
        id: 'call',
        src: 'call',
        input: ({ context }: { context: AuthorisedCallContext }) => context.input,
        onDone: { target: 'done', actions: { type: 'rememberOutput', params: ({ event }) => ({ output: event.output }) } },
        onError: [
          {
            guard: { type: 'isRefusalOfToken', params: ({ event }) => ({ error: event.error }) },
            target: 'waitingForReplacement',
            actions: [{ type: 'rememberError', params: ({ event }) => ({ error: event.error }) }, 'reportRefusal'],
          },
          { target: 'failed', actions: { type: 'rememberError', params: ({ event }) => ({ error: event.error }) } },
        ],
      },
    },
    /** The refused token is being replaced; the original error stands if no new session comes. */
    waitingForReplacement: {
      invoke: { id: 'watchSession', src: 'watchSession' },
      after: { REPLACEMENT_TIMEOUT: { target: 'failed' } },
      on: {
        'session.ready': {
          guard: { type: 'isNewToken', params: ({ event }) => ({ token: event.token }) },
          target: 'callingAgain',
          actions: { type: 'rememberToken', params: ({ event }) => ({ token: event.token }) },
        },
        'session.failed': { target: 'failed' },
      },
    },
    /** Once only: a second refusal is the call's failure. */
    callingAgain: {
      invoke: {
        id: 'call',
        src: 'call',
        input: ({ context }: { context: AuthorisedCallContext }) => context.input,
        onDone: { target: 'done', actions: { type: 'rememberOutput', params: ({ event }) => ({ output: event.output }) } },
        onError: { target: 'failed', actions: { type: 'rememberError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    done: { type: 'final' },
    failed: { entry: 'reportFailure' },
  },
  output: ({ context }: { context: AuthorisedCallContext }) => context.output,
});

export type AuthorisedCallMachine = typeof authorisedCallMachine;
export type AuthorisedCallSnapshot = SnapshotFrom<AuthorisedCallMachine>;
