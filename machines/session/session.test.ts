import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, SimulatedClock, waitFor } from 'xstate';
import { fakeSessionToken } from '../../tests/support/session-tokens.ts';
import { selectHasProfile, selectSessionNotice, selectToken, sessionMachine, type StoredTokens } from './session.machine.ts';

const BASE = Date.parse('2025-06-02T10:00:00Z');
const HOUR = 3_600_000;

interface SessionOptions {
  acquire?: (previousToken: string | null) => Promise<string>;
  exchange?: () => Promise<string>;
  hasProfile?: boolean;
  /** What storage holds when it is read again after a refusal (another tab may have written it). */
  storedLater?: () => StoredTokens;
  /** Storage cannot be read at all. */
  unreadable?: boolean;
}

function startSession(stored: StoredTokens, options: SessionOptions = {}) {
  const clock = new SimulatedClock();
  const now = () => BASE + clock.now();
  let reads = 0;
  const calls = {
    acquire: vi.fn(options.acquire ?? (async (_previousToken: string | null) => fakeSessionToken(now() + HOUR, { sid: 'new' }))),
    exchange: vi.fn(options.exchange ?? (async () => fakeSessionToken(now() + HOUR, { sid: 'exchanged' }))),
    store: vi.fn(async (_token: string) => {}),
    removeLegacy: vi.fn(async () => {}),
    clear: vi.fn(async () => {}),
    info: vi.fn(async () => ({ hasProfile: options.hasProfile ?? false })),
  };
  const machine = sessionMachine.provide({
    actors: {
      readStoredTokens: fromPromise(async () => {
        if (options.unreadable === true) throw new Error('SecurityError');
        return reads++ === 0 ? stored : (options.storedLater?.() ?? stored);
      }),
      acquireToken: fromPromise(async ({ input }) => {
        expect(input.siteId).toBe(7);
        return calls.acquire(input.previousToken);
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

  it('starts no session for a visitor without a token until a call needs one', async () => {
    const { actor, calls, ready } = startSession({ token: null, legacyToken: null });
    await waitFor(actor, (s) => s.hasTag('none'));
    expect(calls.acquire).not.toHaveBeenCalled();
    expect(selectToken(actor.getSnapshot())).toBeNull();
    actor.send({ type: 'session.needed' });
    await ready();
    expect(calls.acquire).toHaveBeenCalledWith(null);
    expect(calls.store).toHaveBeenCalledWith(selectToken(actor.getSnapshot()));
  });

  it('waits for a call to need a session when storage cannot be read', async () => {
    const { actor, calls } = startSession({ token: null, legacyToken: null }, { unreadable: true });
    await waitFor(actor, (s) => s.hasTag('none'));
    expect(calls.acquire).not.toHaveBeenCalled();
  });

  it.each([
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

  it('acquires again when the token expires, handing the expired token over quietly', async () => {
    const expiring = fakeSessionToken(BASE + 60_000);
    const { actor, clock, calls, ready } = startSession({ token: expiring, legacyToken: null });
    await ready();
    clock.increment(59_999);
    expect(actor.getSnapshot().matches({ token: 'ready' })).toBe(true);
    clock.increment(1);
    expect(actor.getSnapshot().hasTag('acquiring')).toBe(true);
    await ready();
    expect(calls.acquire).toHaveBeenCalledTimes(1);
    expect(calls.acquire).toHaveBeenCalledWith(expiring);
    expect(selectSessionNotice(actor.getSnapshot())).toBeNull();
  });

  it('hands an expired stored token over for the new session', async () => {
    const expired = fakeSessionToken(BASE - 1000);
    const { calls, ready } = startSession({ token: expired, legacyToken: null });
    await ready();
    expect(calls.acquire).toHaveBeenCalledWith(expired);
  });

  it('stays quiet when the expired token is handed over with its cart', async () => {
    const expired = fakeSessionToken(BASE - 1000, { cart: 'cart-1' });
    const { actor, ready } = startSession({ token: expired, legacyToken: null }, { acquire: async () => fakeSessionToken(BASE + HOUR, { sid: 'new', cart: 'cart-1' }) });
    await ready();
    expect(selectSessionNotice(actor.getSnapshot())).toBeNull();
  });

  it('tells the shopper a new session started when an expired token with a cart is no longer handed over (too old)', async () => {
    const expired = fakeSessionToken(BASE - 30 * 24 * HOUR, { sid: 'old', cart: 'cart-1' });
    const { actor, calls, ready } = startSession({ token: expired, legacyToken: null });
    await ready();
    expect(calls.acquire).toHaveBeenCalledWith(expired);
    expect(selectSessionNotice(actor.getSnapshot())).toEqual({ kind: 'sessionEnded', keptCart: false });
    actor.send({ type: 'session.noticeDismissed' });
    expect(selectSessionNotice(actor.getSnapshot())).toBeNull();
  });

  it('stays quiet when an expired token without a cart gets a fresh session', async () => {
    const { actor, ready } = startSession({ token: fakeSessionToken(BASE - 30 * 24 * HOUR), legacyToken: null });
    await ready();
    expect(selectSessionNotice(actor.getSnapshot())).toBeNull();
  });
});

describe('a refused session (spec 4.4, 8; docs/decisions/011)', () => {
  it('hands the refused token over once, then tells the shopper the cart came along', async () => {
    const refused = fakeSessionToken(BASE + HOUR, { sid: 'old', cart: 'cart-1' });
    const { actor, calls, ready, now } = startSession(
      { token: refused, legacyToken: null },
      { acquire: async () => fakeSessionToken(now() + HOUR, { sid: 'new', cart: 'cart-1' }) },
    );
    await ready();
    actor.send({ type: 'session.unauthorized', token: refused });
    expect(selectToken(actor.getSnapshot())).toBeNull();
    await waitFor(actor, (s) => s.matches({ token: 'ready' }) && selectToken(s) !== refused);
    expect(calls.acquire).toHaveBeenCalledTimes(1);
    expect(calls.acquire).toHaveBeenCalledWith(refused);
    expect(calls.clear).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().context.previousToken).toBeNull();
    expect(selectSessionNotice(actor.getSnapshot())).toEqual({ kind: 'sessionEnded', keptCart: true });
    expect(actor.getSnapshot().hasTag('sessionEnded')).toBe(true);

    actor.send({ type: 'session.noticeDismissed' });
    expect(selectSessionNotice(actor.getSnapshot())).toBeNull();
  });

  it('says only that a new session started when the new one has no cart', async () => {
    const { actor, ready } = startSession({ token: fakeSessionToken(BASE + HOUR), legacyToken: null });
    await ready();
    actor.send({ type: 'session.unauthorized' });
    await waitFor(actor, (s) => s.hasTag('sessionEnded'));
    expect(selectSessionNotice(actor.getSnapshot())).toEqual({ kind: 'sessionEnded', keptCart: false });
  });

  it('ignores a refusal of a token it has already replaced, so many refused calls make one hand-over', async () => {
    const first = fakeSessionToken(BASE + HOUR, { sid: 'first' });
    const { actor, calls, ready } = startSession({ token: first, legacyToken: null });
    await ready();
    actor.send({ type: 'session.unauthorized', token: first });
    actor.send({ type: 'session.unauthorized', token: first });
    await waitFor(actor, (s) => s.matches({ token: 'ready' }) && selectToken(s) !== first);
    const second = selectToken(actor.getSnapshot());
    actor.send({ type: 'session.unauthorized', token: first });
    expect(selectToken(actor.getSnapshot())).toBe(second);
    expect(calls.acquire).toHaveBeenCalledTimes(1);
  });

  it("takes the token another tab already stored instead of handing over again", async () => {
    const refused = fakeSessionToken(BASE + HOUR, { sid: 'old' });
    const otherTab = fakeSessionToken(BASE + HOUR, { sid: 'other-tab', cart: 'cart-1' });
    const { actor, calls, ready } = startSession({ token: refused, legacyToken: null }, { storedLater: () => ({ token: otherTab, legacyToken: null }) });
    await ready();
    actor.send({ type: 'session.unauthorized', token: refused });
    await waitFor(actor, (s) => selectToken(s) === otherTab);
    expect(calls.acquire).not.toHaveBeenCalled();
    expect(calls.clear).not.toHaveBeenCalled();
    expect(selectSessionNotice(actor.getSnapshot())).toEqual({ kind: 'sessionEnded', keptCart: true });
  });

  it('keeps the refused token to hand over when the first attempt fails', async () => {
    const refused = fakeSessionToken(BASE + HOUR, { sid: 'old' });
    let attempts = 0;
    const { actor, calls, ready } = startSession(
      { token: refused, legacyToken: null },
      { acquire: async () => (++attempts === 1 ? Promise.reject(new TypeError('Failed to fetch')) : fakeSessionToken(BASE + HOUR, { sid: 'new' })) },
    );
    await ready();
    actor.send({ type: 'session.unauthorized', token: refused });
    await waitFor(actor, (s) => s.hasTag('failed'));
    actor.send({ type: 'session.retried' });
    await waitFor(actor, (s) => s.matches({ token: 'ready' }) && selectToken(s) !== refused);
    expect(calls.acquire.mock.calls).toEqual([[refused], [refused]]);
  });

  it('fails when no token can be acquired, and tries again on request', async () => {
    let attempts = 0;
    const { actor, ready } = startSession(
      { token: null, legacyToken: null },
      { acquire: async () => (++attempts === 1 ? Promise.reject(new TypeError('Failed to fetch')) : fakeSessionToken(BASE + HOUR)) },
    );
    await waitFor(actor, (s) => s.hasTag('none'));
    actor.send({ type: 'session.needed' });
    await waitFor(actor, (s) => s.hasTag('failed'));
    expect(selectToken(actor.getSnapshot())).toBeNull();
    actor.send({ type: 'session.retried' });
    await ready();
    expect(attempts).toBe(2);
  });
});

describe('loyalty sign-in flag (spec 4.4, 2.1)', () => {
  it('is read when the calculator starts, once a token is ready', async () => {
    const { actor, calls, ready } = startSession({ token: fakeSessionToken(BASE - 1000), legacyToken: null }, { hasProfile: true });
    actor.send({ type: 'session.profileRequested' });
    expect(calls.info).not.toHaveBeenCalled();
    await ready();
    await waitFor(actor, (s) => s.matches({ profile: 'signedIn' }));
    expect(selectHasProfile(actor.getSnapshot())).toBe(true);
    expect(calls.info).toHaveBeenCalledTimes(1);
  });

  it('is not read for a visitor with no session yet: nobody has signed in', async () => {
    const { actor, calls } = startSession({ token: null, legacyToken: null }, { hasProfile: true });
    actor.send({ type: 'session.profileRequested' });
    await waitFor(actor, (s) => s.matches({ profile: 'anonymous' }));
    expect(selectHasProfile(actor.getSnapshot())).toBe(false);
    expect(calls.info).not.toHaveBeenCalled();
    expect(calls.acquire).not.toHaveBeenCalled();
  });

  it("is not read when the token says its session has no profile, unless back from the sign-in (the token says so only once renewed)", async () => {
    const token = fakeSessionToken(BASE + HOUR, { profile: false });
    const first = startSession({ token, legacyToken: null }, { hasProfile: true });
    await first.ready();
    first.actor.send({ type: 'session.profileRequested' });
    expect(first.actor.getSnapshot().matches({ profile: 'anonymous' })).toBe(true);
    expect(first.calls.info).not.toHaveBeenCalled();

    const back = startSession({ token, legacyToken: null }, { hasProfile: true });
    await back.ready();
    back.actor.send({ type: 'session.profileRequested', signInReturn: true });
    await waitFor(back.actor, (s) => s.hasTag('signedIn'));
    expect(back.calls.info).toHaveBeenCalledTimes(1);
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

describe('a renewed token (the call moved the session to a cart)', () => {
  it('replaces the token the call carried and is stored', async () => {
    const token = fakeSessionToken(BASE + HOUR);
    const renewed = fakeSessionToken(BASE + 2 * HOUR, { cart: 'cart-1', renewable: true });
    const { actor, calls, ready } = startSession({ token, legacyToken: null });
    await ready();
    actor.send({ type: 'session.tokenRenewed', token: renewed, replacing: token });
    await ready();
    expect(selectToken(actor.getSnapshot())).toBe(renewed);
    expect(calls.store).toHaveBeenCalledWith(renewed);
  });

  it('is ignored when the call carried a token since replaced, or the renewal is already expired', async () => {
    const token = fakeSessionToken(BASE + HOUR);
    const { actor, calls, ready } = startSession({ token, legacyToken: null });
    await ready();
    actor.send({ type: 'session.tokenRenewed', token: fakeSessionToken(BASE + HOUR, { cart: 'c' }), replacing: 'an-older-token' });
    actor.send({ type: 'session.tokenRenewed', token: fakeSessionToken(BASE - 1, { cart: 'c' }), replacing: token });
    expect(selectToken(actor.getSnapshot())).toBe(token);
    expect(calls.store).not.toHaveBeenCalled();
  });
});
