import { expect, inject, test } from 'vitest';
import { messages } from '#domain/messages.ts';
import { shopperForEachTest } from './support/journey.ts';
import { addToCart, chooseCurrency, heading, journeySteps, openHome, payPounds, pickRadio } from './support/steps.ts';

const shop = inject('shop');
const shopper = shopperForEachTest();

test("'Add new currency' on the view-cart page adds euros beside the dollars, worked out at the cart's branch", async () => {
  const { page } = shopper;
  const step = journeySteps(page, 'add-currency');

  await openHome(page, shop);
  await chooseCurrency(page, 'US Dollars');
  await pickRadio(page, messages.deliveryOptionLabel, messages.homeDelivery);
  await payPounds(page, 300);
  await addToCart(page);
  await heading(page, messages.reviewTitle);

  const form = page.getByRole('region', { name: messages.addNewCurrency });
  const select = form.getByRole('combobox', { name: messages.newLineCurrency });
  await expect.poll(() => select.locator('option[value="EUR"]').count()).toBe(1);
  // Spec 5.1: a currency already in the cart is not offered, and Add waits for an amount above 0.
  expect(await select.locator('option[value="USD"]').count()).toBe(0);
  expect(await form.getByRole('button', { name: messages.addCurrency }).isDisabled()).toBe(true);

  await select.selectOption('EUR');
  const amount = form.getByRole('textbox', { name: 'Amount (EUR)' });
  await expect.poll(() => amount.isEnabled()).toBe(true);
  await amount.fill('100');
  // The cost is worked out once the shopper pauses (500 ms after the last key).
  const cost = form.getByRole('textbox', { name: messages.newLineCost });
  await expect.poll(() => cost.inputValue()).toMatch(/^\d+(\.\d{2})?$/);
  await step('new-currency-priced');

  await form.getByRole('button', { name: messages.addCurrency }).click();
  await expect.poll(() => page.getByTestId('review-line').count()).toBe(2);
  // The form starts again and no longer offers euros.
  await expect.poll(() => select.inputValue()).toBe('');
  expect(await select.locator('option[value="EUR"]').count()).toBe(0);
  await step('new-currency-added');
});
