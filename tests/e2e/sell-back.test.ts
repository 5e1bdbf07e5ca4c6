import { expect, inject, test } from 'vitest';
import { appPaths } from '#domain/contract/routes.ts';
import { messages } from '#domain/messages.ts';
import { shopperForEachTest } from './support/journey.ts';
import { customer } from './support/shop-api.ts';
import {
  addToCart,
  chooseBranch,
  chooseCurrency,
  chooseSlot,
  fillCustomerForm,
  heading,
  journeySteps,
  nextFromDelivery,
  openHome,
  proceedToCheckout,
  submitDetails,
  waitForPath,
} from './support/steps.ts';

const shop = inject('shop');
const shopper = shopperForEachTest();

test('selling euros back at a branch: no payment step, the total the shopper will receive', async () => {
  const { page } = shopper;
  const step = journeySteps(page, 'sell-back');

  await openHome(page, shop);
  await page.getByRole('tab', { name: messages.sellTab }).click();
  await expect.poll(() => page.getByRole('tab', { name: messages.sellTab }).getAttribute('aria-selected')).toBe('true');
  // The sell tab speaks of selling back, not of home delivery or collection.
  await expect.poll(() => page.getByText(messages.sellBackIntro).count()).toBe(1);
  expect(await page.getByText(/Order online for home delivery/).count()).toBe(0);
  await chooseCurrency(page, 'Euros');
  const sell = page.getByLabel(messages.youSellForeign.replace('{code}', 'EUR'), { exact: true });
  await sell.fill('300');
  await expect.poll(() => page.getByLabel(messages.youReceiveGbp, { exact: true }).inputValue(), { timeout: 15_000 }).toMatch(/^\d/);
  await chooseBranch(page, 'London Oxford Street', step);
  await step('calculator');

  await addToCart(page, appPaths.sellViewCart);
  await heading(page, messages.sellBackReviewTitle);
  await expect.poll(() => page.getByRole('columnheader', { name: messages.youWillReceive }).count()).toBe(1);
  await expect.poll(() => page.getByText(messages.totalYoullReceive).count()).toBeGreaterThan(0);
  expect(await page.getByRole('radiogroup', { name: messages.buybackQuestion }).count()).toBe(0);
  // What the branch will check, said before the shopper sets out.
  expect(await page.getByRole('region', { name: messages.sellBackChecksTitle }).innerText()).toContain(messages.sellBackChecksBody);
  // The step bar says Collection and has no Payment step for sell back (spec 2.5).
  const progress = page.getByRole('navigation', { name: messages.checkoutProgress });
  const steps = await progress.innerText();
  expect(steps).toContain(messages.stepCollection);
  expect(steps).not.toContain(messages.stepPayment);
  await step('review');

  await proceedToCheckout(page);
  // The collection step names the branch the currency is brought to, with its address; no payment card.
  const info = page.getByRole('region', { name: messages.deliveryInfoTitle });
  await expect.poll(() => info.innerText()).toContain("Bring the currency you're selling and photo ID (passport or driving licence) to London Oxford Street.");
  await expect.poll(() => info.locator('address').count()).toBe(1);
  expect(await info.innerText()).not.toContain('payment card');
  await step('drop-off-date');
  await chooseSlot(page, 0);
  await nextFromDelivery(page);
  await expect.poll(() => page.getByRole('group', { name: messages.yourAddress }).count()).toBe(1);
  expect(await page.getByText(messages.marketingPreferences, { exact: true }).count()).toBe(0);
  await fillCustomerForm(page, customer('sell-back'));
  await step('details');
  await submitDetails(page);

  await waitForPath(page, appPaths.confirmation, 60_000);
  await heading(page, messages.orderConfirmation);
  const confirmation = page.getByTestId('confirmation');
  await expect.poll(() => confirmation.innerText()).toContain(messages.sellBackThankYou);
  expect(await confirmation.innerText()).toContain(messages.totalYoullReceive);
  expect(await confirmation.innerText()).toContain('London Oxford Street');
  const next = page.getByRole('region', { name: messages.whatHappensNext });
  expect(await next.innerText()).toContain("Bring the currency you're selling to London Oxford Street on ");
  // The house number and street share one line of the address.
  expect(await confirmation.getByText('10 Downing Street', { exact: true }).count()).toBeGreaterThan(0);
  await step('confirmation');
  await page.getByRole('link', { name: messages.backToShop }).click();
  await waitForPath(page, '/');

  expect(shopper.errors).toEqual([]);
});
