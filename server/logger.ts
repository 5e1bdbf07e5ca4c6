/**
 * The servers' structured log (pino, one JSON object a line on stdout). The shop handles personal
 * data and secrets, so the log never carries them: personal fields and tokens are censored by
 * path wherever they sit, a database error is logged by its code and message only (never its
 * query parameters, its detail or the failing row), and request lines name the path without its
 * query string. Every request line carries the request id the problem+json answer gives the
 * shopper, so support can find a complaint's line.
 */
import { Hono, type MiddlewareHandler } from 'hono';
import { requestId } from 'hono/request-id';
import { writeSync } from 'node:fs';
import { pino, type DestinationStream, type Logger } from 'pino';
import type { LogLevel } from './env.ts';

export type { Logger };

const PERSONAL_FIELDS = [
  'firstName',
  'lastName',
  'title',
  'email',
  'emailAddress',
  'phoneNumber',
  'dateOfBirth',
  'address',
  'deliveryAddress',
  'houseNameNumber',
  'addressLine1',
  'addressLine2',
  'townCity',
  'postcodeZip',
  'postcode',
  'customer',
  'customerKey',
];
const SECRET_FIELDS = ['authorization', 'Authorization', 'cookie', 'Cookie', 'set-cookie', 'token', 'password', 'secret', 'signature', 'psp-signature', 'Psp-Signature', 'cardNumber', 'cvc'];

/** Censored at the top level and up to three levels down (body.address.townCity, req.headers.authorization). */
export const REDACT_PATHS = [...PERSONAL_FIELDS, ...SECRET_FIELDS].flatMap((field) => {
  const key = /^[A-Za-z_]\w*$/.test(field) ? field : `["${field}"]`;
  const at = (prefix: string) => (key.startsWith('[') ? `${prefix}${key}` : prefix === '' ? key : `${prefix}.${key}`);
  return [key.startsWith('[') ? `${key}` : key, at('*'), at('*.*'), at('*.*.*')];
});

/**
 * Log lines are written once this many bytes are waiting (about 300 request lines)... Each write is
 * handed to one of Node's threads and back (three futex calls and a wake-up of the event loop);
 * under load, a write every 4 KB cost a quote about 2 µs of the API's CPU, a write every 64 KB
 * almost nothing.
 */
export const LOG_BATCH_BYTES = 65_536;
/** ...or this long after the last write, whichever comes first. */
export const LOG_FLUSH_MS = 200;

export interface LoggerOptions {
  level: LogLevel;
  /** Which server: 'api', 'app', 'psp'. */
  name?: string;
  /** stdout unless given (tests capture the lines). */
  destination?: DestinationStream;
}

/**
 * Log lines gathered in memory and handed to pino's destination (sonic-boom) a batch at a time. On
 * every write sonic-boom measures the byte length of the text it already holds, which costs each
 * line more as a batch grows (about 2 µs a line at a 4 KB batch, half of a request line's whole
 * cost); handed whole batches, it measures once a batch.
 */
export class LineBatches implements DestinationStream {
  private lines: string[] = [];
  private length = 0;
  private timer: ReturnType<typeof setTimeout> | undefined;

  /** `out` writes to file descriptor `fd`, each batch at once (minLength 1) or after the write under way. */
  constructor(
    private readonly out: ReturnType<typeof pino.destination>,
    private readonly fd: number,
  ) {}

  write(line: string): void {
    this.lines.push(line);
    this.length += line.length;
    if (this.length >= LOG_BATCH_BYTES) this.handOver();
    else if (this.timer === undefined) {
      this.timer = setTimeout(() => this.handOver(), LOG_FLUSH_MS);
      this.timer.unref();
    }
  }

  /** The lines waiting, as one text, now no longer waiting. */
  private take(): string {
    clearTimeout(this.timer);
    this.timer = undefined;
    const text = this.lines.join('');
    this.lines = [];
    this.length = 0;
    return text;
  }

  private handOver(): void {
    const text = this.take();
    if (text !== '') this.out.write(text);
  }

  /** Calls back once every line given so far is written, a batch under way included. */
  flush(done: () => void): void {
    this.handOver();
    this.out.flush(() => done());
  }

  /**
   * On exit, with no event loop left: what the destination holds, then the lines waiting, written
   * synchronously. A batch whose write is under way cannot be waited for (flushLogs can, before).
   */
  flushOnExit(): void {
    const text = this.take();
    try {
      this.out.flushSync();
      if (text !== '') writeSync(this.fd, text);
    } catch {
      // stdout is gone: nothing left to write to.
    }
  }
}

