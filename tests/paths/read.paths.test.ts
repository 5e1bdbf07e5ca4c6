import { expect } from 'vitest';
import { readMachine, selectRead } from '#machines/read/read.machine.ts';
import { actorDone, actorFailed, definePathSuite, INIT_EVENT } from '../support/graph-coverage.ts';
import { readOracle, type ReadSeen } from './oracles/read.oracle.ts';

const answer = { rates: ['EUR 1.17'] };
const failure = new TypeError('Failed to fetch');
let seen: ReadSeen;
/** What the read asked for as it started: it keeps it. */
let asked: unknown;

definePathSuite({
  name: 'read',
  machine: readMachine,
  input: { storeId: 10 },
  events: [actorDone('read', answer), actorFailed('read', failure), { type: 'read.retried' }],
  assertState: (s, step) => {
    seen = step.event.type === INIT_EVENT ? readOracle.start() : readOracle.next(seen, step.event);
    const after = `after ${step.event.type}`;
    if (step.event.type === INIT_EVENT) asked = s.context.input;
    expect(selectRead(s), `what the page shows ${after}`).toEqual(seen.shows === 'answer' ? { status: 'done', output: seen.output } : { status: seen.shows });
    expect(s.context.input, `the read keeps what it asks for ${after}`).toEqual(asked);
  },
});
