/**
 * What every journey does at each step: check the page with axe-core and photograph it at both
 * widths. Also a browser per test file and the page's own errors, for readable failures.
 */
import type { Browser, BrowserContext, Frame, Page } from 'playwright-core';
import { expect } from 'vitest';
import { launchBrowser, newShopperContext, seriousA11yViolations, shoot, type AxeViolation } from './browser.ts';

export function describeViolations(violations: AxeViolation[]): string {
  return violations
    .map((v) => {
      const targets = v.nodes.map((n) => `    ${JSON.stringify(n.target)}  ${n.html.slice(0, 160)}`).join('\n');
      return `  ${v.id} (${v.impact ?? '?'}): ${v.help}\n${targets}`;
    })
    .join('\n');
}

/** Fails with rule id, help and targets when the page has serious or critical axe violations. */
export async function expectAccessible(page: Page, step: string): Promise<void> {
  const violations = await seriousA11yViolations(page);
  expect(violations.length, `axe-core found serious or critical violations on "${step}":\n${describeViolations(violations)}`).toBe(0);
}

/** One step of a journey: accessible, and photographed at 375 px and 1280 px. */
export async function checkpoint(page: Page, step: string): Promise<void> {
  await expectAccessible(page, step);
  await shoot(page, step);
}

export interface Shopper {
  browser: Browser;
  context: BrowserContext;
  page: Page;
  /** Uncaught errors of the page, to show beside a failure. */
  errors: string[];
  close(): Promise<void>;
}

export async function openShopper(browser?: Browser): Promise<Shopper> {
  const own = browser === undefined;
  const b = browser ?? (await launchBrowser());
  const context = await newShopperContext(b);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(`console: ${m.text()}`);
  });
  return {
    browser: b,
    context,
    page,
    errors,
    close: async () => {
      await context.close();
      if (own) await b.close();
    },
  };
}

/** The hosted card page inside the payment iframe, once it has loaded. */
export async function cardFrame(page: Page, pspOrigin: string): Promise<Frame> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    const frame = page.frames().find((f) => f.url().startsWith(pspOrigin));
    if (frame && (await frame.locator('#card-cardNumber').count()) > 0) return frame;
    await page.waitForTimeout(200);
  }
  throw new Error(`the hosted card page (${pspOrigin}) did not appear in the payment iframe`);
}