let lastMs = Number.NaN;
let lastTime = '';

/**
 * pino's ISO time (`,"time":"2026-11-26T21:00:00.000Z"`), formatted once a millisecond: under load
 * many lines share one, and formatting a date costs about a fifth of a request line.
 */
export function isoTime(): string {
  const ms = Date.now();
  if (ms !== lastMs) {
    lastMs = ms;
    lastTime = `,"time":"${new Date(ms).toISOString()}"`;
  }
  return lastTime;
}

/** The loggers' own stdout destinations, to be flushed before a clean exit. */
const onStdout = new Set<LineBatches>();
process.once('exit', () => {
  for (const batches of onStdout) batches.flushOnExit();
});

/** How long a clean exit waits for the log to be written out. */
const FLUSH_ON_EXIT_MS = 2_000;

/**
 * Waits until every line the loggers on stdout have been given is written out, for a clean exit:
 * the lines waiting are written on exit too (flushOnExit), but not a batch whose write is under way
 * when the process exits.
 */
export async function flushLogs(): Promise<void> {
  const flushed = Promise.all([...onStdout].map((stream) => new Promise<void>((resolve) => stream.flush(resolve))));
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, FLUSH_ON_EXIT_MS);
    timer.unref();
  });
  await Promise.race([flushed, late]);
  clearTimeout(timer);
}

export function createLogger({ level, name, destination }: LoggerOptions): Logger {
  let stream = destination;
  if (stream === undefined) {
    // Written in the background, up to LOG_BATCH_BYTES at a time, and at least every LOG_FLUSH_MS
    // (and on exit): a write a line costs each request a system call and a wake-up of Node's threads.
    const own = new LineBatches(pino.destination({ dest: 1, sync: false, minLength: 1 }), 1);
    onStdout.add(own);
    stream = own;
  }
  const logger = pino(
    {
      level,
      ...(name === undefined ? {} : { name }),
      redact: { paths: REDACT_PATHS, censor: '[redacted]' },
      serializers: { err: safeError },
      base: undefined,
      timestamp: isoTime,
    },
    stream,
  );
  // pino's name binding as it writes it (`,"name":"api"`), for request lines written directly.
  ownLoggers.set(logger, { stream, bindings: name === undefined ? '' : `,"name":${JSON.stringify(name)}` });
  return logger;
}

/** The loggers createLogger made: where their lines go and the bindings each line carries. */
const ownLoggers = new WeakMap<Logger, { stream: DestinationStream; bindings: string }>();

interface SafeError {
  type: string;
  message?: string;
  code?: string;
  stack?: string;
  cause?: SafeError;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** drizzle's wrapper: its message is "Failed query: ... params: ..." (the driver's error is its cause). */
function isQueryWrapper(error: Record<string, unknown>): boolean {
  return 'params' in error && 'query' in error && typeof error.code !== 'string';
}

/** drizzle's wrapper or a driver's error with its SQLSTATE (which may also carry the query and params). */
function isDatabaseError(error: unknown): boolean {
  if (!isRecord(error)) return false;
  if (isQueryWrapper(error)) return true;
  return typeof error.code === 'string' && /^[0-9A-Z]{5}$/.test(error.code) && ('severity' in error || 'routine' in error);
}

function chainHasDatabaseError(error: unknown, depth = 0): boolean {
  if (!isRecord(error) || depth > 5) return false;
  return isDatabaseError(error) || chainHasDatabaseError(error.cause, depth + 1);
}

/**
 * What the log keeps of an error. A database error (or anything wrapping one) keeps its type, its
 * SQLSTATE code and the server's message; the wrapper's message and every stack (which repeat the
 * query's parameters), and the driver's detail (which repeats the failing row) are dropped.
 */
export function safeError(error: unknown, depth = 0): SafeError {
  if (!isRecord(error)) return { type: typeof error, message: String(error) };
  const type = typeof error.name === 'string' ? error.name : (error.constructor?.name ?? 'Error');
  const cause = depth < 5 && error.cause !== undefined ? { cause: safeError(error.cause, depth + 1) } : {};
  if (chainHasDatabaseError(error)) {
    if (isQueryWrapper(error)) return { type, ...cause };
    return {
      type,
      ...(typeof error.code === 'string' ? { code: error.code } : {}),
      ...(typeof error.message === 'string' ? { message: error.message } : {}),
      ...cause,
    };
  }
  return {
    type,
    ...(typeof error.message === 'string' ? { message: error.message } : {}),
    ...(typeof error.stack === 'string' ? { stack: error.stack } : {}),
    ...cause,
  };
}

