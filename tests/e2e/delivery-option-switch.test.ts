import type { Request, Response } from 'playwright-core';
import { expect, inject, test } from 'vitest';
import type { Cart } from '#domain/contract/cart.ts';
import { appPaths } from '#domain/contract/routes.ts';
import { messages } from '#domain/messages.ts';
import { PRODUCT } from '#domain/products.ts';
import { apiPathOf } from './support/api-calls.ts';
import { shopperForEachTest, type Shopper } from './support/journey.ts';
import { chooseBranch, chooseCurrency, journeySteps, openHome, payPounds, pickRadio } from './support/steps.ts';

const shop = inject('shop');
const shopper = shopperForEachTest();

/** The site's default store: the home-delivery centre (seed: site 1, store 1). */
const DELIVERY_CENTRE = 1;
const BRANCH = 'London Oxford Street';

interface Call {
  storeId: number;
  productId: number;
}

/** The stores the calculator asks quotes of, and the carts the shop creates for it (POST /cart). */
function recordCalls(shopper: Shopper) {
  const quotes: Call[] = [];
  const carts: (Call | { status: number })[] = [];
  shopper.page.on('request', (request: Request) => {
    const quote = /\/stores\/(\d+)\/products\/(\d+)\/rates\/currency\//.exec(request.url());
    if (quote) quotes.push({ storeId: Number(quote[1]), productId: Number(quote[2]) });
  });
  shopper.page.on('response', async (response: Response) => {
    const request = response.request();
    if (request.method() !== 'POST' || apiPathOf(shop, request.url()) !== '/cart') return;
    if (response.status() !== 201) {
      carts.push({ status: response.status() });
      return;
    }
    const cart = (await response.json()) as Cart;
    carts.push({ storeId: cart.store.id, productId: cart.product.id });
  });
  return { quotes, carts };
}

test('home delivery after choosing a branch for click and collect: quoted and added at the delivery centre, and the branch is kept', async () => {
  const { page } = shopper;
  const step = journeySteps(page, 'delivery-switch');
  const calls = recordCalls(shopper);
  const options = page.getByRole('radiogroup', { name: messages.deliveryOptionLabel });
  const quoteAt = async (productId: number) => {
    await expect.poll(() => calls.quotes.filter((q) => q.productId === productId).length).toBeGreaterThan(0);
    await page.getByText(messages.gettingRate).waitFor({ state: 'detached', timeout: 15_000 });
    return calls.quotes.filter((q) => q.productId === productId).at(-1)!.storeId;
  };

  await openHome(page, shop);
  await chooseCurrency(page, 'Euros');
  await pickRadio(page, messages.deliveryOptionLabel, messages.clickAndCollect);
  await payPounds(page, 500);
  await chooseBranch(page, BRANCH);
  const branchId = await quoteAt(PRODUCT.CLICK_AND_COLLECT);
  expect(branchId).not.toBe(DELIVERY_CENTRE);

  // Home delivery is sent from the delivery centre, whichever branch was chosen for collection.
  calls.quotes.length = 0;
  await pickRadio(page, messages.deliveryOptionLabel, messages.homeDelivery);
  expect(await quoteAt(PRODUCT.HOME_DELIVERY)).toBe(DELIVERY_CENTRE);

  // Back on click and collect, the branch chosen before is still the one.
  calls.quotes.length = 0;
  await pickRadio(page, messages.deliveryOptionLabel, messages.clickAndCollect);
  expect(await quoteAt(PRODUCT.CLICK_AND_COLLECT)).toBe(branchId);
  await expect.poll(() => page.getByText(BRANCH, { exact: true }).count()).toBeGreaterThan(0);
  expect(await page.getByText(messages.noBranchChosen).count()).toBe(0);
  await step('click-and-collect-again');

  calls.quotes.length = 0;
  await pickRadio(page, messages.deliveryOptionLabel, messages.homeDelivery);
  expect(await quoteAt(PRODUCT.HOME_DELIVERY)).toBe(DELIVERY_CENTRE);
  expect(await options.getByRole('radio', { name: messages.homeDelivery }).isChecked()).toBe(true);
  await step('home-delivery');

  await page.getByRole('button', { name: messages.addToCart, exact: true }).click();
  // On the view-cart page, or what the shop said instead.
  await expect
    .poll(async () => {
      const refused = await page.getByText('Home delivery is sent from a delivery centre, not a branch.').count();
      return refused > 0 ? 'refused: Home delivery is sent from a delivery centre, not a branch.' : new URL(page.url()).pathname;
    })
    .toBe(appPaths.viewCart);
  await page.getByTestId('review-line').first().waitFor({ timeout: 30_000 });
  await expect.poll(() => calls.carts).toEqual([{ storeId: DELIVERY_CENTRE, productId: PRODUCT.HOME_DELIVERY }]);
  await step('review');

  expect(shopper.errors).toEqual([]);
});
