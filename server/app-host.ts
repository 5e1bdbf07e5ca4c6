/**
 * The app host: serves the built app (dist/) and answers every app route with index.html for
 * client routing. index.html carries the runtime configuration (API base, app and payment
 * origins, site id) as `window.__SHOP_CONFIG__`, so one build runs on any ports and origins.
 *
 * Caching and compression: the build leaves brotli and gzip copies beside its files
 * (scripts/build-plugins.ts), sent by Accept-Encoding with `Vary: Accept-Encoding`. Files under
 * /assets carry a content hash in their names, so they are cached for a year as `immutable`;
 * index.html and the unhashed files (favicon, ...) are revalidated on every visit (`no-cache`
 * with an ETag, answered 304 when unchanged). A missing file (a path with an extension, or
 * anything under /assets) is a 404, never the page.
 *
 * One round trip: the host can serve the API on the shop's own origin (under /backend, so the
 * browser's calls need no CORS preflight) and writes the public reads every page starts with
 * (settings, catalogue, content, the default branch, the calculator's first quote) and those of
 * the page at the address (a chart page's rate history, `pageReads`) into the page as a JSON data
 * block; the app's API client answers those reads from it while fresh (src/api/client.ts
 * `preloaded`), each in a task of its own (decision 064). A
 * page drawn by chunks it loads on demand names them in its head (./page-preloads.ts), so they
 * arrive beside the first chunk.
 *
 * Security: every answer carries the security headers (security-headers.ts). The page's inline
 * configuration script is allowed by its hash; each answer gets a fresh style nonce for the small
 * <style> elements react-aria adds, so the page itself is compressed per answer and has no ETag
 * (a 304 would pair a cached page with a new nonce).
 */
import { Hono, type Context } from 'hono';
import { getMimeType } from 'hono/utils/mime';
import { createHash, randomBytes } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import * as v from 'valibot';
import {
  CalculatorContentSchema,
  ChartResponseSchema,
  CheckoutContentSchema,
  CurrenciesResponseSchema,
  ProductsResponseSchema,
  QuoteResponseSchema,
  RatesBoardSchema,
  SiteProductsResponseSchema,
  SiteSettingsSchema,
  type SiteSettings,
} from '#domain/contract/catalogue.ts';
import { StoreSchema, type Store } from '#domain/contract/branches.ts';
import { appPaths, firstPageApiRoutes, preloadedReadPaths, type PreloadedRead, type PreloadedRoute } from '#domain/contract/routes.ts';
import { initialSelection } from '#domain/products.ts';
import { chartPageOf } from '#domain/chart.ts';
import { laterApiRoutes } from '#domain/contract/later-routes.ts';
import { API_MOUNT_PATH, PRELOADED_READS_ID, SHOP_CONFIG_GLOBAL, type PreloadedReads, type ShopRuntimeConfig } from '#domain/contract/runtime-config.ts';
import { preloadLinks, readManifest, type Manifest } from './page-preloads.ts';
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
  /**
   * The API, served on the shop's own origin under API_MOUNT_PATH (the browser's calls then need
   * no CORS preflight); the runtime config's apiBase should point there.
   */
  api?: { fetch: (request: Request, env?: unknown) => Response | Promise<Response> };
  /**
   * The public reads every page starts with (domain/contract/routes.ts preloadedReadPaths) and
   * those of the page at the address (pageReads), written into each page as a data block so the
   * first screen needs no round trip for them.
   */
  preload?: (pathname: string) => Promise<PreloadedReads>;
  /** The built app (absolute, or relative to the working directory). */
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

export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const REVALIDATE = 'no-cache';

type Encoding = 'br' | 'gzip';
const SUFFIX: Record<Encoding, string> = { br: '.br', gzip: '.gz' };
/** Preferred first when the browser accepts both equally. */
const PREFERENCE: readonly Encoding[] = ['br', 'gzip'];

