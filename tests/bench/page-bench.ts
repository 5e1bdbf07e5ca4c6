/**
 * The pages as a shopper's browser meets them (Debian's chromium through playwright-core, the
 * end-to-end harness's launcher), against a shop started as `npm start` starts it:
 * - round trips: every API response held back by a delaying proxy in front of the app host (the
 *   pages call the API on the shop's own origin, under /backend), so API calls that wait for one
 *   another show as a chain; the longest chain after the session token, and CORS preflights;
 * - assets: bytes and caching headers of what the home page loads, and a second visit's bytes;
 * - typing at 4× CPU throttle, '1234' in the amount box and a currency search ('dollar', the list
 *   opened by a click on the box first): long tasks (PerformanceObserver 'longtask'), round by round
 *   beside the same typing in a bare page (two inputs, no script): what the browser and the machine
 *   cost on their own at that throttle.
 */
import { request as httpRequest, createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { Browser, Locator, Page } from 'playwright-core';
import { API_MOUNT_PATH } from '#domain/contract/runtime-config.ts';
import { messages } from '#domain/messages.ts';
import { launchBrowser, newShopperContext } from '../e2e/support/browser.ts';
import type { RunningShop } from '../e2e/support/servers.ts';
import { now } from './measure.ts';

/** What every API response is held back by: longer than anything else on loopback. */
export const API_DELAY_MS = 200;
export const ROUND_TRIP_PAGES = ['/', '/checkout/view-cart', '/checkout/customer-information', '/branches'] as const;

interface Exchange {
  method: string;
  path: string;
  start: number;
  end: number;
}

const isToken = (e: Exchange) => e.method === 'POST' && /^\/session\/\d+/.test(e.path);

export interface DelayingProxy {
  url: string;
  /** Where requests go; set once the API's port is known. */
  target: string;
  exchanges: Exchange[];
  close(): Promise<void>;
}

/**
 * A loopback proxy in front of the app host that holds every API response (under /backend) back by
 * `delayMs` and records it by its API path; pages and assets pass straight through.
 */
export async function startDelayingProxy(delayMs: number): Promise<DelayingProxy> {
  const proxy: DelayingProxy = { url: '', target: '', exchanges: [], close: async () => undefined };
  const server: Server = createServer((req, res) => {
    const isApi = (req.url ?? '/').startsWith(`${API_MOUNT_PATH}/`);
    const apiPath = isApi ? (req.url ?? '/').slice(API_MOUNT_PATH.length) : (req.url ?? '/');
    const exchange: Exchange = { method: req.method ?? 'GET', path: apiPath, start: now(), end: Number.NaN };
    const target = new URL(req.url ?? '/', proxy.target);
    const headers: IncomingHttpHeaders = { ...req.headers, host: target.host };
    const upstream = httpRequest(target, { method: req.method, headers }, (answer) => {
      const chunks: Buffer[] = [];
      answer.on('data', (c: Buffer) => chunks.push(c));
      answer.on('end', () => {
        setTimeout(
          () => {
            res.writeHead(answer.statusCode ?? 502, answer.headers);
            res.end(Buffer.concat(chunks), () => {
              exchange.end = now();
              if (isApi) proxy.exchanges.push(exchange);
            });
          },
          isApi ? delayMs : 0,
        );
      });
    });
    upstream.on('error', () => {
      res.writeHead(502);
      res.end();
    });
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (typeof address !== 'object' || address === null) throw new Error('no proxy port');
  proxy.url = `http://localhost:${address.port}`;
  proxy.close = () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
  return proxy;
}

/** The longest chain of API calls where each started only after the one before had answered. */
export function longestChain(exchanges: readonly Exchange[]): number {
  const sorted = [...exchanges].sort((a, b) => a.start - b.start);
  const depth = sorted.map(() => 1);
  for (let j = 0; j < sorted.length; j++) {
    for (let i = 0; i < j; i++) if (sorted[j]!.start >= sorted[i]!.end) depth[j] = Math.max(depth[j]!, depth[i]! + 1);
  }
  return Math.max(0, ...depth);
}

/** Waits for the session token's answer, then for `quietMs` without a new API call (at most capMs in all). */
async function settle(proxy: DelayingProxy, quietMs: number, capMs: number): Promise<void> {
  const started = now();
  while (now() - started < capMs && !proxy.exchanges.some(isToken)) await new Promise((r) => setTimeout(r, 100));
  let count = -1;
  let since = now();
  while (now() - started < capMs) {
    if (proxy.exchanges.length !== count) {
      count = proxy.exchanges.length;
      since = now();
    } else if (now() - since >= quietMs) return;
    await new Promise((r) => setTimeout(r, 100));
  }
}

export interface RoundTrips {
  page: string;
  /** API calls after the token answered, in order. */
  calls: string[];
  sequential: number;
  preflights: number;
}

/** Opens each page in a fresh browser context and counts the API's sequential waits after the token. */
export async function benchRoundTrips(browser: Browser, shop: RunningShop, proxy: DelayingProxy): Promise<RoundTrips[]> {
  const results: RoundTrips[] = [];
  for (const url of ROUND_TRIP_PAGES) {
    const context = await newShopperContext(browser);
    const page = await context.newPage();
    proxy.exchanges = [];
    await page.goto(`${proxy.url}${url}`);
    await settle(proxy, 2_000, 60_000);
    const exchanges = [...proxy.exchanges];
    await context.close();
    const token = exchanges.find(isToken);
    const after = exchanges.filter((e) => e !== token && (token === undefined || e.start >= token.end));
    const calls = after.filter((e) => e.method !== 'OPTIONS');
    results.push({
      page: url,
      calls: calls.sort((a, b) => a.start - b.start).map((e) => `${e.method} ${e.path.split('?')[0]}`),
      sequential: longestChain(calls),
      preflights: after.length - calls.length,
    });
  }
  return results;
}

interface Fetched {
  status: number;
  headers: IncomingHttpHeaders;
  bytes: number;
}

function get(url: string, headers: Record<string, string> = {}): Promise<Fetched> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { headers }, (res) => {
      let bytes = 0;
      res.on('data', (c: Buffer) => (bytes += c.length));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, bytes }));
    });
    req.on('error', reject);
    req.end();
  });
}

