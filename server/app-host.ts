/**
 * The app host: serves the built app (dist/) and answers every other path with index.html for
 * client routing. index.html carries the runtime configuration (API base, app and payment
 * origins, site id) as `window.__SHOP_CONFIG__`, so one build runs on any ports and origins.
 */
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono, type Context } from 'hono';
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { appPaths } from '#domain/contract/routes.ts';
import { SHOP_CONFIG_GLOBAL, type ShopRuntimeConfig } from '#domain/contract/runtime-config.ts';
import { appContentSecurityPolicy, appSecurityHeaders, inlineScriptHashes } from './security-headers.ts';

/** JSON that is safe inside a <script> element: no '</script>', no '<!--', no line separators. */
function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

export function shopConfigScript(config: ShopRuntimeConfig): string {
  const { apiBase, siteId, appOrigin, pspOrigin } = config;
  return `<script>window.${SHOP_CONFIG_GLOBAL} = ${scriptSafeJson({ apiBase, siteId, appOrigin, pspOrigin })};</script>`;
}

/** The page with the configuration first in its head, before any of the app's scripts run. */
export function injectShopConfig(html: string, config: ShopRuntimeConfig): string {
  const script = shopConfigScript(config);
  const head = /<head(\s[^>]*)?>/i.exec(html);
  if (!head) return `${script}\n${html}`;
  const at = head.index + head[0].length;
  return `${html.slice(0, at)}\n    ${script}${html.slice(at)}`;
}

export interface AppHostOptions {
  config: ShopRuntimeConfig;
  /** The built app, relative to the working directory (serveStatic takes no absolute root). */
  distDir?: string;
  /** Partner origins that may frame the embedded calculator (EMBED_ANCESTORS). */
  embedAncestors?: readonly string[];
}

/** Where each answer's style nonce goes: react-aria reads `<meta property="csp-nonce">` for the style elements it adds. */
const NONCE_SLOT = '__CSP_STYLE_NONCE__';

/** The page with a slot for the style nonce in its head, filled in for each answer. */
export function withNonceSlot(html: string): string {
  const meta = `<meta property="csp-nonce" nonce="${NONCE_SLOT}" />`;
  const head = /<head(\s[^>]*)?>/i.exec(html);
  if (!head) return `${meta}\n${html}`;
  const at = head.index + head[0].length;
  return `${html.slice(0, at)}\n    ${meta}${html.slice(at)}`;
}

export function createAppHost({ config, distDir = 'dist', embedAncestors = [] }: AppHostOptions): Hono<{ Variables: { styleNonce: string } }> {
  const app = new Hono<{ Variables: { styleNonce: string } }>();
  let page: string | undefined;
  // The inline configuration script is allowed by its hash, computed once the page is written.
  let scriptHashes: string[] = [];
  const policyOptions = { ...config, embedAncestors };

  // Every answer (page or asset) carries the security headers; the policy allows the page's own
  // inline script by hash, and only the embedded calculator may be framed by partner sites.
  // A fresh style nonce per answer: react-aria adds small <style> elements and tags them with it.
  app.use('*', async (c, next) => {
    const styleNonce = randomBytes(16).toString('base64');
    c.set('styleNonce', styleNonce);
    await next();
    const framedBy = c.req.path === appPaths.embeddedCalculator ? 'partners' : 'shop';
    const policy = appContentSecurityPolicy(policyOptions, scriptHashes, framedBy, styleNonce);
    for (const [name, value] of Object.entries(appSecurityHeaders(config.appOrigin, policy, framedBy))) c.res.headers.set(name, value);
  });

  const sendIndex = async (c: Context<{ Variables: { styleNonce: string } }>) => {
    if (page === undefined) {
      page = withNonceSlot(injectShopConfig(await readFile(path.join(distDir, 'index.html'), 'utf8'), config));
      scriptHashes = inlineScriptHashes(page);
    }
    // The page names the hashed assets and carries the configuration: never served stale.
    c.header('Cache-Control', 'no-cache');
    return c.html(page.replace(NONCE_SLOT, c.get('styleNonce')));
  };

  // index.html is always the configured one, whatever path reaches it.
  app.get('/', sendIndex);
  app.get('/index.html', sendIndex);
  app.use('/*', serveStatic({ root: distDir }));
  app.get('*', sendIndex);
  return app;
}
