import { chromium, type Browser, type BrowserContext, type Frame, type Page } from 'playwright-core';
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile, appendFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';

/** Debian's chromium; browser downloads don't work on our machines, so we never fetch one. */
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** Without the background-networking flags chromium keeps dialling out on a closed network. */
const FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

/** Where a run writes its screenshots, failures and server logs: E2E_RESULTS, so two runs side by side keep theirs apart. */
export const RESULTS_DIR = path.resolve(process.env.E2E_RESULTS || 'test-results');
export const SCREENSHOT_DIR = path.join(RESULTS_DIR, 'screenshots');
export const VIEWPORTS = { mobile: { width: 375, height: 812 }, tablet: { width: 768, height: 1024 }, desktop: { width: 1280, height: 900 } } as const;

export function chromiumAvailable(): boolean {
  return existsSync(CHROMIUM);
}

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, headless: true, args: FLAGS });
}

export async function newShopperContext(browser: Browser, opts: { geolocation?: { latitude: number; longitude: number } } = {}): Promise<BrowserContext> {
  const context = await browser.newContext({
    viewport: VIEWPORTS.desktop,
    locale: 'en-GB',
    timezoneId: 'Europe/London',
    ...(opts.geolocation ? { geolocation: opts.geolocation, permissions: ['geolocation'] } : {}),
  });
  return context;
}

/** Screenshots of the page at 375 px, 768 px and 1280 px, listed in test-results/screenshots/index.md. */
export async function shoot(page: Page, name: string): Promise<string[]> {
  await mkdir(SCREENSHOT_DIR, { recursive: true });
  const before = page.viewportSize() ?? VIEWPORTS.desktop;
  // A modal covers the viewport only; a full-page picture would show it cut off halfway down.
  const modalOpen = (await page.locator('[role="dialog"], [role="alertdialog"]').filter({ visible: true }).count()) > 0;
  const files: string[] = [];
  for (const [label, size] of Object.entries(VIEWPORTS)) {
    await page.setViewportSize(size);
    const file = path.join(SCREENSHOT_DIR, `${name}-${label}-${size.width}.png`);
    await page.screenshot({ path: file, fullPage: !modalOpen });
    files.push(file);
  }
  await page.setViewportSize(before);
  await appendFile(path.join(SCREENSHOT_DIR, 'index.md'), files.map((f) => `- ${path.basename(f)}`).join('\n') + '\n');
  return files;
}

const require = createRequire(import.meta.url);
let axeSource: string | undefined;

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: unknown[]; html: string }[];
}

/**
 * Runs axe-core in the page (or one frame of it); answers the serious and critical violations.
 * The script goes in through evaluate, which a page's content security policy does not block
 * (the payment provider's card page allows no scripts at all).
 */
export async function seriousA11yViolations(target: Page | Frame): Promise<AxeViolation[]> {
  axeSource ??= await readFile(require.resolve('axe-core/axe.min.js'), 'utf8');
  if (!(await target.evaluate(() => 'axe' in window))) await target.evaluate(axeSource);
  const result = await target.evaluate(async () => {
    // axe is injected above; the page's own types don't know it.
    const axe = (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<{ violations: AxeViolation[] }> } }).axe;
    return axe.run(document, { resultTypes: ['violations'], iframes: false });
  });
  return result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

export async function writeReport(name: string, lines: string[]): Promise<void> {
  await mkdir(path.dirname(SCREENSHOT_DIR), { recursive: true });
  await writeFile(path.join(path.dirname(SCREENSHOT_DIR), name), lines.join('\n') + '\n');
}
