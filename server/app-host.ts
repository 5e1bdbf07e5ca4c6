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
 */
import { Hono, type Context } from 'hono';
import { getMimeType } from 'hono/utils/mime';
import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { SHOP_CONFIG_GLOBAL, type ShopRuntimeConfig } from '#domain/contract/runtime-config.ts';

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
  /** The built app (absolute, or relative to the working directory). */
  distDir?: string;
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

function send(c: Context, variants: Variants, cacheControl: string): Response {
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

export function createAppHost({ config, distDir = 'dist' }: AppHostOptions): Hono {
  const app = new Hono();
  let page: Promise<Variants> | undefined;

  // Rewritten once, at the first request: compressed here, since the build cannot know the configuration.
  const loadPage = async (): Promise<Variants> => {
    const html = Buffer.from(injectShopConfig(await readFile(path.join(distDir, 'index.html'), 'utf8'), config));
    return {
      type: 'text/html; charset=UTF-8',
      etag: etagOf(html),
      plain: html,
      encoded: {
        br: brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY } }),
        gzip: gzipSync(html, { level: constants.Z_BEST_COMPRESSION }),
      },
    };
  };

  const sendIndex = async (c: Context) => {
    page ??= loadPage().catch((error: unknown) => {
      page = undefined;
      throw error;
    });
    // The page names the hashed assets and carries the configuration: never served stale.
    return send(c, await page, REVALIDATE);
  };

  const sendFile = async (c: Context, urlPath: string) => {
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
