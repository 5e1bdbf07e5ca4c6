/** Leaving a checkout from its header, and arriving at one from the embedded calculator's link. */
import { afterEach, beforeEach, expect, inject, test } from 'vitest';
import { appPaths } from '#domain/contract/routes.ts';
import { messages } from '#domain/messages.ts';
import { openShopper, type Shopper } from './support/journey.ts';
import {
  addToCart,
  answerGuarantees,
  chooseCurrency,
  heading,
  journeySteps,
  openHome,
  payPounds,
  pickRadio,
  proceedToCheckout,
  waitForPath,
} from './support/steps.ts';

const shop = inject('shop');
let shopper: Shopper;

beforeEach(async () => {
  shopper = await openShopper();
});
afterEach(async (context) => {
  await shopper.close(context);
});

test("abandoning from the step bar's close button: 'We've cleared your cart', then the home page", async () => {
  const { page } = shopper;
  const step = journeySteps(page, 'abandon');
  await openHome(page, shop);
  await chooseCurrency(page, 'Euros');
  await pickRadio(page, messages.deliveryOptionLabel, messages.homeDelivery);
  await payPounds(page, 300);
  await addToCart(page);
  await answerGuarantees(page, { buyback: false, refund: false });
  await proceedToCheckout(page);
  await step('delivery-date');

  await page.getByRole('button', { name: messages.closeCheckout }).click();
  await page.getByText(messages.cartCleared).waitFor({ timeout: 10_000 });
  await step('cart-cleared');
  // Then the home page, a second later (spec 4.3).
  await waitForPath(page, '/', 10_000);
  await page.getByTestId('rate-line').waitFor({ timeout: 30_000 });
  await expect.poll(() => page.getByTestId('header-cart-count').innerText()).toBe('0');
  await step('home');

  // Nothing is left to return to.
  await page.goto(`${shop.app}${appPaths.viewCart}`);
  await page.getByText(messages.noCart).waitFor({ timeout: 30_000 });
  await waitForPath(page, '/', 10_000);
  expect(shopper.errors).toEqual([]);
});

test("the embedded calculator's Add to cart link opens view-cart with its query", async () => {
  const { page } = shopper;
  const step = journeySteps(page, 'embedded');
  // A partner's page carrying the calculator in an iframe, as a shopper would meet it.
  await page.goto(`${shop.app}/`);
  await page.setContent(
    `<!doctype html><html lang="en-GB"><head><title>Partner travel page</title></head><body><main><h1>Partner travel page</h1>` +
      `<iframe title="Travel money calculator" src="${shop.app}${appPaths.embeddedCalculator}" width="420" height="640"></iframe></main></body></html>`,
  );
  const frame = page.frameLocator('iframe[title="Travel money calculator"]');
  await frame.getByTestId('rate-line').waitFor({ timeout: 30_000 });
  await frame.getByRole('combobox', { name: messages.currencyLabel }).click();
  await frame.getByRole('combobox', { name: messages.currencyLabel }).fill('US Dollars');
  await frame.getByRole('option', { name: /US Dollars/ }).first().click();
  // Without a branch to choose in the frame, the order is delivered.
  await pickRadio(frame, messages.deliveryOptionLabel, messages.homeDelivery);
  await frame.getByLabel(messages.youGetForeign.replace('{code}', 'USD'), { exact: true }).fill('500');

  const link = frame.getByRole('link', { name: messages.addToCart, exact: true });
  let href = '';
  await expect
    .poll(
      async () => {
        href = (await link.getAttribute('href')) ?? '';
        return href;
      },
      { timeout: 15_000 },
    )
    .toMatch(/currency=USD&amount=500&product_id=1/);
  const url = new URL(href);
  expect(url.origin + url.pathname).toBe(`${shop.app}${appPaths.viewCart}`);
  expect(url.searchParams.get('currency')).toBe('USD');
  expect(url.searchParams.get('amount')).toBe('500');
  expect(url.searchParams.get('product_id')).toBe('1');
  expect(url.searchParams.has('store_id')).toBe(false);
  await step('partner-page');

  await link.click();
  await waitForPath(page, appPaths.viewCart);
  expect(new URL(page.url()).searchParams.get('currency')).toBe('USD');
  await page.getByTestId('review-line').first().waitFor({ timeout: 30_000 });
  await heading(page, messages.reviewTitle);
  const line = page.getByTestId('review-line');
  await expect.poll(() => line.count()).toBe(1);
  expect(await line.innerText()).toContain('USD');
  expect(await line.getByRole('textbox').inputValue()).toBe(url.searchParams.get('amount'));
  await step('view-cart');
  expect(shopper.errors).toEqual([]);
});
