/**
 * The session token (spec 4.4, 7.1, 8): acquired when missing or expired, cleared on any 401 or
 * 403 and acquired again, a legacy token exchanged for a new session once and then removed; and
 * the loyalty sign-in flag (hasProfile), read when the calculator starts.
 *
 * Two regions: `token` owns the token (the API client reads it with selectToken and reports
 * 401/403 as `session.unauthorized`); `profile` reads hasProfile once a token is ready, on
 * `session.profileRequested` (sent by the app when a calculator starts).
 *
 * Storage is injected (readStoredTokens, storeToken, removeLegacyToken, clearStoredToken), so the
 * chart never touches localStorage. A failed storage write does not stop the page: the token in
 * context still works until the page is left.
 */
import { assign, fromPromise, setup, stateIn, type SnapshotFrom } from 'xstate';
import type { SessionInfo } from '#domain/contract/session.ts';
import { isTokenUsable, msUntilTokenExpiry } from '#domain/session.ts';

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
  /** The last failure to acquire a token. */
  error: unknown;
}

export type SessionEvent =
  /** The API client saw a 401 or 403 on any call. */
  | { type: 'session.unauthorized' }
  /** A calculator started: read the loyalty sign-in flag. */
  | { type: 'session.profileRequested' }
  /** Try again after the token could not be acquired. */
  | { type: 'session.retried' };

export type SessionTag =
  /** A usable token is in context. */
  | 'ready'
  | 'acquiring'
  | 'failed'
  /** The visitor has a loyalty profile: "You're signed in!". */
  | 'signedIn';

/** What storage holds when the page starts. */
export interface StoredTokens {
  token: string | null;
  legacyToken: string | null;
}
export type ReadStoredTokensOutput = StoredTokens;
/** GET /session/{siteId}/token or POST /session/{siteId}: the new token. */
export interface AcquireTokenInput {
  siteId: number;
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

const notProvided = (name: string) => () => Promise.reject(new Error(`${name} not provided`));

export const sessionMachine = setup({
  types: {
    input: {} as SessionInput,
    context: {} as SessionContext,
    events: {} as SessionEvent,
    tags: {} as SessionTag,
  },
  actors: {
    readStoredTokens: fromPromise<ReadStoredTokensOutput>(notProvided('readStoredTokens')),
    acquireToken: fromPromise<AcquireTokenOutput, AcquireTokenInput>(notProvided('acquireToken')),
    exchangeLegacyToken: fromPromise<ExchangeLegacyTokenOutput, ExchangeLegacyTokenInput>(notProvided('exchangeLegacyToken')),
    storeToken: fromPromise<void, StoreTokenInput>(notProvided('storeToken')),
    removeLegacyToken: fromPromise<void>(notProvided('removeLegacyToken')),
    clearStoredToken: fromPromise<void>(notProvided('clearStoredToken')),
    fetchSessionInfo: fromPromise<FetchSessionInfoOutput, FetchSessionInfoInput>(notProvided('fetchSessionInfo')),
  },
  actions: {
    rememberStoredTokens: assign((_, params: StoredTokens) => ({ token: params.token, legacyToken: params.legacyToken })),
    rememberToken: assign({ token: (_, params: { token: string }) => params.token, error: null }),
    forgetToken: assign({ token: null }),
    forgetLegacyToken: assign({ legacyToken: null }),
    rememberError: assign({ error: (_, params: { error: unknown }) => params.error }),
    rememberProfile: assign({ hasProfile: (_, params: { hasProfile: boolean }) => params.hasProfile }),
    forgetProfile: assign({ hasProfile: null }),
  },
  guards: {
    hasLegacyToken: (_, params: StoredTokens) => params.legacyToken !== null && params.legacyToken !== '',
    isTokenUsable: ({ context }, params: { token: string | null }) => isTokenUsable(params.token, new Date(context.now())),
    hasToken: ({ context }) => context.token !== null,
    hasProfile: (_, params: { info: SessionInfo }) => params.info.hasProfile,
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
    error: null,
  }),
  type: 'parallel',
  states: {
    token: {
      initial: 'reading',
      on: {
        'session.unauthorized': { target: '.clearing' },
      },
      states: {
        reading: {
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
              { target: 'acquiring' },
            ],
            // Unreadable storage is no reason to stop: start a session afresh.
            onError: { target: 'acquiring' },
          },
        },
        exchangingLegacyToken: {
          tags: ['acquiring'],
          invoke: {
            id: 'exchangeLegacyToken',
            src: 'exchangeLegacyToken',
            input: ({ context }) => ({ siteId: context.siteId, legacyToken: context.legacyToken ?? '' }),
            onDone: {
              target: 'removingLegacyToken',
              actions: { type: 'rememberToken', params: ({ event }) => ({ token: event.output }) },
            },
            // Exchanged once only: a refused legacy token is removed all the same.
            onError: {
              target: 'removingLegacyToken',
              actions: { type: 'rememberError', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
        removingLegacyToken: {
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
          tags: ['acquiring'],
          invoke: {
            id: 'acquireToken',
            src: 'acquireToken',
            input: ({ context }) => ({ siteId: context.siteId }),
            onDone: {
              target: 'storing',
              actions: { type: 'rememberToken', params: ({ event }) => ({ token: event.output }) },
            },
            onError: {
              target: 'failed',
              actions: { type: 'rememberError', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
        storing: {
          tags: ['ready'],
          invoke: {
            id: 'storeToken',
            src: 'storeToken',
            input: ({ context }) => ({ token: context.token ?? '' }),
            onDone: { target: 'ready' },
            onError: { target: 'ready' },
          },
        },
        ready: {
          tags: ['ready'],
          after: { TOKEN_EXPIRY: { target: 'acquiring', actions: 'forgetToken' } },
        },
        failed: {
          tags: ['failed'],
          on: { 'session.retried': { target: 'acquiring' } },
        },
        clearing: {
          entry: 'forgetToken',
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
      initial: 'unknown',
      on: {
        // A new session may belong to someone else: read the flag again when asked.
        'session.unauthorized': { target: '.unknown', actions: 'forgetProfile' },
      },
      states: {
        unknown: {
          on: { 'session.profileRequested': { target: 'waitingForToken' } },
        },
        waitingForToken: {
          always: { guard: stateIn('#session.token.ready'), target: 'loading' },
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
