/** What the shopper sees when the card is declined, and while the payment's outcome is not yet known. */
import { expect, inject, test } from 'vitest';
import { appPaths } from '#domain/contract/routes.ts';
import { messages } from '#domain/messages.ts';
import { shopperForEachTest } from './support/journey.ts';
import { customer } from './support/shop-api.ts';
import { buyUpToDetails, fillCustomerForm, heading, journeySteps, payByCard, submitDetails, TEST_CARDS, waitForPath } from './support/steps.ts';

const shop = inject('shop');
const shopper = shopperForEachTest();

test("a declined card: unsuccessful page, 'Try again?', then paid", async () => {
  const { page } = shopper;
  const step = journeySteps(page, 'declined');
  await buyUpToDetails(page, shop, { currency: 'US Dollars', product: messages.homeDelivery, pounds: 300 });
  await fillCustomerForm(page, customer('declined'));
  await submitDetails(page);
  await waitForPath(page, appPaths.payment);
  await payByCard(page, shop, TEST_CARDS.declined);

  await waitForPath(page, appPaths.paymentUnsuccessful, 60_000);
  await heading(page, messages.unsuccessfulTitle);
  await expect.poll(() => page.getByText(messages.unsuccessfulBody).count()).toBe(1);
  expect(await page.getByRole('alertdialog').count()).toBe(0);
  await step('unsuccessful');

  await page.getByRole('button', { name: messages.tryAgain }).click();
  await waitForPath(page, appPaths.payment);
  await payByCard(page, shop, TEST_CARDS.succeeds, () => step('payment-again'));
  await waitForPath(page, appPaths.confirmation, 60_000);
  await heading(page, messages.orderConfirmation);
  await step('confirmation');
  expect(shopper.errors).toEqual([]);
});

test("the provider's pending payment: 'Unable to check status of your payment...', then completed", async () => {
  const { page } = shopper;
  const step = journeySteps(page, 'pending');
  await buyUpToDetails(page, shop, { currency: 'Euros', product: messages.homeDelivery, pounds: 250 });
  await fillCustomerForm(page, customer('pending'));
  await submitDetails(page);
  await waitForPath(page, appPaths.payment);

  // The pending test card leaves the payment processing for a few seconds: the order's status is
  // not known meanwhile, and the shop says so while it retries.
  await payByCard(page, shop, TEST_CARDS.pendingThenSucceeds);

  const notice = page.getByText(messages.paymentStatusUnknown);
  await notice.waitFor({ timeout: 30_000 });
  await step('status-unknown');

  await waitForPath(page, appPaths.confirmation, 60_000);
  await heading(page, messages.orderConfirmation);
  await step('confirmation');
  expect(shopper.errors).toEqual([]);
});
