/**
 * Node HTTP listeners for the API, the app host and the provider, with explicit time-outs: a
 * client that is slow to send its headers or its body (one that declares a longer body than it
 * sends, say) is answered 408 and cut off instead of holding a connection, and idle keep-alive
 * connections close. A request Node refuses before any app sees it (headers too large, not HTTP,
 * too slow) is answered with a problem document too, never an empty body.
 */
import { serve } from '@hono/node-server';
import type { ServerType } from '@hono/node-server';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { PROBLEM_CONTENT_TYPE } from '#domain/contract/common.ts';
import type { Config } from './env.ts';
import { readBodyFirst, type ReadBodyFirstOptions } from './request-body.ts';

export type HttpTimeouts = Pick<Config, 'headersTimeoutMs' | 'requestTimeoutMs' | 'keepAliveTimeoutMs'>;

export interface ListenOptions {
  fetch: Parameters<typeof serve>[0]['fetch'];
  port: number;
  hostname: string;
  timeouts: HttpTimeouts;
  onListening?: (info: AddressInfo) => void;
  /** Answers a request before `fetch` would, returning true; false leaves it to `fetch` (the API's kept answers). */
  answerFirst?: (req: IncomingMessage, res: ServerResponse) => boolean;
  /** Reads each request's body (up to a limit) before `fetch` runs (server/request-body.ts). */
  readBodyFirst?: ReadBodyFirstOptions;
}

/** Node's maximum size of a request's headers (its default, `--max-http-header-size`). */
const MAX_HEADER_BYTES = 16 * 1024;

const CLIENT_ERRORS: Record<string, { status: number; reason: string; detail: string }> = {
  HPE_HEADER_OVERFLOW: {
    status: 431,
    reason: 'Request Header Fields Too Large',
    detail: `The request's headers are too large: together they may be at most ${MAX_HEADER_BYTES / 1024} KB. Clearing this site's cookies usually helps.`,
  },
  HPE_CHUNK_EXTENSIONS_OVERFLOW: { status: 413, reason: 'Payload Too Large', detail: 'The request body carries chunk extensions that are too large.' },
  ERR_HTTP_REQUEST_TIMEOUT: { status: 408, reason: 'Request Timeout', detail: 'The request was not sent in time. Please try again.' },
};
const MALFORMED = { status: 400, reason: 'Bad Request', detail: 'The request is not valid HTTP.' };

/**
 * Node's answer to a request it refused before the app saw it, as it would give it (the same
 * statuses, only while nothing of an answer has been written, then the connection closed), with a
 * problem document as its body instead of none.
 */
export function answerClientError(error: Error & { code?: string }, socket: Duplex): void {
  const inFlight = (socket as Duplex & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
  if (socket.writable && inFlight?.headersSent !== true) {
    const { status, reason, detail } = CLIENT_ERRORS[error.code ?? ''] ?? MALFORMED;
    const body = JSON.stringify({ type: 'about:blank', title: reason.charAt(0) + reason.slice(1).toLowerCase(), status, detail });
    socket.write(`HTTP/1.1 ${status} ${reason}\r\nContent-Type: ${PROBLEM_CONTENT_TYPE}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`);
  }
  socket.destroy(error);
}

export function listen({ fetch, port, hostname, timeouts, onListening, answerFirst, readBodyFirst: bodyFirst }: ListenOptions): ServerType {
  const server = serve(
    {
      fetch,
      port,
      hostname,
      ...(answerFirst === undefined && bodyFirst === undefined
        ? {}
        : {
            createServer: ((options: Parameters<typeof createServer>[0], listener: (req: IncomingMessage, res: ServerResponse) => void) => {
              const afterAnswers = bodyFirst === undefined ? listener : readBodyFirst(bodyFirst, listener);
              return createServer(options, answerFirst === undefined ? afterAnswers : (req, res) => {
                if (!answerFirst(req, res)) afterAnswers(req, res);
              });
            }) as typeof createServer,
          }),
      serverOptions: {
        headersTimeout: timeouts.headersTimeoutMs,
        requestTimeout: timeouts.requestTimeoutMs,
        keepAliveTimeout: timeouts.keepAliveTimeoutMs,
        // Node looks for overdue requests on this interval (30 s by default): often enough that a
        // time-out is kept to within a quarter of itself.
        connectionsCheckingInterval: Math.max(50, Math.min(1_000, Math.floor(Math.min(timeouts.headersTimeoutMs, timeouts.requestTimeoutMs) / 4))),
      },
    },
    onListening,
  );
  server.on('clientError', answerClientError);
  return server;
}
