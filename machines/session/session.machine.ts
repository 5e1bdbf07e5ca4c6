/**
 * The session token (spec 4.4, 7.1, 8): acquired when missing or expired, cleared on any 401 or
 * 403 and acquired again, a legacy token exchanged for a new session once and then removed; and
 * the loyalty sign-in flag (hasProfile), read when the calculator starts.
 *
 * A visitor with no token yet has none until a call needs one (`none`): an authorised call asks
 * for it (`session.needed`), so a first page that only shows the catalogue starts no session.
 * An expired token is replaced at once, since its cart may come along.
 *
 * Three regions: `token` owns the token (the API client reads it with selectToken and reports
 * 401/403 as `session.unauthorized`, naming the token it sent); `profile` reads hasProfile once a
 * token is ready, on `session.profileRequested` (sent by the app when a calculator starts);
 * `notice` tells the shopper that a refused session was replaced ('sessionEnded').
 *
 * A call that moves the session to another cart or order is answered a renewed token
 * (`session.tokenRenewed`), which replaces and stores the current one: the token's claims then
 * say whether there is a cart, so a page without one does not ask for it (spec 3, 7.4).
 *
 * A refused or expired token is not simply dropped: the new session is asked for with it, so the
 * server can hand its cart and order over to the new session (docs/decisions/011). It does so
 * only for a recently expired token, never for a revoked session; when the cart does not come
 * along the shopper is told a new session started. Before asking, storage is read again: another
 * tab may already have stored the new session's token.
 *
 * Storage is injected (readStoredTokens, storeToken, removeLegacyToken, clearStoredToken), so the
 * chart never touches localStorage. A failed storage write does not stop the page: the token in
 * context still works until the page is left.
 */
import { and, assign, setup, stateIn, type SnapshotFrom } from 'xstate';
import { providedLater } from '../provided-later.ts';
import type { SessionInfo } from '#domain/contract/session.ts';
import { isTokenUsable, msUntilTokenExpiry, tokenClaims, tokenMayHaveProfile } from '#domain/session.ts';

export interface SessionInput {
  siteId: number;
  /** Epoch milliseconds; Date.now unless a test drives the clock. */
  now?: () => number;
}

export interface SessionContext {
  siteId: number;
  now: () => number;
  /** The token calls carry; null while none is usable. */
  token: string | null;
  /** A token of the previous session scheme found in storage, to exchange once. */
  legacyToken: string | null;
  hasProfile: boolean | null;
  /** The flag was asked for on the way back from the loyalty sign-in: read it whatever the token says. */
  signInReturn: boolean;
  /** A refused or expired token, presented once when the next session is acquired (the hand-over). */
  previousToken: string | null;
  /** The token being replaced was refused (401/403), so the shopper is told once it is replaced. */
  refused: boolean;
  /** What the shopper is told after a refused session was replaced; null: nothing. */
  notice: SessionNotice | null;
  /** The last failure to acquire a token. */
  error: unknown;
}

/** The session ended and a new one started; keptCart: the new session has the cart. */
export interface SessionNotice {
  kind: 'sessionEnded';
  keptCart: boolean;
}

export type SessionEvent =
  /**
   * The API client saw a 401 or 403 on any call. `token` is the token the call carried: a refusal
   * of a token already replaced is ignored (absent: the current token).
   */
  | { type: 'session.unauthorized'; token?: string | null }
  /** The shopper closed the 'session ended' notice. */
  | { type: 'session.noticeDismissed' }
  /**
   * A calculator started: read the loyalty sign-in flag. `signInReturn`: back from the loyalty
   * sign-in, when the token still says there is no profile until it is renewed.
   */
  | { type: 'session.profileRequested'; signInReturn?: boolean }
  /** Try again after the token could not be acquired. */
  | { type: 'session.retried' }
  /** A call needs the session's token, and there is none yet: start the session. */
  | { type: 'session.needed' }
  /**
   * A call carrying `replacing` was answered a renewed token: the call moved the session to
   * another cart or order, and the new token says so (its claims name them).
   */
  | { type: 'session.tokenRenewed'; token: string; replacing: string };

