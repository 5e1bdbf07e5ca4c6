/**
 * A read a page shows (the home page's rates board, a branch's page, the checkout's content, the
 * address search, the branch of a collection): one call, its answer kept, and a failure kept as a
 * state the page shows, with `read.retried` to call again.
 *
 * Its parent spawns it with a systemId when the page needs it (the shop for the route's reads, the
 * checkout for its order's branch), so the inspector and the flows panel show every read, and a
 * screen selects the answer from it. The call is the `read` actor, given by the app through
 * `.provide()`; stopping the read (the shopper left) aborts the call.
 */
import { assign, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';

export interface ReadContext<TOutput, TInput> {
  input: TInput;
  /** The answer, once read. */
  output: TOutput | null;
  /** Why the last call failed. */
  error: unknown;
}

export type ReadEvent = { type: 'read.retried' };

export type ReadTag = 'loading' | 'failed';

/** The read of one kind of answer; `readMachine` is the same chart untyped (drawings, path tests). */
export function createReadMachine<TOutput, TInput>() {
  return setup({
    types: {
      input: {} as TInput,
      context: {} as ReadContext<TOutput, TInput>,
      events: {} as ReadEvent,
      tags: {} as ReadTag,
      children: {} as { read: 'read' },
    },
    actors: {
      // Its input is the read's own (TInput); typed loosely here, where XState cannot resolve a generic input.
      read: fromPromise<TOutput, unknown>(() => Promise.reject(new Error('read not provided'))),
    },
    actions: {
      rememberOutput: assign({ output: (_, params: { output: TOutput }) => params.output, error: null }),
      rememberError: assign({ error: (_, params: { error: unknown }) => params.error }),
    },
  }).createMachine({
    id: 'read',
    context: ({ input }) => ({ input, output: null, error: null }),
    initial: 'reading',
    states: {
      reading: {
        tags: ['loading'],
        invoke: {
          id: 'read',
          src: 'read',
          input: ({ context }: { context: ReadContext<TOutput, TInput> }): unknown => context.input,
          onDone: { target: 'done', actions: { type: 'rememberOutput', params: ({ event }) => ({ output: event.output }) } },
          onError: { target: 'failed', actions: { type: 'rememberError', params: ({ event }) => ({ error: event.error }) } },
        },
      },
      done: {},
      failed: {
        tags: ['failed'],
        on: { 'read.retried': 'reading' },
      },
    },
  });
}

export type ReadMachine<TOutput, TInput> = ReturnType<typeof createReadMachine<TOutput, TInput>>;
export type ReadActorRef<TOutput, TInput> = ActorRefFrom<ReadMachine<TOutput, TInput>>;
export type ReadSnapshot<TOutput, TInput> = SnapshotFrom<ReadMachine<TOutput, TInput>>;

export const readMachine = createReadMachine<unknown, unknown>();

/** What a page shows of a read: on its way, the answer, or that it failed. */
export type ReadState<TOutput> = { status: 'loading' } | { status: 'done'; output: TOutput } | { status: 'failed' };

export function selectRead<TOutput, TInput>(snapshot: ReadSnapshot<TOutput, TInput>): ReadState<TOutput> {
  if (snapshot.matches('done')) return { status: 'done', output: snapshot.context.output as TOutput };
  return snapshot.hasTag('failed') ? { status: 'failed' } : { status: 'loading' };
}
