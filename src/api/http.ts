/**
 * The calls themselves (ky): every call sends credentials, carries the token ./client.ts chose,
 * never retries (cart and order writes must not happen twice), reports 401/403 and a renewed
 * token (Session-Token), turns problem+json answers into ProblemError, and parses every answer
 * with the contract schema so a shape drift fails loudly at the edge. Loaded by ./client.ts with
 * the first call the page makes, not with the page.
 */
import ky, { type KyInstance } from 'ky';
import * as v from 'valibot';
import { PROBLEM_CONTENT_TYPE, ProblemSchema } from '#domain/contract/common.ts';
import { AUTH_HEADER, SESSION_TOKEN_HEADER, bearer } from '#domain/contract/routes.ts';
import { HttpError, ProblemError, ResponseShapeError } from './errors.ts';
import { tokenFor, type ApiClientOptions, type RequestOptions, type RouteRef } from './client.ts';

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

/** Parses a value read from an answer with a contract schema. */
export function parseWith<S extends v.GenericSchema>(route: RouteRef, schema: S, value: unknown): v.InferOutput<S> {
  const parsed = v.safeParse(schema, value);
  if (!parsed.success) throw new ResponseShapeError(`${route.method} ${route.pattern}`, describeIssues(parsed.issues));
  return parsed.output;
}

export interface Http {
  response(route: RouteRef, path: string, request?: RequestOptions): Promise<Response>;
  json<S extends v.GenericSchema>(route: RouteRef, path: string, schema: S, request?: RequestOptions): Promise<v.InferOutput<S>>;
}

export function createHttp(options: ApiClientOptions, base: string): Http {
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
    const token = tokenFor(auth, options.getToken);
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

  return {
    response,
    async json(route, path, schema, request) {
      const res = await response(route, path, request);
      return parseWith(route, schema, res.status === 204 ? null : await res.json());
    },
  };
}
