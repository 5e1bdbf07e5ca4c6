import type { Page } from 'playwright-core';
import { expect, inject, test } from 'vitest';
import { appPaths } from '#domain/contract/routes.ts';
import { messages } from '#domain/messages.ts';
import { shopperForEachTest } from './support/journey.ts';
import { customer } from './support/shop-api.ts';
import {
  addToCart,
  answerGuarantees,
  chooseBranch,
  chooseCurrency,
  chooseSlot,
  fillCustomerForm,
  heading,
  journeySteps,
  nextFromDelivery,
  openHome,
  payByCard,
  payPounds,
  pickRadio,
  proceedToCheckout,
  submitDetails,
  TEST_CARDS,
  waitForPath,
} from './support/steps.ts';

/**
 * Spec 2.2: Escape dismisses the branch modal. After Next then Previous, Previous is disabled on
 * the first page: focus must stay in the dialog, so Escape still closes it.
 */
async function pagesBackAndEscapes(page: Page): Promise<void> {
  await page.getByRole('button', { name: messages.chooseBranch, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: messages.chooseBranchTitle });
  await dialog.getByRole('button', { name: messages.useMyLocation }).click();
  const next = dialog.getByRole('button', { name: messages.next, exact: true });
  await next.waitFor({ timeout: 30_000 });
  await next.click();
  const previous = dialog.getByRole('button', { name: messages.previous, exact: true });
  await previous.click();
  await expect.poll(() => previous.isDisabled()).toBe(true);
  await expect.poll(() => page.evaluate(() => document.activeElement?.closest('[role="dialog"]') !== null)).toBe(true);
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'hidden' });
}

const shop = inject('shop');
const shopper = shopperForEachTest();

test('euros for click and collect with the Buyback Guarantee, paid with the succeeding test card', async () => {
  const { page } = shopper;
  const step = journeySteps(page, 'euros-collect');

  await openHome(page, shop);
  await step('home');
  await chooseCurrency(page, 'Euros');
  await pickRadio(page, messages.deliveryOptionLabel, messages.clickAndCollect);
  await payPounds(page, 500);
  await pagesBackAndEscapes(page);
  await chooseBranch(page, 'London Oxford Street', step);
  await step('calculator-ready');

  await addToCart(page);
  await heading(page, messages.reviewTitle);
  await answerGuarantees(page, { buyback: true, refund: false });
  await expect.poll(() => page.getByTestId('cart-total').innerText()).toMatch(/^£\d/);
  // Under £1,000: nothing to say of identification before payment.
  expect(await page.getByTestId('identification-notice').count()).toBe(0);
  await step('review');

  await proceedToCheckout(page);
  await heading(page, messages.collectionTitle);
  await step('collection-date');
  await chooseSlot(page, 1);
  await nextFromDelivery(page);
  await step('details');

  const details = customer('euros-collect');
  await fillCustomerForm(page, details);
  await submitDetails(page);
  await waitForPath(page, appPaths.payment);
  let reference = '';
  reference = await payByCard(page, shop, TEST_CARDS.succeeds, () => step('payment'));

  await waitForPath(page, appPaths.confirmation, 60_000);
  await heading(page, messages.orderConfirmation);
  const confirmation = page.getByTestId('confirmation');
  await expect.poll(() => confirmation.getByText(reference, { exact: true }).count()).toBe(1);
  const feeRow = confirmation.getByRole('row', { name: new RegExp(messages.buybackGuaranteeTitle) });
  expect(await feeRow.innerText()).toContain('£4.00');
  expect(await confirmation.innerText()).toContain('London Oxford Street');
  expect(await confirmation.innerText()).toContain(details.emailAddress);
  await step('confirmation');

  await page.emulateMedia({ media: 'print' });
  await step('confirmation-print');
  await page.emulateMedia({ media: 'screen' });

  // The confirmation email is in the mail catcher's inbox, and its links open the shop.
  type Caught = { to: string[]; subject: string; text: string; links: string[] };
  const emailOf = async () =>
    ((await (await fetch(`${shop.mail}/api/messages`)).json()) as Caught[]).find((m) => m.subject.includes(reference)) ?? null;
  await expect.poll(emailOf, { timeout: 90_000, interval: 1_000 }).not.toBeNull();
  const email = (await emailOf())!;
  expect(email.to).toEqual([details.emailAddress]);
  expect(email.text).toContain('London Oxford Street');
  expect(email.text).toContain(messages.nextCollectId);
  expect(email.links.length).toBeGreaterThan(0);
  for (const link of email.links) {
    expect(new URL(link).origin).toBe(new URL(shop.app).origin);
    expect((await page.goto(link))?.status()).toBe(200);
  }
  await page.goto(`${shop.mail}/`);
  await step('confirmation-email-inbox');

  expect(shopper.errors).toEqual([]);
});
