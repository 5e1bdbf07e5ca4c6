/**
 * Authorised routes (cart, order, session refresh) sit behind requireSession: it reads the bearer
 * token, checks it against the session row and sets `c.get('session')`. Missing, malformed,
 * forged or expired tokens are 401; a token used on another session's cart or order, or on another
 * site's path, is 403.
 *
 * A successful call whose token no longer names the session's cart and order (the call created,
 * copied, dropped or checked out a cart, or another tab did) answers a renewed token in the
 * Session-Token header, so the client's token always says whether there is a cart (spec 3).
 */
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../app-env.ts';
import { forbidden } from '../errors.ts';
import { AUTH_HEADER, SESSION_TOKEN_HEADER } from '#domain/contract/routes.ts';
import { authenticate, bearerToken, claimsAreStale, issueToken } from '../services/session.ts';

export const requireSession = createMiddleware<AppEnv>(async (c, next) => {
  const deps = c.get('deps');
  const session = await authenticate(deps, bearerToken(c.req.header(AUTH_HEADER)));
  const siteParam = c.req.param('siteId');
  if (siteParam !== undefined && siteParam !== String(session.siteId)) {
    throw forbidden('This session belongs to another site.');
  }
  c.set('session', { sessionId: session.sessionId, siteId: session.siteId, cartId: session.cartId, orderId: session.orderId, hasProfile: session.hasProfile });
  await next();
  // A route that moved the session to another cart or order says so with `c.set('session', ...)`.
  const after = c.get('session');
  if (c.res.ok && claimsAreStale(session.claims, after)) {
    c.res.headers.set(SESSION_TOKEN_HEADER, await issueToken(deps, after));
  }
});
