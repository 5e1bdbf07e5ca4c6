import { createInspector, type StatelyInspectionEvent } from '@statelyai/inspect';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, createMachine, fromPromise, setup, waitFor, type InspectionEvent } from 'xstate';
import type { DeliverySlot, Order } from '#domain/contract/order.ts';
import { checkoutMachine } from '#machines/checkout/checkout.machine.ts';
import { isAnyViewAskedFor } from './inspect-gate.ts';
import { deferredInspector, inspectionModes, inspectOptions, isInspectionRequested, sanitizeEvent } from './inspector.ts';

describe('when the inspector is on', () => {
  it.each([
    ['?inspect', {}, true],
    ['?inspect=1', {}, true],
    ['?currency=EUR&inspect', {}, true],
    ['', { VITE_INSPECT: '1' }, true],
    ['', { VITE_INSPECT: 'true' }, true],
    ['', { VITE_INSPECT: true }, true],
    ['', {}, false],
    ['', { VITE_INSPECT: '0' }, false],
    ['', { VITE_INSPECT: '' }, false],
    ['?inspector', {}, false],
    ['?currency=EUR', { VITE_INSPECT: undefined }, false],
  ])('search %j with env %j: %s', (search, env, on) => {
    expect(isInspectionRequested({ search }, env)).toBe(on);
  });

  it('adds nothing to the actor options, and opens nothing, when not asked for', () => {
    const create = vi.fn(() => ({ inspect: () => {} }));
    expect(inspectOptions({ search: '' }, {}, create)).toEqual({});
    expect(create).not.toHaveBeenCalled();
  });
});

describe('which views of the actors a page gets', () => {
  it.each([
    ['?inspect', {}, { stately: true, local: true }],
    ['?inspect=1', {}, { stately: true, local: true }],
    ['?inspect=local', {}, { stately: false, local: true }],
    ['?inspect=stately', {}, { stately: true, local: false }],
    ['?inspector', {}, { stately: false, local: false }],
    ['', { VITE_INSPECT: '1' }, { stately: true, local: true }],
    ['', { DEV: true, MODE: 'development' }, { stately: false, local: true }],
    ['', { DEV: true, MODE: 'test' }, { stately: false, local: false }],
    ['?inspect=local', { DEV: true, MODE: 'test' }, { stately: false, local: true }],
    ['', {}, { stately: false, local: false }],
  ])('search %j with env %j: %j', (search, env, modes) => {
    expect(inspectionModes({ search }, env)).toEqual(modes);
    // The first page's gate loads the views exactly when one of them is on.
    expect(isAnyViewAskedFor({ search }, env)).toBe(modes.stately || modes.local);
  });

  it('gives every event to both views when both are on, and nothing opens for the local one alone', () => {
    const stately: InspectionEvent[] = [];
    const local: InspectionEvent[] = [];
    const statelyFactory = vi.fn(() => ({ inspect: (e: InspectionEvent) => stately.push(e) }));
    const both = inspectOptions({ search: '?inspect' }, {}, statelyFactory, () => ({ inspect: (e: InspectionEvent) => local.push(e) }));
    const actor = createActor(setup({}).createMachine({ id: 'probe', on: { ping: {} } }), both).start();
    actor.send({ type: 'ping' });
    expect(stately.length).toBeGreaterThan(0);
    expect(local).toEqual(stately);

    statelyFactory.mockClear();
    const alone = inspectOptions({ search: '?inspect=local' }, {}, statelyFactory, () => ({ inspect: () => {} }));
    expect(alone).toHaveProperty('inspect');
    expect(statelyFactory).not.toHaveBeenCalled();
  });
});

describe('what the inspector is sent of an event', () => {
  it("names the on-demand pages' machines the shop loaded by their ids instead of sending the machines", () => {
    const loaded = { type: 'xstate.done.actor.loadPages', output: { checkout: checkoutMachine, viewCartRequestOf: () => ({ kind: 'view' }) } };
    expect(sanitizeEvent(loaded)).toEqual({ type: 'xstate.done.actor.loadPages', output: { checkout: 'machine checkout', viewCartRequestOf: 'function' } });
    const chooser = { type: 'xstate.done.actor.loadBranchFinder', output: createMachine({ id: 'branchFinder' }) };
    expect(sanitizeEvent(chooser)).toEqual({ type: 'xstate.done.actor.loadBranchFinder', output: 'machine branchFinder' });
    // The event the shop received is left as it was.
    expect(loaded.output.checkout).toBe(checkoutMachine);
  });

  it('names the actor the effects actor is told of instead of sending it', () => {
    const started = { type: 'actor.started', id: 'cart', actor: { sessionId: 'x:3' } };
    expect(sanitizeEvent(started)).toEqual({ type: 'actor.started', id: 'cart', actor: 'actor cart' });
  });

  it('passes every other event as it is', () => {
    const event = { type: 'cart.checkedOut' };
    expect(sanitizeEvent(event)).toBe(event);
  });
});

