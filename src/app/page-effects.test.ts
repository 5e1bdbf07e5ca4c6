import { describe, expect, it, vi } from 'vitest';
import { createActor, emit, setup } from 'xstate';
import { createPageEffects } from './page-effects.ts';

const page = setup({ types: { events: {} as { type: 'say' }, emitted: {} as { type: 'started' } | { type: 'said' } } }).createMachine({
  entry: emit({ type: 'started' as const }),
  on: { say: { actions: emit({ type: 'said' as const }) } },
});

describe('page effects', () => {
  it('keeps what a page emits as it starts until a handler of its type comes, then hands the rest on as it happens', () => {
    const effects = createPageEffects();
    const actor = createActor(page);
    effects.connect('chart', actor);
    actor.start();
    const started = vi.fn();
    const said = vi.fn();
    effects.on('chart', 'started', started);
    effects.on('chart', 'said', said);
    expect(started).toHaveBeenCalledTimes(1);
    actor.send({ type: 'say' });
    expect(said).toHaveBeenCalledTimes(1);
  });

  it('forgets what the previous actor of the page left, and stops hearing it', () => {
    const effects = createPageEffects();
    const first = createActor(page);
    effects.connect('chart', first);
    first.start();
    const second = createActor(page);
    effects.connect('chart', second);
    const started = vi.fn();
    const sub = effects.on('chart', 'said', vi.fn());
    effects.on('chart', 'started', started);
    expect(started).not.toHaveBeenCalled();
    second.start();
    expect(started).toHaveBeenCalledTimes(1);
    sub.unsubscribe();
    first.send({ type: 'say' });
    second.send({ type: 'say' });
    const said = vi.fn();
    effects.on('chart', 'said', said);
    // Only the current actor's, kept for want of a handler.
    expect(said).toHaveBeenCalledTimes(1);
  });
});
