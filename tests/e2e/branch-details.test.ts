import { expect, inject, test } from 'vitest';
import { appPaths } from '#domain/contract/routes.ts';
import { messages } from '#domain/messages.ts';
import { shopperForEachTest } from './support/journey.ts';
import { heading, journeySteps, waitForPath } from './support/steps.ts';

const shop = inject('shop');
const shopper = shopperForEachTest();

/** The branch nearest the shopper's browser (seed: LON01, store 10). */
const BRANCH = 'London Oxford Street';

test("branch finder: 'View Details' opens the branch's page, and 'Buy currency at this branch' opens the calculator at it", async () => {
  const { page } = shopper;
  const step = journeySteps(page, 'branch-details');

  await page.goto(`${shop.app}${appPaths.branches}`);
  await heading(page, messages.branchFinderTitle);
  await page.getByRole('button', { name: messages.findBranchNearMe }).click();
  const dialog = page.getByRole('dialog', { name: messages.branchesNearYou });
  const details = dialog.getByRole('link', { name: `${messages.viewDetails}: ${BRANCH}` });
  await details.waitFor({ timeout: 30_000 });
  await step('nearby-branches');

  await details.click();
  await waitForPath(page, '/branches/LON01');
  await heading(page, BRANCH);
  const address = page.getByRole('region', { name: messages.branchAddress });
  expect(await address.innerText()).toContain('310 Oxford Street');
  const hours = page.getByRole('table', { name: messages.branchOpeningTimesThisWeek });
  expect(await hours.getByRole('row').count()).toBe(7);
  expect(await page.getByText(/miles/).count()).toBe(0);
  await step('branch-page');

  await page.getByRole('link', { name: messages.buyCurrencyAtBranch }).click();
  await page.waitForURL((url) => url.pathname === appPaths.home && url.searchParams.get('store_id') === '10');
  await page.getByTestId('rate-line').waitFor({ timeout: 30_000 });
  await expect.poll(() => page.getByText(BRANCH, { exact: true }).count()).toBeGreaterThan(0);
  const clickAndCollect = page.getByRole('radiogroup', { name: messages.deliveryOptionLabel }).getByRole('radio', { name: messages.clickAndCollect });
  await expect.poll(() => clickAndCollect.isChecked()).toBe(true);
  await step('calculator-at-branch');
});

test("an unknown branch code says 'We couldn't find that branch' and leads back to the branch finder", async () => {
  const { page } = shopper;
  const step = journeySteps(page, 'branch-details-unknown');
  await page.goto(`${shop.app}/branches/NOPE99`);
  await heading(page, messages.branchNotFound);
  await step('not-found');
  // The page's own link (the footer has a 'Find a branch' link too).
  await page.getByRole('region', { name: messages.branchNotFound }).getByRole('link', { name: messages.backToBranchFinder }).click();
  await waitForPath(page, appPaths.branches);
  await heading(page, messages.branchFinderTitle);
});
