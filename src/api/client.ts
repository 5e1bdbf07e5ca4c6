/**
 * The one API client of the app. It chooses the token a call carries (the session's bearer token
 * when there is one), answers the page's preloaded reads from the page, and hands every other call
 * to the HTTP client (./http.ts: ky, and the contract's schemas through valibot), which loads with
 * the first call the page makes: a first page that only shows what the app host wrote into it
 * loads neither. The session actor learns of 401/403 answers and renewed tokens through
 * `onUnauthorized` and `onTokenRenewed`.
 */
import type * as v from 'valibot';
import { tokenMayHaveProfile } from '#domain/session.ts';
import type { Http } from './http.ts';

export { HttpError, ProblemError, ResponseShapeError, statusOf } from './errors.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** A route of apiRoutes (domain/contract/routes.ts): its method is what the client sends. */
export interface RouteRef {
  readonly method: Method;
  readonly pattern: string;
}

export interface ApiClientOptions {
  /** The API base (src/app/config.ts). */
  baseUrl: string;
  /** The current session token, if any; read on every call. */
  getToken?: () => string | null | undefined;
  /**
   * Told about every 401 or 403 answer to a call that carried the session's token (the session
   * actor gets session.unauthorized naming that token, null when the call carried none).
   */
  onUnauthorized?: (status: 401 | 403, token: string | null) => void;
  /**
   * Told about a renewed session token (the Session-Token header) answered to a call that carried
   * `sentToken`: the call moved the session to another cart or order.
   */
  onTokenRenewed?: (token: string, sentToken: string) => void;
  /**
   * Answers the page already holds (the app host's preloaded reads, by path): a GET of one of
   * these paths that carries no token is answered from here, without a call, while they are fresh
   * (PRELOADED_FRESH_MS from the client's creation, like an HTTP max-age); then every read asks
   * the API. They are anyone's answers, which the host checked against the contract's schemas.
   */
  preloaded?: Readonly<Record<string, unknown>>;
  /** Epoch milliseconds; Date.now unless a test drives the clock. */
  now?: () => number;
  /** For tests. */
  fetch?: typeof fetch;
  /** Milliseconds before a call is abandoned; false for none. */
  timeout?: number | false;
}

export interface CallOptions {
  signal?: AbortSignal;
}

/**
 * 'session' (default) sends the current token when there is one; 'none' never sends one (content
 * calls); 'profile' sends it only when the session may have a loyalty profile (the quote); a
 * string sends that token instead (the legacy-token exchange).
 */
export type CallAuth = 'session' | 'none' | 'profile' | { token: string };

export interface RequestOptions extends CallOptions {
  /** JSON body. */
  json?: unknown;
  auth?: CallAuth;
}

/**
 * A contract schema, or how to load it: the modules of the first page pass loaders, so the
 * schemas load with the HTTP client, when a call is made.
 */
export type SchemaRef<S extends v.GenericSchema> = S | (() => Promise<S>);

/** A schema of a contract module loaded on demand: `schemaIn(() => import('#domain/contract/x.ts'), 'XSchema')`. */
export function schemaIn<M, K extends keyof M>(load: () => Promise<M>, name: K): () => Promise<M[K]> {
  return async () => (await load())[name];
}

export interface ApiClient {
  /** Calls a route and parses the JSON answer with `schema`. */
  json<S extends v.GenericSchema>(route: RouteRef, path: string, schema: SchemaRef<S>, options?: RequestOptions): Promise<v.InferOutput<S>>;
  /** Calls a route whose answer has no body worth reading (204, or ignored). */
  send(route: RouteRef, path: string, options?: RequestOptions): Promise<void>;
  /** Calls a route and hands back the successful Response, for answers that are not plain JSON. */
  response(route: RouteRef, path: string, options?: RequestOptions): Promise<Response>;
  /** The absolute URL of an API path, for browser navigations (loyalty sign-in). */
  url(path: string): string;
}

/** The token a call carries, by its `auth`; undefined: none. */
export function tokenFor(auth: CallAuth, getToken: ApiClientOptions['getToken']): string | undefined {
  if (auth === 'none') return undefined;
  if (typeof auth === 'object') return auth.token;
  const current = getToken?.() ?? undefined;
  return auth === 'profile' && !tokenMayHaveProfile(current) ? undefined : current;
}

/**
 * How long the page's preloaded reads answer (settings, catalogue, content, the default branch,
 * the first quote): the pages a shopper opens in the first minute (an empty cart's redirect home,
 * the checkout's steps) need no call for them; a page left open longer reads them afresh.
 */
export const PRELOADED_FRESH_MS = 60_000;

/**
 * Resolves in a later task of the main thread. The page's start-up is a chain of reads, each
 * answer moving the statecharts on and React drawing what they show; answered at once, the
 * preloaded reads made that whole chain one task, hundreds of milliseconds on a phone during
 * which the page could not answer a tap (Lighthouse's Total Blocking Time). Answered a task
 * later, each step is a task of its own and the browser can paint and handle input between them
 * (decision 064). `scheduler.yield()` where the browser has it (it keeps the page's place in the
 * queue), else a message to the page's own channel (not a timer: no 4 ms clamp, and a test's
 * fake clock does not hold it).
 */
export function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}

function loaded<S extends v.GenericSchema>(schema: SchemaRef<S>): S | Promise<S> {
  // A valibot schema is an object, a loader a function.
  return typeof schema === 'function' ? (schema as () => Promise<S>)() : schema;
}

export function createApiClient(options: ApiClientOptions): ApiClient {
  const base = options.baseUrl.replace(/\/+$/, '');
  let loading: Promise<Http> | undefined;
  /** The HTTP client, loaded once; a failed load (the network) is tried again by the next call. */
  const http = (): Promise<Http> =>
    (loading ??= import('./http.ts').then(
      (module) => module.createHttp(options, base),
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    ));

  const preloaded = new Map(Object.entries(options.preloaded ?? {}));
  const now = options.now ?? Date.now;
  const preloadedUntil = now() + PRELOADED_FRESH_MS;

  return {
    async json(route, path, schema, request = {}) {
      if (route.method === 'GET' && preloaded.has(path) && now() < preloadedUntil && tokenFor(request.auth ?? 'session', options.getToken) === undefined) {
        // The host parsed it with this route's schema before writing it into the page. It answers
        // in a task of its own, as the network would.
        await nextTask();
        return preloaded.get(path) as never;
      }
      const [client, parser] = await Promise.all([http(), loaded(schema)]);
      return client.json(route, path, parser, request);
    },
    async response(route, path, request) {
      return (await http()).response(route, path, request);
    },
    async send(route, path, request) {
      const res = await (await http()).response(route, path, request);
      // Drain the body so the connection is released.
      await res.arrayBuffer().catch(() => undefined);
    },
    url(path) {
      return `${base}/${path.replace(/^\/+/, '')}`;
    },
  };
}
