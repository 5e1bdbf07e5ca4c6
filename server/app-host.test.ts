import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ShopRuntimeConfig } from '#domain/contract/runtime-config.ts';
import { createAppHost, injectShopConfig } from './app-host.ts';

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
});
