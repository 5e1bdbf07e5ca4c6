/**
 * What every journey does at each step: check the page with axe-core and photograph it at both
 * widths. Also a browser per test file and the page's own errors, for readable failures.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, type TestContext } from 'vitest';
import { keepFlowLogs, recordFlows } from './flow-recorder.ts';
import { launchBrowser, newShopperContext, RESULTS_DIR, seriousA11yViolations, shoot, type AxeViolation } from './browser.ts';

export function describeViolations(violations: AxeViolation[]): string {
  return violations
    .map((v) => {
      const targets = v.nodes.map((n) => `    ${JSON.stringify(n.target)}  ${n.html.slice(0, 400)}`).join('\n');
      return `  ${v.id} (${v.impact ?? '?'}): ${v.help}\n${targets}`;
    })
    .join('\n');
}

/**
 * Fails with rule id, help and targets when the page, or a frame in it (the hosted card page),
 * has serious or critical axe violations.
 */
export async function expectAccessible(page: Page, step: string): Promise<void> {
  await settled(page);
  const found: string[] = [];
  for (const frame of page.frames()) {
    if (frame.url() === 'about:blank') continue;
    const violations = await inSettledFrame(() => seriousA11yViolations(frame === page.mainFrame() ? page : frame));
    if (violations === null) continue;
    if (violations.length > 0) found.push(`in ${frame === page.mainFrame() ? 'the page' : `the frame ${frame.url().split('?')[0]}`}:\n${describeViolations(violations)}`);
  }
  if (found.length > 0) throw new Error(`axe-core found serious or critical violations on "${step}" ${found.join('\n')}`);
}

/**
 * Runs a check in a frame, again when the frame navigated meanwhile (the provider's processing
 * page refreshes itself every second); null when the frame has gone.
 */
async function inSettledFrame<T>(check: () => Promise<T>): Promise<T | null> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await check();
    } catch (error) {
      const message = (error as Error).message;
      if (/detached/i.test(message)) return null;
      if (attempt === 5 || !/context was destroyed|navigat/i.test(message)) throw error;
    }
  }
}

/**
 * Waits for running CSS transitions and finite animations to end, so axe reads final colours
 * rather than a button halfway from its disabled grey. Spinners loop forever and are ignored.
 */
export async function settled(page: Page): Promise<void> {
  await page.waitForFunction(
    () => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity),
    undefined,
    { timeout: 10_000 },
  );
}

/** One step of a journey: accessible, no content security policy violation, photographed at 375, 768 and 1280 px. */
export async function checkpoint(page: Page, step: string): Promise<void> {
  await expectAccessible(page, step);
  expectNoCspViolations(page, step);
  await shoot(page, step);
}

/** Content security policy violations seen in each page (and its frames), by the page. */
const cspViolationsOf = new WeakMap<Page, string[]>();

/** The violations a page has reported so far; the list is live, so a test may empty it. */
export function cspViolations(page: Page): string[] {
  let list = cspViolationsOf.get(page);
  if (list === undefined) {
    list = [];
    cspViolationsOf.set(page, list);
  }
  return list;
}

export function expectNoCspViolations(page: Page, step: string): void {
  const found = cspViolations(page);
  if (found.length > 0) throw new Error(`Content security policy violations by "${step}":\n  ${found.join('\n  ')}`);
}

/**
 * Every frame of every page in the context reports its securitypolicyviolation events (the
 * payment provider's card page too: init scripts and bindings reach cross-origin frames), and
 * the console's CSP errors count as well.
 */
export async function watchContentSecurityPolicy(context: BrowserContext): Promise<void> {
  await context.exposeBinding('__reportCspViolation', (source, text: string) => {
    cspViolations(source.page).push(`${source.frame.url().split('?')[0]}: ${text}`);
  });
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      // The binding is exposed above; the page's own types don't know it.
      const report = (window as unknown as { __reportCspViolation?: (text: string) => void }).__reportCspViolation;
      report?.(`${e.effectiveDirective} refused ${e.blockedURI || 'an inline resource'} (${e.sourceFile || 'page'}:${e.lineNumber})`);
    });
  });
}

export interface Shopper {
  browser: Browser;
  context: BrowserContext;
  page: Page;
  /** Uncaught errors of the page, to show beside a failure. */
  errors: string[];
  /** Closes the context; after a failed test first keeps a screenshot and the page's errors. */
  close(context?: TestContext): Promise<void>;
}

