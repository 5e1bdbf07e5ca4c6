import { expect, inject, test } from 'vitest';
import { appPaths } from '#domain/contract/routes.ts';
import { formatMessage, messages } from '#domain/messages.ts';
import { expectFocusKept, expectFocusOn, expectOwnTitle, press, proceedToDetails, replaceText, tabTo, typeDetails } from './support/keyboard.ts';
import { shopperForEachTest } from './support/journey.ts';
import { customer } from './support/shop-api.ts';
import { heading, journeySteps, waitForPath } from './support/steps.ts';

const shop = inject('shop');
const shopper = shopperForEachTest();

/**
 * A sell back by keyboard alone: after every key press focus is somewhere meaningful and the
 * document's title is the page's own (support/keyboard.ts); axe checks every step.
 */
test('selling euros back at a branch, from the sell page to the confirmation, by keyboard alone', async () => {
  const { page } = shopper;
  const step = journeySteps(page, 'keyboard-sell-back');

  await page.goto(`${shop.app}${appPaths.sellTravelMoney}`);
  const sell = formatMessage(messages.youSellForeign, { code: 'EUR' });
  await page.getByLabel(sell, { exact: true }).waitFor({ timeout: 30_000 });
  await expectOwnTitle(page);
  expect(await page.title()).toBe('Sell travel money – Travel Money');

  await tabTo(page, sell);
  await replaceText(page, '300');
  await expect.poll(() => page.getByLabel(messages.youReceiveGbp, { exact: true }).inputValue(), { timeout: 15_000 }).toMatch(/^\d/);

  const branchButton = new RegExp(`^(${messages.chooseBranch}|${messages.changeBranch})$`);
  await tabTo(page, branchButton);
  await press(page, 'Enter');
  const dialog = page.getByRole('dialog', { name: messages.chooseBranchTitle });
  await dialog.waitFor();
  await tabTo(page, messages.useMyLocation);
  await press(page, 'Enter');
  const confirm = `${messages.confirm}: London Oxford Street`;
  await dialog.getByRole('button', { name: confirm }).waitFor({ timeout: 30_000 });
  await tabTo(page, confirm);
  await press(page, 'Enter');
  await dialog.waitFor({ state: 'hidden' });
  await expectFocusOn(page, branchButton);
  await page.getByTestId('rate-line').waitFor();
  await step('calculator');

  await tabTo(page, messages.addToCart);
  await press(page, 'Enter');
  await waitForPath(page, appPaths.sellViewCart);
  await page.getByTestId('review-line').first().waitFor({ timeout: 30_000 });
  await expectFocusKept(page, 'Add to cart');
  await expectOwnTitle(page);
  await step('review');

  await proceedToDetails(page, () => step('drop-off-date'));

  const details = customer('keyboard-sell-back');
  await typeDetails(page, details);
  await tabTo(page, /^customer-terms$/);
  await press(page, 'Space');
  await step('details');
  await tabTo(page, messages.submit);
  await press(page, 'Enter');

  await waitForPath(page, appPaths.confirmation, 60_000);
  await heading(page, messages.orderConfirmation);
  await expectFocusKept(page, 'Submit');
  await expectOwnTitle(page);
  await expect.poll(() => page.getByTestId('confirmation').innerText()).toContain(messages.totalYoullReceive);
  await step('confirmation');

  expect(shopper.errors).toEqual([]);
});
