import { describe, expect, it } from 'vitest';
import { assign, createActor, setup, waitFor } from 'xstate';
import { authorised } from './authorised-calls.ts';
import { fromPromise } from './promise-actor.ts';

/** A machine invoking a promise actor as the shop's machines do: output on done, error on error. */
function invoking(logic: ReturnType<typeof fromPromise<string, { n: number }>>) {
  return setup({
    types: { context: {} as { output: string | null; error: unknown } },
    actors: { load: logic },
  }).createMachine({
    context: { output: null, error: null },
    initial: 'loading',
    states: {
      loading: {
        invoke: {
          src: 'load',
          input: { n: 2 },
          onDone: { target: 'done', actions: assign({ output: ({ event }) => event.output }) },
          onError: { target: 'failed', actions: assign({ error: ({ event }) => event.error }) },
        },
      },
      done: {},
      failed: {},
    },
  });
}

describe('authorised calls', () => {
  it('stand in for the promise actor: its input in, its output out (no session: called at once)', async () => {
    const actor = createActor(invoking(authorised(fromPromise(async ({ input }) => `line ${input.n}`)))).start();
    const done = await waitFor(actor, (s) => s.matches('done'));
    expect(done.context.output).toBe('line 2');
  });

  it("stand in for the promise actor: the call's error is the invoking machine's error", async () => {
    const problem = { status: 500, title: 'Server error' };
    const actor = createActor(invoking(authorised(fromPromise<string, { n: number }>(() => Promise.reject(problem))))).start();
    const failed = await waitFor(actor, (s) => s.matches('failed'));
    expect(failed.context.error).toBe(problem);
  });

  it('a call abandoned by its actor never settles (no failure reaches a restarted actor)', async () => {
    let settled = false;
    const logic = fromPromise<string>(({ signal }) => new Promise((_, reject) => signal.addEventListener('abort', () => reject(new Error('AbortError')))));
    const actor = createActor(logic).start();
    actor.subscribe({ next: (s) => (settled ||= s.status !== 'active'), error: () => (settled = true) });
    actor.stop();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(settled).toBe(false);
  });
});
