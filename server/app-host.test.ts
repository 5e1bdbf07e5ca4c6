import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createHash } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_MOUNT_PATH, PRELOADED_READS_ID, type ShopRuntimeConfig } from '#domain/contract/runtime-config.ts';
import type { Store } from '#domain/contract/branches.ts';
import type { SiteSettings } from '#domain/contract/catalogue.ts';
import { firstPageApiRoutes, preloadedReadPaths, type PreloadedRoute } from '#domain/contract/routes.ts';
import { laterApiRoutes } from '#domain/contract/later-routes.ts';
import { PRODUCT } from '#domain/products.ts';
import { createTestServer, type TestServer } from './testing.ts';
import { chooseEncoding, createAppHost, IMMUTABLE, injectShopConfig, pageReads, preloadReads } from './app-host.ts';

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
    app = createAppHost({ config, distDir: root, embedAncestors: ['https://partner.example'] });
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

  it('sends the page compressed and revalidated on every visit, without an ETag: each answer has its own style nonce', async () => {
    const res = await app.request('/', { headers: { 'Accept-Encoding': 'gzip, br' } });
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(res.headers.get('vary')).toBe('Accept-Encoding');
    expect(configOf(brotliDecompressSync(Buffer.from(await res.arrayBuffer())).toString())).toEqual(config);
    expect(res.headers.get('etag')).toBeNull();
    const gz = await app.request('/checkout/view-cart', { headers: { 'Accept-Encoding': 'gzip' } });
    expect(configOf(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString())).toEqual(config);
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

  /** The policy's directives by name. */
  const directives = (res: Response) =>
    new Map(
      (res.headers.get('content-security-policy') ?? '')
        .split(';')
        .map((d) => d.trim().split(/\s+/))
        .filter((d) => d[0] !== '')
        .map(([name = '', ...values]) => [name, values]),
    );

  it('sends a strict content security policy that allows its inline configuration by hash only', async () => {
    const res = await app.request('/checkout/view-cart');
    const html = await res.text();
    const inline = /<script>([\s\S]*?)<\/script>/.exec(html)?.[1] ?? '';
    const hash = `'sha256-${createHash('sha256').update(inline).digest('base64')}'`;
    const csp = directives(res);
    expect(csp.get('script-src')).toEqual(["'self'", hash]);
    const nonce = /<meta property="csp-nonce" nonce="([^"]+)"/.exec(html)?.[1];
    expect(csp.get('style-src')).toEqual(["'self'", `'nonce-${nonce}'`]);
    expect(csp.get('style-src-attr')).toEqual(["'unsafe-inline'"]);
    expect(csp.get('connect-src')).toEqual(["'self'", config.apiBase]);
    expect(csp.get('frame-src')).toEqual(["'self'", config.pspOrigin]);
    expect(csp.get('frame-ancestors')).toEqual(["'self'"]);
    expect(csp.get('form-action')).toEqual(["'self'", config.apiBase]);
    expect(csp.get('base-uri')).toEqual(["'none'"]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(res.headers.get('content-security-policy')).not.toMatch(/script-src[^;]*unsafe-inline/);
  });

  it('gives each answer its own style nonce, named in the page for react-aria', async () => {
    const nonces = new Set<string>();
    for (let i = 0; i < 3; i++) {
      const res = await app.request('/');
      const nonce = /<meta property="csp-nonce" nonce="([^"]+)"/.exec(await res.text())?.[1] ?? '';
      expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
      expect(directives(res).get('style-src')).toContain(`'nonce-${nonce}'`);
      nonces.add(nonce);
    }
    expect(nonces.size).toBe(3);
  });

  it('sends the policy before the page was ever read, with the hash once it was', async () => {
    const fresh = createAppHost({ config: { ...config, apiBase: 'http://localhost:4999' }, distDir: root });
    const asset = await fresh.request('/assets/index-abc.js');
    expect(directives(asset).get('script-src')).toEqual(["'self'"]);
    await fresh.request('/');
    expect(directives(await fresh.request('/assets/index-abc.js')).get('script-src')).toHaveLength(2);
  });

  it.each(['/', '/checkout/payment', '/assets/index-abc.js'])('%s cannot be framed by another site and is not sniffed', async (url) => {
    const res = await app.request(url);
    expect(res.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    // HSTS is for https origins only; this shop runs on http://localhost.
    expect(res.headers.get('strict-transport-security')).toBeNull();
  });

  it('lets the configured partner sites frame the embedded calculator, and only that page', async () => {
    const res = await app.request('/embed/calculator');
    expect(directives(res).get('frame-ancestors')).toEqual(["'self'", 'https://partner.example']);
    expect(res.headers.get('x-frame-options')).toBeNull();
    expect(directives(await app.request('/')).get('frame-ancestors')).toEqual(["'self'"]);
  });

  it('sends HSTS when the shop is served over https', async () => {
    const https = createAppHost({ config: { ...config, appOrigin: 'https://shop.example' }, distDir: root });
    expect((await https.request('/')).headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
  });

  it('writes the preloaded reads into each page as a data block the policy need not allow, safe against breaking out', async () => {
    let calls = 0;
    const reads = { '/api/currencies': [{ code: 'EUR', name: '</script><script>alert(1)</script>' }], '/api/products': [] };
    const host = createAppHost({ config, distDir: root, preload: async () => ({ ...reads, calls: ++calls }) });
    for (const expected of [1, 2]) {
      const res = await host.request('/checkout/view-cart');
      const html = await res.text();
      const block = new RegExp(`<script type="application/json" id="${PRELOADED_READS_ID}">([\\s\\S]*?)</script>`).exec(html)?.[1];
      // Read fresh for every page (the answer is revalidated on every visit).
      expect(JSON.parse(block ?? 'null')).toEqual({ ...reads, calls: expected });
      expect(html).not.toContain('</script><script>alert(1)');
      // Only the configuration script is allowed; the data block is never run.
      expect(directives(res).get('script-src')).toHaveLength(2);
    }
  });

  it("names the chunks a page loads on demand in its head, and none on the calculator's page", async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'app-host-preloads-'));
    try {
      await mkdir(path.join(dir, '.vite'), { recursive: true });
      await writeFile(path.join(dir, 'index.html'), INDEX);
      const manifest = {
        'index.html': { file: 'assets/index-abc.js', isEntry: true },
        'src/screens/branch-finder/branch-finder-screen.tsx': { file: 'assets/branch-finder-screen-1.js', imports: ['index.html'], css: ['assets/branch-finder-screen-1.css'] },
      };
      await writeFile(path.join(dir, '.vite', 'manifest.json'), JSON.stringify(manifest));
      const host = createAppHost({ config, distDir: dir });
      const branches = await (await host.request('/branches')).text();
      const head = branches.slice(0, branches.indexOf('</head>'));
      expect(head).toContain('<link rel="modulepreload" crossorigin href="/assets/branch-finder-screen-1.js" />');
      expect(head).toContain('<link rel="preload" as="style" fetchpriority="low" crossorigin href="/assets/branch-finder-screen-1.css" />');
      expect(await (await host.request('/')).text()).not.toContain('modulepreload');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('writes an empty data block when the reads fail: the app then asks the API', async () => {
    const host = createAppHost({ config, distDir: root, preload: () => Promise.reject(new Error('database down')) });
    const html = await (await host.request('/')).text();
    expect(html).toContain(`<script type="application/json" id="${PRELOADED_READS_ID}">{}</script>`);
  });

  it('serves the API on its own origin under /backend, with the API\'s own answer and headers', async () => {
    const seen: Array<{ method: string; url: string; body: string }> = [];
    const api = {
      fetch: async (request: Request) => {
        seen.push({ method: request.method, url: request.url, body: await request.text() });
        return new Response(JSON.stringify({ ok: true }), { status: 201, headers: { 'Content-Type': 'application/json', 'X-Api': 'yes' } });
      },
    };
    const host = createAppHost({ config, distDir: root, api });
    const res = await host.request(`${API_MOUNT_PATH}/api/cart/add?x=1`, { method: 'POST', body: '{"qty":1}', headers: { 'Content-Type': 'application/json' } });
    expect(res.status).toBe(201);
    expect(res.headers.get('x-api')).toBe('yes');
    // Not the page's policy: the API's answers carry their own.
    expect(res.headers.get('content-security-policy')).toBeNull();
    expect(seen).toEqual([{ method: 'POST', url: 'http://localhost/api/cart/add?x=1', body: '{"qty":1}' }]);
    // Without an API, the path is the page (client routing), as any other.
    expect((await app.request(`${API_MOUNT_PATH}/api/cart`)).headers.get('content-type')).toContain('text/html');
  });
});

