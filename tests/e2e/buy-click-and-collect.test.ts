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
  await chooseBranch(page, 'London Oxford Street', step);
  await step('calculator-ready');

  await addToCart(page);
  await heading(page, messages.reviewTitle);
  await answerGuarantees(page, { buyback: true, refund: false });
  await expect.poll(() => page.getByTestId('cart-total').innerText()).toMatch(/^£\d/);
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

  expect(shopper.errors).toEqual([]);
});
