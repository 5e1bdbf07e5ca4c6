/**
 * Rate limits on the routes that cost the shop most when abused: session creation, the
 * customer's details, place search and nearby branches, and the two that email an address the
 * shopper types (rate alerts, the basket link). Counted per client address and, where
 * the route has one, per session, in the database (services/rate-limits.ts), so the limits hold
 * across API instances. Over a limit: 429 problem+json with Retry-After.
 */
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { formatMessage, messages } from '#domain/messages.ts';
import type { AppEnv } from '../app-env.ts';
import type { SessionContext } from '../services/session.ts';
import type { Config, RateLimitSetting } from '../env.ts';
import { HttpProblem } from '../errors.ts';
import { consume } from '../services/rate-limits.ts';

/**
 * The client's address: the socket's peer, or, behind TRUSTED_PROXY proxies, the entry those
 * proxies appended to X-Forwarded-For (entries further left are the client's own claims).
 */
export function clientAddress(c: Context<AppEnv>, trustedProxyHops: number): string {
  if (trustedProxyHops > 0) {
    const forwarded = (c.req.header('x-forwarded-for') ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter((s) => s !== '');
    const entry = forwarded[forwarded.length - trustedProxyHops];
    if (entry !== undefined) return entry;
  }
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    // In-process requests (app.request in tests, the provider's callbacks) have no socket.
    return 'local';
  }
}

/** "1 minute", "10 minutes", "30 seconds": how long the shopper should wait. */
export function waitText(seconds: number): string {
  if (seconds < 60) return seconds === 1 ? '1 second' : `${seconds} seconds`;
  const minutes = Math.ceil(seconds / 60);
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
}

export function tooManyRequests(retryAfterSeconds: number): HttpProblem {
  return new HttpProblem(429, messages.tooManyRequestsTitle, formatMessage(messages.tooManyRequests, { wait: waitText(retryAfterSeconds) }), {
    type: 'rate-limited',
    headers: { 'Retry-After': String(retryAfterSeconds) },
  });
}

type Scope = 'address' | 'session';

/**
 * Counts the request against `name`'s limit for each scope: the client address, and the session
 * once requireSession has set one. Every scope counts; the longest wait is the one answered.
 */
export function rateLimit(name: string, limitOf: (config: Config) => { limit: RateLimitSetting; scope: Scope }[]) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const deps = c.get('deps');
    let wait = 0;
    for (const { limit, scope } of limitOf(deps.config)) {
      const id = scope === 'address' ? clientAddress(c, deps.config.trustedProxyHops) : (c.get('session') as SessionContext | undefined)?.sessionId;
      if (id === undefined) continue;
      const result = await consume(deps, `${name}:${scope}:${id}`, limit);
      if (!result.allowed) wait = Math.max(wait, result.retryAfterSeconds);
    }
    if (wait > 0) throw tooManyRequests(wait);
    await next();
  });
}

export const sessionCreateLimit = rateLimit('session-create', (config) => [{ limit: config.rateLimits.sessionCreate, scope: 'address' }]);

/** Per session, and per address five times as many (several shoppers may share one address). */
export const customerInfoLimit = rateLimit('customer-info', (config) => [
  { limit: config.rateLimits.customerInfo, scope: 'session' },
  { limit: { ...config.rateLimits.customerInfo, points: config.rateLimits.customerInfo.points * 5 }, scope: 'address' },
]);

/** Rate alerts email the address given: per session and per client address (EMAIL_LIMITS). */
export const rateAlertLimit = rateLimit('rate-alert', (config) => [
  { limit: config.emailLimits.rateAlerts.session, scope: 'session' },
  { limit: config.emailLimits.rateAlerts.address, scope: 'address' },
]);

/** The basket link emails the address given: per session and per client address (EMAIL_LIMITS). */
export const basketLinkLimit = rateLimit('basket-link', (config) => [
  { limit: config.emailLimits.basketLinks.session, scope: 'session' },
  { limit: config.emailLimits.basketLinks.address, scope: 'address' },
]);

export const lookupLimit = (name: string) => rateLimit(name, (config) => [{ limit: config.rateLimits.lookups, scope: 'address' }]);
