import { describe, expect, it } from 'vitest';
import { assign, createActor, fromPromise, sendTo, setup } from 'xstate';
import { activeStateNodeIds, createLiveFlows } from './live-flows.ts';

const child = setup({}).createMachine({ id: 'countdown', initial: 'running', states: { running: { on: { stop: 'stopped' } }, stopped: {} } });

const parent = setup({
  actors: { child, load: fromPromise(async () => 42) },
  actions: { stopChild: sendTo('countdown', { type: 'stop' }), remember: assign({ n: 1 }) },
}).createMachine({
  id: 'cart',
  context: { n: 0 },
  initial: 'idle',
  invoke: { id: 'countdown', src: 'child', systemId: 'countdown' },
  states: {
    idle: { on: { 'cart.checkedOut': { target: 'loading', actions: 'stopChild' } } },
    loading: { invoke: { src: 'load', onDone: { target: 'ready', actions: 'remember' } } },
    ready: {},
  },
});

describe('the local flows view: actors and the events between them, from the inspection API', () => {
  it('knows each actor, its machine, its parent and its current state', async () => {
    const live = createLiveFlows();
    let notified = 0;
    live.subscribe(() => notified++);
    const actor = createActor(parent, { inspect: live.inspect, systemId: 'cart' }).start();
    actor.send({ type: 'cart.checkedOut' });
    await new Promise((resolve) => setTimeout(resolve, 0));

    const { actors, events } = live.getState();
    const cart = actors.find((a) => a.name === 'cart');
    const countdown = actors.find((a) => a.name === 'countdown');
    expect(cart).toMatchObject({ systemId: 'cart', parentId: null, value: 'ready', status: 'active' });
    expect(cart?.machine?.id).toBe('cart');
    expect(countdown).toMatchObject({ systemId: 'countdown', parentId: cart?.sessionId, value: 'stopped' });
    // The promise actor is shown, without a diagram.
    expect(actors.some((a) => a.machine === null && a.parentId === cart?.sessionId)).toBe(true);

    // The page's event to the cart, and the cart's to its countdown, with who sent it.
    expect(events).toContainEqual(expect.objectContaining({ type: 'cart.checkedOut', sourceId: null, targetId: cart?.sessionId }));
    expect(events).toContainEqual(expect.objectContaining({ type: 'stop', sourceId: cart?.sessionId, targetId: countdown?.sessionId }));
    expect(events.some((e) => e.type === 'xstate.init')).toBe(false);
    expect(notified).toBeGreaterThan(0);
    actor.stop();
  });

  it('keeps only the last events', () => {
    const live = createLiveFlows(3);
    const actor = createActor(child, { inspect: live.inspect }).start();
    for (let i = 0; i < 5; i++) actor.send({ type: `ping.${i}` } as never);
    expect(live.getState().events.map((e) => e.type)).toEqual(['ping.2', 'ping.3', 'ping.4']);
  });

  it('names the state nodes an actor is in, for the diagram', () => {
    expect(activeStateNodeIds(parent, 'loading')).toEqual(['cart', 'cart.loading']);
    expect(activeStateNodeIds(parent, null)).toEqual([]);
  });
});