describe('preloadReads', () => {
  let api: TestServer;
  beforeAll(async () => {
    api = await createTestServer();
  });
  afterAll(async () => {
    await api.close();
  });
  const path = (read: PreloadedRoute) => preloadedReadPaths(1).find((r) => r.route === read)?.path ?? '';

  it("adds the calculator's first quote (the default currency at the default branch, click and collect) to the reads every page starts with", async () => {
    const reads = await preloadReads(api, 1);
    const settings = reads[path('siteSettings')] as SiteSettings;
    const store = reads[path('defaultStore')] as Store;
    const quotePath = firstPageApiRoutes.quote.url(1, store.id, PRODUCT.CLICK_AND_COLLECT, settings.defaultCurrency);
    expect(Object.keys(reads).sort()).toEqual([...preloadedReadPaths(1).map((r) => r.path), quotePath].sort());
    expect(reads[quotePath]).toEqual(await (await api.request(quotePath)).json());
  });

  it("adds a chart page's rate history, at the path the chart asks for it (spec 7.2), and nothing for other pages", async () => {
    const chartPath = laterApiRoutes.currencyConverter.url('EUR', true);
    const reads = await preloadReads(api, 1, '/eur-to-gbp');
    expect(reads[chartPath]).toEqual(await (await api.request(chartPath)).json());
    expect((await preloadReads(api, 1, '/usd-from-gbp'))[laterApiRoutes.currencyConverter.url('USD', false)]).toBeDefined();
    expect(pageReads('/')).toEqual([]);
    expect(pageReads('/branches')).toEqual([]);
    // A currency the shop does not sell: the API says so, and the page carries nothing for it.
    expect(Object.keys(await preloadReads(api, 1, '/xyz-to-gbp')).filter((p) => p.includes('currency-converter'))).toEqual([]);
  });

  it('leaves out a read that failed or whose answer breaks the contract (the app asks the API for it), and the quote without the settings', async () => {
    const broken = {
      request: async (asked: string) => {
        if (asked === path('siteSettings')) return Response.json({ title: 'Server error' }, { status: 500 });
        if (asked === path('currencies')) return Response.json({ not: 'a list' });
        return api.request(asked);
      },
    };
    const reads = await preloadReads(broken, 1);
    const expected = preloadedReadPaths(1).map((r) => r.path).filter((p) => p !== path('siteSettings') && p !== path('currencies'));
    expect(Object.keys(reads).sort()).toEqual(expected.sort());
  });
});