export interface AssetRow {
  path: string;
  plainBytes: number;
  wireBytes: number;
  encoding: string;
  cacheControl: string;
  vary: string;
}

export interface AssetsResult {
  rows: AssetRow[];
  /** What the page answers when asked again with its ETag. */
  pageRevalidation: number;
  favicon: string;
  missingAsset: number;
  faviconIco: number;
  /** Bytes the browser transferred on the first and on a second visit of the home page. */
  firstVisitBytes: number;
  secondVisitBytes: number;
  /** What the second visit fetched again, whole, besides the page itself (paths; revalidations left out). */
  secondVisitFetched: string[];
}

const ACCEPT = 'gzip, deflate, br, zstd';

export async function benchAssets(browser: Browser, shop: RunningShop): Promise<AssetsResult> {
  const app = shop.urls.app;
  const page = await get(`${app}/`, { 'Accept-Encoding': ACCEPT });
  const html = await (await fetch(`${app}/`)).text();
  const linked = [...html.matchAll(/(?:src|href)="(\/[^"]+)"/g)].map((m) => m[1]!);
  const rows: AssetRow[] = [];
  for (const p of ['/', ...new Set(linked)]) {
    const plain = await get(`${app}${p}`);
    const wire = await get(`${app}${p}`, { 'Accept-Encoding': ACCEPT });
    rows.push({
      path: p,
      plainBytes: plain.bytes,
      wireBytes: wire.bytes,
      encoding: String(wire.headers['content-encoding'] ?? 'none'),
      cacheControl: String(wire.headers['cache-control'] ?? 'none'),
      vary: String(wire.headers.vary ?? 'none'),
    });
  }
  const etag = String(page.headers.etag ?? '');
  const revalidated = await get(`${app}/`, { 'If-None-Match': etag });
  const favicon = await get(`${app}/favicon.svg`);
  const missing = await get(`${app}/assets/index-missing.js`);
  const ico = await get(`${app}/favicon.ico`);

  // A shopper's two visits in one browser: what the second fetches again.
  const context = await newShopperContext(browser);
  const tab = await context.newPage();
  const transferred = async () =>
    tab.evaluate(() =>
      [performance.getEntriesByType('navigation')[0], ...performance.getEntriesByType('resource')]
        .filter((e): e is PerformanceResourceTiming => e !== undefined && e.name.startsWith(location.origin))
        .reduce((sum, e) => sum + e.transferSize, 0),
    );
  // Network idle, not load: the page's on-demand chunks (the home panels) come after the load
  // event, and a second visit started before they arrive would fetch them again, uncached.
  await tab.goto(`${app}/`, { waitUntil: 'networkidle' });
  const firstVisitBytes = await transferred();
  await tab.goto(`${app}/`, { waitUntil: 'networkidle' });
  const secondVisitBytes = await transferred();
  const secondVisitFetched = await tab.evaluate(() =>
    performance
      .getEntriesByType('resource')
      // Fetched again: a whole answer (headers and body). A 304 revalidation moves headers only,
      // fewer bytes than the cached body it confirms.
      .filter((e): e is PerformanceResourceTiming => {
        const r = e as PerformanceResourceTiming;
        return r.name.startsWith(location.origin) && r.transferSize > 0 && r.transferSize > r.encodedBodySize;
      })
      .map((e) => new URL(e.name).pathname),
  );
  await context.close();

  return {
    rows,
    pageRevalidation: revalidated.status,
    favicon: `${favicon.status} ${String(favicon.headers['content-type'] ?? '')}`,
    missingAsset: missing.status,
    faviconIco: ico.status,
    firstVisitBytes,
    secondVisitBytes,
    secondVisitFetched,
  };
}

