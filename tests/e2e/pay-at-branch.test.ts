/**
 * Pay at the branch when cards fail (issue 45 part 1): the sandbox's test card that finds the
 * provider unavailable. A click-and-collect shopper reserves the currency and is told what to pay
 * and bring, on the confirmation page and in its email; a home-delivery shopper, whose order needs
 * a card, tries the card again and pays.
 */
import { expect, inject, test } from 'vitest';
import { appPaths } from '#domain/contract/routes.ts';
import { messages } from '#domain/messages.ts';
import { shopperForEachTest } from './support/journey.ts';
import { customer } from './support/shop-api.ts';
import { buyUpToDetails, chooseSlot, fillCustomerForm, heading, journeySteps, nextFromDelivery, payByCard, pick, submitDetails, TEST_CARDS, waitForPath } from './support/steps.ts';

const shop = inject('shop');
const shopper = shopperForEachTest();

/** The sandbox's test card that finds the provider unavailable (server/psp/test-cards.ts). */
const PROVIDER_UNAVAILABLE_CARD = '4000 0000 0000 0515';

test('cards fail on a collection: reserve now, pay at the branch; the confirmation and its email say what to pay and bring', async () => {
  const { page } = shopper;
  const step = journeySteps(page, 'pay-at-branch');
  await buyUpToDetails(page, shop, { currency: 'Euros', product: messages.clickAndCollect, pounds: 300, branch: 'London Oxford Street' });
  const details = customer('pay-at-branch');
  await fillCustomerForm(page, details);
  await submitDetails(page);
  await waitForPath(page, appPaths.payment);
  const reference = await payByCard(page, shop, PROVIDER_UNAVAILABLE_CARD);

  // The card page said the provider is unavailable: the payment page offers the reservation.
  await page.getByText(messages.providerUnavailableTitle).waitFor({ timeout: 30_000 });
  const reserve = page.getByRole('button', { name: messages.reserveAtBranch });
  await expect.poll(() => reserve.isEnabled()).toBe(true);
  expect(await page.getByRole('button', { name: messages.providerUnavailableTryAgain }).isEnabled()).toBe(true);
  expect(page.url()).toContain(appPaths.payment);
  await step('provider-unavailable');

  await reserve.click();
  await waitForPath(page, appPaths.confirmation, 60_000);
  await heading(page, messages.orderConfirmation);
  const confirmation = page.getByTestId('confirmation');
  await expect.poll(() => confirmation.getByText(messages.reservationConfirmed).count(), { timeout: 30_000 }).toBe(1);
  const text = await confirmation.innerText();
  expect(text).toContain(reference);
  expect(text).toMatch(/Pay £[\d,.]+ at London Oxford Street before it closes at \d{1,2}:\d{2}[ap]m on \w+day \d{1,2} \w+ \d{4}, by debit card or cash\./);
  expect(text).toContain(messages.reservationHeld);
  expect(text).not.toContain(messages.thankYou);
  await step('reserved');

  // The email says the same, through the outbox.
  type Caught = { to: string[]; subject: string; text: string };
  const emailOf = async () =>
    ((await (await fetch(`${shop.mail}/api/messages`)).json()) as Caught[]).find((m) => m.subject.includes(reference)) ?? null;
  await expect.poll(emailOf, { timeout: 90_000, interval: 1_000 }).not.toBeNull();
  const email = (await emailOf())!;
  expect(email.to).toEqual([details.emailAddress]);
  expect(email.subject).toBe(`Your currency is reserved: pay at the branch (${reference})`);
  expect(email.text).toMatch(/Pay £[\d,.]+ at London Oxford Street before it closes at/);
  expect(email.text).toContain(`Bring your order reference ${reference} and photo ID`);
  expect(shopper.errors).toEqual([]);
});

