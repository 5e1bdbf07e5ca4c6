/**
 * Session routes (spec 7.1).
 *
 * The loyalty sign-in is a top-level browser navigation, so it cannot carry the bearer header:
 * the client passes the session token as the `token` query parameter, e.g.
 *   {api}/session/1/loyalty-signin?returnUrl=%2F%3FsignedIn&token=eyJ...
 * The page's form posts the token back; on success the browser goes to {app origin}{returnUrl}.
 */
import { Hono } from 'hono';
import { html } from 'hono/html';
import * as v from 'valibot';
import { IntParam } from '#domain/contract/common.ts';
import { apiRoutes, AUTH_HEADER } from '#domain/contract/routes.ts';
import type { SessionInfo, TokenResponse } from '#domain/contract/session.ts';
import type { AppEnv } from '../app-env.ts';
import { forbidden } from '../errors.ts';
import {
  authenticate,
  bearerToken,
  createSession,
  exchangeLegacyToken,
  findSession,
  handOverSession,
  JWT_SHAPE,
  issueToken,
  markProfile,
} from '../services/session.ts';
import { parseWith, validate } from '../validation.ts';
import { requireSession } from './session-auth.ts';

const SiteParams = v.object({ siteId: IntParam });

/** Only a path on the shop's own origin: '/', '/?signedIn', never '//elsewhere' or a full URL. */
const ReturnUrl = v.pipe(
  v.string(),
  v.maxLength(500),
  v.regex(/^\/(?![/\\])[^\s\\]*$/, 'must be a path on the shop, such as /?signedIn'),
);
const LoyaltyQuery = v.object({
  returnUrl: v.optional(ReturnUrl, '/?signedIn'),
  token: v.pipe(v.string('is required: the session token'), v.minLength(1, 'is required: the session token')),
});

export function sessionRoutes() {
  const app = new Hono<AppEnv>();

  app.post(apiRoutes.sessionCreate.pattern, validate('param', SiteParams), async (c) => {
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

  app.get(apiRoutes.sessionToken.pattern, validate('param', SiteParams), requireSession, async (c) => {
    return c.json<TokenResponse>({ token: await issueToken(c.get('deps'), c.get('session')) });
  });

  app.get(apiRoutes.sessionInfo.pattern, validate('param', SiteParams), requireSession, async (c) => {
    const row = await findSession(c.get('deps').db, c.get('session').sessionId);
    return c.json<SessionInfo>({ hasProfile: row?.hasProfile ?? false });
  });

  app.get(apiRoutes.loyaltySignIn.pattern, validate('param', SiteParams), validate('query', LoyaltyQuery), async (c) => {
    const deps = c.get('deps');
    const { siteId } = c.req.valid('param');
    const { returnUrl, token } = c.req.valid('query');
    const session = await authenticate(deps, token);
    if (session.siteId !== siteId) throw forbidden('This session belongs to another site.');
    return c.html(loyaltyPage({ action: c.req.path, token, returnUrl }));
  });

  app.post(apiRoutes.loyaltySignIn.pattern, validate('param', SiteParams), async (c) => {
    const deps = c.get('deps');
    const { siteId } = c.req.valid('param');
    const form = await parseWith(LoyaltyQuery, await c.req.parseBody(), 'form');
    const session = await authenticate(deps, form.token);
    if (session.siteId !== siteId) throw forbidden('This session belongs to another site.');
    await markProfile(deps, session.sessionId);
    return c.redirect(`${deps.config.appOrigin}${form.returnUrl}`, 303);
  });

  return app;
}

function loyaltyPage(p: { action: string; token: string; returnUrl: string }) {
  return html`<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Sign in to your loyalty account</title>
    <style>
      body { font-family: system-ui, sans-serif; max-width: 28rem; margin: 4rem auto; padding: 0 1rem; color: #1d1d1f; }
      label { display: block; margin: 1rem 0 0.25rem; }
      input[type='email'], input[type='password'] { width: 100%; padding: 0.5rem; box-sizing: border-box; }
      button { margin-top: 1.5rem; padding: 0.6rem 1.2rem; font-size: 1rem; }
      .note { color: #555; font-size: 0.9rem; }
    </style>
  </head>
  <body>
    <main>
      <h1>Sign in to your loyalty account</h1>
      <p class="note">This is the sandbox loyalty provider: any details sign you in.</p>
      <form method="post" action="${p.action}">
        <input type="hidden" name="token" value="${p.token}" />
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