/** The best encoding the request accepts among those available (q-values honoured), or null. */
export function chooseEncoding(acceptEncoding: string | undefined, available: readonly Encoding[]): Encoding | null {
  if (!acceptEncoding || available.length === 0) return null;
  const accepted = new Map<string, number>();
  for (const part of acceptEncoding.split(',')) {
    const [name = '', ...params] = part.split(';').map((s) => s.trim().toLowerCase());
    const q = params.find((p) => p.startsWith('q='));
    accepted.set(name, q === undefined ? 1 : Number(q.slice(2)) || 0);
  }
  const qOf = (e: Encoding) => accepted.get(e) ?? accepted.get('*') ?? 0;
  let best: Encoding | null = null;
  for (const e of PREFERENCE) {
    if (available.includes(e) && qOf(e) > 0 && (best === null || qOf(e) > qOf(best))) best = e;
  }
  return best;
}

/** A representation of one resource: its plain bytes and whichever compressed copies exist. */
interface Variants {
  type: string;
  etag: string;
  plain: Uint8Array;
  encoded: Partial<Record<Encoding, Uint8Array>>;
}

const etagOf = (data: Uint8Array) => `"${createHash('sha256').update(data).digest('base64url').slice(0, 27)}"`;

/** Safe, served file names only: no dot segments, no hidden files (dist/.vite), no backslashes. */
function fileOf(distDir: string, urlPath: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  if (decoded.includes('\\') || decoded.includes('\0') || decoded.split('/').some((seg) => seg.startsWith('.'))) return null;
  return path.join(distDir, decoded);
}

async function readIfFile(file: string): Promise<Buffer | null> {
  try {
    if (!(await stat(file)).isFile()) return null;
    return await readFile(file);
  } catch {
    return null;
  }
}

/** A path that names a file (the last segment has an extension) or lies under /assets. */
const isFilePath = (urlPath: string) => urlPath.startsWith('/assets/') || /\.[a-z0-9]+$/i.test(urlPath.slice(urlPath.lastIndexOf('/')));

type HostEnv = { Variables: { styleNonce: string } };

function send(c: Context<HostEnv>, variants: Variants, cacheControl: string): Response {
  c.header('Cache-Control', cacheControl);
  c.header('ETag', variants.etag);
  const available = PREFERENCE.filter((e) => variants.encoded[e] !== undefined);
  if (available.length > 0) c.header('Vary', 'Accept-Encoding');
  const ifNoneMatch = c.req.header('If-None-Match');
  if (ifNoneMatch !== undefined && ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === variants.etag)) {
    return c.body(null, 304);
  }
  const encoding = chooseEncoding(c.req.header('Accept-Encoding'), available);
  const bytes = encoding === null ? variants.plain : variants.encoded[encoding]!;
  if (encoding !== null) c.header('Content-Encoding', encoding);
  c.header('Content-Type', variants.type);
  c.header('Content-Length', String(bytes.byteLength));
  // Hono answers HEAD through this GET route and drops the body itself.
  return c.body(new Uint8Array(bytes), 200);
}

/** The page's data block for the preloaded reads, filled in for each answer. */
const PRELOAD_SLOT = '__SHOP_PRELOADED_READS__';

/** Where each answer names the chunks its page loads on demand (./page-preloads.ts). */
const PAGE_PRELOADS_SLOT = '<!--page-preloads-->';

/** The page with a place for the preload links of the chunks its address loads on demand, at the end of its head. */
export function withPagePreloadsSlot(html: string): string {
  const head = /<\/head>/i.exec(html);
  if (!head) return html;
  return `${html.slice(0, head.index)}  ${PAGE_PRELOADS_SLOT}\n  ${html.slice(head.index)}`;
}

/** The page with an (empty) data block for the preloaded reads, after the configuration script. */
export function withPreloadSlot(html: string): string {
  const block = `<script type="application/json" id="${PRELOADED_READS_ID}">${PRELOAD_SLOT}</script>`;
  const head = /<\/head>/i.exec(html);
  if (!head) return `${html}\n${block}`;
  return `${html.slice(0, head.index)}  ${block}\n  ${html.slice(head.index)}`;
}

/** The contract's schema of each read the page carries: the host writes only answers that match it. */
const PRELOADED_SCHEMAS: Record<PreloadedRoute, v.GenericSchema> = {
  siteSettings: SiteSettingsSchema,
  siteProducts: SiteProductsResponseSchema,
  products: ProductsResponseSchema,
  currencies: CurrenciesResponseSchema,
  calculatorContent: CalculatorContentSchema,
  checkoutContent: CheckoutContentSchema,
  defaultStore: StoreSchema,
  ratesBoard: RatesBoardSchema,
  quote: QuoteResponseSchema,
  chart: ChartResponseSchema,
};

