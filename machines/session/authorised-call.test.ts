import { describe, expect, it } from 'vitest';
import { assign, createActor, fromPromise, setup, SimulatedClock, type AnyEventObject } from 'xstate';
import { authorisedCallMachine, REPLACEMENT_TIMEOUT_MS } from './authorised-call.machine.ts';

/** A session as the call sees it: not started, acquiring, ready with a token, or failed; it records refusals and requests for a session. */
const fakeSession = setup({
  types: {
    context: {} as { token: string | null; missing: boolean; refusals: Array<string | null | undefined>; needed: number },
    events: {} as
      | { type: 'session.needed' }
      | { type: 'fake.ready'; token: string }
      | { type: 'fake.failed' }
      | { type: 'session.unauthorized'; token?: string | null },
    input: {} as { token: string | null; missing?: boolean },
  },
}).createMachine({
  context: ({ input }) => ({ token: input.token, missing: input.missing === true, refusals: [], needed: 0 }),
  initial: 'starting',
  on: {
    'fake.ready': { target: '.ready', actions: assign({ token: ({ event }) => event.token }) },
    'fake.failed': { target: '.failed', actions: assign({ token: null }) },
    'session.unauthorized': { target: '.acquiring', actions: assign({ token: null, refusals: ({ context, event }) => [...context.refusals, event.token] }) },
  },
  states: {
    starting: {
      always: [
        { guard: ({ context }) => context.token !== null, target: 'ready' },
        { guard: ({ context }) => context.missing, target: 'missing' },
        { target: 'acquiring' },
      ],
    },
    missing: {
      tags: ['none'],
      on: { 'session.needed': { target: 'acquiring', actions: assign({ needed: ({ context }) => context.needed + 1 }) } },
    },
    acquiring: {},
    ready: { tags: ['ready'] },
    failed: { tags: ['failed'] },
  },
});

type Answer = { ok: unknown } | { error: unknown };

/** The shop as far as the call needs it: the session (systemId 'session') and a machine invoking the call. */
function startCall(options: { session: 'ready' | 'acquiring' | 'failed' | 'missing' | 'none'; answers: Answer[] }) {
  const clock = new SimulatedClock();
  const calls: Array<{ input: unknown; signal: AbortSignal }> = [];
  const answers = [...options.answers];
  const call = fromPromise<unknown, unknown>(async ({ input, signal }) => {
    calls.push({ input, signal });
    const answer = answers.shift();
    if (!answer) return new Promise(() => {});
    if ('error' in answer) throw answer.error;
    return answer.ok;
  });
  const root = setup({
    types: {
      context: {} as { output: unknown; error: unknown },
      events: {} as AnyEventObject,
    },
    actors: { session: fakeSession, op: authorisedCallMachine.provide({ actors: { call } }) },
  }).createMachine({
    context: { output: undefined, error: undefined },
    type: 'parallel',
    states: {
      session: {
        ...(options.session === 'none'
          ? {}
          : { invoke: { id: 'session', src: 'session', systemId: 'session', input: { token: options.session === 'ready' ? 't1' : null, missing: options.session === 'missing' } } }),
      },
      op: {
        initial: 'running',
        states: {
          running: {
            on: { abandon: 'abandoned' },
            invoke: {
              id: 'op',
              src: 'op',
              input: { lineId: 'line-1' },
              onDone: { target: 'done', actions: assign({ output: ({ event }) => event.output }) },
              onError: { target: 'failed', actions: assign({ error: ({ event }) => event.error }) },
            },
          },
          done: {},
          failed: {},
          abandoned: {},
        },
      },
    },
  });
  const actor = createActor(root, { clock }).start();
  const session = () => actor.system.get('session') as ReturnType<typeof createActor<typeof fakeSession>> | undefined;
  if (options.session === 'failed') session()?.send({ type: 'fake.failed' });
  const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
  const op = () => (actor.getSnapshot().value as { op: string }).op;
  return { actor, clock, calls, session, flush, op, result: () => actor.getSnapshot().context };
}

const refused401 = { status: 401, title: 'Unauthorized' };
const refused403 = { status: 403, title: 'Forbidden' };
const serverError = { status: 500, title: 'Server error' };

