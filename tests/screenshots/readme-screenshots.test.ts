/**
 * The README's pictures: the home page, the review (view cart), the details form and the
 * confirmation, each at 375, 768 and 1280 px, into docs/screenshots/. The shop is started as the
 * end-to-end run starts it (tests/e2e/support/servers.ts), and a shopper buys euros to collect.
 * `npm run screenshots` (not part of `npm test` or the end-to-end run).
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { expect, inject, test } from 'vitest';
import { appPaths } from '#domain/contract/routes.ts';
import { messages } from '#domain/messages.ts';
import { VIEWPORTS } from '../e2e/support/browser.ts';
import { shopperForEachTest } from '../e2e/support/journey.ts';
import { customer } from '../e2e/support/shop-api.ts';
import { buyUpToDetails, fillCustomerForm, heading, openHome, payByCard, submitDetails, TEST_CARDS, waitForPath } from '../e2e/support/steps.ts';

const shop = inject('shop');
const shopper = shopperForEachTest();
const DIR = path.resolve('docs/screenshots');

/** The first screen at each width (what a visitor sees before scrolling): small files, fit for a README. Also checks the page never scrolls sideways. */
async function photograph(page: Page, name: string, taken: string[]): Promise<void> {
  await mkdir(DIR, { recursive: true });
  for (const size of Object.values(VIEWPORTS)) {
    await page.setViewportSize(size);
    // Let the layout and any frame resize settle at the new width.
    await page.waitForTimeout(300);
    // Nothing wider than the screen: no sideways scrolling at any width.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `${name} at ${size.width} px scrolls sideways`).toBeLessThanOrEqual(0);
    const file = `${name}-${size.width}.png`;
    await page.screenshot({ path: path.join(DIR, file), animations: 'disabled', caret: 'hide' });
    taken.push(file);
  }
  await page.setViewportSize(VIEWPORTS.desktop);
}

test('photographs the home page, review, details and confirmation at 375, 768 and 1280 px', async () => {
  const { page } = shopper;
  const taken: string[] = [];

  await openHome(page, shop);
  await heading(page, messages.buyTab);
  await expect.poll(() => page.getByTestId('tier-hint').count(), { timeout: 30_000 }).toBe(1);
  await photograph(page, 'home', taken);

  let photographedReview = false;
  await buyUpToDetails(page, shop, { currency: 'Euros', product: messages.clickAndCollect, pounds: 750, branch: 'London Oxford Street' }, async (step) => {
    if (step === 'review' && !photographedReview) {
      photographedReview = true;
      await photograph(page, 'view-cart', taken);
    }
  });
  await fillCustomerForm(page, customer('screenshots'));
  await photograph(page, 'details', taken);
  await submitDetails(page);
  await waitForPath(page, appPaths.payment);
  await payByCard(page, shop, TEST_CARDS.succeeds, () => photograph(page, 'payment', taken));
  await waitForPath(page, appPaths.confirmation, 60_000);
  await heading(page, messages.orderConfirmation);
  await photograph(page, 'confirmation', taken);

  await writeFile(
    path.join(DIR, 'index.md'),
    `# Screenshots\n\nWritten by \`npm run screenshots\` (tests/screenshots/readme-screenshots.test.ts): the first screen of each page at 375, 768 and 1280 px.\n\n${taken.map((f) => `- [${f}](${f})`).join('\n')}\n`,
  );
  expect(shopper.errors).toEqual([]);
});