/**
 * `ready`: a usable token is in context; `none`: no session yet, started when a call needs one;
 * `acquiring` and `failed`: on the way to one, or given up;
 * `signedIn`: the visitor has a loyalty profile ("You're signed in!"); `sessionEnded`: the notice
 * that the session ended and a new one started is showing.
 */
export type SessionTag = 'ready' | 'none' | 'acquiring' | 'failed' | 'signedIn' | 'sessionEnded';

/** What storage holds when the page starts. */
export interface StoredTokens {
  token: string | null;
  legacyToken: string | null;
}
export type ReadStoredTokensOutput = StoredTokens;
/**
 * POST /session/{siteId}: the new token. With previousToken (refused or expired) it is presented
 * as the bearer, so the new session keeps that session's cart and order.
 */
export interface AcquireTokenInput {
  siteId: number;
  previousToken: string | null;
}
export type AcquireTokenOutput = string;
/** POST /session/{siteId} with the legacy token as bearer: the new token. */
export interface ExchangeLegacyTokenInput {
  siteId: number;
  legacyToken: string;
}
export type ExchangeLegacyTokenOutput = string;
export interface StoreTokenInput {
  token: string;
}
/** GET /session/{siteId}. */
export interface FetchSessionInfoInput {
  siteId: number;
}
export type FetchSessionInfoOutput = SessionInfo;


/** The token an invoked call answered with, kept. */
const keepToken = { type: 'rememberToken', params: ({ event }: { event: { output: string } }) => ({ token: event.output }) } as const;
/** Why an invoked call failed, kept for the notice. */
const keepError = { type: 'rememberError', params: ({ event }: { event: { error: unknown } }) => ({ error: event.error }) } as const;

