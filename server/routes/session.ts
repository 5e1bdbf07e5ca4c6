/**
 * Session routes (spec 7.1).
 *
 * The loyalty sign-in is a top-level browser navigation, so it cannot carry the bearer header.
 * The session token never goes in its URL (addresses end up in history, logs and Referer
 * headers): the client first asks, with the bearer, for a short-lived single-use code
 *   POST {api}/session/1/loyalty-signin/code  ->  { url: '{api}/session/1/loyalty-signin?returnUrl=%2F%3FsignedIn&code=...' }
 * and navigates there. The page's form posts the code back; it is used up, and the browser goes
 * to {app origin}{returnUrl}.
 */
import { createHash } from 'node:crypto';
import { Hono, type Context } from 'hono';
import { html, raw } from 'hono/html';
import { SiteParamsSchema as SiteParams } from '#domain/contract/common.ts';
import { AUTH_HEADER } from '#domain/contract/routes.ts';
import { apiRoutes } from '#domain/contract/api-routes.ts';
import { LoyaltySignInQuerySchema as LoyaltyQuery, LoyaltySignInStartRequestSchema as StartBody, type LoyaltySignInStart, type SessionInfo, type TokenResponse } from '#domain/contract/session.ts';
import { messages } from '#domain/messages.ts';
import type { AppEnv } from '../app-env.ts';
import { badRequest, forbidden } from '../errors.ts';
import { hstsFor } from '../security-headers.ts';
import {
  bearerToken,
  createSession,
  createSignInCode,
  exchangeLegacyToken,
  findSession,
  handOverSession,
  JWT_SHAPE,
  issueToken,
  markProfile,
  sessionOfSignInCode,
  sessionUnlessMissingOrExpired,
  useSignInCode,
} from '../services/session.ts';
import { parseWith, validate } from '../validation.ts';
import { sessionCreateLimit } from './rate-limit.ts';
import { requireSession } from './session-auth.ts';


export function sessionRoutes() {
  const app = new Hono<AppEnv>();

  app.post(apiRoutes.sessionCreate.pattern, sessionCreateLimit, validate('param', SiteParams), async (c) => {
    const deps = c.get('deps');
    const { siteId } = c.req.valid('param');
    const presented = bearerToken(c.req.header(AUTH_HEADER));
    // No token: a fresh session. A token of ours is handed over once, within its bounds (never a
    // revoked session's, never long expired), so its cart and order carry on; the answer says
    // whether they did. Anything else must be a legacy token.
    if (presented !== null && JWT_SHAPE.test(presented)) {
      const { session, handedOver } = await handOverSession(deps, siteId, presented);
      return c.json<TokenResponse>({ token: await issueToken(deps, session), handedOver }, 201);
    }
    const session = presented === null ? await createSession(deps, siteId) : await exchangeLegacyToken(deps, siteId, presented);
    return c.json<TokenResponse>({ token: await issueToken(deps, session) }, 201);
  });

  // Spec 4.4 and 7.1: the token is fetched when it is missing or expired. With no token, or an
  // expired one, the answer is a new anonymous session's token (counted as a session created;
  // after an expired one, handedOver: false says its cart did not come along); with a good one,
  // a fresh token of that session. A forged, malformed or revoked token is refused as anywhere.
  app.get(apiRoutes.sessionToken.pattern, validate('param', SiteParams), async (c) => {
    const deps = c.get('deps');
    const { siteId } = c.req.valid('param');
    const presented = bearerToken(c.req.header(AUTH_HEADER));
    const session = await sessionUnlessMissingOrExpired(deps, presented);
    if (session === null) {
      await sessionCreateLimit(c, () => Promise.resolve());
      const created = await createSession(deps, siteId);
      return c.json<TokenResponse>({ token: await issueToken(deps, created), ...(presented === null ? {} : { handedOver: false }) });
    }
    if (session.siteId !== siteId) throw forbidden('This session belongs to another site.');
    return c.json<TokenResponse>({ token: await issueToken(deps, session) });
  });

  app.get(apiRoutes.sessionInfo.pattern, validate('param', SiteParams), requireSession, async (c) => {
    const row = await findSession(c.get('deps').db, c.get('session').sessionId);
    return c.json<SessionInfo>({ hasProfile: row?.hasProfile ?? false });
  });

  app.post(apiRoutes.loyaltySignInStart.pattern, validate('param', SiteParams), requireSession, async (c) => {
    const deps = c.get('deps');
    const { siteId } = c.req.valid('param');
    const text = await c.req.text();
    const { returnUrl } = await parseWith(StartBody, text.trim() === '' ? {} : parseJson(text), 'json');
    const { code, expiresAt } = await createSignInCode(deps, c.get('session').sessionId);
    const query = new URLSearchParams({ returnUrl, code });
    const url = `${deps.config.apiBase}${apiRoutes.loyaltySignIn.url(siteId)}?${query.toString()}`;
    return c.json<LoyaltySignInStart>({ url, expiresAt: expiresAt.toISOString() }, 201);
  });

  app.get(apiRoutes.loyaltySignIn.pattern, validate('param', SiteParams), validate('query', LoyaltyQuery), async (c) => {
    const deps = c.get('deps');
    const { siteId } = c.req.valid('param');
    const { returnUrl, code } = c.req.valid('query');
    signInPageHeaders(c, deps.config.appOrigin, deps.config.apiBase);
    const session = await sessionOfSignInCode(deps, siteId, code);
    if (session === null) return c.html(signInExpiredPage(deps.config.appOrigin), 400);
    return c.html(loyaltyPage({ action: c.req.path, code, returnUrl, appOrigin: deps.config.appOrigin }));
  });

  app.post(apiRoutes.loyaltySignIn.pattern, validate('param', SiteParams), async (c) => {
    const deps = c.get('deps');
    const { siteId } = c.req.valid('param');
    const form = await parseWith(LoyaltyQuery, await c.req.parseBody(), 'form');
    signInPageHeaders(c, deps.config.appOrigin, deps.config.apiBase);
    const session = await useSignInCode(deps, siteId, form.code);
    if (session === null) return c.html(signInExpiredPage(deps.config.appOrigin), 400);
    await markProfile(deps, session.sessionId);
    return c.redirect(`${deps.config.appOrigin}${form.returnUrl}`, 303);
  });

  return app;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw badRequest('The request body must be JSON.');
  }
}

