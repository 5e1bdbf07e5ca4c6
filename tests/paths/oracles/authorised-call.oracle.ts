/**
 * An authorised call as the spec (4.4, 6) and decision 011 describe it, not as the chart does: fed
 * the same inputs as a path (the session settling with a token or failing, the call's answers, the
 * 30 seconds passing), it says whether the call is on its way and how many times it went, which
 * refusal the session is told of, and what the machine that asked for the call finally gets: the
 * call's output, or which error.
 */
import type { AnyEventObject } from 'xstate';

/** Spec 4.4: how long a refused call waits for the new session. */
export const NEW_SESSION_WAIT_MS = 30_000;

export interface CallSeen {
  /** The session has settled (a token, or none to be had) since the call was asked for. */
  sessionSettled: boolean;
  /** The token the last call carried (null: none). */
  carried: string | null;
  /** How many times the call went out. */
  calls: number;
  /** The call is on its way. */
  onItsWay: boolean;
  /** Refused with a token: waiting for a session with another token. */
  waitingForNewSession: boolean;
  /** The first refusal, which stands if no new session comes. */
  refusal: unknown;
  /** What the session is told by this step. */
  effects: AnyEventObject[];
  /** What the asking machine gets: nothing yet, the output, or the error. */
  outcome: { output: unknown } | { error: unknown } | null;
}

const statusOf = (error: unknown): number | undefined =>
  typeof error === 'object' && error !== null && 'status' in error && typeof error.status === 'number' ? error.status : undefined;

export function authorisedCallOracle() {
  const start = (): CallSeen => ({
    sessionSettled: false,
    carried: null,
    calls: 0,
    onItsWay: false,
    waitingForNewSession: false,
    refusal: null,
    effects: [],
    outcome: null,
  });
  const send = (seen: CallSeen, carried: string | null): CallSeen => ({ ...seen, sessionSettled: true, carried, calls: seen.calls + 1, onItsWay: true });
  const next = (prior: CallSeen, event: AnyEventObject): CallSeen => {
    const seen = { ...prior, effects: [] };
    if (seen.outcome !== null) return seen;
    switch (event.type) {
      case 'session.ready':
        // The first calls never go out bare; after a refusal only another token is a new session.
        if (!seen.sessionSettled) return send(seen, event.token as string);
        if (seen.waitingForNewSession && event.token !== seen.carried) return { ...send(seen, event.token as string), waitingForNewSession: false };
        return seen;
      // No session yet: the call needs one, so the session is asked to start (4.4: fetched when missing).
      case 'session.missing':
        return seen.sessionSettled ? seen : { ...seen, effects: [{ type: 'session.needed' }] };
      case 'session.failed':
        if (!seen.sessionSettled) return send(seen, null);
        return seen.waitingForNewSession ? { ...seen, waitingForNewSession: false, outcome: { error: seen.refusal } } : seen;
      case 'xstate.done.actor.call':
        return seen.onItsWay ? { ...seen, onItsWay: false, outcome: { output: event.output } } : seen;
      case 'xstate.error.actor.call': {
        if (!seen.onItsWay) return seen;
        const status = statusOf(event.error);
        // 401/403 on a call that carried a token: it is cleared and made again once, with the new session's.
        if ((status === 401 || status === 403) && seen.carried !== null && seen.calls === 1) {
          return {
            ...seen,
            onItsWay: false,
            waitingForNewSession: true,
            refusal: event.error,
            effects: [{ type: 'session.unauthorized', token: seen.carried }],
          };
        }
        return { ...seen, onItsWay: false, outcome: { error: event.error } };
      }
      default:
        // The 30 seconds are up with no new session: the original error.
        if (/^xstate\.after\./.test(event.type) && seen.waitingForNewSession) {
          return { ...seen, waitingForNewSession: false, outcome: { error: seen.refusal } };
        }
        return seen;
    }
  };
  return { start, next };
}