export const sessionMachine = setup({
  types: {
    input: {} as SessionInput,
    context: {} as SessionContext,
    events: {} as SessionEvent,
    tags: {} as SessionTag,
  },
  actors: {
    readStoredTokens: providedLater<ReadStoredTokensOutput>('readStoredTokens'),
    acquireToken: providedLater<AcquireTokenOutput, AcquireTokenInput>('acquireToken'),
    exchangeLegacyToken: providedLater<ExchangeLegacyTokenOutput, ExchangeLegacyTokenInput>('exchangeLegacyToken'),
    storeToken: providedLater<void, StoreTokenInput>('storeToken'),
    removeLegacyToken: providedLater<void>('removeLegacyToken'),
    clearStoredToken: providedLater<void>('clearStoredToken'),
    fetchSessionInfo: providedLater<FetchSessionInfoOutput, FetchSessionInfoInput>('fetchSessionInfo'),
  },
  actions: {
    rememberStoredTokens: assign((_, params: StoredTokens) => ({ token: params.token, legacyToken: params.legacyToken })),
    rememberToken: assign({ token: (_, params: { token: string }) => params.token, error: null }),
    forgetToken: assign({ token: null }),
    /** The refused token is kept to hand over; it is never sent on a call again. */
    rememberRefusal: assign(({ context }) => ({ previousToken: context.token ?? context.previousToken, token: null, refused: true })),
    /** An expired token (in context or in storage) is kept to hand over, quietly. */
    rememberExpiredToken: assign((_, params: { token: string | null }) => ({ previousToken: params.token, token: null })),
    /**
     * A new session is in place: after a refusal the shopper is told, saying whether the cart came
     * along. So is a shopper whose expired token held a cart the new session did not keep (the
     * server hands over only recent tokens): they start afresh and should know why.
     */
    settleHandOver: assign(({ context }, params: { token: string }) => {
      const keptCart = tokenClaims(params.token)?.cart != null;
      const lostCart = context.previousToken !== null && tokenClaims(context.previousToken)?.cart != null && !keptCart;
      return {
        previousToken: null,
        refused: false,
        notice: context.refused || lostCart ? { kind: 'sessionEnded' as const, keptCart } : context.notice,
      };
    }),
    /**
     * Another tab (or the payment page's frame) already replaced the refused session: its token is
     * taken, and the shopper here is told too.
     */
    adoptStoredToken: assign((_, params: { token: string }) => ({
      token: params.token,
      previousToken: null,
      refused: false,
      notice: { kind: 'sessionEnded' as const, keptCart: tokenClaims(params.token)?.cart != null },
      error: null,
    })),
    forgetNotice: assign({ notice: null }),
    forgetLegacyToken: assign({ legacyToken: null }),
    rememberError: assign({ error: (_, params: { error: unknown }) => params.error }),
    rememberProfile: assign({ hasProfile: (_, params: { hasProfile: boolean }) => params.hasProfile }),
    forgetProfile: assign({ hasProfile: null }),
    rememberSignInReturn: assign({ signInReturn: (_, params: { signInReturn: boolean }) => params.signInReturn }),
  },
  guards: {
    hasLegacyToken: (_, params: StoredTokens) => params.legacyToken !== null && params.legacyToken !== '',
    /** Storage holds no token at all (an expired one is replaced at once: its cart may come along). */
    hasNoStoredToken: (_, params: StoredTokens) => params.token === null || params.token === '',
    isTokenUsable: ({ context }, params: { token: string | null }) => isTokenUsable(params.token, new Date(context.now())),
    hasToken: ({ context }) => context.token !== null,
    isCurrentToken: ({ context }, params: { token: string | null | undefined }) => params.token === undefined || params.token === context.token,
    /** Storage holds a usable token other than the one refused: another tab's new session. */
    isNewerStoredToken: ({ context }, params: { token: string | null }) =>
      isTokenUsable(params.token, new Date(context.now())) && params.token !== context.previousToken,
    /** A usable renewed token of the token calls carry now (a renewal of a replaced token is ignored). */
    isRenewalOfCurrentToken: ({ context }, params: { token: string; replacing: string }) =>
      params.replacing === context.token && isTokenUsable(params.token, new Date(context.now())),
    hasNotice: ({ context }) => context.notice !== null,
    hasProfile: (_, params: { info: SessionInfo }) => params.info.hasProfile,
    /** The token says its session has no loyalty profile, and this is not the way back from the sign-in. */
    tokenSaysNoProfile: ({ context }) => !context.signInReturn && !tokenMayHaveProfile(context.token),
  },
  delays: {
    /** Until the token's own expiry: an expired token is acquired again. */
    TOKEN_EXPIRY: ({ context }) => (context.token === null ? 0 : msUntilTokenExpiry(context.token, new Date(context.now()))),
  },
}).createMachine({
  id: 'session',
  context: ({ input }) => ({
    siteId: input.siteId,
    now: input.now ?? Date.now,
    token: null,
    legacyToken: null,
    hasProfile: null,
    signInReturn: false,
    previousToken: null,
    refused: false,
    notice: null,
    error: null,
  }),
  type: 'parallel',
  states: {
    token: {
      // No view draws the token (the API client reads it), only its failure: each other state says so.
      initial: 'reading',
      on: {
        'session.unauthorized': {
          guard: { type: 'isCurrentToken', params: ({ event }) => ({ token: event.token }) },
          target: '.checkingStorage',
          actions: 'rememberRefusal',
        },
      },
      states: {
        reading: {
          meta: { view: false },
          tags: ['acquiring'],
          invoke: {
            id: 'readStoredTokens',
            src: 'readStoredTokens',
            onDone: [
              {
                guard: { type: 'hasLegacyToken', params: ({ event }) => event.output },
                target: 'exchangingLegacyToken',
                actions: { type: 'rememberStoredTokens', params: ({ event }) => ({ token: null, legacyToken: event.output.legacyToken }) },
              },
              {
                guard: { type: 'isTokenUsable', params: ({ event }) => ({ token: event.output.token }) },
                target: 'ready',
                actions: { type: 'rememberStoredTokens', params: ({ event }) => event.output },
              },
              // Missing: started when a call needs it.
              { guard: { type: 'hasNoStoredToken', params: ({ event }) => event.output }, target: 'none' },
              // Expired: handed over for the next session.
              {
                target: 'acquiring',
                actions: { type: 'rememberExpiredToken', params: ({ event }) => ({ token: event.output.token || null }) },
              },
            ],
            // Unreadable storage is no reason to stop: a session is started when a call needs one.
            onError: { target: 'none' },
          },
        },
        none: {
          meta: { view: false },
          tags: ['none'],
          on: { 'session.needed': { target: 'acquiring' } },
        },
        exchangingLegacyToken: {
          meta: { view: false },
          tags: ['acquiring'],
          invoke: {
            id: 'exchangeLegacyToken',
            src: 'exchangeLegacyToken',
            input: ({ context }) => ({ siteId: context.siteId, legacyToken: context.legacyToken ?? '' }),
            onDone: { target: 'removingLegacyToken', actions: keepToken },
            // Exchanged once only: a refused legacy token is removed all the same.
            onError: { target: 'removingLegacyToken', actions: keepError },
          },
        },
        removingLegacyToken: {
          meta: { view: false },
          tags: ['acquiring'],
          exit: 'forgetLegacyToken',
          invoke: {
            id: 'removeLegacyToken',
            src: 'removeLegacyToken',
            onDone: [{ guard: 'hasToken', target: 'storing' }, { target: 'acquiring' }],
            onError: [{ guard: 'hasToken', target: 'storing' }, { target: 'acquiring' }],
          },
        },
        acquiring: {
          meta: { view: false },
          tags: ['acquiring'],
          invoke: {
            id: 'acquireToken',
            src: 'acquireToken',
            input: ({ context }) => ({ siteId: context.siteId, previousToken: context.previousToken }),
            onDone: {
              target: 'storing',
              actions: [
                { type: 'settleHandOver', params: ({ event }) => ({ token: event.output }) },
                keepToken,
              ],
            },
            onError: { target: 'failed', actions: keepError },
          },
        },
        storing: {
          meta: { view: false },
          tags: ['ready'],
          invoke: {
            id: 'storeToken',
            src: 'storeToken',
            input: ({ context }) => ({ token: context.token ?? '' }),
            onDone: { target: 'ready' },
            onError: { target: 'ready' },
          },
          on: {
            'session.tokenRenewed': {
              guard: { type: 'isRenewalOfCurrentToken', params: ({ event }) => event },
              target: 'storing',
              reenter: true,
              actions: { type: 'rememberToken', params: ({ event }) => event },
            },
          },
        },
        ready: {
          meta: { view: false },
          tags: ['ready'],
          // The call that moved the session to another cart or order answered the token saying so.
          on: {
            'session.tokenRenewed': {
              guard: { type: 'isRenewalOfCurrentToken', params: ({ event }) => event },
              target: 'storing',
              actions: { type: 'rememberToken', params: ({ event }) => event },
            },
          },
          after: {
            TOKEN_EXPIRY: { target: 'acquiring', actions: { type: 'rememberExpiredToken', params: ({ context }) => ({ token: context.token }) } },
          },
        },
        failed: {
          tags: ['failed'],
          on: { 'session.retried': { target: 'acquiring' } },
        },
        /** After a refusal: another tab may already have stored the new session's token. */
        checkingStorage: {
          meta: { view: false },
          tags: ['acquiring'],
          invoke: {
            id: 'readStoredTokens',
            src: 'readStoredTokens',
            onDone: [
              {
                guard: { type: 'isNewerStoredToken', params: ({ event }) => ({ token: event.output.token }) },
                target: 'ready',
                actions: { type: 'adoptStoredToken', params: ({ event }) => ({ token: event.output.token ?? '' }) },
              },
              { target: 'clearing' },
            ],
            onError: { target: 'clearing' },
          },
        },
        clearing: {
          meta: { view: false },
          tags: ['acquiring'],
          invoke: {
            id: 'clearStoredToken',
            src: 'clearStoredToken',
            onDone: { target: 'acquiring' },
            onError: { target: 'acquiring' },
          },
        },
      },
    },
    profile: {
      // Drawn by the calculator's greeting ("You're signed in!"), from selectHasProfile.
      meta: { view: false },
      initial: 'unknown',
      on: {
        // A new session may belong to someone else: read the flag again when asked.
        'session.unauthorized': { target: '.unknown', actions: 'forgetProfile' },
      },
      states: {
        unknown: {
          on: {
            'session.profileRequested': {
              target: 'waitingForToken',
              actions: { type: 'rememberSignInReturn', params: ({ event }) => ({ signInReturn: event.signInReturn === true }) },
            },
          },
        },
        waitingForToken: {
          always: [
            // A new session's token says it has none: no call to ask.
            { guard: and([stateIn('#session.token.ready'), 'tokenSaysNoProfile']), target: 'anonymous', actions: { type: 'rememberProfile', params: { hasProfile: false } } },
            { guard: stateIn('#session.token.ready'), target: 'loading' },
            // No session yet: nobody has signed in.
            { guard: stateIn('#session.token.none'), target: 'anonymous' },
          ],
        },
        loading: {
          invoke: {
            id: 'fetchSessionInfo',
            src: 'fetchSessionInfo',
            input: ({ context }) => ({ siteId: context.siteId }),
            onDone: [
              {
                guard: { type: 'hasProfile', params: ({ event }) => ({ info: event.output }) },
                target: 'signedIn',
                actions: { type: 'rememberProfile', params: { hasProfile: true } },
              },
              { target: 'anonymous', actions: { type: 'rememberProfile', params: { hasProfile: false } } },
            ],
            // The flag only adds a greeting: without it the visitor is treated as anonymous.
            onError: { target: 'anonymous' },
          },
        },
        signedIn: { tags: ['signedIn'] },
        anonymous: {},
      },
    },
    notice: {
      initial: 'hidden',
      states: {
        hidden: {
          always: { guard: 'hasNotice', target: 'sessionEnded' },
        },
        sessionEnded: {
          tags: ['sessionEnded'],
          on: { 'session.noticeDismissed': { target: 'hidden', actions: 'forgetNotice' } },
        },
      },
    },
  },
});

export type SessionMachine = typeof sessionMachine;
export type SessionSnapshot = SnapshotFrom<SessionMachine>;

/** The token the API client sends: only a usable one, never one being replaced. */
export function selectToken(snapshot: SessionSnapshot): string | null {
  return snapshot.hasTag('ready') ? snapshot.context.token : null;
}

export function selectHasProfile(snapshot: SessionSnapshot): boolean {
  return snapshot.hasTag('signedIn');
}

/** No session could be started (the token call failed): the shopper can try again (`session.retried`). */
/** The session has settled: a usable token, no session yet, or none to be had. */
export function selectSessionSettled(snapshot: SessionSnapshot): boolean {
  return snapshot.hasTag('ready') || snapshot.hasTag('none') || snapshot.hasTag('failed');
}

export function selectSessionFailed(snapshot: SessionSnapshot): boolean {
  return snapshot.matches({ token: 'failed' });
}

/** The notice to show after a refused session was replaced, or null. */
export function selectSessionNotice(snapshot: SessionSnapshot): SessionNotice | null {
  return snapshot.hasTag('sessionEnded') ? snapshot.context.notice : null;
}