describe('inspection events reach the inspector', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('reports the root actor, the actors it invokes, the events and the snapshots', async () => {
    // Stately's inspector hands each event over on an animation frame: frames run when the test says.
    vi.useFakeTimers({ toFake: ['requestAnimationFrame', 'cancelAnimationFrame'] });
    const received: StatelyInspectionEvent[] = [];
    const inspector = createInspector({ send: (event) => received.push(event) });
    const options = inspectOptions({ search: '?inspect=stately' }, {}, () => inspector);
    expect(options).toHaveProperty('inspect');

    const order = { id: 'ord_1', product: { id: 1, name: 'Home delivery' }, state: { value: 0 } } as Order;
    const machine = checkoutMachine.provide({
      actors: {
        loadOrder: fromPromise(async () => order),
        loadDeliverySlots: fromPromise(async () => [] as DeliverySlot[]),
      },
    });
    const actor = createActor(machine, {
      ...options,
      input: { path: '/checkout/view-cart', appOrigin: 'https://shop.example', abandonCartUrl: '/' },
    });
    actor.start();
    actor.send({ type: 'cart.checkedOut' });
    await waitFor(actor, (s) => s.matches({ inCheckout: { delivery: 'choosingSlot' } }));
    vi.runAllTimers();
    actor.stop();

    const actors = received.filter((e) => e.type === '@xstate.actor');
    expect(actors.map((e) => e.name)).toEqual(expect.arrayContaining(['checkout', 'loadOrder', 'loadDeliverySlots']));
    const root = actors.find((e) => e.name === 'checkout');
    expect(root?.definition).toContain('"id":"checkout"');
    expect(actors.find((e) => e.name === 'loadOrder')?.parentId).toBe(root?.sessionId);

    const events = received.filter((e) => e.type === '@xstate.event').map((e) => e.event.type);
    expect(events).toEqual(expect.arrayContaining(['cart.checkedOut', 'xstate.done.actor.loadOrder']));

    const snapshots = received.flatMap((e) => (e.type === '@xstate.snapshot' && e.sessionId === root?.sessionId ? [e.snapshot] : []));
    expect(snapshots.map((s) => (s as { value?: unknown }).value)).toContainEqual({ inCheckout: { delivery: 'choosingSlot' } });
  });

  it('opens one inspector window for all the root actors of the app', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    vi.resetModules();
    const fresh = await import('./inspector.ts');
    const first = fresh.inspectOptions({ search: '?inspect=stately' }, {});
    const second = fresh.inspectOptions({ search: '?inspect=stately' }, {});
    // The library arrives on its own, after the page's first actors started.
    await vi.waitFor(() => expect(open).toHaveBeenCalledTimes(1));
    // Both share the one load: anything else it started has settled by the next task.
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(open).toHaveBeenCalledTimes(1);
    expect(open).toHaveBeenCalledWith('https://stately.ai/inspect', 'xstateinspector');
    expect('inspect' in first && 'inspect' in second && first.inspect === second.inspect).toBe(true);
  });

  it('keeps the events of the first moments until the inspector has loaded, in order', async () => {
    const received: string[] = [];
    let arrive!: (inspector: { inspect: (event: InspectionEvent) => void }) => void;
    const deferred = deferredInspector(() => new Promise((resolve) => (arrive = resolve)));
    const actor = createActor(checkoutMachine, {
      inspect: deferred.inspect,
      input: { path: '/checkout/view-cart', appOrigin: 'https://shop.example', abandonCartUrl: '/' },
    });
    actor.start();
    actor.send({ type: 'cart.checkedOut' });
    expect(received).toEqual([]);
    arrive({ inspect: (event) => received.push(event.type === '@xstate.event' ? event.event.type : event.type) });
    await deferred.ready;
    actor.stop();
    expect(received[0]).toBe('@xstate.actor');
    expect(received).toEqual(expect.arrayContaining(['xstate.init', 'cart.checkedOut']));
    expect(received.indexOf('xstate.init')).toBeLessThan(received.indexOf('cart.checkedOut'));
  });

  it('drops the events, and the shop runs on, when the inspector cannot load', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const deferred = deferredInspector(() => Promise.reject(new Error('offline')));
    deferred.inspect({ type: '@xstate.event' } as InspectionEvent);
    await deferred.ready;
    expect(() => deferred.inspect({ type: '@xstate.event' } as InspectionEvent)).not.toThrow();
    expect(warn).toHaveBeenCalledWith('The inspector could not load', expect.any(Error));
  });
});
