/**
 * Security headers of the shop's origins.
 *
 * The app host's pages get a strict content security policy: scripts only from the shop's own
 * origin plus the inline configuration script by its SHA-256 hash (never 'unsafe-inline'
 * scripts), calls only to the API, frames only from the payment provider, and the pages framed
 * by the shop itself only (the payment response runs in the card iframe). The embedded
 * calculator (/embed/calculator) is the one page partner sites may frame: its own policy names
 * them (EMBED_ANCESTORS). The API marks every answer `no-store` but the anonymous reads the
 * contract's route table marks shared.
 */
import { createHash } from 'node:crypto';
import { createMiddleware } from 'hono/factory';
import { type ApiRoute } from '#domain/contract/routes.ts';
import { apiRoutes, type ApiRouteName } from '#domain/contract/api-routes.ts';
import { isSharedRoute } from '#domain/contract/shared-routes.ts';
import { isDescriptionPath } from './openapi/paths.ts';

export interface AppPolicyOptions {
  apiBase: string;
  pspOrigin: string;
  appOrigin: string;
  /** Origins allowed to frame the embedded calculator besides the shop itself. */
  embedAncestors?: readonly string[];
}

/** The SHA-256 source expression ('sha256-...') of each inline script in a page. */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const match of html.matchAll(/<script\b(?![^>]*\bsrc\s*=)([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const body = match[2] ?? '';
    if (body.trim() === '') continue;
    // A data block (the preloaded reads) is never run, so the policy need not allow it.
    if (/\btype\s*=\s*["']?application\/json/i.test(match[1] ?? '')) continue;
    hashes.push(`'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
  }
  return hashes;
}

/** An origin as CSP wants it: scheme, host and port, no path. */
function originOf(url: string): string {
  return new URL(url).origin;
}

/**
 * The app's policy. Style attributes are allowed (`style-src-attr 'unsafe-inline'`): react-aria
 * and visx position popovers and the chart with inline styles. Style elements are the shop's own
 * files and those carrying the answer's nonce (react-aria's press and scroll-lock rules); scripts
 * are the shop's own files and the inline configuration by hash.
 */
export function appContentSecurityPolicy(
  options: AppPolicyOptions,
  scriptHashes: readonly string[],
  framedBy: 'shop' | 'partners',
  styleNonce?: string,
): string {
  const ancestors = framedBy === 'shop' ? ["'self'"] : ["'self'", ...(options.embedAncestors ?? [])];
  const directives: [string, ...string[]][] = [
    ['default-src', "'self'"],
    ['script-src', "'self'", ...scriptHashes],
    ['style-src', "'self'", ...(styleNonce === undefined ? [] : [`'nonce-${styleNonce}'`])],
    ['style-src-attr', "'unsafe-inline'"],
    ['img-src', "'self'", 'data:'],
    ['font-src', "'self'"],
    ['connect-src', "'self'", originOf(options.apiBase)],
    // The payment provider's card page; 'self' for the shop's own pages (a page carrying the embedded calculator).
    ['frame-src', "'self'", originOf(options.pspOrigin)],
    // The loyalty sign-in form posts to the API; nothing else is submitted by a plain form.
    ['form-action', "'self'", originOf(options.apiBase)],
    ['frame-ancestors', ...ancestors],
    ['base-uri', "'none'"],
    ['object-src', "'none'"],
  ];
  return directives.map((d) => d.join(' ')).join('; ');
}

/** Headers of every app-host answer; `policy` is the page's content security policy. */
export function appSecurityHeaders(appOrigin: string, policy: string, framedBy: 'shop' | 'partners'): Record<string, string> {
  return {
    'Content-Security-Policy': policy,
    // frame-ancestors is the rule; X-Frame-Options covers browsers that predate it. It cannot
    // name partner origins, so the embedded calculator relies on frame-ancestors alone.
    ...(framedBy === 'shop' ? { 'X-Frame-Options': 'SAMEORIGIN' } : {}),
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    ...hstsFor(appOrigin),
  };
}

/** HSTS only means something over https: sent when the origin is https, never on plain http (local runs). */
export function hstsFor(origin: string): Record<string, string> {
  return origin.startsWith('https://') ? { 'Strict-Transport-Security': 'max-age=31536000; includeSubDomains' } : {};
}

interface RouteMatcher {
  method: string;
  path: RegExp;
  shared: boolean;
}

/** Every route of the contract's table as a method and a path expression (`:name` is one segment). */
const ROUTE_MATCHERS: RouteMatcher[] = (Object.entries(apiRoutes) as [ApiRouteName, ApiRoute][]).map(([name, route]) => ({
  method: route.method,
  path: new RegExp(`^${route.pattern.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:\w+/g, '[^/]+')}$`),
  shared: isSharedRoute(name),
}));

/**
 * Whether an answer may carry a shopper's data or a key: every answer but an anonymous one of a
 * route the contract marks shared (domain/contract/routes.ts). A path no route names, a route not
 * marked, and any call with credentials are personal, so a new route cannot be cached by mistake.
 */
export function isPersonalAnswer(method: string, path: string, authorization: string | undefined): boolean {
  if ((authorization ?? '').trim() !== '') return true;
  // The API's own description and its page: the same for everyone.
  if (isDescriptionPath(path)) return false;
  const asked = method === 'HEAD' ? 'GET' : method;
  const matching = ROUTE_MATCHERS.filter((r) => r.method === asked && r.path.test(path));
  return matching.length === 0 || matching.some((r) => !r.shared);
}

/**
 * The policy of the API's plain pages (an email's opt-out or alert-cancel link): text only, no
 * script, style, image or form, never framed. A page with more (the loyalty sign-in) sets its own.
 */
export const PLAIN_PAGE_POLICY = "default-src 'none'; form-action 'none'; frame-ancestors 'none'; base-uri 'none'";

/** Headers of a page that is never framed, with its content security policy. */
export function unframedPageHeaders(policy: string): Record<string, string> {
  // frame-ancestors is the rule; X-Frame-Options covers browsers that predate it.
  return { 'Content-Security-Policy': policy, 'X-Frame-Options': 'DENY' };
}

/**
 * The API's headers: nosniff on every answer, `Cache-Control: no-store` on personal ones (also
 * on their errors, which name the cart or order), HSTS when the API is served over https. Every
 * HTML page it writes gets a content security policy and is never framed (the plain pages'
 * policy unless the page set its own), and sends no Referer (its address may carry a signature).
 */
export function apiSecurityHeaders(apiBase: string) {
  const hsts = hstsFor(apiBase);
  return createMiddleware(async (c, next) => {
    await next();
    c.res.headers.set('X-Content-Type-Options', 'nosniff');
    for (const [name, value] of Object.entries(hsts)) c.res.headers.set(name, value);
    if (isPersonalAnswer(c.req.method, c.req.path, c.req.header('Authorization')) && !/\bno-store\b/.test(c.res.headers.get('Cache-Control') ?? '')) {
      c.res.headers.set('Cache-Control', 'no-store');
    }
    if (/^text\/html/i.test(c.res.headers.get('Content-Type') ?? '')) {
      const own = c.res.headers.get('Content-Security-Policy');
      for (const [name, value] of Object.entries(unframedPageHeaders(own ?? PLAIN_PAGE_POLICY))) c.res.headers.set(name, value);
      if (!c.res.headers.has('Referrer-Policy')) c.res.headers.set('Referrer-Policy', 'no-referrer');
    }
  });
}
