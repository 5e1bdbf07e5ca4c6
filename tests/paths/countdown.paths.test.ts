import { expect } from 'vitest';
import { countdownMachine } from '#machines/cart/countdown.machine.ts';
import { definePathSuite } from '../support/graph-coverage.ts';

// The clock stands still in the model; new expiries move the readout instead.
const NOW = Date.parse('2025-06-02T10:00:00Z');
const at = (seconds: number): string => new Date(NOW + seconds * 1000).toISOString();

definePathSuite({
  name: 'countdown',
  machine: countdownMachine,
  input: { expiresAt: at(1800), now: () => NOW },
  // A journey's cart expires half an hour after it ran: the replay's clock stands at the journey's start.
  replayInput: ({ input, startedAt }) => ({ ...(input as { expiresAt: string }), now: () => startedAt ?? NOW }),
  events: [
    { type: 'countdown.reset', expiresAt: at(1800) },
    { type: 'countdown.reset', expiresAt: at(300) },
    { type: 'countdown.reset', expiresAt: at(299) },
    { type: 'countdown.reset', expiresAt: at(0.5) },
    { type: 'countdown.stopped' },
  ],
  serializeState: (s) => JSON.stringify([s.value, s.context.view.text]),
  assertState: (s) => {
    const { view } = s.context;
    expect(s.hasTag('expiring')).toBe(view.expiring);
    expect(s.hasTag('expired')).toBe(view.expired);
    if (view.expired) expect(view.text).toBe('Cart expired');
    else expect(view.text).toMatch(/^\d{2}:\d{2}$/);
    if (view.text === '05:00') expect(view.shake).toBe(true);
  },
});
