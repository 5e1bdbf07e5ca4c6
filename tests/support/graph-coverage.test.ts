import { describe, expect, it } from 'vitest';
import { assign, fromPromise, setup, type AnyEventObject } from 'xstate';
import { coverageDetails, newObservation, notCovered, renderCoverageHtml, renderIndexHtml, summarise, type PathRecord } from './coverage-report.ts';
import { actorDone, actorFailed, listTransitions, planPaths, replayPath, timerEvents } from './graph-coverage.ts';

const sample = setup({
  types: {
    context: {} as { amount: number; loads: number },
    events: {} as { type: 'amount.changed'; amount: number } | { type: 'form.reset' },
  },
  actors: {
    loadQuote: fromPromise<number, { amount: number }>(async () => {
      throw new Error('not provided');
    }),
  },
  guards: {
    isAmountPositive: ({ context }) => context.amount > 0,
  },
  actions: {
    storeAmount: assign({ amount: (_, params: { amount: number }) => params.amount }),
    countLoad: assign({ loads: ({ context }) => context.loads + 1 }),
  },
  delays: { AMOUNT_DEBOUNCE: 500 },
}).createMachine({
  id: 'sample',
  context: { amount: 0, loads: 0 },
  initial: 'idle',
  on: { 'form.reset': { target: '.idle', actions: assign({ amount: 0 }) } },
  states: {
    idle: {
      on: {
        'amount.changed': {
          target: 'debouncing',
          actions: { type: 'storeAmount', params: ({ event }) => ({ amount: event.amount }) },
        },
      },
    },
    debouncing: {
      after: { AMOUNT_DEBOUNCE: 'checking' },
      on: {
        'amount.changed': {
          target: 'debouncing',
          reenter: true,
          actions: { type: 'storeAmount', params: ({ event }) => ({ amount: event.amount }) },
        },
      },
    },
    checking: {
      always: [{ guard: 'isAmountPositive', target: 'loading' }, { target: 'invalid' }],
    },
    invalid: {},
    loading: {
      entry: 'countLoad',
      invoke: {
        id: 'loadQuote',
        src: 'loadQuote',
        input: ({ context }) => ({ amount: context.amount }),
        onDone: 'quoted',
        onError: 'failed',
      },
    },
    quoted: { tags: ['ready'] },
    failed: {},
  },
});

// The loads counter stays out: it would make every revisit a new state.
const serializeState = (s: { value: unknown; context: { amount: number } }): string =>
  JSON.stringify([s.value, s.context.amount > 0]);

const events = [
  { type: 'amount.changed', amount: 0 },
  { type: 'amount.changed', amount: 100 },
  { type: 'form.reset' },
  actorDone('loadQuote', 1.2),
  actorFailed('loadQuote', new Error('down')),
] as const;

describe('graph coverage harness', () => {
  it('lists every transition of the definition, eventless ones included', () => {
    const labels = listTransitions(sample).map((t) => t.label);
    expect(labels).toContain('sample.checking --always [isAmountPositive]--> sample.loading');
    expect(labels).toContain('sample.checking --always--> sample.invalid');
    expect(labels).toContain('sample.debouncing --xstate.after.AMOUNT_DEBOUNCE.sample.debouncing--> sample.checking');
    expect(labels).toContain('sample.loading --xstate.error.actor.loadQuote--> sample.failed');
    expect(labels).toHaveLength(8);
  });

  it('reads timers from the definition', () => {
    expect(timerEvents(sample)).toEqual([{ type: 'xstate.after.AMOUNT_DEBOUNCE.sample.debouncing' }]);
  });

  it('plans paths that take every transition', () => {
    const plan = planPaths(sample, { events, serializeState });
    expect(plan.transitions.filter((t) => !plan.planned.has(t.key))).toEqual([]);
    expect(plan.unlistedEventTypes).toEqual([]);
  });

  it('reports what a missing event leaves uncovered', () => {
    const plan = planPaths(sample, { events: events.filter((e) => e.type !== 'xstate.error.actor.loadQuote'), serializeState });
    const missing = plan.transitions.filter((t) => !plan.planned.has(t.key)).map((t) => t.label);
    expect(missing).toEqual(['sample.loading --xstate.error.actor.loadQuote--> sample.failed']);
    expect(plan.unlistedEventTypes).toEqual(['xstate.error.actor.loadQuote']);
  });

  it('refuses events the machine never handles', () => {
    expect(() => planPaths(sample, { events: [...events, { type: 'amount.typo' }], serializeState })).toThrow(/amount\.typo/);
  });

  it('replays each path on a real actor, timers on the simulated clock', async () => {
    const plan = planPaths(sample, { events, serializeState });
    const taken = new Set<string>();
    const quotedContexts: number[] = [];
    for (const path of plan.paths) {
      const keys = await replayPath(sample, plan, path, {
        serializeState,
        states: {
          quoted: (snapshot, step) => {
            expect(snapshot.hasTag('ready')).toBe(true);
            expect(step.clock.now()).toBe(500);
            quotedContexts.push(snapshot.context.amount);
          },
        },
      });
      keys.forEach((k) => taken.add(k));
    }
    expect(plan.transitions.filter((t) => !taken.has(t.key))).toEqual([]);
    expect(quotedContexts).toContain(100);
  });

  it('fails a path whose real actor diverges from the model', async () => {
    const plan = planPaths(sample, { events, serializeState });
    const path = plan.paths.find((p) => p.steps.some((s) => s.event.type === 'xstate.done.actor.loadQuote'));
    expect(path).toBeDefined();
    const broken = sample.provide({ guards: { isAmountPositive: () => false } });
    await expect(replayPath(broken, plan, path!, { serializeState })).rejects.toThrow(/snapshot after/);
  });
});