test('cards fail on a home delivery: the card is tried again, and then paid', async () => {
  const { page } = shopper;
  const step = journeySteps(page, 'pay-at-branch-home');
  await buyUpToDetails(page, shop, { currency: 'US Dollars', product: messages.homeDelivery, pounds: 300 });
  await fillCustomerForm(page, customer('pay-at-branch-home'));
  await submitDetails(page);
  await waitForPath(page, appPaths.payment);
  await payByCard(page, shop, PROVIDER_UNAVAILABLE_CARD);

  await page.getByText(messages.switchToCollectionOffer).waitFor({ timeout: 30_000 });
  expect(await page.getByRole('button', { name: messages.reserveAtBranch }).count()).toBe(0);
  await step('provider-unavailable');

  await page.getByRole('button', { name: messages.providerUnavailableTryAgain }).click();
  await payByCard(page, shop, TEST_CARDS.succeeds);
  await waitForPath(page, appPaths.confirmation, 60_000);
  await heading(page, messages.orderConfirmation);
  await expect.poll(() => page.getByText(messages.thankYou).count(), { timeout: 30_000 }).toBe(1);
  await step('paid');
  expect(shopper.errors).toEqual([]);
});

test('cards fail on a home delivery: collected from a branch that has the currency instead, reserved there and paid at the branch', async () => {
  const { page } = shopper;
  const step = journeySteps(page, 'pay-at-branch-switch');
  await buyUpToDetails(page, shop, { currency: 'Euros', product: messages.homeDelivery, pounds: 300 });
  const details = customer('pay-at-branch-switch');
  await fillCustomerForm(page, details);
  await submitDetails(page);
  await waitForPath(page, appPaths.payment);
  await payByCard(page, shop, PROVIDER_UNAVAILABLE_CARD);

  // Offered a branch instead: those near the delivery address (London SW1A) that hold the euros.
  await page.getByText(messages.switchToCollectionOffer).waitFor({ timeout: 30_000 });
  await page.getByRole('button', { name: messages.switchToCollection }).click();
  const branches = page.getByRole('radiogroup', { name: messages.collectionBranchesLabel });
  await branches.waitFor({ timeout: 30_000 });
  expect(await branches.innerText()).toMatch(/miles from SW1A 2AA/);
  const first = branches.getByRole('radio').first();
  const label = await first.locator('xpath=ancestor::label[1]').innerText();
  const branchName = label.split('\n')[0]!.trim();
  const costThere = /Your order there: (£[\d,.]+) \(no delivery charge\)/.exec(label)?.[1];
  expect(costThere).toBeDefined();
  await step('branches');
  await pick(first);
  await page.getByRole('button', { name: messages.collectFromBranch }).click();

  // Now a collection at that branch: a collection date, the details given before, the card once more.
  await waitForPath(page, appPaths.deliveryOptions, 60_000);
  // The order there costs what the list said, with no delivery charge.
  await expect.poll(() => page.getByTestId('summary-total').first().innerText(), { timeout: 30_000 }).toBe(costThere);
  await chooseSlot(page, 0);
  await nextFromDelivery(page);
  await expect.poll(() => page.locator('#customer-emailAddress').inputValue()).toBe(details.emailAddress);
  expect(await page.locator('#customer-postcodeZip').inputValue()).toBe(details.address.postcodeZip);
  await pick(page.locator('#customer-terms'));
  await step('details-again');
  await submitDetails(page);
  await waitForPath(page, appPaths.payment);
  await payByCard(page, shop, PROVIDER_UNAVAILABLE_CARD);
  const reserve = page.getByRole('button', { name: messages.reserveAtBranch });
  await expect.poll(() => reserve.isEnabled(), { timeout: 30_000 }).toBe(true);
  await reserve.click();
  await waitForPath(page, appPaths.confirmation, 60_000);
  const confirmation = page.getByTestId('confirmation');
  await expect.poll(() => confirmation.getByText(messages.reservationConfirmed).count(), { timeout: 30_000 }).toBe(1);
  expect(await confirmation.innerText()).toContain(`at ${branchName} before it closes at`);
  await step('reserved');
  expect(shopper.errors).toEqual([]);
});