const SIGN_IN_STYLE = `
      body { font-family: system-ui, sans-serif; max-width: 28rem; margin: 4rem auto; padding: 0 1rem; color: #1d1d1f; }
      label { display: block; margin: 1rem 0 0.25rem; }
      input[type='email'], input[type='password'] { width: 100%; padding: 0.5rem; box-sizing: border-box; }
      button { margin-top: 1.5rem; padding: 0.6rem 1.2rem; font-size: 1rem; }
      .note { color: #555; font-size: 0.9rem; }
    `;
const SIGN_IN_STYLE_HASH = `'sha256-${createHash('sha256').update(SIGN_IN_STYLE, 'utf8').digest('base64')}'`;
/** The shop's own icon, from the shop's origin, so the browser asks the API for no /favicon.ico. */
const faviconOf = (appOrigin: string) => `${new URL(appOrigin).origin}/favicon.svg`;

/**
 * The sign-in page's own policy: no scripts at all, its one style block by hash, its form posting
 * to itself (and the redirect that follows going to the shop), never framed, no Referer sent on.
 */
function signInPageHeaders(c: Context<AppEnv>, appOrigin: string, apiBase: string): void {
  c.header(
    'Content-Security-Policy',
    `default-src 'none'; style-src ${SIGN_IN_STYLE_HASH}; img-src ${new URL(appOrigin).origin}; form-action 'self' ${new URL(appOrigin).origin}; frame-ancestors 'none'; base-uri 'none'`,
  );
  c.header('X-Frame-Options', 'DENY');
  c.header('Referrer-Policy', 'no-referrer');
  for (const [name, value] of Object.entries(hstsFor(apiBase))) c.header(name, value);
}

function pageHead(title: string, appOrigin: string) {
  return html`<meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>${title}</title>
    <link rel="icon" type="image/svg+xml" href="${faviconOf(appOrigin)}" />
    <style>${raw(SIGN_IN_STYLE)}</style>`;
}

function signInExpiredPage(appOrigin: string) {
  return html`<!doctype html>
<html lang="en">
  <head>
    ${pageHead('Sign-in link expired', appOrigin)}
  </head>
  <body>
    <main>
      <h1>Sign-in link expired</h1>
      <p>${messages.loyaltySignInExpired}</p>
      <p><a href="${appOrigin}/">Back to the shop</a></p>
    </main>
  </body>
</html>`;
}

function loyaltyPage(p: { action: string; code: string; returnUrl: string; appOrigin: string }) {
  return html`<!doctype html>
<html lang="en">
  <head>
    ${pageHead('Sign in to your loyalty account', p.appOrigin)}
  </head>
  <body>
    <main>
      <h1>Sign in to your loyalty account</h1>
      <p class="note">This is the sandbox loyalty provider: any details sign you in.</p>
      <form method="post" action="${p.action}">
        <input type="hidden" name="code" value="${p.code}" />
        <input type="hidden" name="returnUrl" value="${p.returnUrl}" />
        <label for="email">Email</label>
        <input id="email" name="email" type="email" autocomplete="email" value="member@example.com" />
        <label for="password">Password</label>
        <input id="password" name="password" type="password" autocomplete="current-password" value="sandbox" />
        <button type="submit">Sign in</button>
      </form>
    </main>
  </body>
</html>`;
}
