/**
 * No layout shift (Core Web Vitals' CLS): every page of the shop is opened afresh, on a phone and on
 * a desktop, and the layout shifts Chromium reports without recent input (a buffered
 * `PerformanceObserver` for `layout-shift`, from the first byte until the page is settled) are
 * summed. Above 0.05 the test fails, naming the elements that moved. What arrives after the first
 * paint (the chart, the rate-alert form, the panels under the calculator, the branch results, the
 * checkout's summaries) has its space reserved, so nothing below it moves. The checkout's pages are
 * opened with a cart, as a shopper reaches them.
 */
import type { Page } from 'playwright-core';
import { expect, inject, test } from 'vitest';
import { appPaths } from '#domain/contract/routes.ts';
import { messages } from '#domain/messages.ts';
import { VIEWPORTS } from './support/browser.ts';
import { settled, shopperForEachTest } from './support/journey.ts';
import { addToCart, answerGuarantees, chooseSlot, nextFromDelivery, openHome, payPounds, pickRadio, proceedToCheckout } from './support/steps.ts';

const shop = inject('shop');
const shopper = shopperForEachTest();

/** Core Web Vitals' threshold for a good CLS is 0.1; the shop holds every page to half of it. */
const MOST_SHIFT = 0.05;

interface Shifts {
  total: number;
  /** The elements that moved, with each shift's score. */
  sources: string[];
}

declare global {
  interface Window {
    __layoutShifts?: Shifts;
  }
}

/** Sums the page's layout shifts without recent input from its first byte (added before any script runs). */
function watchLayoutShifts(): void {
  const shifts: Shifts = { total: 0, sources: [] };
  window.__layoutShifts = shifts;
  const describe = (node: Node | null): string => {
    if (!(node instanceof Element)) return node?.nodeName ?? '(gone)';
    const id = node.id ? `#${node.id}` : '';
    const testId = node.getAttribute('data-testid');
    const cls = typeof node.className === 'string' && node.className ? `.${node.className.split(/\s+/).slice(0, 2).join('.')}` : '';
    return `${node.tagName.toLowerCase()}${id}${testId ? `[data-testid=${testId}]` : ''}${cls}`;
  };
  type LayoutShift = PerformanceEntry & { value: number; hadRecentInput: boolean; sources?: { node: Node | null }[] };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as LayoutShift[]) {
      if (entry.hadRecentInput) continue;
      shifts.total += entry.value;
      shifts.sources.push(`${entry.value.toFixed(4)} at ${Math.round(entry.startTime)} ms: ${(entry.sources ?? []).map((s) => describe(s.node)).join(', ')}`);
    }
  }).observe({ type: 'layout-shift', buffered: true });
}

/** Opens `path` afresh and waits until what it draws after the first paint has arrived; its shifts. */
async function shiftsOf(page: Page, path: string, ready: (page: Page) => Promise<unknown>): Promise<Shifts> {
  await page.goto(`${shop.app}${path}`);
  await ready(page);
  await page.waitForLoadState('networkidle');
  await settled(page);
  // Two frames: a shift of the last layout is reported after it is painted.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  return page.evaluate(() => window.__layoutShifts ?? { total: Number.NaN, sources: ['no layout-shift observer'] });
}

const heading = (page: Page) => page.getByRole('heading', { level: 1 }).first().waitFor({ timeout: 30_000 });
const rateLine = (page: Page) => page.getByTestId('rate-line').waitFor({ timeout: 30_000 });

/** The pages without a cart: each with what shows it is drawn. */
const PAGES: [string, (page: Page) => Promise<unknown>][] = [
  [appPaths.home, async (page) => Promise.all([rateLine(page), page.getByTestId('board-buy-EUR').waitFor({ timeout: 30_000 })])],
  [appPaths.sellTravelMoney, rateLine],
  [appPaths.embeddedCalculator, rateLine],
  [appPaths.branches, heading],
  ['/branches/LON01', heading],
  [
    '/eur-to-gbp',
    async (page) =>
      Promise.all([
        page.getByRole('img', { name: /rate/ }).first().waitFor({ timeout: 30_000 }),
        page.getByRole('region', { name: messages.rateAlertHeading }).waitFor({ timeout: 30_000 }),
      ]),
  ],
  [appPaths.manageOrder, heading],
  [appPaths.faq, heading],
  [appPaths.terms, heading],
  [appPaths.privacy, heading],
  [appPaths.cookies, heading],
];

/** The checkout's pages, opened afresh once the shopper has a cart and has reached each. */
const CHECKOUT_PAGES: [string, (page: Page) => Promise<unknown>][] = [
  [appPaths.viewCart, (page) => page.getByTestId('review-line').first().waitFor({ timeout: 30_000 })],
  [appPaths.deliveryOptions, (page) => page.getByRole('radiogroup', { name: messages.deliverySlotsLabel }).waitFor({ timeout: 30_000 })],
  [appPaths.customerInformation, (page) => page.locator('#customer-emailAddress').waitFor({ timeout: 30_000 })],
];

function check(results: Record<string, Shifts>): void {
  const report = Object.entries(results).map(([page, s]) => `${page}: ${s.total.toFixed(4)}${s.sources.length > 0 ? `\n      ${s.sources.join('\n      ')}` : ''}`);
  console.log(`[e2e] layout shift (CLS) of each page, goal ≤ ${MOST_SHIFT}:\n  ${report.join('\n  ')}`);
  for (const [page, s] of Object.entries(results)) expect(s.total, `${page} shifted:\n  ${s.sources.join('\n  ')}`).toBeLessThanOrEqual(MOST_SHIFT);
}

test('no page of the shop shifts its layout as it loads, on a phone or a desktop', async () => {
  const { page, context } = shopper;
  await context.addInitScript(watchLayoutShifts);
  const results: Record<string, Shifts> = {};
  for (const [name, viewport] of [['phone', VIEWPORTS.mobile], ['desktop', VIEWPORTS.desktop]] as const) {
    await page.setViewportSize(viewport);
    for (const [path, ready] of PAGES) results[`${path} (${name})`] = await shiftsOf(page, path, ready);
  }
  check(results);
  expect(shopper.errors).toEqual([]);
});

test("the checkout's pages do not shift their layout as they load, with a cart", async () => {
  const { page, context } = shopper;
  await context.addInitScript(watchLayoutShifts);
  await page.setViewportSize(VIEWPORTS.mobile);
  await openHome(page, shop);
  await pickRadio(page, messages.deliveryOptionLabel, messages.homeDelivery);
  await payPounds(page, 400);
  await addToCart(page);
  await answerGuarantees(page, { buyback: false, refund: false });
  await proceedToCheckout(page);
  await chooseSlot(page, 0);
  await nextFromDelivery(page);
  const results: Record<string, Shifts> = {};
  for (const [name, viewport] of [['phone', VIEWPORTS.mobile], ['desktop', VIEWPORTS.desktop]] as const) {
    await page.setViewportSize(viewport);
    for (const [path, ready] of CHECKOUT_PAGES) results[`${path} (${name})`] = await shiftsOf(page, path, ready);
  }
  check(results);
  expect(shopper.errors).toEqual([]);
});
