/**
 * Node HTTP listeners for the API, the app host and the provider, with explicit time-outs: a
 * client that is slow to send its headers or its body (one that declares a longer body than it
 * sends, say) is answered 408 and cut off instead of holding a connection, and idle keep-alive
 * connections close.
 */
import { serve } from '@hono/node-server';
import type { ServerType } from '@hono/node-server';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
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

export function listen({ fetch, port, hostname, timeouts, onListening, answerFirst, readBodyFirst: bodyFirst }: ListenOptions): ServerType {
  return serve(
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
}
