/**
 * Core Web Vitals as a shopper's phone meets them: Lighthouse's mobile profile (simulated Slow 4G
 * and 4× CPU, a Moto G Power's screen) in Debian's chromium, on the shop started as `npm start`
 * starts it (tests/e2e/support/servers.ts) and, in the same run and the same browser, on the bare
 * app of the design card's stack (tests/bench/card-stack/, built by the same Vite, decision 052).
 * Pages: the calculator (/), the review and details steps of the checkout (with a cart, built in
 * the same browser profile before they are measured), the branch finder and a chart page. Each
 * figure is set beside its goal: CLS ≤ 0.05; LCP ≤ 1.1× the bare app's; TBT ≤ the bare app's +
 * 70 ms; performance ≥ 95; accessibility, best practices and SEO 100 (decision 056).
 *
 * Figures, never a test: Lighthouse is slow and noisy on a shared machine, so it runs only in
 * `npm run bench` (`npm run bench -- --only lighthouse` for this part alone, `--runs N` for the
 * median of N runs a page); the layout-shift end-to-end test (tests/e2e/layout-shift.test.ts)
 * is CI's guard.
 */
import { launch, type LaunchedChrome } from 'chrome-launcher';
import lighthouse, { type Flags, type Result } from 'lighthouse';
import { chromium, type Page } from 'playwright-core';
import { appPaths } from '#domain/contract/routes.ts';
import { messages } from '#domain/messages.ts';
import { chromiumAvailable } from '../e2e/support/browser.ts';
import { buildIfNeeded, startShop } from '../e2e/support/servers.ts';
import { buildCardStack, serveStatic } from './first-load.ts';

type Log = (line: string) => void;

export const LIGHTHOUSE_GOALS = {
  cls: 0.05,
  /** The page's LCP at most this times the bare app's. */
  lcpRatio: 1.1,
  /** The page's TBT at most the bare app's plus this. */
  tbtOverMs: 70,
  performance: 95,
  /** Accessibility, best practices and SEO. */
  otherScores: 100,
} as const;

/** The pages measured, in order; the checkout's (with a cart) last. */
export const LIGHTHOUSE_PAGES: readonly string[] = [appPaths.home, appPaths.branches, '/eur-to-gbp', appPaths.viewCart, appPaths.customerInformation];
const CART_PAGES: readonly string[] = [appPaths.viewCart, appPaths.customerInformation];

const CHROME = process.env.CHROME_PATH ?? process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROME_FLAGS = ['--headless=new', '--no-sandbox', '--disable-dev-shm-usage'];

export interface PageFigures {
  page: string;
  performance: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  /** The main thread's work and the scripts' evaluation, for context. */
  mainThreadMs: number;
  bootupMs: number;
}

const score = (lhr: Result, category: string) => Math.round((lhr.categories[category]?.score ?? Number.NaN) * 100);
const numeric = (lhr: Result, audit: string) => lhr.audits[audit]?.numericValue ?? Number.NaN;

function figuresOf(page: string, lhr: Result): PageFigures {
  return {
    page,
    performance: score(lhr, 'performance'),
    lcpMs: numeric(lhr, 'largest-contentful-paint'),
    tbtMs: numeric(lhr, 'total-blocking-time'),
    cls: numeric(lhr, 'cumulative-layout-shift'),
    accessibility: score(lhr, 'accessibility'),
    bestPractices: score(lhr, 'best-practices'),
    seo: score(lhr, 'seo'),
    mainThreadMs: numeric(lhr, 'mainthread-work-breakdown'),
    bootupMs: numeric(lhr, 'bootup-time'),
  };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

/** The median of each figure over the runs of one page. */
function medianOf(runs: PageFigures[]): PageFigures {
  const pick = (key: keyof Omit<PageFigures, 'page'>) => median(runs.map((r) => r[key]));
  return {
    page: runs[0]!.page,
    performance: pick('performance'),
    lcpMs: pick('lcpMs'),
    tbtMs: pick('tbtMs'),
    cls: pick('cls'),
    accessibility: pick('accessibility'),
    bestPractices: pick('bestPractices'),
    seo: pick('seo'),
    mainThreadMs: pick('mainThreadMs'),
    bootupMs: pick('bootupMs'),
  };
}

/** Lighthouse's default (mobile) configuration on an open page of the launched chromium. */
async function audit(chrome: LaunchedChrome, url: string, keepStorage: boolean): Promise<Result> {
  const flags: Flags = { port: chrome.port, logLevel: 'error', output: 'json', disableStorageReset: keepStorage };
  const result = await lighthouse(url, flags);
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  return lhr;
}

/**
 * A cart with a home-delivery line and a delivery date chosen, made in the browser Lighthouse
 * measures with (its session token stays in that profile's storage), then the HTTP cache emptied
 * so the checkout's pages are measured as a first visit to them.
 */
async function makeCart(chrome: LaunchedChrome, app: string): Promise<void> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
  try {
    const context = browser.contexts()[0] ?? (await browser.newContext());
    const page = await context.newPage();
    await buildCart(page, app);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.clearBrowserCache');
    await page.close();
  } finally {
    // Leaves the browser running: only the connection closes.
    await browser.close();
  }
}

