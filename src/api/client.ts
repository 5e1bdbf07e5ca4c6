/**
 * The one HTTP client of the app (ky): every call sends credentials, carries the session bearer
 * token when there is one, never retries (cart and order writes must not happen twice), reports
 * 401/403 so the session actor can drop its token and hands it a renewed token (Session-Token),
 * turns problem+json answers into ProblemError, and parses every answer with the contract schema so a shape drift fails loudly at the edge.
 */
import ky, { type KyInstance } from 'ky';
import * as v from 'valibot';
import { PROBLEM_CONTENT_TYPE, ProblemSchema, type Problem } from '#domain/contract/common.ts';
import { AUTH_HEADER, SESSION_TOKEN_HEADER, bearer } from '#domain/contract/routes.ts';
import { tokenMayHaveProfile } from '#domain/session.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** A route of apiRoutes (domain/contract/routes.ts): its method is what the client sends. */
export interface RouteRef {
  readonly method: Method;
  readonly pattern: string;
}

/** An answer that is a problem document (RFC 9457). `problem` is read by domain/problem.ts. */
export class ProblemError extends Error {
  override readonly name = 'ProblemError';
  readonly status: number;
  readonly title: string;
  readonly detail: string | undefined;
  readonly errors: Readonly<Record<string, string>> | undefined;
  readonly problem: Problem;

  constructor(status: number, problem: Problem) {
    super(problem.detail ? `${problem.title}: ${problem.detail}` : problem.title);
    this.status = status;
    this.title = problem.title;
    this.detail = problem.detail;
    this.errors = problem.errors;
    this.problem = { ...problem, status };
  }
}

/** An error status whose body is not a problem document (a proxy page, an empty body). */
export class HttpError extends Error {
  override readonly name = 'HttpError';
  readonly status: number;
  readonly body: string;

  constructor(status: number, statusText: string, body: string) {
    super(`HTTP ${status}${statusText ? ` ${statusText}` : ''}`);
    this.status = status;
    this.body = body;
  }
}

/** A successful answer that does not match the contract. */
export class ResponseShapeError extends Error {
  override readonly name = 'ResponseShapeError';
  readonly route: string;
  readonly issues: readonly string[];

  constructor(route: string, issues: readonly string[]) {
    super(`The answer of ${route} does not match the contract: ${issues.join('; ')}`);
    this.route = route;
    this.issues = issues;
  }
}

