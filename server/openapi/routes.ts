/**
 * The API describes itself: its OpenAPI 3.1 document at /api/openapi.json, and a page for partners'
 * developers at /api/docs (Swagger UI, from the swagger-ui-dist package's own files, no CDN). The
 * document is built on the first request for it (document.ts, loaded then), and kept.
 *
 * The page has a content security policy of its own: Swagger UI's script and style files from the
 * API, the document and "Try it out" calls to the API only, no inline script, never framed. Its
 * files are served under the package's version, so a browser keeps them.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { Hono, type Context } from 'hono';
import type { AppEnv } from '../app-env.ts';
import { DOCS_PATH, OPENAPI_PATH } from './paths.ts';

const require = createRequire(import.meta.url);

/** The package's folder and version; resolved when first asked for, so a start never reads it. */
let swaggerUi: { dir: string; version: string } | undefined;
function swaggerUiPackage(): { dir: string; version: string } {
  if (swaggerUi === undefined) {
    const manifest = require.resolve('swagger-ui-dist/package.json');
    swaggerUi = { dir: dirname(manifest), version: (require(manifest) as { version: string }).version };
  }
  return swaggerUi;
}

/** The files the page loads, by the name it asks for them. */
const ASSETS: Record<string, { file: string; type: string }> = {
  'swagger-ui.css': { file: 'swagger-ui.css', type: 'text/css; charset=utf-8' },
  'swagger-ui-bundle.js': { file: 'swagger-ui-bundle.js', type: 'text/javascript; charset=utf-8' },
  'favicon-32x32.png': { file: 'favicon-32x32.png', type: 'image/png' },
};

/**
 * Starts Swagger UI on the document beside the page (relative addresses, so the page also works
 * where the API is mounted under a prefix), without the online validator's badge.
 */
const START_SCRIPT = `window.addEventListener('DOMContentLoaded', function () {
  window.ui = SwaggerUIBundle({
    url: new URL('openapi.json', window.location.href).toString(),
    dom_id: '#swagger-ui',
    deepLinking: true,
    validatorUrl: null,
    persistAuthorization: false,
    tryItOutEnabled: false,
    presets: [SwaggerUIBundle.presets.apis],
    layout: 'BaseLayout',
  });
});
`;

const DOCS_STYLE = `body { margin: 0; font-family: system-ui, sans-serif; }
.shop-docs-header { padding: 1rem 2rem; background: #1b3a5c; color: #fff; }
.shop-docs-header a { color: #fff; }
`;

function page(version: string): string {
  const asset = (name: string) => `docs/${version}/${name}`;
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Travel Money Shop API</title>
    <link rel="icon" type="image/png" href="${asset('favicon-32x32.png')}" />
    <link rel="stylesheet" href="${asset('swagger-ui.css')}" />
    <link rel="stylesheet" href="${asset('docs.css')}" />
  </head>
  <body>
    <header class="shop-docs-header">
      <p>Travel Money Shop API. The description as JSON: <a href="openapi.json">openapi.json</a> (OpenAPI 3.1).</p>
    </header>
    <main id="swagger-ui"><noscript>This page needs JavaScript; the description itself is <a href="openapi.json">openapi.json</a>.</noscript></main>
    <script src="${asset('swagger-ui-bundle.js')}"></script>
    <script src="${asset('start.js')}"></script>
  </body>
</html>
`;
}

/** The page's policy: its own files only; the document and the calls it tries from the API. */
export function docsContentSecurityPolicy(apiBase: string): string {
  const api = new URL(apiBase).origin;
  return [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data:",
    "font-src 'self'",
    `connect-src 'self' ${api}`,
    "form-action 'none'",
    "frame-ancestors 'none'",
    "base-uri 'none'",
  ].join('; ');
}

interface Asset {
  body: Buffer;
  gzipped: Buffer;
  type: string;
}
const assets = new Map<string, Promise<Asset>>();

function loadAsset(name: string): Promise<Asset> | null {
  let loaded = assets.get(name);
  if (loaded === undefined) {
    const own: Record<string, string> = { 'start.js': START_SCRIPT, 'docs.css': DOCS_STYLE };
    const known = ASSETS[name];
    if (own[name] === undefined && known === undefined) return null;
    loaded = (async () => {
      const body = own[name] !== undefined ? Buffer.from(own[name]) : await readFile(join(swaggerUiPackage().dir, known!.file));
      const type = known?.type ?? (name.endsWith('.css') ? 'text/css; charset=utf-8' : 'text/javascript; charset=utf-8');
      return { body, gzipped: gzipSync(body), type };
    })();
    loaded.catch(() => assets.delete(name));
    assets.set(name, loaded);
  }
  return loaded;
}

const acceptsGzip = (c: Context<AppEnv>) => /\bgzip\b/.test(c.req.header('Accept-Encoding') ?? '');

export function openApiRoutes() {
  const app = new Hono<AppEnv>();
  const documents = new Map<string, Promise<string>>();

  app.get(OPENAPI_PATH, async (c) => {
    const { config } = c.get('deps');
    const key = `${config.apiBase} ${config.opsToken !== null}`;
    let text = documents.get(key);
    if (text === undefined) {
      // The generator and the schema converter load with the first request, not with the shop.
      text = import('./document.ts').then(({ openApiDocument }) => JSON.stringify(openApiDocument({ apiBase: config.apiBase, opsRoutes: config.opsToken !== null })));
      text.catch(() => documents.delete(key));
      documents.set(key, text);
    }
    c.header('Cache-Control', 'public, no-cache');
    return c.body(await text, 200, { 'Content-Type': 'application/json' });
  });

  app.get(DOCS_PATH, (c) => {
    c.header('Content-Security-Policy', docsContentSecurityPolicy(c.get('deps').config.apiBase));
    c.header('Cache-Control', 'public, no-cache');
    return c.html(page(swaggerUiPackage().version));
  });

  app.get(`${DOCS_PATH}/:version/:file`, async (c) => {
    const { version, file } = c.req.param();
    const asset = version === swaggerUiPackage().version ? loadAsset(file) : null;
    if (asset === null) return c.notFound();
    const { body, gzipped, type } = await asset;
    const gzip = acceptsGzip(c);
    c.header('Content-Type', type);
    // The version is in the address: a new package is a new address.
    c.header('Cache-Control', 'public, max-age=31536000, immutable');
    c.header('Vary', 'Accept-Encoding');
    if (gzip) c.header('Content-Encoding', 'gzip');
    return c.body(new Uint8Array(gzip ? gzipped : body));
  });

  return app;
}
