import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import { countdownMachine } from './countdown.machine.ts';

const BASE = Date.parse('2025-06-02T10:00:00Z');

function start(secondsLeft: number) {
  const clock = new SimulatedClock();
  const actor = createActor(countdownMachine, {
    clock,
    input: { expiresAt: new Date(BASE + secondsLeft * 1000).toISOString(), now: () => BASE + clock.now() },
  }).start();
  const read = () => {
    const s = actor.getSnapshot();
    return { text: s.context.view.text, expiring: s.hasTag('expiring'), shake: s.context.view.shake, expired: s.hasTag('expired') };
  };
  return { clock, actor, read };
}

describe('countdown', () => {
  it('ticks every second on the clock and shows mm:ss', () => {
    const { clock, read } = start(30 * 60);
    expect(read().text).toBe('30:00');
    clock.increment(999);
    expect(read().text).toBe('30:00');
    clock.increment(1);
    expect(read().text).toBe('29:59');
    clock.increment(61_000);
    expect(read().text).toBe('28:58');
  });

  it.each([
    // seconds left at start, seconds elapsed, text, expiring, shake
    [302, 0, '05:02', false, false],
    [302, 2, '05:00', false, true],
    [302, 3, '04:59', true, false],
    [302, 62, '04:00', true, true],
    [302, 63, '03:59', true, false],
    [302, 242, '01:00', true, true],
    [302, 301, '00:01', true, false],
  ])('with %i s left, after %i s it reads %s (expiring %s, shake %s)', (left, elapsed, text, expiring, shake) => {
    const { clock, read } = start(left);
    for (let i = 0; i < elapsed; i++) clock.increment(1000);
    expect(read()).toEqual({ text, expiring, shake, expired: false });
  });

  it("reads 'Cart expired' under 1 s", () => {
    const { clock, read, actor } = start(1.5);
    expect(read()).toMatchObject({ text: '00:01', expiring: true });
    clock.increment(1000);
    expect(read()).toEqual({ text: 'Cart expired', expiring: false, shake: false, expired: true });
    expect(actor.getSnapshot().value).toBe('expired');
  });

  it("announces 'Cart expired' once, when it is reached", () => {
    const { clock, actor } = start(2.5);
    const announced: string[] = [];
    actor.on('countdown.expired', (e) => announced.push(e.type));
    clock.increment(1000);
    expect(announced).toEqual([]);
    clock.increment(1000);
    clock.increment(5000);
    expect(announced).toEqual(['countdown.expired']);
  });

  it('is expired at once when the cart already expired', () => {
    const { read } = start(-10);
    expect(read()).toMatchObject({ text: 'Cart expired', expired: true });
  });

  it('starts again from a new expiry', () => {
    const { clock, read, actor } = start(0.5);
    expect(read().expired).toBe(true);
    actor.send({ type: 'countdown.reset', expiresAt: new Date(BASE + clock.now() + 600_000).toISOString() });
    expect(read()).toMatchObject({ text: '10:00', expired: false, expiring: false });
    clock.increment(1000);
    expect(read().text).toBe('09:59');
  });

  it('stops at confirmation and no longer ticks', () => {
    const { clock, actor } = start(400);
    actor.send({ type: 'countdown.stopped' });
    expect(actor.getSnapshot().status).toBe('done');
    const text = actor.getSnapshot().context.view.text;
    clock.increment(10_000);
    expect(actor.getSnapshot().context.view.text).toBe(text);
  });
});
