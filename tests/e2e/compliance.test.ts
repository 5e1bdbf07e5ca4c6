/**
 * The AML and velocity checks of the details step, met through the seeded limits: an order above
 * £1,000 asks for additional identification (said on the review page before payment, and again on
 * the confirmation and in its email); a fourth order in one day by the same customer
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

test('an order above £1,000: said on the review page before payment, the additional identification modal, Continue, paid, and proof of address asked for on the confirmation and in its email', async () => {
  const { page } = shopper;
  const step = journeySteps(page, 'aml');
  const details = customer('aml');
  await buyUpToDetails(page, shop, { currency: 'Euros', product: messages.clickAndCollect, branch: 'London Oxford Street', pounds: 1500 }, async (name) => {
    if (name !== 'review') return;
    // No surprises at the counter: what to bring is said before payment.
    const notice = page.getByRole('region', { name: messages.identificationTitle });
    await expect.poll(() => notice.innerText()).toContain(formatMessage(messages.identificationBody, { threshold: '£1,000' }));
    expect(await notice.innerText()).toContain(messages.identificationCollect);
    await step('review-identification');
  });
  await fillCustomerForm(page, details);
  await submitDetails(page);

  const modal = page.getByRole('alertdialog', { name: messages.amlTitle });
  await modal.waitFor({ timeout: 30_000 });
  const text = await modal.innerText();
  expect(text).toContain(messages.amlBody);
  // The seeded support line, with its number (spec 8).
  expect(text).toContain(formatMessage(messages.amlSupport, { phone: '0808 157 0192', hours: 'Monday to Saturday, 9am to 5.30pm' }));
  await step('identification-modal');
  // Escape only closes it (WCAG 3.2.2): the shopper stays on the details with focus on Submit,
  // whose press asks again.
  await page.keyboard.press('Escape');
  await modal.waitFor({ state: 'hidden' });
  expect(new URL(page.url()).pathname).toBe(appPaths.customerInformation);
  await expect.poll(() => page.evaluate(() => document.activeElement?.textContent?.trim())).toBe(messages.submit);
  await page.keyboard.press('Enter');
  await modal.waitFor({ timeout: 30_000 });
  await modal.getByRole('button', { name: messages.continue, exact: true }).click();

  await waitForPath(page, appPaths.payment);
  const reference = await payByCard(page, shop, TEST_CARDS.succeeds, () => step('payment'));
  await waitForPath(page, appPaths.confirmation, 60_000);
  await heading(page, messages.orderConfirmation);
  const next = page.getByRole('region', { name: messages.whatHappensNext });
  await expect.poll(() => next.innerText()).toContain(messages.nextProofOfAddress);
  expect(await next.innerText()).toContain(messages.nextCollectId);
  await step('confirmation');

  // The confirmation email repeats it.
  type Caught = { subject: string; text: string };
  const emailOf = async () =>
    ((await (await fetch(`${shop.mail}/api/messages`)).json()) as Caught[]).find((m) => m.subject.includes(reference)) ?? null;
  await expect.poll(emailOf, { timeout: 90_000, interval: 1_000 }).not.toBeNull();
  expect((await emailOf())!.text).toContain(messages.nextProofOfAddress);
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
