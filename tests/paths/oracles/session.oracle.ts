/**
 * The session as the spec (4.4, 7.1, 8) and decision 011 describe it, not as the chart does: a
 * reference model fed the same inputs as a path (what storage holds, the server's answers, a 401
 * or 403, the token's expiry) that says, after each, which token the API client may send, which
 * call is on its way, what the shopper is told ('session ended', "You're signed in!") and whether
 * the shop is still getting a session or has given up.
 */
import type { AnyEventObject } from 'xstate';

/** The calls (storage and server) the session makes, one at a time, by their injected names. */
export type SessionCall =
  | 'readStoredTokens'
  | 'exchangeLegacyToken'
  | 'removeLegacyToken'
  | 'acquireToken'
  | 'storeToken'
  | 'clearStoredToken';

/** `none`: no session yet, started when a call needs one. */
type Phase = SessionCall | 'none' | 'ready' | 'failed';
type Profile = 'unknown' | 'waitingForToken' | 'fetchSessionInfo' | 'signedIn' | 'anonymous';

export interface SessionSeen {
  phase: Phase;
  /** Why storage is read: at start, or after a refusal (another tab may have a new session). */
  afterRefusal: boolean;
  /** The token held; the API client gets it only once a session is in place. */
  token: string | null;
  /** The refused or expired token to hand over to the next session (decision 011). */
  handOver: string | null;
  refused: boolean;
  notice: { kind: 'sessionEnded'; keptCart: boolean } | null;
  profile: Profile;
  /** The flag was asked for on the way back from the loyalty sign-in (the token may not say so yet). */
  signInReturn: boolean;
}

/** The claims of a session token (its payload), read without the chart's helpers. */
export function claimsOf(token: string): { exp?: number; cart?: string | null; profile?: boolean } {
  const payload = token.split('.')[1];
  return payload ? (JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { exp?: number; cart?: string | null; profile?: boolean }) : {};
}

/** What the views and the API client read in each phase. */
export const PHASE_TAGS: Record<Phase, string[]> = {
  readStoredTokens: ['acquiring'],
  exchangeLegacyToken: ['acquiring'],
  removeLegacyToken: ['acquiring'],
  acquireToken: ['acquiring'],
  clearStoredToken: ['acquiring'],
  // A new token can be used while it is being stored.
  storeToken: ['ready'],
  ready: ['ready'],
  none: ['none'],
  failed: ['failed'],
};

