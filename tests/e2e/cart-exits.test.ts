/** Leaving a checkout from its header, and arriving at one from the embedded calculator's link. */
import type { Locator, Page } from 'playwright-core';
import { expect, inject, test } from 'vitest';
import { appPaths } from '#domain/contract/routes.ts';
import { messages } from '#domain/messages.ts';
import { shopperForEachTest } from './support/journey.ts';
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
const shopper = shopperForEachTest();

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

  // Nothing is left to return to: 'You have no cart', then the home page a second later. The
  // second runs from when the cart knows there is none, so on a busy machine the review page's
  // code can arrive after it and the shopper lands on the home page without the message (a known
  // defect: the second should run from when the message shows). The outcome is checked either way.
  await page.goto(`${shop.app}${appPaths.viewCart}`);
  await page.getByText(messages.noCart).or(page.getByTestId('rate-line')).first().waitFor({ timeout: 30_000 });
  await waitForPath(page, '/', 10_000);
  await expect.poll(() => page.getByTestId('header-cart-count').innerText()).toBe('0');
  expect(shopper.errors).toEqual([]);
});

/** A partner's page carrying the calculator in an iframe, as a shopper would meet it. */
async function openPartnerPage(page: Page) {
  await page.goto(`${shop.app}/`);
  // The page stays on the shop's origin, under the shop's policy, with the shop's scripts still
  // running: it keeps the answer's style nonce, which react-aria reads, as the real page does.
  const nonce = await page.locator('meta[property="csp-nonce"]').evaluate((m) => (m as HTMLMetaElement).nonce);
  await page.setContent(
    `<!doctype html><html lang="en-GB"><head><meta property="csp-nonce" nonce="${nonce}" /><title>Partner travel page</title></head><body><main><h1>Partner travel page</h1>` +
      `<iframe title="Travel money calculator" src="${shop.app}${appPaths.embeddedCalculator}" width="420" height="640"></iframe></main></body></html>`,
  );
  const frame = page.frameLocator('iframe[title="Travel money calculator"]');
  await frame.getByTestId('rate-line').waitFor({ timeout: 30_000 });
  return frame;
}

/** The link's address once it offers one that matches. */
async function linkHref(link: Locator, matching: RegExp): Promise<URL> {
  let href = '';
  await expect
    .poll(
      async () => {
        href = (await link.getAttribute('href')) ?? '';
        return href;
      },
      { timeout: 15_000 },
    )
    .toMatch(matching);
  return new URL(href);
}

test("the embedded calculator's Add to cart link opens view-cart with its query", async () => {
  const { page } = shopper;
  const step = journeySteps(page, 'embedded');
  const frame = await openPartnerPage(page);
  await frame.getByRole('combobox', { name: messages.currencyLabel }).click();
  await frame.getByRole('combobox', { name: messages.currencyLabel }).fill('US Dollars');
  await frame.getByRole('option', { name: /US Dollars/ }).first().click();
  // Without a branch to choose in the frame, the order is delivered.
  await pickRadio(frame, messages.deliveryOptionLabel, messages.homeDelivery);
  await frame.getByLabel(messages.youGetForeign.replace('{code}', 'USD'), { exact: true }).fill('500');

  const link = frame.getByRole('link', { name: messages.addToCart, exact: true });
  const url = await linkHref(link, /currency=USD&amount=500&product_id=1/);
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

test('the embedded calculator, left as it opens (no branch), links to a cart view-cart can make', async () => {
  const { page } = shopper;
  const frame = await openPartnerPage(page);
  // No branch can be chosen in the frame, so it offers home delivery and not click and collect.
  const options = frame.getByRole('radiogroup', { name: messages.deliveryOptionLabel });
  expect.soft(await options.getByRole('radio', { name: messages.homeDelivery }).isChecked()).toBe(true);
  expect.soft(await options.getByRole('radio', { name: messages.clickAndCollect }).isDisabled()).toBe(true);
  await frame.getByLabel(messages.youGetForeign.replace('{code}', 'EUR'), { exact: true }).fill('300');
  const link = frame.getByRole('link', { name: messages.addToCart, exact: true });
  const url = await linkHref(link, /currency=EUR&amount=300&product_id=\d/);

  await link.click();
  await waitForPath(page, appPaths.viewCart);
  const popup = page.getByRole('alertdialog');
  await page.getByTestId('review-line').or(popup).first().waitFor({ timeout: 30_000 });
  // Read the popup only when there is one: innerText would otherwise wait for it to appear.
  const refused = (await popup.count()) > 0 ? await popup.innerText() : '';
  expect(refused).toBe('');
  await heading(page, messages.reviewTitle);
  expect(await page.getByTestId('review-line').innerText()).toContain('EUR');
  // A home-delivery link at store 1, the delivery centre, which view-cart reads when store_id is left out (spec 2.1, 2.6).
  expect(url.searchParams.get('product_id')).toBe('1');
  expect(url.searchParams.has('store_id')).toBe(false);
  expect(shopper.errors).toEqual([]);
});

test("a view-cart link the shop cannot make a cart from: the server's reason, 'You have no cart', then the home page", async () => {
  const { page } = shopper;
  // Click and collect without a branch: view-cart reads store 1, which is no branch to collect from.
  await page.goto(`${shop.app}${appPaths.viewCart}?currency=USD&amount=500&product_id=2`);
  // The popup with the server's reason, matched as it shows: it stays only until the cart has
  // moved on ('You have no cart'), which on a busy machine can come before a second look at it.
  await page.getByRole('alertdialog').filter({ hasText: 'Choose a branch for this product.' }).waitFor({ timeout: 30_000 });
  await page.getByText(messages.noCart).waitFor({ timeout: 10_000 });
  expect(await page.getByText(messages.loadingCart).count()).toBe(0);
  // Not left waiting: the home page a second later (spec 4.3, 8).
  await waitForPath(page, '/', 10_000);
  await page.getByTestId('rate-line').waitFor({ timeout: 30_000 });
  await expect.poll(() => page.getByTestId('header-cart-count').innerText()).toBe('0');
  expect(shopper.errors).toEqual([]);
});
