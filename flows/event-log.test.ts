import { describe, expect, it } from 'vitest';
import { eventLogJson, parseEventLog, type EventLog } from './event-log.ts';

const log: EventLog = {
  version: 1,
  machine: 'checkout',
  source: 'simulate',
  steps: [
    { event: { type: 'page.opened', step: 'review' } },
    { event: { type: 'xstate.done.actor.loadOrder', output: { id: 'o-1' } }, guards: { isOrderPayable: true }, state: { review: 'ready' } },
  ],
};

describe('event log', () => {
  it('reads back what it writes', () => {
    expect(parseEventLog(eventLogJson(log))).toEqual(log);
  });

  it.each([
    ['a step without an event type', { ...log, steps: [{ event: {} }] }, 'steps.0.event.type'],
    ['an unknown source', { ...log, source: 'shopper' }, 'source'],
    ['another version', { ...log, version: 2 }, 'version'],
  ])('names what is wrong: %s', (_name, value, path) => {
    expect(() => parseEventLog(JSON.stringify(value))).toThrow(new RegExp(`^Not an event log: .*${path.replace(/\./g, '\\.')}`));
  });
});