/** Empties the browser's HTTP cache, keeping its storage (the session token, the cart). */
async function clearHttpCache(chrome: LaunchedChrome): Promise<void> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
  try {
    const context = browser.contexts()[0] ?? (await browser.newContext());
    const page = await context.newPage();
    await (await context.newCDPSession(page)).send('Network.clearBrowserCache');
    await page.close();
  } finally {
    await browser.close();
  }
}

/** From the calculator to the details step: a home-delivery line, no guarantees, the first date. */
export async function buildCart(page: Page, app: string): Promise<void> {
  await page.goto(`${app}/`);
  await page.getByTestId('rate-line').waitFor({ timeout: 60_000 });
  await pickLabel(page, messages.deliveryOptionLabel, messages.homeDelivery);
  await page.getByText(messages.gettingRate).waitFor({ state: 'detached', timeout: 30_000 });
  await page.getByLabel(messages.youPayGbp, { exact: true }).fill('400');
  const add = page.getByRole('button', { name: messages.addToCart, exact: true });
  await waitUntil(page, async () => (await page.getByRole('textbox', { name: /^You get/ }).inputValue()) !== '' && (await add.isEnabled()));
  await add.click();
  await page.waitForURL(`**${appPaths.viewCart}`, { timeout: 60_000 });
  await page.getByTestId('review-line').first().waitFor({ timeout: 60_000 });
  await pickLabel(page, messages.buybackQuestion, messages.no);
  await pickLabel(page, messages.refundQuestion, messages.no);
  const proceed = page.getByRole('button', { name: messages.proceedToCheckout });
  await waitUntil(page, () => proceed.isEnabled());
  await proceed.click();
  const slots = page.getByRole('radiogroup', { name: messages.deliverySlotsLabel });
  await slots.waitFor({ timeout: 60_000 });
  await slots.getByRole('radio').first().locator('xpath=ancestor::label[1]').click();
  const next = page.getByRole('button', { name: messages.next, exact: true });
  await waitUntil(page, () => next.isEnabled());
  await next.click();
  await page.locator('#customer-emailAddress').waitFor({ timeout: 60_000 });
}

/** Clicks the label of a radio in a named group (the radios are visually hidden). */
async function pickLabel(page: Page, group: string, option: string): Promise<void> {
  const radio = page.getByRole('radiogroup', { name: group }).getByRole('radio', { name: option });
  await radio.locator('xpath=ancestor::label[1]').click();
  await waitUntil(page, () => radio.isChecked());
}

/** Asks again on each of the page's animation frames until `ready` says yes (at most a minute of frames). */
async function waitUntil(page: Page, ready: () => Promise<boolean>): Promise<void> {
  for (let frame = 0; frame < 3_600; frame++) {
    if (await ready()) return;
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)));
  }
  throw new Error('the page never got there');
}

export interface LighthouseFigures {
  bare: PageFigures;
  pages: PageFigures[];
  runs: number;
}

/**
 * Builds the app, the server and the card's stack, starts both, and runs Lighthouse `runs` times on
 * each page (the median of each figure is kept).
 */
