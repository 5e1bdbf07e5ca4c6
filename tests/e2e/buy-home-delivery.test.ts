import type { Response } from 'playwright-core';
import { expect, inject, test } from 'vitest';
import { appPaths } from '#domain/contract/routes.ts';
import { messages } from '#domain/messages.ts';
import { apiPathOf } from './support/api-calls.ts';
import { shopperForEachTest } from './support/journey.ts';
import { customer } from './support/shop-api.ts';
import {
  addToCart,
  answerGuarantees,
  chooseCurrency,
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

const shop = inject('shop');

/** The page a response was for (the shop's page or the card frame), for a readable failure. */
function frameOf(response: Response): string {
  try {
    return response.frame().url().split('?')[0] ?? '';
  } catch {
    return 'a page that has gone';
  }
}
const shopper = shopperForEachTest();

test('US dollars for home delivery on the Monday slot, with its note', async () => {
  const { page } = shopper;
  const step = journeySteps(page, 'dollars-delivery');
  // No page asks for what it knows is not there: no answer on the way fails, in the page or the
  // card frame, and no page reads the cart once it is checked out.
  const failed: string[] = [];
  const cartReads: string[] = [];
  let checkedOut = false;
  page.on('response', (response) => {
    const call = apiPathOf(shop, response.url());
    if (response.status() >= 400) failed.push(`${response.status()} ${response.request().method()} ${call ?? response.url()}`);
    if (call === '/cart/checkout' && response.ok()) checkedOut = true;
    else if (checkedOut && response.request().method() === 'GET' && (call === '/cart' || call === '/api/cart')) {
      cartReads.push(`${call} ${response.status()} on ${frameOf(response)}`);
    }
  });

  await openHome(page, shop);
  await chooseCurrency(page, 'US Dollars');
  await pickRadio(page, messages.deliveryOptionLabel, messages.homeDelivery);
  await payPounds(page, 400);
  await step('calculator');

  await addToCart(page);
  await answerGuarantees(page, { buyback: false, refund: false });
  await step('review');

  await proceedToCheckout(page);
  await heading(page, messages.deliveryTitle);
  // Home delivery offers six delivery dates, so one of them is a Monday, unless the one Monday in
  // reach is a bank holiday (domain/cut-off.ts): then the journey takes the last date, and no
  // card carries the Monday note.
  const cards = page.getByRole('radiogroup', { name: messages.deliverySlotsLabel }).locator('label');
  await expect.poll(() => cards.count()).toBe(6);
  const mondayCard = cards.filter({ hasText: /Monday/ });
  const hasMonday = (await mondayCard.count()) === 1;
  const chosenCard = hasMonday ? mondayCard : cards.last();
  if (hasMonday) expect(await mondayCard.innerText()).toContain(messages.mondayDeliveryNote);
  for (const card of await cards.filter({ hasNotText: /Monday/ }).all()) expect(await card.innerText()).not.toContain(messages.mondayDeliveryNote);
  const mondayDate = (await chosenCard.innerText()).split('\n')[0]!.replace(/^(Today|Tomorrow), /, '').trim();
  await chosenCard.click();
  await expect.poll(() => chosenCard.getByRole('radio').isChecked()).toBe(true);
  await expect.poll(() => page.getByRole('button', { name: messages.next, exact: true }).isEnabled()).toBe(true);
  await step('delivery-date-monday');

  await nextFromDelivery(page);
  await expect.poll(() => page.getByText(messages.cardMustMatchDeliveryAddress).count()).toBe(1);
  const details = customer('dollars-delivery');
  await fillCustomerForm(page, details);
  await step('details');
  await submitDetails(page);
  await waitForPath(page, appPaths.payment);
  const reference = await payByCard(page, shop, TEST_CARDS.succeeds, () => step('payment'));

  await waitForPath(page, appPaths.confirmation, 60_000);
  await heading(page, messages.orderConfirmation);
  const confirmation = page.getByTestId('confirmation');
  await expect.poll(() => confirmation.getByText(reference, { exact: true }).count()).toBe(1);
  const text = await confirmation.innerText();
  expect(text).toContain(messages.deliveryDetails);
  expect(text).toContain(mondayDate);
  expect(text).toContain('Downing Street');
  expect(text).toMatch(/USD/);
  await step('confirmation');

  expect(cartReads).toEqual([]);
  expect(failed).toEqual([]);
  expect(shopper.errors).toEqual([]);
});
