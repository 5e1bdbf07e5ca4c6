/**
 * Authorised routes (cart, order, session refresh) sit behind requireSession: it reads the bearer
 * token, checks it against the session row and sets `c.get('session')`. Missing, malformed,
 * forged or expired tokens are 401; a token used on another session's cart or order, or on another
 * site's path, is 403.
 */
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../app-env.ts';
import { forbidden } from '../errors.ts';
import { AUTH_HEADER } from '#domain/contract/routes.ts';
import { authenticate, bearerToken } from '../services/session.ts';

export const requireSession = createMiddleware<AppEnv>(async (c, next) => {
  const deps = c.get('deps');
  const session = await authenticate(deps, bearerToken(c.req.header(AUTH_HEADER)));
  const siteParam = c.req.param('siteId');
  if (siteParam !== undefined && siteParam !== String(session.siteId)) {
    throw forbidden('This session belongs to another site.');
  }
  c.set('session', { sessionId: session.sessionId, siteId: session.siteId, cartId: session.cartId, orderId: session.orderId, hasProfile: session.hasProfile });
  await next();
});
