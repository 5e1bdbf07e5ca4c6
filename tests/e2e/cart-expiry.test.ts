/**
 * The cart countdown running out. A shop of its own whose carts last one minute
 * (CART_TTL_MINUTES=1), so the countdown reaches 'Cart expired' within the test.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { messages } from '#domain/messages.ts';
import { shopperForEachTest } from './support/journey.ts';
import { startShop, type RunningShop } from './support/servers.ts';
import { addToCart, chooseCurrency, journeySteps, openHome, payPounds, pickRadio } from './support/steps.ts';

let expiryShop: RunningShop;
const shopper = shopperForEachTest();

beforeAll(async () => {
  expiryShop = await startShop({ name: 'e2e_expiry', env: { CART_TTL_MINUTES: '1' } });
});
afterAll(async () => {
  await expiryShop?.stop();
});

test("the cart countdown: expiring under 5 minutes, then 'Cart expired' and no checkout", async () => {
  const { page } = shopper;
  const shop = expiryShop.urls;
  const step = journeySteps(page, 'expiry');
  await openHome(page, shop);
  await chooseCurrency(page, 'Euros');
  await pickRadio(page, messages.deliveryOptionLabel, messages.homeDelivery);
  await payPounds(page, 300);
  await addToCart(page);

  const timer = page.getByRole('timer', { name: messages.timeLeft });
  await timer.waitFor({ timeout: 30_000 });
  // A one-minute cart is under the 300 s warning from the start: mm:ss and 'expiring'.
  expect(await timer.innerText()).toMatch(/^0[01]:\d\d$/);
  expect(await timer.getAttribute('data-status')).toBe('expiring');
  await step('expiring');

  const expired = page.getByRole('alert').filter({ hasText: messages.cartExpired });
  await expired.waitFor({ timeout: 90_000 });
  expect(await timer.count()).toBe(0);
  // An expired cart cannot be checked out.
  await expect.poll(() => page.getByRole('button', { name: messages.proceedToCheckout }).isDisabled(), { timeout: 10_000 }).toBe(true);
  await step('expired');
  expect(shopper.errors).toEqual([]);
});
