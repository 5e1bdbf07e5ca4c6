import { useCallback, useEffect, useRef, useState } from 'react';
import { createActor, type AnyActorRef, type PromiseActorLogic } from 'xstate';

export type PromiseState<T> =
  | { status: 'idle' }
  | { status: 'pending' }
  | { status: 'done'; output: T }
  | { status: 'failed'; error: unknown };

/**
 * Runs an injected promise actor (a read the composition root supplies, e.g. the address lookup)
 * on demand. A new run replaces the one in flight; unmounting stops it, so a late answer never
 * lands on a page that has moved on.
 */
export function usePromiseActor<T, I>(logic: PromiseActorLogic<T, I> | undefined): [PromiseState<T>, (input: I) => void, () => void] {
  const [state, setState] = useState<PromiseState<T>>({ status: 'idle' });
  const current = useRef<AnyActorRef | null>(null);

  const stop = useCallback(() => {
    current.current?.stop();
    current.current = null;
  }, []);

  const run = useCallback(
    (input: I) => {
      stop();
      if (!logic) {
        setState({ status: 'failed', error: new Error('No implementation was supplied for this read.') });
        return;
      }
      const actor = createActor(logic, { input });
      current.current = actor;
      setState({ status: 'pending' });
      actor.subscribe({
        next: (snapshot) => {
          if (current.current === actor && snapshot.status === 'done') setState({ status: 'done', output: snapshot.output });
        },
        error: (error) => {
          if (current.current === actor) setState({ status: 'failed', error });
        },
      });
      actor.start();
    },
    [logic, stop],
  );

  const reset = useCallback(() => {
    stop();
    setState({ status: 'idle' });
  }, [stop]);

  useEffect(() => stop, [stop]);
  return [state, run, reset];
}

/** The same, run whenever `input` is not null (and again when its key changes). */
export function usePromiseActorFor<T, I>(logic: PromiseActorLogic<T, I> | undefined, input: I | null, key: string | number | null): PromiseState<T> {
  const [state, run, reset] = usePromiseActor(logic);
  const inputRef = useRef(input);
  inputRef.current = input;
  useEffect(() => {
    if (key === null || inputRef.current === null) {
      reset();
      return;
    }
    run(inputRef.current);
  }, [key, run, reset]);
  return state;
}
