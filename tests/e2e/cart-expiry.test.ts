/**
 * The cart countdown running out, and "Need more time?". A shop of its own whose carts last one
 * minute (CART_TTL_MINUTES=1), so the countdown reaches 'Cart expired' within the test and every
 * cart is in its last 5 minutes, where more time is offered (CART_EXTENSION_LIMIT 2, the default).
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { messages } from '#domain/messages.ts';
import { shopperForEachTest } from './support/journey.ts';
import { expectFocusOn } from './support/keyboard.ts';
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

test('"Need more time?": the checkout header and the header cart extend the hold, twice at most', async () => {
  const { page } = shopper;
  const shop = expiryShop.urls;
  const step = journeySteps(page, 'more-time');
  const secondsLeft = async () => {
    const [minutes, seconds] = (await page.getByRole('timer', { name: messages.timeLeft }).innerText()).split(':').map(Number);
    return (minutes ?? 0) * 60 + (seconds ?? 0);
  };
  await openHome(page, shop);
  await chooseCurrency(page, 'Euros');
  await pickRadio(page, messages.deliveryOptionLabel, messages.homeDelivery);
  await payPounds(page, 300);
  await addToCart(page);

  // The checkout header: the offer beside the countdown, said once to screen readers.
  const announcer = page.getByTestId('more-time-announcer');
  await expect.poll(() => announcer.textContent()).toBe('Your cart will expire in under 5 minutes. Need more time? You can add 1 minute.');
  expect(await announcer.getAttribute('aria-live')).toBe('polite');
  await page.getByText(messages.needMoreTime, { exact: true }).waitFor();
  await step('offered-in-checkout');
  const before = await secondsLeft();
  await page.getByRole('button', { name: 'Add 1 minute' }).click();
  const added = /^We've added 1 minute\. Your cart is now held until \d\d:\d\d\.$/;
  await page.getByTestId('more-time').getByText(added).waitFor();
  await expect.poll(() => announcer.textContent()).toMatch(added);
  expect(await secondsLeft()).toBeGreaterThan(before + 50);
  await step('added-in-checkout');

  // Back in the shop, the closed header cart offers the last extension beside the basket.
  await openHome(page, shop);
  const shortcut = page.getByRole('button', { name: messages.needMoreTime, exact: true });
  await shortcut.waitFor();
  await step('offered-in-header');
  await shortcut.click();
  await expect.poll(() => announcer.textContent()).toMatch(added);
  await expect.poll(() => shortcut.count()).toBe(0);
  // Its work done, the shortcut goes and focus is back on the basket, not the page's body.
  await expectFocusOn(page, /^Cart, /);
  await page.getByRole('button', { name: /^Cart, / }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByText(messages.moreTimeUsedUp).waitFor();
  expect(await dialog.getByRole('button', { name: 'Add 1 minute' }).count()).toBe(0);
  expect(await secondsLeft()).toBeGreaterThan(120);
  await step('used-up-in-header');
  expect(shopper.errors).toEqual([]);
});
