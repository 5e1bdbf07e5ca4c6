/**
 * The authorised calls among the promise actors the statecharts invoke for their I/O (spec 4.4, 6:
 * cart and order calls carry the session's token). Only the actors loaded on demand make them, so
 * this module (with the authorised-call chart) is not on the first load; ./promise-actor.ts holds
 * the promise actors themselves.
 *
 * `authorised(call)` is the authorised-call statechart (machines/session/authorised-call.machine.ts)
 * around a call: it waits for the session of the system, makes the call, and after a 401 or 403
 * waits for the new session and makes it again, once. It stands in for the promise actor: the
 * machine invoking it gets the call's output (onDone) or error (onError), and the inspector shows
 * its states and its events with the session.
 */
import type { NonReducibleUnknown, PromiseActorLogic } from 'xstate';
import { authorisedCallMachine } from '#machines/session/authorised-call.machine.ts';

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