/** The HTTP status behind an API error, or undefined for network failures and bugs. */
export function statusOf(error: unknown): number | undefined {
  return error instanceof ProblemError || error instanceof HttpError ? error.status : undefined;
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
   * these paths is answered from here, without a call, while they are fresh (PRELOADED_FRESH_MS
   * from the client's creation, like an HTTP max-age); then every read asks the API.
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

export interface RequestOptions extends CallOptions {
  /** JSON body. */
  json?: unknown;
  /**
   * 'session' (default) sends the current token when there is one; 'none' never sends one (content
   * calls); 'profile' sends it only when the session may have a loyalty profile (the quote); a
   * string sends that token instead (the legacy-token exchange).
   */
  auth?: 'session' | 'none' | 'profile' | { token: string };
}

export interface ApiClient {
  /** Calls a route and parses the JSON answer with `schema`. */
  json<S extends v.GenericSchema>(route: RouteRef, path: string, schema: S, options?: RequestOptions): Promise<v.InferOutput<S>>;
  /** Calls a route whose answer has no body worth reading (204, or ignored). */
  send(route: RouteRef, path: string, options?: RequestOptions): Promise<void>;
  /** Calls a route and hands back the successful Response, for answers that are not plain JSON. */
  response(route: RouteRef, path: string, options?: RequestOptions): Promise<Response>;
  /** The absolute URL of an API path, for browser navigations (loyalty sign-in). */
  url(path: string): string;
}

function describeIssues(issues: readonly v.BaseIssue<unknown>[]): string[] {
  return issues.map((i) => `${v.getDotPath(i) ?? '(root)'}: ${i.message}`);
}

async function toError(response: Response): Promise<Error> {
  const text = await response.text().catch(() => '');
  const type = response.headers.get('content-type') ?? '';
  if (type.includes(PROBLEM_CONTENT_TYPE) || type.includes('json')) {
    try {
      const parsed = v.safeParse(ProblemSchema, JSON.parse(text));
      if (parsed.success) return new ProblemError(response.status, parsed.output);
    } catch {
      // Not JSON after all: fall through to the plain HTTP error.
    }
  }
  return new HttpError(response.status, response.statusText, text);
}

/**
 * How long the page's preloaded reads answer (settings, catalogue, content, the default branch):
 * the pages a shopper opens in the first minute (an empty cart's redirect home, the checkout's
 * steps) need no call for them; a page left open longer reads them afresh.
 */
export const PRELOADED_FRESH_MS = 60_000;

export function createApiClient(options: ApiClientOptions): ApiClient {
  const base = options.baseUrl.replace(/\/+$/, '');
  const http: KyInstance = ky.create({
    prefixUrl: base,
    credentials: 'include',
    retry: 0,
    timeout: options.timeout ?? 30_000,
    throwHttpErrors: false,
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });

  async function response(route: RouteRef, path: string, request: RequestOptions = {}): Promise<Response> {
    const headers: Record<string, string> = { Accept: `application/json, ${PROBLEM_CONTENT_TYPE}, text/plain` };
    const auth = request.auth ?? 'session';
    const current = auth === 'session' || auth === 'profile' ? options.getToken?.() : undefined;
    const token =
      auth === 'none' ? undefined : auth === 'session' ? current : auth === 'profile' ? (tokenMayHaveProfile(current) ? current : undefined) : auth.token;
    if (token) headers[AUTH_HEADER] = bearer(token);
    const res = await http(path.replace(/^\/+/, ''), {
      method: route.method,
      headers,
      ...(request.json === undefined ? {} : { json: request.json }),
      ...(request.signal ? { signal: request.signal } : {}),
    });
    if (res.ok) {
      const renewed = res.headers.get(SESSION_TOKEN_HEADER);
      if (renewed && token && auth === 'session') options.onTokenRenewed?.(renewed, token);
      return res;
    }
    if ((res.status === 401 || res.status === 403) && auth === 'session') options.onUnauthorized?.(res.status, token ?? null);
    throw await toError(res);
  }

  const preloaded = new Map(Object.entries(options.preloaded ?? {}));
  const now = options.now ?? Date.now;
  const preloadedUntil = now() + PRELOADED_FRESH_MS;

  return {
    response,
    async json(route, path, schema, request) {
      let body: unknown;
      if (route.method === 'GET' && preloaded.has(path) && now() < preloadedUntil) {
        body = preloaded.get(path);
      } else {
        const res = await response(route, path, request);
        body = res.status === 204 ? null : await res.json();
      }
      const parsed = v.safeParse(schema, body);
      if (!parsed.success) throw new ResponseShapeError(`${route.method} ${route.pattern}`, describeIssues(parsed.issues));
      return parsed.output;
    },
    async send(route, path, request) {
      const res = await response(route, path, request);
      // Drain the body so the connection is released.
      await res.arrayBuffer().catch(() => undefined);
    },
    url(path) {
      return `${base}/${path.replace(/^\/+/, '')}`;
    },
  };
}

/** Parses a value already read from a response with a contract schema (for non-JSON answers). */
export function parseWith<S extends v.GenericSchema>(route: RouteRef, schema: S, value: unknown): v.InferOutput<S> {
  const parsed = v.safeParse(schema, value);
  if (!parsed.success) throw new ResponseShapeError(`${route.method} ${route.pattern}`, describeIssues(parsed.issues));
  return parsed.output;
}