/** A shopper in a fresh browser context (their own storage), near London Oxford Street by default. */
export async function openShopper(
  options: { browser?: Browser; geolocation?: { latitude: number; longitude: number } } = {},
): Promise<Shopper> {
  const own = options.browser === undefined;
  const b = options.browser ?? (await launchBrowser());
  const context = await newShopperContext(b, { geolocation: options.geolocation ?? { latitude: 51.5154, longitude: -0.1416 } });
  await watchContentSecurityPolicy(context);
  await recordFlows(context);
  await recordFocus(context);
  const page = await context.newPage();
  await throttleCpu(page);
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) cspViolations(page).push(`console: ${m.text()}`);
    // A 404 from the cart existence check is how the shop learns there is no cart yet.
    if (m.type() === 'error' && !m.text().startsWith('Failed to load resource')) errors.push(`console: ${m.text()}`);
  });
  return {
    browser: b,
    context,
    page,
    errors,
    close: async (test) => {
      if (test?.task.result?.state === 'fail') await keepFailure(page, test.task.name, errors);
      // E2E_KEEP_FLOWS=1 keeps a passing journey's event logs too, to replay or to keep as a path test.
      else if (process.env.E2E_KEEP_FLOWS === '1' && test) await keepFlowLogs(page, journeyFileName(test.task.name));
      const violations = [...cspViolations(page)];
      await context.close();
      if (own) await b.close();
      // Also between checkpoints and after the last one: a journey with any violation fails.
      if (test?.task.result?.state !== 'fail' && violations.length > 0) {
        throw new Error(`Content security policy violations during "${test?.task.name ?? 'the journey'}":\n  ${violations.join('\n  ')}`);
      }
    },
  };
}

/**
 * A fresh shopper for each test of the file: opened before it, closed after it (a failed test's
 * screenshot and page errors kept first). Read it inside a test only.
 */
export function shopperForEachTest(options: Parameters<typeof openShopper>[0] = {}): Shopper {
  let current: Shopper | null = null;
  beforeEach(async () => {
    current = await openShopper(options);
  });
  afterEach(async (context) => {
    await current?.close(context);
    current = null;
  });
  const now = (): Shopper => {
    if (current === null) throw new Error('The shopper exists only while a test runs.');
    return current;
  };
  return {
    get browser() {
      return now().browser;
    },
    get context() {
      return now().context;
    },
    get page() {
      return now().page;
    },
    get errors() {
      return now().errors;
    },
    close: (context) => now().close(context),
  };
}

const FAILURES = path.join(RESULTS_DIR, 'failures');

/**
 * Keeps, in each page, where focus went and when: every focusin and focusout, and the focused
 * element whenever it changed without an event (a focused control removed or disabled). A failed
 * journey's report lists the last of them, so a focus lost in CI can be read afterwards.
 */
async function recordFocus(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const log: string[] = [];
    (window as unknown as { __focusLog: string[] }).__focusLog = log;
    const describe = (node: EventTarget | Element | null): string => {
      if (!(node instanceof Element)) return node === null ? 'nothing' : 'window';
      if (node === document.body) return 'body';
      const name = (node.getAttribute('aria-label') ?? node.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 50);
      const state = [node.matches(':disabled') ? 'disabled' : '', node.isConnected ? '' : 'removed', node.closest('[inert]') ? 'inert' : ''].filter(Boolean).join(',');
      return `${node.tagName.toLowerCase()}${node.id ? `#${node.id}` : ''}${node.getAttribute('role') ? `[${node.getAttribute('role')}]` : ''} "${name}"${state ? ` (${state})` : ''}`;
    };
    const at = () => performance.now().toFixed(0).padStart(6);
    const add = (line: string) => {
      log.push(`${at()}  ${line}`);
      if (log.length > 400) log.splice(0, log.length - 400);
    };
    document.addEventListener('focusin', (e) => add(`focusin   ${describe(e.target)}`), true);
    document.addEventListener('focusout', (e) => add(`focusout  ${describe(e.target)} -> ${describe(e.relatedTarget)}`), true);
    document.addEventListener('keydown', (e) => add(`keydown   ${e.key} on ${describe(e.target)}`), true);
    let last: Element | null = null;
    setInterval(() => {
      if (document.activeElement !== last) {
        last = document.activeElement;
        add(`active    ${describe(last)}`);
      }
    }, 50);
  });
}

/**
 * E2E_CPU_THROTTLE=4 runs each page's scripts four times slower (Chromium's CPU throttling), to
 * bring out locally what a loaded CI machine does to timing.
 */
async function throttleCpu(page: Page): Promise<void> {
  const rate = Number(process.env.E2E_CPU_THROTTLE ?? '1');
  if (!(rate > 1)) return;
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate });
}

function journeyFileName(testName: string): string {
  return testName.replace(/[^a-z0-9]+/gi, '-').toLowerCase().slice(0, 80);
}

async function keepFailure(page: Page, testName: string, errors: string[]): Promise<void> {
  const name = journeyFileName(testName);
  await mkdir(FAILURES, { recursive: true });
  await page.screenshot({ path: path.join(FAILURES, `${name}.png`), fullPage: true }).catch(() => undefined);
  const text = await page.locator('body').innerText().catch(() => '');
  const focusLog = await page.evaluate(() => (window as unknown as { __focusLog?: string[] }).__focusLog ?? []).catch(() => []);
  await writeFile(
    path.join(FAILURES, `${name}.txt`),
    `${page.url()}\n\n${errors.join('\n')}\n\n${text}\n\nWhere focus went (ms since the page loaded), last 80:\n${focusLog.slice(-80).join('\n')}\n`,
  );
  console.log(`[e2e] failure kept in ${path.relative(process.cwd(), FAILURES)}/${name}.png and .txt (${page.url()})`);
  await keepFlowLogs(page, name);
}