describe('authorised call (spec 4.4, 6)', () => {
  it.each([
    // name, session, answers, what happens to the session meanwhile, outcome, calls made, refusals reported
    ['a ready session: called once with its input, the output passed on', 'ready', [{ ok: 'cart' }], [], { output: 'cart' }, 1, []],
    ['a failed session: called bare, its error passed on', 'failed', [{ error: serverError }], [], { error: serverError }, 1, []],
    ['no session in the system: called bare', 'none', [{ ok: 'cart' }], [], { output: 'cart' }, 1, []],
    ['a 500: its error, no second call', 'ready', [{ error: serverError }], [], { error: serverError }, 1, []],
    ['401 with a token: once a new session is ready the call is made again, once', 'ready', [{ error: refused401 }, { ok: 'cart' }], ['ready:t2'], { output: 'cart' }, 2, ['t1']],
    ['403 with a token: the same', 'ready', [{ error: refused403 }, { ok: 'cart' }], ['ready:t2'], { output: 'cart' }, 2, ['t1']],
    ['refused again after the new session: the second error', 'ready', [{ error: refused401 }, { error: refused403 }], ['ready:t2'], { error: refused403 }, 2, ['t1']],
    ['the new session fails: the original error', 'ready', [{ error: refused401 }], ['failed'], { error: refused401 }, 1, ['t1']],
    ['401 on a bare call: no new session awaited, its error', 'failed', [{ error: refused401 }], [], { error: refused401 }, 1, []],
  ] as const)('%s', async (_name, sessionState, answers, later, outcome, callCount, refusals) => {
    const { calls, session, flush, result } = startCall({ session: sessionState, answers: [...answers] });
    await flush();
    for (const step of later) {
      if (step === 'failed') session()?.send({ type: 'fake.failed' });
      else session()?.send({ type: 'fake.ready', token: step.slice('ready:'.length) });
      await flush();
    }
    if ('output' in outcome) expect(result().output).toBe(outcome.output);
    else expect(result().error).toBe(outcome.error);
    expect(calls).toHaveLength(callCount);
    for (const c of calls) expect(c.input).toEqual({ lineId: 'line-1' });
    expect(session()?.getSnapshot().context.refusals ?? []).toEqual(refusals);
  });

  it('asks for a session when the visitor has none yet, and calls once it is ready', async () => {
    const { calls, session, flush, result } = startCall({ session: 'missing', answers: [{ ok: 'cart' }] });
    await flush();
    expect(calls).toHaveLength(0);
    expect(session()?.getSnapshot().context.needed).toBe(1);
    session()?.send({ type: 'fake.ready', token: 't1' });
    await flush();
    expect(calls).toHaveLength(1);
    expect(result().output).toBe('cart');
  });

  it('waits for the session to settle before calling (the first calls never go out bare)', async () => {
    const { calls, session, flush, result } = startCall({ session: 'acquiring', answers: [{ ok: 'order' }] });
    await flush();
    expect(calls).toHaveLength(0);
    session()?.send({ type: 'fake.ready', token: 't1' });
    await flush();
    expect(calls).toHaveLength(1);
    expect(result().output).toBe('order');
  });

  it('a refused call waits 30 s on the clock for the new session, then reports the original error', async () => {
    const { calls, clock, flush, result, op } = startCall({ session: 'ready', answers: [{ error: refused401 }] });
    await flush();
    clock.increment(REPLACEMENT_TIMEOUT_MS - 1);
    await flush();
    expect(op()).toBe('running');
    clock.increment(1);
    await flush();
    expect(op()).toBe('failed');
    expect(result().error).toBe(refused401);
    expect(calls).toHaveLength(1);
  });

  it('the refused token coming back is not a new session', async () => {
    const { calls, session, flush, op } = startCall({ session: 'ready', answers: [{ error: refused401 }, { ok: 'cart' }] });
    await flush();
    session()?.send({ type: 'fake.ready', token: 't1' });
    await flush();
    expect(op()).toBe('running');
    expect(calls).toHaveLength(1);
  });

  it.each([
    ['while the call is on its way (its request is aborted)', [] as Answer[], true],
    ['while waiting for the new session', [{ error: refused401 }], false],
  ])('an abandoned call stops %s, and is not made again', async (_name, answers, inFlight) => {
    const { actor, calls, session, flush, op } = startCall({ session: 'ready', answers });
    await flush();
    actor.send({ type: 'abandon' });
    await flush();
    expect(op()).toBe('abandoned');
    expect(calls[0]?.signal.aborted).toBe(inFlight);
    session()?.send({ type: 'fake.ready', token: 't2' });
    await flush();
    expect(calls).toHaveLength(1);
  });
});