type ApiInProcess = { request: (path: string) => Response | Promise<Response> };

/** One read asked of the API in-process; null when it fails or its answer breaks the contract. */
async function preloadRead(api: ApiInProcess, read: PreloadedRead): Promise<readonly [string, unknown] | null> {
  try {
    const res = await api.request(read.path);
    if (res.status !== 200) return null;
    const parsed = v.safeParse(PRELOADED_SCHEMAS[read.route], await res.json());
    return parsed.success ? ([read.path, parsed.output] as const) : null;
  } catch {
    return null;
  }
}

/**
 * The calculator's first quote on the shop's own pages, as the calculator asks for it when it
 * starts with no branch, cart or page type of its own: the site's default currency at the default
 * branch, for the product a first visit offers (domain/products.ts initialSelection).
 */
export function firstQuoteRead(siteId: number, settings: SiteSettings | undefined, store: Store | undefined): PreloadedRead | null {
  if (settings === undefined || store === undefined) return null;
  const { productId } = initialSelection({ pageType: null, sellCurrency: null, cartProductId: null });
  return { route: 'quote', path: firstPageApiRoutes.quote.url(siteId, store.id, productId, settings.defaultCurrency) };
}

/**
 * The reads of the page at an address beyond those every page starts with: a currency's chart
 * page carries its rate history (the chart's largest element is drawn from it, with no round
 * trip after the chart's code arrives). Its path is the one the chart asks for (spec 7.2).
 */
export function pageReads(pathname: string): PreloadedRead[] {
  const chart = chartPageOf(pathname);
  return chart === null ? [] : [{ route: 'chart', path: laterApiRoutes.currencyConverter.url(chart.currencyCode, chart.inverted) }];
}

/**
 * The reads every page starts with (domain/contract/routes.ts preloadedReadPaths) and those of
 * the page at `pathname` (pageReads), and then the calculator's first quote, asked of the API
 * in-process as an anonymous browser would; each answer is checked against the contract's schema
 * (the app trusts what the page carries), and a read that fails or does not match is left out
 * (the app asks, and its client reports the mismatch).
 */
export async function preloadReads(api: ApiInProcess, siteId: number, pathname = '/'): Promise<PreloadedReads> {
  const reads = [...preloadedReadPaths(siteId), ...pageReads(pathname)];
  const answers = Object.fromEntries((await Promise.all(reads.map((read) => preloadRead(api, read)))).filter((a) => a !== null));
  const pathOf = (route: PreloadedRoute) => reads.find((read) => read.route === route)?.path ?? '';
  // Both were checked against their schemas (preloadRead).
  const quote = firstQuoteRead(siteId, answers[pathOf('siteSettings')] as SiteSettings | undefined, answers[pathOf('defaultStore')] as Store | undefined);
  const quoted = quote === null ? null : await preloadRead(api, quote);
  return quoted === null ? answers : { ...answers, [quoted[0]]: quoted[1] };
}

/** The staff page's address on the shop's origin (server/routes/staff.ts), answered by the API. */
export const STAFF_PAGE_PATH = '/staff';