export interface TypingResult {
  longTasks: number[];
  worstMs: number;
}

/** The baseline of the typing rows: the amount box and the currency box as bare HTML, no script, no stylesheet. */
const BARE_INPUT_PAGE =
  '<!doctype html><html lang="en"><title>Bare inputs</title>' +
  '<label for="amount">You pay</label> <input id="amount" inputmode="decimal" autocomplete="off" maxlength="4" value="750">' +
  '<label for="currency">Currency</label> <input id="currency" autocomplete="off" value="Euros (EUR)">';
const BARE_INPUT_PATH = '/bench-bare-input';

/** What a round types, and how it gets into the box. */
interface Typing {
  text: string;
  /**
   * 'cleared': the box is clicked and emptied first, unthrottled (the amount: its typing is the
   * measure). 'clicked': a shopper's click on the box (pointer moved over it, pressed for 100 ms)
   * is measured with the typing (the currency box opens its list on focus).
   */
  into: 'cleared' | 'clicked';
}

/** How long a page is left before a measured click (about what clearing the amount's box takes). */
const SETTLE_MS = 1_000;

const AMOUNT_TYPING: Typing = { text: '1234', into: 'cleared' };
const SEARCH_TYPING: Typing = { text: 'dollar', into: 'clicked' };

/**
 * Types at 4× CPU throttle, 150 ms between keys, and lists the long tasks from the first key (or
 * the click) to 2.5 s after the last key (past the amount's 500 ms pause and the quote's answer).
 */
