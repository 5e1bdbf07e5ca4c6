import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ShopRuntimeConfig } from '#domain/contract/runtime-config.ts';
import { chooseEncoding, createAppHost, IMMUTABLE, injectShopConfig } from './app-host.ts';

const config: ShopRuntimeConfig = {
  apiBase: 'http://localhost:4101',
  siteId: 2,
  appOrigin: 'http://localhost:4100',
  pspOrigin: 'http://localhost:4102',
};

const INDEX = `<!doctype html>
<html lang="en-GB">
  <head>
    <meta charset="UTF-8" />
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
  </head>
  <body><div id="root"></div></body>
</html>`;

/** Runs the script the host wrote into the page and answers what it set. */
function configOf(html: string): unknown {
  const script = /<script>([\s\S]*?)<\/script>/.exec(html)?.[1];
  if (script === undefined) throw new Error('no inline script');
  const window: Record<string, unknown> = {};
  new Function('window', script)(window);
  return window.__SHOP_CONFIG__;
}

describe('injectShopConfig', () => {
  it('writes the configuration first in the head, before the app script', () => {
    const html = injectShopConfig(INDEX, config);
    expect(configOf(html)).toEqual(config);
    expect(html.indexOf('__SHOP_CONFIG__')).toBeLessThan(html.indexOf('/assets/index-abc.js'));
  });

  it('cannot be broken out of with a crafted value', () => {
    const html = injectShopConfig(INDEX, { ...config, apiBase: 'http://x/</script><script>alert(1)</script>' });
    expect(html.match(/<\/script>/g)).toHaveLength(2);
    expect(configOf(html)).toMatchObject({ apiBase: 'http://x/</script><script>alert(1)</script>' });
  });
});

describe('chooseEncoding', () => {
  it.each([
    ['gzip, deflate, br, zstd', ['br', 'gzip'], 'br'],
    ['gzip, deflate', ['br', 'gzip'], 'gzip'],
    ['br;q=0.5, gzip', ['br', 'gzip'], 'gzip'],
    ['br;q=0, gzip;q=0', ['br', 'gzip'], null],
    ['*', ['br', 'gzip'], 'br'],
    ['identity', ['br', 'gzip'], null],
    ['gzip, br', ['gzip'], 'gzip'],
    [undefined, ['br', 'gzip'], null],
    ['br', [], null],
  ] as const)('Accept-Encoding %s with %j available: %s', (header, available, expected) => {
    expect(chooseEncoding(header, available)).toBe(expected);
  });
});

const BIG = `export const lines = [${Array.from({ length: 400 }, (_, i) => `'line ${i}'`).join(', ')}];`;
const FAVICON = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><circle cx="16" cy="16" r="15"/></svg>';

describe('app host', () => {
  let root: string;
  let app: ReturnType<typeof createAppHost>;

  beforeAll(async () => {
    // serveStatic takes a root relative to the working directory.
    const dir = await mkdtemp(path.join(os.tmpdir(), 'app-host-'));
    root = path.relative(process.cwd(), dir);
    await mkdir(path.join(dir, 'assets'));
    await writeFile(path.join(dir, 'index.html'), INDEX);
    await writeFile(path.join(dir, 'assets', 'index-abc.js'), 'console.log(1);');
    // As the build leaves them: compressed copies beside a large asset.
    await writeFile(path.join(dir, 'assets', 'big-def.js'), BIG);
    await writeFile(path.join(dir, 'assets', 'big-def.js.br'), brotliCompressSync(BIG));
    await writeFile(path.join(dir, 'assets', 'big-def.js.gz'), gzipSync(BIG));
    await writeFile(path.join(dir, 'favicon.svg'), FAVICON);
    await mkdir(path.join(dir, '.vite'));
    await writeFile(path.join(dir, '.vite', 'manifest.json'), '{}');
    app = createAppHost({ config, distDir: root });
  });
  afterAll(async () => {
    await rm(path.resolve(root), { recursive: true, force: true });
  });

  it.each(['/', '/index.html', '/checkout/payment', '/eur-to-gbp'])('answers %s with the configured page', async (url) => {
    const res = await app.request(url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(configOf(await res.text())).toEqual(config);
  });

  it('serves the built assets as they are', async () => {
    const res = await app.request('/assets/index-abc.js');
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('console.log(1);');
  });

  it.each([
    ['gzip, deflate, br, zstd', 'br', brotliDecompressSync],
    ['gzip, deflate', 'gzip', gunzipSync],
  ] as const)('sends the precompressed asset for Accept-Encoding %s (%s)', async (acceptEncoding, encoding, decode) => {
    const res = await app.request('/assets/big-def.js', { headers: { 'Accept-Encoding': acceptEncoding } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBe(encoding);
    expect(res.headers.get('vary')).toBe('Accept-Encoding');
    expect(res.headers.get('content-type')).toContain('javascript');
    expect(decode(Buffer.from(await res.arrayBuffer())).toString()).toBe(BIG);
  });

  it('sends the plain asset, still varying by encoding, to a client that accepts none', async () => {
    const res = await app.request('/assets/big-def.js');
    expect(res.headers.get('content-encoding')).toBeNull();
    expect(res.headers.get('vary')).toBe('Accept-Encoding');
    expect(await res.text()).toBe(BIG);
  });

  it.each(['/assets/index-abc.js', '/assets/big-def.js'])('lets browsers keep the hashed asset %s for a year', async (url) => {
    const res = await app.request(url);
    expect(res.headers.get('cache-control')).toBe(IMMUTABLE);
  });

  it('sends the page compressed, with an ETag, and answers 304 while it is unchanged', async () => {
    const res = await app.request('/', { headers: { 'Accept-Encoding': 'gzip, br' } });
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(configOf(brotliDecompressSync(Buffer.from(await res.arrayBuffer())).toString())).toEqual(config);
    const etag = res.headers.get('etag');
    expect(etag).toMatch(/^".+"$/);
    const again = await app.request('/checkout/view-cart', { headers: { 'If-None-Match': etag! } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
  });

  it('serves the favicon, revalidated', async () => {
    const res = await app.request('/favicon.svg');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('image/svg+xml');
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(await res.text()).toBe(FAVICON);
  });

  it.each(['/assets/index-gone.js', '/assets/missing', '/favicon.ico', '/robots.txt', '/.vite/manifest.json', '/%2e%2e/package.json'])(
    'answers a missing file %s with 404, not the page',
    async (url) => {
      const res = await app.request(url);
      expect(res.status).toBe(404);
      expect(res.headers.get('content-type')).toContain('application/problem+json');
      expect(await res.json()).toMatchObject({ title: 'Not found', status: 404 });
    },
  );
});