/** Servers whose requests carry hono's request id. */
export interface RequestIdEnv {
  Variables: { requestId: string };
}

/** A request's log line: id, method, path without the query, status and time. */
export interface RequestLineFields {
  reqId: string;
  method: string;
  path: string;
  status: number;
  ms: number;
}

export type RequestLine = (line: RequestLineFields) => void;

/** pino's level numbers for the levels a request line is written at. */
const DEBUG = pino.levels.values.debug ?? 20;
const INFO = pino.levels.values.info ?? 30;
const WARN = pino.levels.values.warn ?? 40;
const ERROR = pino.levels.values.error ?? 50;

/**
 * Writes request lines to `logger`: health checks at debug, server errors at error, the rest at info.
 *
 * A request line holds only its own fields (id, method, path without the query, status, time), none
 * personal, so it needs none of what pino does for other lines (redaction, serializers, merging
 * objects). For a logger from createLogger it is written straight to the logger's destination, the
 * same text pino would write (server/logger.test.ts compares them), at a third of pino's cost: under
 * load the line was the largest part of a quote answered from memory. Other loggers get it through pino.
 */
export function requestLines(logger: Logger): RequestLine {
  const own = ownLoggers.get(logger);
  if (own === undefined) {
    const lines = logger.child({}, { redact: { paths: [], censor: '[redacted]' } });
    return (line) => {
      if (line.path === '/healthz') lines.debug(line, 'request');
      else if (line.status === 503) lines.warn(line, 'request');
      else if (line.status >= 500) lines.error(line, 'request');
      else lines.info(line, 'request');
    };
  }
  const { stream, bindings } = own;
  return (line) => {
    // A 503 is a deliberate "try again later" (stale rates, a payment not known yet): a warning; its
    // cause is logged once at error level where it is known (services/rate-freshness.ts).
    const level = line.path === '/healthz' ? DEBUG : line.status === 503 ? WARN : line.status >= 500 ? ERROR : INFO;
    // The logger's level as it is now (it may be changed while the server runs).
    if (level < logger.levelVal) return;
    const ms = Number.isFinite(line.ms) ? line.ms : null;
    stream.write(
      `{"level":${level}${isoTime()}${bindings},"reqId":${JSON.stringify(line.reqId)},"method":${JSON.stringify(line.method)},"path":${JSON.stringify(line.path)},"status":${line.status},"ms":${ms},"msg":"request"}\n`,
    );
  };
}

/**
 * One line a request, when it is answered: request id, method, path (never the query string, which
 * may carry a token), status and time. Health checks log at debug only.
 */
export function requestLog(logger: Logger | RequestLine): MiddlewareHandler<RequestIdEnv> {
  const write = typeof logger === 'function' ? logger : requestLines(logger);
  return async (c, next) => {
    const started = performance.now();
    await next();
    write({
      reqId: c.get('requestId'),
      method: c.req.method,
      path: c.req.path,
      status: c.res.status,
      ms: Math.round((performance.now() - started) * 10) / 10,
    });
  };
}

/**
 * Wraps a whole server (the app host, the provider) in the request log, with a request id of its
 * own, without changing the server: its own routes, not-found and error pages answer as before.
 */
export function withRequestLog(app: { fetch: (request: Request, env?: unknown) => Response | Promise<Response> }, logger: Logger): Hono<RequestIdEnv> {
  const outer = new Hono<RequestIdEnv>();
  outer.use(requestId());
  outer.use(requestLog(logger));
  outer.all('*', async (c) => {
    const inner = await app.fetch(c.req.raw, c.env);
    // The inner server's answer as it is, with the id its log line carries: set on the answer
    // itself (a copy would cost the Node adapter its fast path), copied only when it is immutable.
    try {
      inner.headers.set('X-Request-Id', c.get('requestId'));
      return inner;
    } catch {
      const res = new Response(inner.body, inner);
      res.headers.set('X-Request-Id', c.get('requestId'));
      return res;
    }
  });
  outer.onError((error, c) => {
    logger.error({ reqId: c.get('requestId'), method: c.req.method, path: c.req.path, err: error }, 'unhandled error');
    return c.text('Something went wrong', 500);
  });
  return outer;
}