async function typeAndWatch(browser: Browser, url: string, ready: (page: Page) => Promise<Locator>, bare: boolean, typing: Typing): Promise<TypingResult> {
  const context = await newShopperContext(browser);
  const page: Page = await context.newPage();
  if (bare) await page.route(`**${BARE_INPUT_PATH}`, (route) => route.fulfill({ contentType: 'text/html', body: BARE_INPUT_PAGE }));
  await page.addInitScript(() => {
    const w = window as unknown as { __longTasks: { start: number; duration: number }[] };
    w.__longTasks = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) w.__longTasks.push({ start: e.startTime, duration: e.duration });
    }).observe({ type: 'longtask', buffered: true });
  });
  await page.goto(url);
  const box = await ready(page);
  if (typing.into === 'cleared') {
    await box.click();
    await box.press('ControlOrMeta+a');
    await box.press('Backspace');
  } else {
    // The page's own timers after its first answers (the chart's delays) run out first, as they do
    // while the amount's box is being cleared: what is measured is the shopper's click and keys.
    await page.waitForTimeout(SETTLE_MS);
  }
  const where = await box.boundingBox();
  if (where === null) throw new Error(`the box to type in is not on the page at ${url}`);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  const from = await page.evaluate(() => performance.now());
  if (typing.into === 'clicked') {
    // The pointer's own events first, then the press: a shopper's click, not one synthetic burst.
    const x = where.x + Math.min(20, where.width / 2);
    const y = where.y + where.height / 2;
    await page.mouse.move(x, y);
    await page.waitForTimeout(200);
    await page.mouse.click(x, y, { delay: 100 });
    await page.waitForTimeout(500);
  }
  await page.keyboard.type(typing.text, { delay: 150 });
  await page.waitForTimeout(2_500);
  const tasks = await page.evaluate(
    (since) => (window as unknown as { __longTasks: { start: number; duration: number }[] }).__longTasks.filter((t) => t.start >= since).map((t) => t.duration),
    from,
  );
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  await context.close();
  return { longTasks: tasks, worstMs: Math.max(0, ...tasks) };
}

export interface TypingRows {
  /** '1234' in the amount box. */
  amount: { shop: TypingResult[]; bare: TypingResult[] };
  /** 'dollar' in the currency box, its list opened by the click. */
  search: { shop: TypingResult[]; bare: TypingResult[] };
}

/**
 * The amount box and the currency box of the calculator page, and beside them, round by round, the
 * bare input page (the same typing where the page does nothing: the browser's own cost on this
 * machine at this moment).
 */
export async function benchTyping(browser: Browser, shop: RunningShop, rounds: number): Promise<TypingRows> {
  const results: TypingRows = { amount: { shop: [], bare: [] }, search: { shop: [], bare: [] } };
  const calculatorReady = async (page: Page) => {
    await page.getByTestId('rate-line').waitFor({ timeout: 30_000 });
    await page.getByText(messages.gettingRate).waitFor({ state: 'detached', timeout: 15_000 });
  };
  const bareUrl = `${shop.urls.app}${BARE_INPUT_PATH}`;
  for (let round = 0; round < rounds; round++) {
    const amountBox = async (page: Page) => {
      await calculatorReady(page);
      return page.getByLabel(messages.youPayGbp, { exact: true });
    };
    results.amount.shop.push(await typeAndWatch(browser, `${shop.urls.app}/`, amountBox, false, AMOUNT_TYPING));
    results.amount.bare.push(await typeAndWatch(browser, bareUrl, async (page) => page.getByLabel('You pay', { exact: true }), true, AMOUNT_TYPING));
    const currencyBox = async (page: Page) => {
      await calculatorReady(page);
      return page.getByRole('combobox', { name: messages.currencyLabel });
    };
    results.search.shop.push(await typeAndWatch(browser, `${shop.urls.app}/`, currencyBox, false, SEARCH_TYPING));
    results.search.bare.push(await typeAndWatch(browser, bareUrl, async (page) => page.getByLabel('Currency', { exact: true }), true, SEARCH_TYPING));
  }
  return results;
}

export async function withBrowser<T>(use: (browser: Browser) => Promise<T>): Promise<T> {
  const browser = await launchBrowser();
  try {
    return await use(browser);
  } finally {
    await browser.close();
  }
}
