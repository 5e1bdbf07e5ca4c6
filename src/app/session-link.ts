/**
 * How the API client reaches the session actor, which owns the token (spec 4.4): it reads the
 * token on every call and reports a 401 or 403 as `session.unauthorized`, naming the token the
 * call carried, and a renewed token (the call moved the session to another cart or order) as
 * `session.tokenRenewed`. The link exists before the session actor (the session needs the client to start
 * one), so it is connected once the shop's system holds the session.
 *
 * Waiting for the session and making a refused call again are the authorised-call statechart's
 * (machines/session/authorised-call.machine.ts, wired in ./authorised-calls.ts), not the link's.
 */
import { waitFor, type ActorRefFrom } from 'xstate';
import { selectToken, type sessionMachine } from '#machines/session/session.machine.ts';

export interface SessionLink {
  getToken(): string | null;
  /** A call carrying `token` (null: none) was answered 401 or 403. */
  unauthorized(status: 401 | 403, token: string | null): void;
  /** A call carrying `sentToken` was answered a renewed token. */
  renewed(token: string, sentToken: string): void;
}

/** The session actor as the link needs it (any actor of the session machine). */
export type SessionActorRef = ActorRefFrom<typeof sessionMachine>;

/** A SessionLink that is connected to the session actor once that exists (it needs the client first). */
export interface ConnectableSessionLink extends SessionLink {
  connect(actor: SessionActorRef): void;
}

export function createSessionLink(): ConnectableSessionLink {
  let session: SessionActorRef | null = null;
  return {
    connect(actor) {
      session = actor;
    },
    getToken: () => (session ? selectToken(session.getSnapshot()) : null),
    unauthorized: (_status, token) => session?.send({ type: 'session.unauthorized', token }),
    renewed: (token, sentToken) => session?.send({ type: 'session.tokenRenewed', token, replacing: sentToken }),
  };
}

/**
 * Resolves once the session has a token, starting one for a visitor who has none yet (spec 4.4:
 * fetched when missing), or has failed to get one; for a call the shopper starts that is no
 * actor's (the loyalty sign-in's code).
 */
export async function sessionStarted(session: SessionActorRef): Promise<void> {
  if (session.getSnapshot().hasTag('none')) session.send({ type: 'session.needed' });
  await waitFor(session, (s) => s.hasTag('ready') || s.hasTag('failed'), { timeout: Infinity });
}