describe('timers that re-enter their own state', () => {
  const ticker = setup({
    types: { context: {} as { ticks: number }, events: {} as { type: 'ticker.stopped' } },
    actions: { tick: assign({ ticks: ({ context }) => context.ticks + 1 }) },
    delays: { TICK: 1000 },
  }).createMachine({
    id: 'ticker',
    context: { ticks: 0 },
    initial: 'running',
    states: {
      running: {
        entry: 'tick',
        after: { TICK: { target: 'running', reenter: true } },
        on: { 'ticker.stopped': 'stopped' },
      },
      stopped: {},
    },
  });

  it('fires the pending timer once, not the one it schedules again', async () => {
    const plan = planPaths(ticker, { events: [{ type: 'ticker.stopped' }], serializeState: (s) => JSON.stringify(s.value) });
    for (const path of plan.paths) {
      await replayPath(ticker, plan, path, {
        serializeState: (s) => JSON.stringify(s.value),
        assertState: (s, step) => expect(s.context.ticks).toBe(1 + step.clock.now() / 1000),
      });
    }
  });
});

describe('the coverage report', () => {
  const observe = async (listed: readonly AnyEventObject[]) => {
    const plan = planPaths(sample, { events: listed, serializeState });
    const records: PathRecord[] = [];
    for (const [i, path] of plan.paths.entries()) {
      const observation = newObservation();
      const transitions = await replayPath(sample, plan, path, { serializeState, observe: observation });
      records.push({ index: i + 1, description: path.description, transitions, observation });
    }
    return coverageDetails('sample', sample, plan.transitions, records);
  };

  it('counts every state, transition and both answers of every guard when the paths take them all', async () => {
    const details = await observe(events);
    expect(notCovered(details)).toEqual({ states: [], transitions: [], guards: [] });
    expect(summarise(details)).toMatchObject({ states: [7, 7], transitions: [8, 8], guards: [1, 1] });
    const guard = details.guards.find((g) => g.name === 'isAmountPositive')!;
    expect(guard.whenTrue.length).toBeGreaterThan(0);
    expect(guard.whenFalse.length).toBeGreaterThan(0);
  });

  it('shows what no path covered: a positive amount never typed leaves the guard never true and the quote never loaded', async () => {
    const details = await observe(events.filter((e) => !('amount' in e && e.amount === 100)));
    expect(notCovered(details)).toEqual({
      states: ['sample.loading', 'sample.quoted', 'sample.failed'],
      transitions: [
        'sample.checking --always [isAmountPositive]--> sample.loading',
        'sample.loading --xstate.done.actor.loadQuote--> sample.quoted',
        'sample.loading --xstate.error.actor.loadQuote--> sample.failed',
      ],
      guards: ['isAmountPositive: never true'],
    });
    expect(summarise(details)).toMatchObject({ states: [4, 7], transitions: [5, 8], guards: [0, 1] });
    // Each covered row names the paths that covered it.
    const invalid = details.states.find((s) => s.id === 'sample.invalid')!;
    expect(invalid.paths.length).toBeGreaterThan(0);
    for (const n of invalid.paths) expect(details.paths[n - 1]!.description).toContain('after AMOUNT_DEBOUNCE');

    const html = renderCoverageHtml(details);
    expect(html).toContain('States reached: 4 of 7. Transitions taken: 5 of 8. Guards seen both true and false: 0 of 1.');
    expect(html).toContain('<li><code>isAmountPositive: never true</code></li>');
    expect(html).toContain('<tr class="miss"><td><code>sample.quoted</code></td><td><span class="no">not covered</span></td></tr>');
    expect(html).toContain('<code>sample.checking --always [isAmountPositive]--&gt; sample.loading</code>');
    expect(renderIndexHtml([details])).toContain('<td><a href="sample.html">sample</a></td><td>4 of 7</td><td>5 of 8</td><td>0 of 1</td>');
  });
});
