import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, SimulatedClock, waitFor } from 'xstate';
import { fakeSessionToken } from '../../tests/support/session-tokens.ts';
import { selectHasProfile, selectToken, sessionMachine, type StoredTokens } from './session.machine.ts';

const BASE = Date.parse('2025-06-02T10:00:00Z');
const HOUR = 3_600_000;

function startSession(stored: StoredTokens, options: { acquire?: () => Promise<string>; exchange?: () => Promise<string>; hasProfile?: boolean } = {}) {
  const clock = new SimulatedClock();
  const now = () => BASE + clock.now();
  const calls = {
    acquire: vi.fn(options.acquire ?? (async () => fakeSessionToken(now() + HOUR, { sid: 'new' }))),
    exchange: vi.fn(options.exchange ?? (async () => fakeSessionToken(now() + HOUR, { sid: 'exchanged' }))),
    store: vi.fn(async (_token: string) => {}),
    removeLegacy: vi.fn(async () => {}),
    clear: vi.fn(async () => {}),
    info: vi.fn(async () => ({ hasProfile: options.hasProfile ?? false })),
  };
  const machine = sessionMachine.provide({
    actors: {
      readStoredTokens: fromPromise(async () => stored),
      acquireToken: fromPromise(async ({ input }) => {
        expect(input).toEqual({ siteId: 7 });
        return calls.acquire();
      }),
      exchangeLegacyToken: fromPromise(async ({ input }) => {
        expect(input).toEqual({ siteId: 7, legacyToken: stored.legacyToken });
        return calls.exchange();
      }),
      storeToken: fromPromise(async ({ input }) => calls.store(input.token)),
      removeLegacyToken: fromPromise(() => calls.removeLegacy()),
      clearStoredToken: fromPromise(() => calls.clear()),
      fetchSessionInfo: fromPromise(() => calls.info()),
    },
  });
  const actor = createActor(machine, { clock, input: { siteId: 7, now } }).start();
  const ready = () => waitFor(actor, (s) => s.matches({ token: 'ready' }));
  return { actor, clock, calls, ready, now };
}

describe('session token (spec 4.4)', () => {
  it('uses a stored token that has not expired', async () => {
    const token = fakeSessionToken(BASE + HOUR);
    const { actor, calls, ready } = startSession({ token, legacyToken: null });
    await ready();
    expect(selectToken(actor.getSnapshot())).toBe(token);
    expect(calls.acquire).not.toHaveBeenCalled();
  });

  it.each([
    ['missing', null],
    ['expired', fakeSessionToken(BASE - 1000)],
    ['unreadable', 'garbage'],
  ])('acquires and stores a new token when the stored one is %s', async (_label, token) => {
    const { actor, calls, ready } = startSession({ token, legacyToken: null });
    await ready();
    expect(calls.acquire).toHaveBeenCalledTimes(1);
    const fresh = selectToken(actor.getSnapshot());
    expect(fresh).not.toBe(token);
    expect(calls.store).toHaveBeenCalledWith(fresh);
  });

  it('exchanges a legacy token once, then removes it', async () => {
    const { actor, calls, ready } = startSession({ token: null, legacyToken: 'legacy-1' });
    await ready();
    expect(calls.exchange).toHaveBeenCalledTimes(1);
    expect(calls.removeLegacy).toHaveBeenCalledTimes(1);
    expect(calls.acquire).not.toHaveBeenCalled();
    expect(calls.store).toHaveBeenCalledWith(selectToken(actor.getSnapshot()));
    expect(actor.getSnapshot().context.legacyToken).toBeNull();
  });

  it('removes a legacy token the server refuses and starts a new session', async () => {
    const { calls, ready } = startSession(
      { token: null, legacyToken: 'legacy-1' },
      { exchange: () => Promise.reject(Object.assign(new Error('HTTP 401'), { status: 401 })) },
    );
    await ready();
    expect(calls.exchange).toHaveBeenCalledTimes(1);
    expect(calls.removeLegacy).toHaveBeenCalledTimes(1);
    expect(calls.acquire).toHaveBeenCalledTimes(1);
  });

  it('clears the token on a 401 or 403 and acquires another', async () => {
    const { actor, calls, ready } = startSession({ token: fakeSessionToken(BASE + HOUR), legacyToken: null });
    await ready();
    actor.send({ type: 'session.unauthorized' });
    expect(selectToken(actor.getSnapshot())).toBeNull();
    expect(actor.getSnapshot().context.token).toBeNull();
    await ready();
    expect(calls.clear).toHaveBeenCalledTimes(1);
    expect(calls.acquire).toHaveBeenCalledTimes(1);
    expect(selectToken(actor.getSnapshot())).not.toBeNull();
  });

  it('acquires again when the token expires', async () => {
    const { actor, clock, calls, ready } = startSession({ token: fakeSessionToken(BASE + 60_000), legacyToken: null });
    await ready();
    clock.increment(59_999);
    expect(actor.getSnapshot().matches({ token: 'ready' })).toBe(true);
    clock.increment(1);
    expect(actor.getSnapshot().hasTag('acquiring')).toBe(true);
    await ready();
    expect(calls.acquire).toHaveBeenCalledTimes(1);
  });

  it('fails when no token can be acquired, and tries again on request', async () => {
    let attempts = 0;
    const { actor, ready } = startSession(
      { token: null, legacyToken: null },
      { acquire: async () => (++attempts === 1 ? Promise.reject(new TypeError('Failed to fetch')) : fakeSessionToken(BASE + HOUR)) },
    );
    await waitFor(actor, (s) => s.hasTag('failed'));
    expect(selectToken(actor.getSnapshot())).toBeNull();
    actor.send({ type: 'session.retried' });
    await ready();
    expect(attempts).toBe(2);
  });
});

describe('loyalty sign-in flag (spec 4.4, 2.1)', () => {
  it('is read when the calculator starts, once a token is ready', async () => {
    const { actor, calls, ready } = startSession({ token: null, legacyToken: null }, { hasProfile: true });
    actor.send({ type: 'session.profileRequested' });
    expect(calls.info).not.toHaveBeenCalled();
    await ready();
    await waitFor(actor, (s) => s.matches({ profile: 'signedIn' }));
    expect(selectHasProfile(actor.getSnapshot())).toBe(true);
    expect(calls.info).toHaveBeenCalledTimes(1);
  });

  it('is not read until a calculator asks', async () => {
    const { actor, calls, ready } = startSession({ token: fakeSessionToken(BASE + HOUR), legacyToken: null });
    await ready();
    expect(actor.getSnapshot().matches({ profile: 'unknown' })).toBe(true);
    expect(calls.info).not.toHaveBeenCalled();
  });

  it('is forgotten with the session', async () => {
    const { actor, ready } = startSession({ token: fakeSessionToken(BASE + HOUR), legacyToken: null }, { hasProfile: true });
    actor.send({ type: 'session.profileRequested' });
    await waitFor(actor, (s) => s.hasTag('signedIn'));
    actor.send({ type: 'session.unauthorized' });
    expect(selectHasProfile(actor.getSnapshot())).toBe(false);
    expect(actor.getSnapshot().context.hasProfile).toBeNull();
    await ready();
  });
});
