/**
 * The AML and velocity checks of the details step, met through the seeded limits: an order above
 * £1,000 asks for additional identification; a fourth order in one day by the same customer
 * (email and date of birth) fails the velocity check.
 */
import { expect, inject, test } from 'vitest';
import { appPaths } from '#domain/contract/routes.ts';
import { formatMessage, messages } from '#domain/messages.ts';
import { shopperForEachTest } from './support/journey.ts';
import { customer, ShopApi } from './support/shop-api.ts';
import { buyUpToDetails, fillCustomerForm, heading, journeySteps, payByCard, submitDetails, TEST_CARDS, waitForPath } from './support/steps.ts';

const shop = inject('shop');
const shopper = shopperForEachTest();

test('an order above £1,000: the additional identification modal, Continue, then paid', async () => {
  const { page } = shopper;
  const step = journeySteps(page, 'aml');
  await buyUpToDetails(page, shop, { currency: 'Euros', product: messages.homeDelivery, pounds: 1500 });
  await fillCustomerForm(page, customer('aml'));
  await submitDetails(page);

  const modal = page.getByRole('alertdialog', { name: messages.amlTitle });
  await modal.waitFor({ timeout: 30_000 });
  const text = await modal.innerText();
  expect(text).toContain(messages.amlBody);
  // The seeded support line, with its number (spec 8).
  expect(text).toContain(formatMessage(messages.amlSupport, { phone: '0808 157 0192', hours: 'Monday to Saturday, 9am to 5.30pm' }));
  await step('identification-modal');
  await modal.getByRole('button', { name: messages.continue, exact: true }).click();

  await waitForPath(page, appPaths.payment);
  await payByCard(page, shop, TEST_CARDS.succeeds, () => step('payment'));
  await waitForPath(page, appPaths.confirmation, 60_000);
  await heading(page, messages.orderConfirmation);
  await step('confirmation');
  expect(shopper.errors).toEqual([]);
});

test("a customer's fourth order today: the velocity modal on the details page, Return to the homepage", async () => {
  const { page } = shopper;
  const step = journeySteps(page, 'velocity');
  const regular = customer('velocity');
  // Three earlier orders today by the same customer, placed through the API as the app would.
  const other = new ShopApi(shop.api, shop.app);
  for (let i = 0; i < 3; i++) {
    const answer = await other.submitOrder({ productId: 1, storeId: 1, lines: [{ currencyCode: 'USD', qty: 200 }], customer: regular });
    expect(answer).toMatchObject({ state: { value: 3 } });
  }

  await buyUpToDetails(page, shop, { currency: 'US Dollars', product: messages.homeDelivery, pounds: 200 });
  await fillCustomerForm(page, regular);
  await submitDetails(page);

  // The order was refused on the details page: the modal shows there, never on the payment-unsuccessful page.
  const modal = page.getByRole('alertdialog', { name: messages.velocityTitle });
  await modal.waitFor({ timeout: 30_000 });
  expect(new URL(page.url()).pathname).toBe(appPaths.customerInformation);
  expect(await modal.innerText()).toContain(messages.velocityBody);
  expect(await page.getByText(messages.unsuccessfulTitle).count()).toBe(0);
  expect(await page.getByRole('button', { name: messages.tryAgain }).count()).toBe(0);
  await step('velocity-modal');

  await modal.getByRole('button', { name: messages.returnToHomepage }).click();
  await waitForPath(page, '/');
  await page.getByTestId('rate-line').waitFor({ timeout: 30_000 });
  // The abandoned checkout leaves no cart behind.
  await expect.poll(() => page.getByTestId('header-cart-count').innerText()).toBe('0');
  await step('home-after-velocity');
  expect(shopper.errors).toEqual([]);
});