export function createAppHost({ config, distDir = 'dist', embedAncestors = [], api, preload }: AppHostOptions): Hono<HostEnv> {
  const app = new Hono<HostEnv>();

  // The API on the shop's own origin: answered by the API app itself, with its own headers (this
  // route comes before the page's security headers), and the socket's details for its rate limits.
  if (api !== undefined) {
    const toApi = (c: Context<HostEnv>, strip: string) => {
      const url = new URL(c.req.url);
      url.pathname = url.pathname.slice(strip.length);
      const raw = c.req.raw;
      const hasBody = raw.method !== 'GET' && raw.method !== 'HEAD';
      // duplex: the body is streamed through as it arrives (undici's RequestInit). No abort signal:
      // the API's routes never read one, and a Request that follows another's signal costs undici
      // an abort listener and a finalization registry entry on every call (decision 034).
      const init = { method: raw.method, headers: raw.headers, ...(hasBody ? { body: raw.body, duplex: 'half' } : {}) };
      return api.fetch(new Request(url, init as RequestInit), c.env);
    };
    app.all(`${API_MOUNT_PATH}/*`, (c) => toApi(c, API_MOUNT_PATH));
    // The staff page (routes/staff.ts) is the API's, at /staff on the shop's origin too.
    app.all(STAFF_PAGE_PATH, (c) => toApi(c, ''));
    app.all(`${STAFF_PAGE_PATH}/*`, (c) => toApi(c, ''));
  }
  let page: Promise<string> | undefined;
  // The build's chunks, read with the page: which of them each address loads on demand.
  let manifest: Manifest = {};
  // The inline configuration script is allowed by its hash, computed once the page is written.
  let scriptHashes: string[] = [];
  const policyOptions = { ...config, embedAncestors };

  // Every answer (page or asset) carries the security headers; only the embedded calculator may
  // be framed by partner sites.
  app.use('*', async (c, next) => {
    const styleNonce = randomBytes(16).toString('base64');
    c.set('styleNonce', styleNonce);
    await next();
    const framedBy = c.req.path === appPaths.embeddedCalculator ? 'partners' : 'shop';
    const policy = appContentSecurityPolicy(policyOptions, scriptHashes, framedBy, styleNonce);
    for (const [name, value] of Object.entries(appSecurityHeaders(config.appOrigin, policy, framedBy))) c.res.headers.set(name, value);
  });

  // Rewritten once, at the first request, since the build cannot know the configuration.
  const loadPage = async (): Promise<string> => {
    const html = withPagePreloadsSlot(withPreloadSlot(withNonceSlot(injectShopConfig(await readFile(path.join(distDir, 'index.html'), 'utf8'), config))));
    manifest = readManifest(distDir);
    scriptHashes = inlineScriptHashes(html);
    return html;
  };

  const sendIndex = async (c: Context<HostEnv>) => {
    page ??= loadPage().catch((error: unknown) => {
      page = undefined;
      throw error;
    });
    const reads = preload === undefined ? {} : await preload(c.req.path).catch(() => ({}));
    const html = Buffer.from(
      (await page)
        .replace(NONCE_SLOT, c.get('styleNonce'))
        .replace(PRELOAD_SLOT, () => scriptSafeJson(reads))
        .replace(PAGE_PRELOADS_SLOT, () => preloadLinks(manifest, c.req.path)),
    );
    // The page names the hashed assets and carries the configuration: never served stale. It is
    // small, so it is compressed per answer at a fast setting.
    c.header('Cache-Control', REVALIDATE);
    c.header('Vary', 'Accept-Encoding');
    const encoding = chooseEncoding(c.req.header('Accept-Encoding'), PREFERENCE);
    const bytes =
      encoding === 'br'
        ? brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } })
        : encoding === 'gzip'
          ? gzipSync(html, { level: 6 })
          : html;
    if (encoding !== null) c.header('Content-Encoding', encoding);
    c.header('Content-Type', 'text/html; charset=UTF-8');
    c.header('Content-Length', String(bytes.byteLength));
    return c.body(new Uint8Array(bytes), 200);
  };

  const sendFile = async (c: Context<HostEnv>, urlPath: string) => {
    const file = fileOf(distDir, urlPath);
    const plain = file === null ? null : await readIfFile(file);
    if (file === null || plain === null) return null;
    const encoded: Variants['encoded'] = {};
    for (const e of PREFERENCE) {
      const copy = await readIfFile(file + SUFFIX[e]);
      if (copy !== null) encoded[e] = copy;
    }
    const type = getMimeType(file) ?? (file.endsWith('.map') ? 'application/json; charset=utf-8' : 'application/octet-stream');
    return send(c, { type, etag: etagOf(plain), plain, encoded }, urlPath.startsWith('/assets/') ? IMMUTABLE : REVALIDATE);
  };

  // index.html is always the configured one, whatever path reaches it.
  app.get('/', sendIndex);
  app.get('/index.html', sendIndex);
  app.get('*', async (c) => {
    const urlPath = c.req.path;
    if (!isFilePath(urlPath)) return sendIndex(c);
    const found = await sendFile(c, urlPath);
    if (found) return found;
    return c.json({ type: 'about:blank', title: 'Not found', status: 404, detail: `There is no file at ${urlPath}.` }, 404, {
      'Content-Type': 'application/problem+json',
      'Cache-Control': REVALIDATE,
    });
  });
  return app;
}
