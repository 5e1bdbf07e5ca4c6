/**
 * The request body, read from the Node socket before the framework runs.
 *
 * Left to the Node adapter, a body is read through a fetch Request built for it (a web stream
 * over the Node stream, an abort signal, undici's Request): on a cart change that was about a tenth
 * of the API's time. A listener made with `readBodyFirst` reads the bytes itself, up to the body
 * limit, and hands them to the app with the request (`rawBody`, which the adapter also takes for
 * a Request that is built after all); `readBody` then gives them to the route as its text, or
 * answers 413 when there were more than the limit allows.
 *
 * A request that did not come through such a listener (app.request in tests, the provider's
 * callbacks in-process) has its body read as before, under the same limit.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { HttpProblem } from './errors.ts';

/** What readBodyFirst leaves on the Node request. */
export interface BodyReadFirst {
  /** The whole body, when it was within the limit. */
  rawBody?: Buffer;
  /** Set when the body was longer than the limit (declared or sent): the rest is not read. */
  bodyTooLarge?: true;
}

type Listener = (req: IncomingMessage, res: ServerResponse) => void;

/** GET and HEAD carry no body (a fetch Request cannot have one): nothing to read or check. */
export function hasNoBody(method: string): boolean {
  return method === 'GET' || method === 'HEAD';
}

export interface ReadBodyFirstOptions {
  maxBytes: number;
  /** Only the requests under this path (the API mounted on the app host's origin); all without it. */
  under?: string;
}

/** A Node listener that reads each request's body (at most `maxBytes`) before `next` sees it. */
export function readBodyFirst({ maxBytes, under }: ReadBodyFirstOptions, next: Listener): Listener {
  return (req, res) => {
    const into = req as IncomingMessage & BodyReadFirst;
    if (hasNoBody(req.method ?? 'GET') || (under !== undefined && !(req.url ?? '').startsWith(under))) return next(req, res);
    const declared = Number(req.headers['content-length']);
    if (declared > maxBytes) {
      into.bodyTooLarge = true;
      return next(req, res);
    }
    const chunks: Buffer[] = [];
    let size = 0;
    const stop = () => {
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', stop);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= maxBytes) {
        chunks.push(chunk);
        return;
      }
      // Answered at once, as the framework's limit does; Node discards the rest once it is.
      stop();
      req.pause();
      into.bodyTooLarge = true;
      next(req, res);
    };
    const onEnd = () => {
      stop();
      into.rawBody = chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, size);
      next(req, res);
    };
    req.on('data', onData);
    req.on('end', onEnd);
    // A client that goes away mid-body gets no answer; the socket is closed by Node.
    req.on('error', stop);
  };
}

const utf8 = new TextDecoder();
export const FORM = /^(multipart\/form-data|application\/x-www-form-urlencoded)/i;

function tooLarge(maxBytes: number): HttpProblem {
  return new HttpProblem(413, 'Request body too large', `The request body may be at most ${maxBytes} bytes.`);
}

/** The Node request behind this context, when a readBodyFirst listener read its body. */
function readFirst(c: Context): BodyReadFirst | undefined {
  const incoming = (c.env as { incoming?: IncomingMessage & BodyReadFirst } | undefined)?.incoming;
  return incoming !== undefined && (incoming.rawBody !== undefined || incoming.bodyTooLarge === true) ? incoming : undefined;
}

/**
 * The body limit, and the body read first given to the route: `c.req.text()` (and so
 * `c.req.json()` and the json validator) answer from it without building a fetch Request.
 */
export function readBody(maxBytes: number): MiddlewareHandler {
  const limitBody = bodyLimit({
    maxSize: maxBytes,
    onError: () => {
      throw tooLarge(maxBytes);
    },
  });
  return (c, next) => {
    if (hasNoBody(c.req.method)) return next();
    const first = readFirst(c);
    if (first === undefined) return limitBody(c, next);
    if (first.bodyTooLarge) throw tooLarge(maxBytes);
    // A form is read as a form, from the bytes (the adapter builds its Request from rawBody).
    if (FORM.test(c.req.header('Content-Type') ?? '')) return next();
    // The text as Request.text() decodes it (UTF-8, a leading byte order mark dropped). Hono keeps
    // promises of the body under the Body method's name (its types say the method itself).
    (c.req.bodyCache as Record<string, Promise<unknown>>).text = Promise.resolve(utf8.decode(first.rawBody));
    return next();
  };
}

/** Whether the route's body was read first (its text is at hand; no fetch Request is needed for it). */
export function bodyTextAtHand(c: Context): boolean {
  return (c.req.bodyCache as Record<string, Promise<unknown> | undefined>).text !== undefined;
}
