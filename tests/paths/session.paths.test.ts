import { expect } from 'vitest';
import { getNextSnapshot, type AnyEventObject } from 'xstate';
import { selectHasProfile, selectSessionNotice, selectToken, sessionMachine } from '#machines/session/session.machine.ts';
import { actorDone, actorFailed, definePathSuite, INIT_EVENT } from '../support/graph-coverage.ts';
import { sessionOracle, type SessionSeen } from './oracles/session.oracle.ts';
import { fakeSessionToken } from '../support/session-tokens.ts';

const NOW = Date.parse('2025-06-02T10:00:00Z');
const stored = fakeSessionToken(NOW + 3_600_000, { sid: 'stored' });
const fresh = fakeSessionToken(NOW + 3_600_000, { sid: 'fresh' });
/** The new session of a hand-over, which kept the cart. */
const handedOver = fakeSessionToken(NOW + 3_600_000, { sid: 'handed-over', cart: 'cart-1' });
/** What another tab stored after it replaced the session. */
const otherTab = fakeSessionToken(NOW + 3_600_000, { sid: 'other-tab' });
/** Renewed tokens: a call moved the session to a cart (or the renewal came too late to use). */
const renewedStored = fakeSessionToken(NOW + 3_600_000, { sid: 'stored', cart: 'cart-2', renewable: true });
const renewedFresh = fakeSessionToken(NOW + 3_600_000, { sid: 'fresh', cart: 'cart-3', renewable: true });
const renewedExpired = fakeSessionToken(NOW - 1_000, { sid: 'stored', cart: 'cart-2', renewable: true });
/** A new session's token, which says it has no loyalty profile. */
const noProfile = fakeSessionToken(NOW + 3_600_000, { sid: 'no-profile', profile: false });
/** A stored token that expired: replaced at once, handed over. */
const expiredStored = fakeSessionToken(NOW - 1_000, { sid: 'expired' });
const unauthorized = Object.assign(new Error('HTTP 401'), { status: 401 });

const EVENTS: AnyEventObject[] = [
    { type: 'session.unauthorized' },
    // A refusal of a token already replaced: ignored.
    { type: 'session.unauthorized', token: 'replaced-token' },
    { type: 'session.noticeDismissed' },
    { type: 'session.profileRequested' },
    // Back from the loyalty sign-in: the flag is read whatever the token says.
    { type: 'session.profileRequested', signInReturn: true },
    { type: 'session.retried' },
    { type: 'session.needed' },
    { type: 'session.tokenRenewed', token: renewedStored, replacing: stored },
    { type: 'session.tokenRenewed', token: renewedFresh, replacing: fresh },
    // A renewal answered to a call that carried a token since replaced, or one already expired: ignored.
    { type: 'session.tokenRenewed', token: renewedFresh, replacing: 'replaced-token' },
    { type: 'session.tokenRenewed', token: renewedExpired, replacing: stored },
    actorDone('readStoredTokens', { token: stored, legacyToken: null }),
    actorDone('readStoredTokens', { token: null, legacyToken: null }),
    actorDone('readStoredTokens', { token: expiredStored, legacyToken: null }),
    actorDone('readStoredTokens', { token: noProfile, legacyToken: null }),
    actorDone('readStoredTokens', { token: null, legacyToken: 'legacy' }),
    actorDone('readStoredTokens', { token: otherTab, legacyToken: null }),
    actorFailed('readStoredTokens', new Error('storage unavailable')),
    actorDone('exchangeLegacyToken', fresh),
    actorFailed('exchangeLegacyToken', unauthorized),
    actorDone('removeLegacyToken', undefined),
    actorFailed('removeLegacyToken', new Error('storage unavailable')),
    actorDone('acquireToken', fresh),
    actorDone('acquireToken', handedOver),
    actorFailed('acquireToken', new TypeError('Failed to fetch')),
    actorDone('storeToken', undefined),
    actorFailed('storeToken', new Error('quota exceeded')),
    actorDone('clearStoredToken', undefined),
    actorFailed('clearStoredToken', new Error('storage unavailable')),
    actorDone('fetchSessionInfo', { hasProfile: true }),
    actorDone('fetchSessionInfo', { hasProfile: false }),
    actorFailed('fetchSessionInfo', new TypeError('Failed to fetch')),
  // An empty legacy entry is no legacy token.
  actorDone('readStoredTokens', { token: null, legacyToken: '' }),
];