export async function benchLighthouse(log: Log, runs = 1): Promise<LighthouseFigures> {
  if (!chromiumAvailable()) throw new Error(`no chromium at ${CHROME} (CHROME_PATH)`);
  await buildIfNeeded();
  log('[lighthouse] building the card\'s stack and starting the shop as npm start does');
  const card = await buildCardStack();
  const served = await serveStatic(card.dir);
  const shop = await startShop({ name: 'lighthouse', adminDatabaseUrl: null });
  const chrome = await launch({ chromePath: CHROME, chromeFlags: CHROME_FLAGS, logLevel: 'silent' });
  try {
    const measure = async (name: string, url: string, keepStorage: boolean) => {
      const each: PageFigures[] = [];
      for (let run = 0; run < runs; run++) {
        // Lighthouse keeps the HTTP cache along with the storage: each checkout page is measured as a
        // first visit to it, not with the chunks the page before it left in the cache.
        if (keepStorage) await clearHttpCache(chrome);
        each.push(figuresOf(name, await audit(chrome, url, keepStorage)));
        log(`[lighthouse] ${name} run ${run + 1}: performance ${each.at(-1)!.performance}, LCP ${Math.round(each.at(-1)!.lcpMs)} ms, TBT ${Math.round(each.at(-1)!.tbtMs)} ms, CLS ${each.at(-1)!.cls.toFixed(3)}`);
      }
      return medianOf(each);
    };
    const bare = await measure("the card's bare app", `${served.url}/`, false);
    const pages: PageFigures[] = [];
    for (const path of LIGHTHOUSE_PAGES.filter((p) => !CART_PAGES.includes(p))) pages.push(await measure(path, `${shop.urls.app}${path}`, false));
    log('[lighthouse] making a cart for the checkout\'s pages');
    await makeCart(chrome, shop.urls.app);
    for (const path of CART_PAGES) pages.push(await measure(`${path} (with a cart)`, `${shop.urls.app}${path}`, true));
    return { bare, pages, runs };
  } finally {
    chrome.kill();
    await shop.stop();
    await served.close();
    card.remove();
  }
}

const yes = (ok: boolean) => (ok ? '✔' : '✘');
const msText = (value: number) => `${Math.round(value)} ms`;

/** One row a page: each figure with its goal and whether it is met; the bare app's row first. */
export function lighthouseRows({ bare, pages }: LighthouseFigures): string[][] {
  const lcpGoal = bare.lcpMs * LIGHTHOUSE_GOALS.lcpRatio;
  const tbtGoal = bare.tbtMs + LIGHTHOUSE_GOALS.tbtOverMs;
  const rows = [
    [bare.page, String(bare.performance), msText(bare.lcpMs), msText(bare.tbtMs), bare.cls.toFixed(3), String(bare.accessibility), String(bare.bestPractices), String(bare.seo), msText(bare.mainThreadMs), msText(bare.bootupMs), 'yardstick'],
  ];
  for (const p of pages) {
    const met = [
      p.performance >= LIGHTHOUSE_GOALS.performance,
      p.lcpMs <= lcpGoal,
      p.tbtMs <= tbtGoal,
      p.cls <= LIGHTHOUSE_GOALS.cls,
      p.accessibility >= LIGHTHOUSE_GOALS.otherScores,
      p.bestPractices >= LIGHTHOUSE_GOALS.otherScores,
      p.seo >= LIGHTHOUSE_GOALS.otherScores,
    ];
    rows.push([
      p.page,
      `${p.performance} ${yes(met[0]!)}`,
      `${msText(p.lcpMs)} (${(p.lcpMs / bare.lcpMs).toFixed(2)}×) ${yes(met[1]!)}`,
      `${msText(p.tbtMs)} (+${Math.round(p.tbtMs - bare.tbtMs)}) ${yes(met[2]!)}`,
      `${p.cls.toFixed(3)} ${yes(met[3]!)}`,
      `${p.accessibility} ${yes(met[4]!)}`,
      `${p.bestPractices} ${yes(met[5]!)}`,
      `${p.seo} ${yes(met[6]!)}`,
      msText(p.mainThreadMs),
      msText(p.bootupMs),
      met.every(Boolean) ? '✔ all' : '✘',
    ]);
  }
  rows.push([
    'goal',
    `≥ ${LIGHTHOUSE_GOALS.performance}`,
    `≤ ${msText(lcpGoal)} (${LIGHTHOUSE_GOALS.lcpRatio}× bare)`,
    `≤ ${msText(tbtGoal)} (bare + ${LIGHTHOUSE_GOALS.tbtOverMs})`,
    `≤ ${LIGHTHOUSE_GOALS.cls}`,
    String(LIGHTHOUSE_GOALS.otherScores),
    String(LIGHTHOUSE_GOALS.otherScores),
    String(LIGHTHOUSE_GOALS.otherScores),
    '',
    '',
    '',
  ]);
  return rows;
}

export const LIGHTHOUSE_HEADER = ['page', 'performance', 'LCP', 'TBT', 'CLS', 'a11y', 'best practices', 'SEO', 'main thread', 'script start-up', 'met'];
