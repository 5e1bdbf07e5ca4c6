import { expect, inject, test } from 'vitest';
import { expectNoCspViolations, shopperForEachTest } from './support/journey.ts';
import { journeySteps } from './support/steps.ts';

const shop = inject('shop');
const shopper = shopperForEachTest();

test('a product owner watches the running actors without the internet: ?inspect=local opens the flows panel beside the shop', async () => {
  const { page } = shopper;
  const step = journeySteps(page, 'live-flows');
  await page.goto(`${shop.app}/?inspect=local`);
  await page.getByTestId('rate-line').waitFor({ timeout: 30_000 });

  await page.getByRole('button', { name: /^Flows \(\d+ running\)$/ }).click();
  const panel = page.getByRole('complementary', { name: 'Live flows' });
  // The system's actors by name, each with the state it is in.
  for (const name of ['shop', 'session', 'cart', 'calculator']) await panel.getByRole('button', { name: new RegExp(`^${name} `) }).first().waitFor();

  // The calculator's statechart, drawn in the page, with the states it is in marked.
  await panel.getByRole('button', { name: /^calculator / }).first().click();
  await panel.locator('svg[aria-label="Statechart of the calculator machine"]').waitFor({ timeout: 30_000 });
  await expect.poll(() => panel.locator('[data-state-id].flow-active').count()).toBeGreaterThan(1);
  const before = await panel.locator('[data-state-id].flow-active').evaluateAll((groups) => groups.map((g) => g.getAttribute('data-state-id')));

  // The shopper types: the marked states and the last events follow.
  const box = page.getByLabel('You pay (£)', { exact: true });
  await box.fill('750');
  await expect.poll(async () => (await panel.getByRole('list', { name: 'Last events' }).textContent()) ?? '').toContain('amount.typed');
  await expect
    .poll(() => panel.locator('[data-state-id].flow-active').evaluateAll((groups) => groups.map((g) => g.getAttribute('data-state-id')).join()))
    .not.toBe(before.join());
  await step('calculator-flow');

  // Nothing was opened on another site, and the diagram's style ran under the page's policy.
  expect(page.context().pages()).toHaveLength(1);
  expectNoCspViolations(page, 'flows panel');
});
