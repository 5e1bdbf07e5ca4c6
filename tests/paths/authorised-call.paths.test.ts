import { expect } from 'vitest';
import { emit } from 'xstate';
import { authorisedCallMachine, type AuthorisedCallSnapshot } from '#machines/session/authorised-call.machine.ts';
import { actorDone, actorFailed, definePathSuite, INIT_EVENT } from '../support/graph-coverage.ts';
import { authorisedCallOracle, NEW_SESSION_WAIT_MS, type CallSeen } from './oracles/authorised-call.oracle.ts';

const refused401 = { status: 401, title: 'Unauthorized' };
const refused403 = { status: 403, title: 'Forbidden' };
const serverError = { status: 500, title: 'Server error' };

// What the spec says after each step of the path being replayed.
const oracle = authorisedCallOracle();
let seen: CallSeen;
/** What the asking machine gave the call as it started. */
let asked: unknown;

definePathSuite({
  name: 'authorised-call',
  machine: authorisedCallMachine,
  // Alone here, the call has no session to tell and no invoking machine: both are recorded as emitted.
  provide: {
    actions: {
      reportRefusal: emit(({ context }) => ({ type: 'session.unauthorized', token: context.token })),
      askForSession: emit({ type: 'session.needed' }),
      reportFailure: emit(({ context }) => ({ type: 'call.failed', error: context.error })),
    },
  },
  input: { lineId: 'line-1' },
  events: [
    { type: 'session.ready', token: 't1' },
    { type: 'session.ready', token: 't2' },
    { type: 'session.failed' },
    { type: 'session.missing' },
    actorDone('call', 'cart'),
    actorFailed('call', refused401),
    actorFailed('call', refused403),
    actorFailed('call', serverError),
  ],
  serializeState: (s: AuthorisedCallSnapshot) => JSON.stringify([s.value, s.context.token]),
  assertState: (s, step) => {
    seen = step.event.type === INIT_EVENT ? oracle.start() : oracle.next(seen, step.event);
    const after = `after ${step.event.type}`;
    const told = step.emitted.filter((e) => e.type === 'session.unauthorized' || e.type === 'session.needed');
    expect(told, `what the session is told ${after}`).toEqual(seen.effects);
    expect('call' in s.children, `the call on its way ${after}`).toBe(seen.onItsWay);
    const failure = step.emittedSoFar.find((e) => e.type === 'call.failed');
    const outcome = s.status === 'done' ? { output: s.output } : failure ? { error: failure.error as unknown } : null;
    expect(outcome, `what the asking machine gets ${after}`).toEqual(seen.outcome);
    // The call is made with what the asking machine gave, unchanged (a replayed journey's own).
    if (step.event.type === INIT_EVENT) asked = s.context.input;
    if (seen.calls > 0) expect(s.context.input, `the call's input ${after}`).toEqual(asked);
    if (step.event.type.startsWith('xstate.after.')) expect(step.clock.now()).toBe(NEW_SESSION_WAIT_MS);
  },
});
