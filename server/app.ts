import { Hono, type Context } from 'hono';
import { TrieRouter } from 'hono/router/trie-router';
import { HTTPException } from 'hono/http-exception';
import { requestId } from 'hono/request-id';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { PROBLEM_CONTENT_TYPE, type Problem } from '#domain/contract/common.ts';
import type { AppEnv } from './app-env.ts';
import type { Deps } from './deps.ts';
import { HttpProblem } from './errors.ts';
import { createLogger, requestLines, requestLog, type Logger } from './logger.ts';
import type { SignedSend } from './psp/events.ts';
import { branchRoutes } from './routes/branches.ts';
import { cartRoutes } from './routes/cart.ts';
import { catalogueRoutes } from './routes/catalogue.ts';
import { openApiRoutes } from './openapi/routes.ts';
import { opsRoutes } from './routes/ops.ts';
import { manageOrderRoutes } from './routes/manage-order.ts';
import { orderRoutes } from './routes/order.ts';
import { staffRoutes } from './routes/staff.ts';
import { sessionRoutes } from './routes/session.ts';
import { apiSecurityHeaders } from './security-headers.ts';
import { createAddressLookup, type AddressLookup } from './services/address-lookup.ts';
import { httpRefundSender } from './services/payment.ts';
import { createPlaceSearch, type PlaceSearch } from './services/places.ts';
import { refuseUnstorableInput } from './validation.ts';
import { readBody } from './request-body.ts';
import { shopCors } from './cors.ts';
import { SharedAnswers } from './shared-answers.ts';
import { RatesOutOfDate, staleRatesReporter } from './services/rate-freshness.ts';
import { SESSION_TOKEN_HEADER } from '#domain/contract/routes.ts';

export interface ApiProviders {
  places: PlaceSearch;
  addresses: AddressLookup;
  /** The API's log; one at the configured level on stdout unless given. */
  logger: Logger;
  /** Refund requests to the payment provider; over HTTP to PSP_ORIGIN unless given. */
  sendRefund: SignedSend;
}

const TITLES: Record<number, string> = {
  400: 'Bad request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not found',
  405: 'Method not allowed',
  409: 'Conflict',
  413: 'Request body too large',
  415: 'Unsupported media type',
  422: 'Unprocessable request',
  429: 'Too many requests',
  500: 'Something went wrong',
};

/** Writes an RFC 9457 problem document with the request id. */
export function problem(
  c: Context<AppEnv>,
  status: number,
  body: { title?: string; detail?: string; type?: string; errors?: Record<string, string> },
  headers: Record<string, string> = {},
): Response {
  const doc: Problem = {
    type: body.type ?? 'about:blank',
    title: body.title ?? TITLES[status] ?? 'Error',
    status,
    ...(body.detail === undefined ? {} : { detail: body.detail }),
    instance: c.req.path,
    requestId: c.get('requestId'),
    ...(body.errors === undefined ? {} : { errors: body.errors }),
  };
  return c.body(JSON.stringify(doc), status as ContentfulStatusCode, { ...headers, 'Content-Type': PROBLEM_CONTENT_TYPE });
}

/** The shop's API. Each area's routes are mounted here. */
export function createApi(deps: Deps, providers?: Partial<ApiProviders>) {
  const places = providers?.places ?? createPlaceSearch(deps.config);
  const addresses = providers?.addresses ?? createAddressLookup(deps.config);
  const logger = providers?.logger ?? createLogger({ level: deps.config.logLevel, name: 'api' });
  const sendRefund = providers?.sendRefund ?? httpRefundSender(deps.config.pspOrigin);
  // The trie router, named: Hono's default first tries to compile every route into one regular
  // expression, which cannot hold the spec's paths (a fixed segment and a parameter in the same
  // place, /api/sites/getsitesettings beside /api/sites/:siteId), and falls back to this one on
  // the first request, a few milliseconds of every start.
  const app = new Hono<AppEnv>({ router: new TrieRouter() });

  const lines = requestLines(logger);
  const answers = new SharedAnswers(lines);
  app.use(requestId());
  app.use(requestLog(lines));
  app.use(answers.middleware());
  app.use(apiSecurityHeaders(deps.config.apiBase));
  // The shop's own origin only, with credentials; other origins get no CORS headers at all.
  app.use(
    shopCors(deps.config.appOrigin, {
      allowMethods: ['GET', 'POST', 'PUT', 'DELETE', 'OPTIONS'],
      allowHeaders: ['Authorization', 'Content-Type'],
      exposeHeaders: ['Location', 'X-Request-Id', 'Retry-After', SESSION_TOKEN_HEADER],
      maxAgeSeconds: 600,
    }),
  );
  app.use(async (c, next) => {
    c.set('deps', deps);
    await next();
  });
  // The body limit; a body the API's listener read first goes to the route as text (request-body.ts).
  app.use(readBody(deps.config.bodyLimitBytes));

  app.use(refuseUnstorableInput);

  app.get('/healthz', (c) => c.json({ status: 'ok' }));
  app.route('/', sessionRoutes());
  app.route('/', catalogueRoutes());
  app.route('/', branchRoutes({ places, addresses }));
  app.route('/', cartRoutes());
  app.route('/', orderRoutes({ sendRefund }));
  app.route('/', manageOrderRoutes({ sendRefund }));
  app.route('/', staffRoutes());
  if (deps.config.opsToken !== null) app.route('/', opsRoutes(deps.config.opsToken));
  app.route('/', openApiRoutes());

  app.notFound((c) => problem(c, 404, { detail: `There is nothing at ${c.req.method} ${c.req.path}.` }));
  const reportStaleRates = staleRatesReporter((line) => logger.error(line));
  app.onError((error, c) => {
    if (error instanceof RatesOutOfDate) reportStaleRates(error);
    if (error instanceof HttpProblem) {
      return problem(
        c,
        error.status,
        {
          title: error.title,
          ...(error.detail === undefined ? {} : { detail: error.detail }),
          ...(error.type === undefined ? {} : { type: error.type }),
          ...(error.fields === undefined ? {} : { errors: error.fields }),
        },
        error.headers,
      );
    }
    if (error instanceof HTTPException) {
      return problem(c, error.status, { detail: error.message || undefined });
    }
    // safeError keeps a database error's code and message, never its parameters or failing row.
    logger.error({ reqId: c.get('requestId'), method: c.req.method, path: c.req.path, err: error }, 'unhandled error');
    return problem(c, 500, { detail: 'The shop could not complete this request. Please try again.' });
  });
  // The API's Node listener answers from the kept anonymous answers before the app runs.
  return Object.assign(app, { answerFromMemory: answers.answerFromMemory });
}

export type Api = ReturnType<typeof createApi>;
