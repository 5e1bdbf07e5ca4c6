/**
 * A branch sells out while the shopper fills in their details: another shopper's paid order
 * takes the branch's Canadian dollars (it holds about £1,500 of them), so the chosen same-day
 * collection can no longer be met and the shopper picks a later date.
 */
import { expect, inject, test } from 'vitest';
import { appPaths } from '#domain/contract/routes.ts';
import { messages } from '#domain/messages.ts';
import { shopperForEachTest } from './support/journey.ts';
import { customer, ShopApi } from './support/shop-api.ts';
import {
  buyUpToDetails,
  fillCustomerForm,
  heading,
  journeySteps,
  nextFromDelivery,
  payByCard,
  submitDetails,
  TEST_CARDS,
  waitForPath,
} from './support/steps.ts';

const shop = inject('shop');
const OXFORD_STREET_ID = 10;
const shopper = shopperForEachTest();

test("NoStock: 'Oh snap!', 'Choose another collection date', then completed", async () => {
  const { page } = shopper;
  const step = journeySteps(page, 'no-stock');
  await buyUpToDetails(page, shop, {
    currency: 'Canadian Dollars',
    product: messages.clickAndCollect,
    pounds: 900,
    branch: 'London Oxford Street',
    buyback: false,
  });

  // Meanwhile another shopper buys most of the branch's Canadian dollars and pays.
  const other = new ShopApi(shop.api, shop.app);
  const answer = await other.submitOrder({
    productId: 2,
    storeId: OXFORD_STREET_ID,
    lines: [{ currencyCode: 'CAD', qty: 1600 }],
    customer: customer('no-stock-other'),
  });
  expect(answer).toMatchObject({ state: { value: 3 } });
  await other.pay();
  expect(await other.orderState()).toBe(18);

  const details = customer('no-stock');
  await fillCustomerForm(page, details);
  await submitDetails(page);
  const modal = page.getByRole('alertdialog', { name: messages.ohSnap });
  await modal.waitFor({ timeout: 30_000 });
  expect(await modal.innerText()).toContain(messages.noStock);
  await step('sold-out-modal');

  await modal.getByRole('button', { name: messages.chooseAnotherCollectionDate }).click();
  await waitForPath(page, appPaths.deliveryOptions);
  await heading(page, messages.collectionTitle);
  // The branch now collects the currency for the shopper: from 2pm on its next open day.
  const cards = page.getByRole('radiogroup', { name: messages.deliverySlotsLabel }).locator('label');
  await expect.poll(() => cards.count(), { timeout: 30_000 }).toBeGreaterThan(0);
  for (const card of await cards.all()) expect(await card.innerText()).toContain(messages.freeCollectionFromTwoPm);
  await cards.first().click();
  await expect.poll(() => cards.first().getByRole('radio').isChecked()).toBe(true);
  await expect.poll(() => page.getByRole('button', { name: messages.next, exact: true }).isEnabled()).toBe(true);
  await step('later-collection-date');

  await nextFromDelivery(page);
  await fillCustomerForm(page, details);
  await submitDetails(page);
  await waitForPath(page, appPaths.payment);
  await payByCard(page, shop, TEST_CARDS.succeeds);
  await waitForPath(page, appPaths.confirmation, 60_000);
  await heading(page, messages.orderConfirmation);
  await expect.poll(() => page.getByTestId('confirmation').innerText()).toContain('London Oxford Street');
  await step('confirmation');
  expect(shopper.errors).toEqual([]);
});
