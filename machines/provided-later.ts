/**
 * An invoked call a machine names but does not carry out itself: the app (src/app/actors.ts), the
 * tests and the stories provide it with `machine.provide({ actors })`. Left unprovided, it fails
 * saying which call it is.
 */
import { fromPromise, type NonReducibleUnknown } from 'xstate';

export function providedLater<TOutput, TInput = NonReducibleUnknown>(name: string) {
  return fromPromise<TOutput, TInput>(() => Promise.reject(new Error(`${name} not provided`)));
}
