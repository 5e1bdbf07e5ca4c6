/**
 * Operations routes, for the shop's support staff rather than shoppers. They exist only when
 * OPS_TOKEN is configured, and every call carries it as the bearer token.
 *
 *   POST /ops/sessions/{sessionId}/revoke   ends a session: its tokens authorise nothing any more.
 *                                           The browser holding it gets a new session once, with
 *                                           its cart and order (services/session.ts handOverSession).
 *   POST /ops/rates/import                  imports the day's reference rates from DAILY_RATES_SOURCE
 *                                           (services/daily-rates.ts) and answers what it stored.
 */
import { timingSafeEqual } from 'node:crypto';
import { Hono } from 'hono';
import { checkRateAlerts } from '../services/rate-alerts.ts';
import { createMiddleware } from 'hono/factory';
import * as v from 'valibot';
import { AUTH_HEADER } from '#domain/contract/routes.ts';
import type { AppEnv } from '../app-env.ts';
import { notFound, unauthorized, unprocessable } from '../errors.ts';
import { bearerToken, revokeSession } from '../services/session.ts';
import { validate } from '../validation.ts';

export const OPS_REVOKE_SESSION_PATH = '/ops/sessions/:sessionId/revoke';
export const OPS_IMPORT_RATES_PATH = '/ops/rates/import';

export const RevokeParamsSchema = v.object({
  sessionId: v.pipe(v.string(), v.uuid('must be a session id (a UUID)')),
});

function sameSecret(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

const requireOpsToken = (opsToken: string) =>
  createMiddleware<AppEnv>(async (c, next) => {
    const presented = bearerToken(c.req.header(AUTH_HEADER));
    if (presented === null || !sameSecret(presented, opsToken)) {
      throw unauthorized('The operations token is missing or wrong.', 'ops-token');
    }
    await next();
  });

export function opsRoutes(opsToken: string) {
  const app = new Hono<AppEnv>();
  app.use('/ops/*', requireOpsToken(opsToken));
  app.post(OPS_REVOKE_SESSION_PATH, validate('param', RevokeParamsSchema), async (c) => {
    const { sessionId } = c.req.valid('param');
    if (!(await revokeSession(c.get('deps'), sessionId))) throw notFound(`There is no session ${sessionId}.`);
    return c.body(null, 204);
  });
  app.post(OPS_IMPORT_RATES_PATH, async (c) => {
    const deps = c.get('deps');
    // The XML reader loads with the first import, not with the shop.
    const { DailyRatesError, importDailyRates } = await import('../services/daily-rates.ts');
    try {
      const record = await importDailyRates(deps, deps.config.dailyRatesSource);
      // As the daily-rates job does: the rate alerts the day's rates reach go to the outbox.
      return c.json({ ...record, rateAlerts: await checkRateAlerts(deps) });
    } catch (error) {
      if (error instanceof DailyRatesError) throw unprocessable(error.message, 'daily-rates');
      throw error;
    }
  });
  return app;
}
