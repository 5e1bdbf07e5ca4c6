/**
 * The promise actors the statecharts invoke for their I/O, and the authorised ones among them
 * (spec 4.4, 6: cart and order calls carry the session's token).
 *
 * `authorised(call)` is the authorised-call statechart (machines/session/authorised-call.machine.ts)
 * around a call: it waits for the session of the system, makes the call, and after a 401 or 403
 * waits for the new session and makes it again, once. It stands in for the promise actor: the
 * machine invoking it gets the call's output (onDone) or error (onError), and the inspector shows
 * its states and its events with the session.
 */
import {
  fromPromise as xstateFromPromise,
  type EventObject,
  type NonReducibleUnknown,
  type PromiseActorLogic,
} from 'xstate';
import { authorisedCallMachine } from '#machines/session/authorised-call.machine.ts';

/**
 * xstate's fromPromise, except that a call the actor abandoned never settles. React's StrictMode
 * stops and restarts every actor once in development (@xstate/react keeps its snapshot and runs
 * the invoked call again); without this, the first call's AbortError reaches the restarted actor
 * as a failure and the page shows its error state.
 */
export function fromPromise<TOutput, TInput = NonReducibleUnknown, TEmitted extends EventObject = EventObject>(
  creator: Parameters<typeof xstateFromPromise<TOutput, TInput, TEmitted>>[0],
): PromiseActorLogic<TOutput, TInput, TEmitted> {
  return xstateFromPromise<TOutput, TInput, TEmitted>((args) =>
    Promise.resolve(creator(args)).catch((error: unknown) => {
      if (args.signal.aborted) return new Promise<TOutput>(() => {});
      throw error;
    }),
  );
}

/**
 * The call as an authorised call: the statechart, with the call as its `call` actor and the
 * input passed on. Typed as the promise actor it replaces, which it stands in for (same input,
 * output and error), so the invoking machines keep their declared actor types.
 */
export function authorised<TOutput, TInput = NonReducibleUnknown>(
  call: PromiseActorLogic<TOutput, TInput>,
): PromiseActorLogic<TOutput, TInput> {
  // The chart passes its input through untyped (unknown): the call's own types hold at both ends.
  const untyped = call as unknown as PromiseActorLogic<unknown, unknown>;
  return authorisedCallMachine.provide({ actors: { call: untyped } }) as unknown as PromiseActorLogic<TOutput, TInput>;
}