// What the spec says after each step of the path being replayed, on the clock the machine reads
// (the suite's NOW, or a replayed journey's start).
let oracle = sessionOracle(NOW);
let seen: SessionSeen;
/** Every token that reached the machine on this path: the only ones calls may carry. */
let arrived = new Set<unknown>();
/** The flag was being read at the step before. */
let wasReading = false;

function tokensIn(event: AnyEventObject): unknown[] {
  const output = (event as { output?: unknown }).output;
  if (typeof output === 'string') return [output];
  if (typeof output === 'object' && output !== null && 'token' in output) return [(output as { token: unknown }).token];
  return 'token' in event ? [event.token] : [];
}

definePathSuite({
  name: 'session',
  machine: sessionMachine,
  input: { siteId: 1, now: () => NOW },
  // A journey's tokens expire an hour after it ran: the replay's clock is the journey's.
  replayInput: ({ input, startedAt }) => ({ ...(input as { siteId: number }), now: () => startedAt ?? NOW }),
  events: EVENTS,
  serializeState: (s) =>
    JSON.stringify([
      s.value,
      // Which token (a renewal applies to the token it replaces), not just whether there is one.
      s.context.token,
      s.context.legacyToken !== null,
      s.context.hasProfile,
      s.context.previousToken,
      s.context.refused,
      s.context.notice,
    ]),
  assertState: (s, step) => {
    if (step.event.type === INIT_EVENT) {
      oracle = sessionOracle(s.context.now());
      arrived = new Set();
      wasReading = false;
    }
    for (const token of tokensIn(step.event)) arrived.add(token);
    seen = step.event.type === INIT_EVENT ? oracle.start() : oracle.next(seen, step.event);
    const after = `after ${step.event.type}`;
    expect(selectToken(s), `the token calls carry ${after}`).toBe(oracle.tokenSent(seen));
    expect(Object.keys(s.children).sort(), `the calls on their way ${after}`).toEqual(oracle.calls(seen));
    expect([...s.tags].sort(), `what the shop shows ${after}`).toEqual(oracle.tags(seen));
    expect(selectSessionNotice(s), `the 'session ended' notice ${after}`).toEqual(seen.notice);

    // One step ahead: every input the shopper or a call could bring now, paths or not, must lead
    // where the spec says (the planner keeps only paths that add a transition, so an input that
    // takes an already covered transition would otherwise never be tried here).
    for (const event of EVENTS) {
      const id = /^xstate\.(?:done|error)\.actor\.(.+)$/.exec(event.type)?.[1];
      const applies =
        id !== undefined
          ? oracle.calls(seen).includes(id)
          : event.type === 'session.unauthorized' ||
            (event.type === 'session.noticeDismissed' && seen.notice !== null) ||
            (event.type === 'session.profileRequested' && seen.profile === 'unknown') ||
            (event.type === 'session.retried' && seen.phase === 'failed') ||
            (event.type === 'session.needed' && seen.phase === 'none');
      if (!applies) continue;
      const expected = oracle.next(seen, event);
      const next = getNextSnapshot(sessionMachine, s, event as never);
      const then = `${after}, then ${JSON.stringify(event)}`;
      expect(selectToken(next), `the token calls carry ${then}`).toBe(oracle.tokenSent(expected));
      expect([...next.tags].sort(), `what the shop shows ${then}`).toEqual(oracle.tags(expected));
      expect(selectSessionNotice(next), `the 'session ended' notice ${then}`).toEqual(expected.notice);
      expect(Object.keys(next.children).sort(), `the calls on their way ${then}`).toEqual(oracle.calls(expected));
    }
    // The API client only ever gets a usable token.
    const token = selectToken(s);
    if (s.hasTag('ready')) expect([...arrived], 'a token that reached the session on this path').toContain(token);
    else expect(token).toBeNull();
    if (s.matches({ token: 'clearing' })) expect(s.context.token).toBeNull();
    // A refused token waits to be handed over and is never sent again.
    if (s.context.refused) expect(s.hasTag('ready')).toBe(false);
    if (s.context.previousToken !== null) expect(token).not.toBe(s.context.previousToken);
    expect(s.hasTag('sessionEnded')).toBe(s.context.notice !== null);
    expect(selectHasProfile(s)).toBe(s.context.hasProfile === true);
    // The flag's read starts with a token in place (it may still be answered after the token expired).
    const reading = s.matches({ profile: 'loading' });
    if (reading && !wasReading) expect(s.hasTag('ready'), 'the flag is read with a token in place (being stored after a renewal, or ready)').toBe(true);
    wasReading = reading;
  },
});