export function sessionOracle(now: number) {
  /** Fetched when missing or expired (4.4). */
  const usable = (token: string | null | undefined): token is string =>
    typeof token === 'string' && token !== '' && (claimsOf(token).exp ?? 0) * 1000 > now;
  const noticeFor = (token: string) => ({ kind: 'sessionEnded' as const, keptCart: claimsOf(token).cart != null });
  /** The loyalty flag is read once a token is in place; with no session yet, nobody has signed in. */
  const withProfile = (seen: SessionSeen): SessionSeen => {
    if (seen.profile !== 'waitingForToken') return seen;
    // A token that says its session has no profile needs no call, unless back from the sign-in.
    if (seen.phase === 'ready') return { ...seen, profile: seen.token !== null && claimsOf(seen.token).profile === false && !seen.signInReturn ? 'anonymous' : 'fetchSessionInfo' };
    return seen.phase === 'none' ? { ...seen, profile: 'anonymous' } : seen;
  };

  return {
    start(): SessionSeen {
      return { phase: 'readStoredTokens', afterRefusal: false, token: null, handOver: null, refused: false, notice: null, profile: 'unknown', signInReturn: false };
    },

    /** The token the API client sends: only one in place, never one being replaced. */
    tokenSent(seen: SessionSeen): string | null {
      return seen.phase === 'ready' || seen.phase === 'storeToken' ? seen.token : null;
    },

    /** The calls on their way. */
    calls(seen: SessionSeen): string[] {
      const calls: string[] = [];
      if (seen.phase !== 'ready' && seen.phase !== 'failed' && seen.phase !== 'none') calls.push(seen.phase);
      if (seen.profile === 'fetchSessionInfo') calls.push('fetchSessionInfo');
      return calls.sort();
    },

    tags(seen: SessionSeen): string[] {
      return [...PHASE_TAGS[seen.phase], ...(seen.profile === 'signedIn' ? ['signedIn'] : []), ...(seen.notice ? ['sessionEnded'] : [])].sort();
    },

    next(before: SessionSeen, event: AnyEventObject): SessionSeen {
      const seen = { ...before };
      const output = event.output as unknown;
      switch (event.type.replace(/^xstate\.after\.TOKEN_EXPIRY\..*$/, 'expired')) {
        case 'xstate.done.actor.readStoredTokens': {
          const stored = output as { token: string | null; legacyToken: string | null };
          if (seen.afterRefusal) {
            // Another tab already replaced the refused session: take its token, and tell the shopper.
            if (usable(stored.token) && stored.token !== seen.handOver) {
              return withProfile({ ...seen, phase: 'ready', afterRefusal: false, token: stored.token, handOver: null, refused: false, notice: noticeFor(stored.token) });
            }
            return { ...seen, phase: 'clearStoredToken' };
          }
          // A legacy token is exchanged for a new session once (4.4).
          if (stored.legacyToken) return { ...seen, phase: 'exchangeLegacyToken' };
          if (usable(stored.token)) return withProfile({ ...seen, phase: 'ready', token: stored.token });
          // Fetched when missing (4.4): when a call needs it, not before.
          if (!stored.token) return withProfile({ ...seen, phase: 'none' });
          return { ...seen, phase: 'acquireToken', handOver: stored.token };
        }
        case 'xstate.error.actor.readStoredTokens':
          return seen.afterRefusal ? { ...seen, phase: 'clearStoredToken' } : withProfile({ ...seen, phase: 'none' });
        // A call needs the token and there is none yet.
        case 'session.needed':
          return seen.phase === 'none' ? { ...seen, phase: 'acquireToken' } : seen;
        case 'xstate.done.actor.exchangeLegacyToken':
          return { ...seen, phase: 'removeLegacyToken', token: output as string };
        // ... and removed all the same when refused.
        case 'xstate.error.actor.exchangeLegacyToken':
          return { ...seen, phase: 'removeLegacyToken' };
        case 'xstate.done.actor.removeLegacyToken':
        case 'xstate.error.actor.removeLegacyToken':
          return { ...seen, phase: seen.token ? 'storeToken' : 'acquireToken' };
        case 'xstate.done.actor.acquireToken': {
          const token = output as string;
          // A shopper whose old token held a cart the new session did not keep starts afresh and
          // is told (a revoked session, or a token expired too long ago, is never handed over).
          const lostCart = seen.handOver !== null && claimsOf(seen.handOver).cart != null && claimsOf(token).cart == null;
          return { ...seen, phase: 'storeToken', token, handOver: null, refused: false, notice: seen.refused || lostCart ? noticeFor(token) : seen.notice };
        }
        case 'xstate.error.actor.acquireToken':
          return { ...seen, phase: 'failed' };
        case 'session.retried':
          return { ...seen, phase: 'acquireToken' };
        // A failed storage write does not stop the page: the token works until the page is left.
        case 'xstate.done.actor.storeToken':
        case 'xstate.error.actor.storeToken':
          return withProfile({ ...seen, phase: 'ready' });
        case 'xstate.done.actor.clearStoredToken':
        case 'xstate.error.actor.clearStoredToken':
          return { ...seen, phase: 'acquireToken', afterRefusal: false };
        case 'expired':
          return { ...seen, phase: 'acquireToken', handOver: seen.token, token: null };

        // Cleared on a 401 or 403 from any call (4.4, 8); a refusal of a token already replaced is ignored.
        case 'session.unauthorized': {
          const refusedToken = event.token as string | null | undefined;
          const profileReset = { ...seen, profile: 'unknown' as const };
          if (refusedToken !== undefined && refusedToken !== seen.token) return profileReset;
          return { ...profileReset, phase: 'readStoredTokens', afterRefusal: true, handOver: seen.token ?? seen.handOver, token: null, refused: true };
        }
        case 'session.profileRequested':
          return withProfile({ ...seen, profile: 'waitingForToken', signInReturn: event.signInReturn === true });
        case 'xstate.done.actor.fetchSessionInfo':
          return { ...seen, profile: (output as { hasProfile: boolean }).hasProfile ? 'signedIn' : 'anonymous' };
        // The flag only adds a greeting: without it the visitor is anonymous.
        case 'xstate.error.actor.fetchSessionInfo':
          return { ...seen, profile: 'anonymous' };
        case 'session.noticeDismissed':
          return { ...seen, notice: null };
        // A call that moved the session to another cart or order answered the token saying so: it
        // replaces the token in place (and is stored), unless the call carried an older token or the
        // renewed one cannot be used.
        case 'session.tokenRenewed': {
          const inPlace = seen.phase === 'ready' || seen.phase === 'storeToken';
          if (!inPlace || event.replacing !== seen.token || !usable(event.token as string)) return seen;
          return { ...seen, phase: 'storeToken', token: event.token as string };
        }
        default:
          throw new Error(`The session oracle has no rule for ${event.type}`);
      }
    },
  };
}
