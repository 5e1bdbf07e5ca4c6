/**
 * Anonymous answers kept in memory. A quote and the catalogue reads answer every visitor alike
 * while the reference data (and, for a quote, the London day) is unchanged. The API keeps each
 * such answer and sends it again to the next anonymous request for the same URL, without running
 * the route, its validation or its pricing again.
 *
 * - An answer is kept only when its route says how to tell that it still holds (`shareAnswer`).
 *   That test runs before every reuse; an answer that no longer holds is dropped, and the request
 *   goes through the route.
 * - It is reused only for a request that could not have been answered differently: a GET
 *   without a bearer token and without a conditional header, from the same Origin (the CORS
 *   headers depend on it). Conditional requests go through the route, which answers 304 itself.
 * - Every reuse has its own request id (the caller's, when it sent a valid one, as hono's
 *   request-id middleware does) and its own request log line. The headers are those the answer
 *   first went out with.
 *
 * There are two places to reuse an answer. The API's Node listener answers before the framework
 * runs at all (`answerFromMemory`): for a quote that is most of the time the request costs. The
 * middleware (`middleware`) keeps answers, and reuses them for calls that do not come through
 * that listener (app.request in tests).
 */
import type { Context, MiddlewareHandler } from 'hono';
import { randomUUID } from 'node:crypto';
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import type { AppEnv } from './app-env.ts';
import type { RequestLine } from './logger.ts';

/** How many answers are kept; the oldest is dropped first beyond this. */
export const SHARED_ANSWERS_KEPT = 1_000;

export interface SharedAnswer {
  body: string;
  /** Whether the answer still holds; checked, synchronously, before every reuse. */
  holds: () => boolean;
}

interface Kept {
  body: string;
  /** The Content-Length header's text. */
  contentLength: string;
  holds: () => boolean;
  /**
   * As they went out, request id and length aside (lower-case names): one flat list of names and
   * values, as Node's writeHead takes them.
   *
   * Never an object built afresh for each answer: spreading the kept headers into a new object and
   * adding the request id and length gave V8 new hidden classes on every request, and Node a new
   * key cache to walk them. Under load that was most of the API's page faults and a steady
   * recompilation of the functions that saw those objects (decision 034).
   */
  headerList: readonly string[];
  /** The request line's path (no query). */
  path: string;
}

/** The request id as hono's request-id middleware takes it: the caller's when it is a plain token of at most 255 characters. */
const CALLERS_ID = /^[\w\-=]{1,255}$/;

function requestIdFor(header: string | string[] | undefined): string {
  return typeof header === 'string' && CALLERS_ID.test(header) ? header : randomUUID();
}

/** Whether a request with these headers may be given a kept answer (and, so, may leave one). */
function mayShare(method: string, authorization: string | undefined, ifNoneMatch: unknown, ifModifiedSince: unknown): boolean {
  return method === 'GET' && ifNoneMatch === undefined && ifModifiedSince === undefined && (authorization ?? '').trim() === '';
}

const keyOf = (origin: string | undefined, target: string) => `${origin ?? ''}\n${target}`;

/**
 * Marks this answer as the same for every anonymous caller while `holds()` is true, and answers
 * it as JSON (as `c.json` would). Only a 200 is kept.
 */
export function shareAnswer(c: Context<AppEnv>, value: unknown, holds: () => boolean): Response {
  const body = JSON.stringify(value);
  c.set('sharedAnswer', { body, holds });
  c.header('Content-Type', 'application/json');
  return c.body(body);
}

export class SharedAnswers {
  readonly #answers = new Map<string, Kept>();
  readonly #kept: number;
  readonly #log: RequestLine;

  constructor(log: RequestLine, kept = SHARED_ANSWERS_KEPT) {
    this.#log = log;
    this.#kept = kept;
  }

  /** How many answers are kept now. */
  get size(): number {
    return this.#answers.size;
  }

  #fresh(key: string): Kept | undefined {
    const answer = this.#answers.get(key);
    if (answer === undefined) return undefined;
    if (answer.holds()) return answer;
    this.#answers.delete(key);
    return undefined;
  }

  /**
   * For the API's Node listener: answers the request from memory and returns true, or returns
   * false without touching it (the framework then answers it).
   */
  answerFromMemory = (req: IncomingMessage, res: ServerResponse): boolean => {
    if (this.#answers.size === 0) return false;
    const h: IncomingHttpHeaders = req.headers;
    if (!mayShare(req.method ?? '', h.authorization, h['if-none-match'], h['if-modified-since'])) return false;
    const answer = this.#fresh(keyOf(h.origin, req.url ?? ''));
    if (answer === undefined) return false;
    const started = performance.now();
    const reqId = requestIdFor(h['x-request-id']);
    res.writeHead(200, [...answer.headerList, 'x-request-id', reqId, 'content-length', answer.contentLength]);
    res.end(answer.body);
    this.#log({ reqId, method: 'GET', path: answer.path, status: 200, ms: Math.round((performance.now() - started) * 10) / 10 });
    return true;
  };

  /** Keeps shared answers, and reuses them for calls that did not come through the Node listener; after the request id and log. */
  middleware(): MiddlewareHandler<AppEnv> {
    return async (c, next) => {
      if (!mayShare(c.req.method, c.req.header('Authorization'), c.req.header('If-None-Match'), c.req.header('If-Modified-Since'))) return next();
      const url = new URL(c.req.url);
      const target = `${url.pathname}${url.search}`;
      const key = keyOf(c.req.header('Origin'), target);
      const answer = this.#fresh(key);
      if (answer !== undefined) {
        // A Response of its own with plain headers: Node writes them as they are (no Headers copy).
        // Each name set in turn on a new object, so that every such answer's headers share V8's
        // hidden classes (an object spread did not).
        const headers: Record<string, string> = {};
        const list = answer.headerList;
        for (let i = 0; i < list.length; i += 2) headers[list[i]!] = list[i + 1]!;
        headers['x-request-id'] = c.get('requestId');
        return new Response(answer.body, { status: 200, headers });
      }
      await next();
      const shared = c.get('sharedAnswer');
      if (shared === undefined || c.res.status !== 200) return;
      const headerList: string[] = [];
      for (const [name, value] of c.res.headers) {
        if (name !== 'x-request-id' && name !== 'content-length' && name !== 'set-cookie') headerList.push(name, value);
      }
      if (this.#answers.size >= this.#kept) this.#answers.delete(this.#answers.keys().next().value as string);
      this.#answers.set(key, {
        body: shared.body,
        contentLength: String(Buffer.byteLength(shared.body)),
        holds: shared.holds,
        headerList,
        path: c.req.path,
      });
    };
  }
}
