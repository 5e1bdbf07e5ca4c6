/**
 * The promise actors the statecharts invoke for their I/O (./actors.ts and ./on-demand/); the
 * authorised ones are wrapped by ./authorised-calls.ts.
 */
import { fromPromise as xstateFromPromise, type EventObject, type NonReducibleUnknown, type PromiseActorLogic } from 'xstate';

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
