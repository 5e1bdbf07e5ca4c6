/**
 * Manage my order in the browser: a paid click and collect order is found by its reference, email
 * address and date of birth, moved to another collection date and then cancelled; the emails for
 * both are read back from the mail catcher's API, and the page answers a wrong date of birth with
 * the same "not found" as a wrong reference.
 */
import { expect, inject, test } from 'vitest';
import type { Page } from 'playwright-core';
import { appPaths } from '#domain/contract/routes.ts';
import { messages } from '#domain/messages.ts';
import { shopperForEachTest } from './support/journey.ts';
import { customer, ShopApi } from './support/shop-api.ts';
import { heading, journeySteps, pickRadio } from './support/steps.ts';

const shop = inject('shop');
const shopper = shopperForEachTest();
const OXFORD_STREET_ID = 10;

type Caught = { to: string[]; subject: string; text: string; links: string[] };
const emailAbout = async (subject: string): Promise<Caught | null> =>
  ((await (await fetch(`${shop.mail}/api/messages`)).json()) as Caught[]).find((m) => m.subject === subject) ?? null;

async function findOrder(page: Page, reference: string, email: string, dob: [string, string, string]): Promise<void> {
  await page.getByRole('textbox', { name: messages.orderReference }).fill(reference);
  await page.getByRole('textbox', { name: messages.emailLabel }).fill(email);
  await page.getByRole('textbox', { name: messages.dayLabel }).fill(dob[0]);
  await page.getByRole('textbox', { name: messages.monthLabel }).fill(dob[1]);
  await page.getByRole('textbox', { name: messages.yearLabel }).fill(dob[2]);
  await page.getByRole('button', { name: messages.findOrder }).click();
}

test('find a paid order, move its collection date, then cancel it; both emails arrive', async () => {
  const { page } = shopper;
  const step = journeySteps(page, 'manage-order');
  // A paid click and collect order, on a date after today's (the branch's second date).
  const buyer = customer('manage-order');
  const other = new ShopApi(shop.api, shop.app);
  const answer = await other.submitOrder({ productId: 2, storeId: OXFORD_STREET_ID, lines: [{ currencyCode: 'EUR', qty: 300 }], customer: buyer, slot: (slots) => slots[1] });
  expect(answer).toMatchObject({ state: { value: 3 } });
  await other.pay();
  await expect.poll(() => other.orderState(), { timeout: 30_000 }).toBe(18);
  const reference = await other.orderReference();

  await page.goto(`${shop.app}${appPaths.manageOrder}`);
  await heading(page, messages.manageOrderTitle);
  await step('find-form');

  // A wrong date of birth: the same answer as any other mismatch.
  await findOrder(page, reference, buyer.emailAddress, ['1', '1', '1990']);
  await expect.poll(() => page.getByText(messages.orderNotFound).count(), { timeout: 15_000 }).toBe(1);
  await step('not-found');

  await page.getByRole('textbox', { name: messages.dayLabel }).fill('12');
  await page.getByRole('textbox', { name: messages.monthLabel }).fill('4');
  await page.getByRole('textbox', { name: messages.yearLabel }).fill('1985');
  await page.getByRole('button', { name: messages.findOrder }).click();
  const order = page.getByTestId('managed-order');
  await order.waitFor({ timeout: 15_000 });
  expect(await order.innerText()).toContain(reference);
  expect(await order.innerText()).toContain('London Oxford Street');
  await step('found');

  // Another date at the same branch.
  const dateBefore = await page.getByTestId('managed-order-date').innerText();
  await page.getByRole('button', { name: messages.changeCollectionDate }).click();
  const dates = page.getByRole('radiogroup', { name: messages.newCollectionDateLabel }).getByRole('radio');
  await expect.poll(() => dates.count()).toBeGreaterThan(0);
  const chosenLabel = (await page.getByRole('radiogroup', { name: messages.newCollectionDateLabel }).locator('label').last().innerText()).trim();
  await pickRadio(page, messages.newCollectionDateLabel, chosenLabel);
  await step('choosing-date');
  await page.getByRole('button', { name: messages.saveCollectionDate }).click();
  await expect.poll(() => page.getByText("We've emailed you the new date.", { exact: false }).count(), { timeout: 15_000 }).toBeGreaterThan(0);
  const dateAfter = await page.getByTestId('managed-order-date').innerText();
  expect(dateAfter).not.toBe(dateBefore);
  expect(dateAfter).toContain(chosenLabel);
  await step('date-changed');

  // Cancel: asked first, then the refund on its way.
  await page.getByRole('button', { name: messages.cancelOrder }).click();
  const confirm = page.getByRole('alertdialog', { name: messages.cancelOrderQuestion });
  await confirm.waitFor();
  expect(await confirm.innerText()).toMatch(/We'll refund £[\d,]+\.\d\d to the card you paid with\./);
  await step('confirm-cancel');
  await confirm.getByRole('button', { name: messages.confirmCancel }).click();
  await expect.poll(() => page.getByText(messages.orderCancelled).count(), { timeout: 15_000 }).toBeGreaterThan(0);
  expect(await page.getByRole('button', { name: messages.cancelOrder }).count()).toBe(0);
  await step('cancelled');

  // Both emails, from the catcher's API.
  await expect.poll(() => emailAbout(`New collection date for your order ${reference}`), { timeout: 90_000, interval: 1_000 }).not.toBeNull();
  const moved = (await emailAbout(`New collection date for your order ${reference}`))!;
  expect(moved.to).toEqual([buyer.emailAddress]);
  expect(moved.text).toContain('London Oxford Street');
  await expect.poll(() => emailAbout(`Your order ${reference} is cancelled`), { timeout: 90_000, interval: 1_000 }).not.toBeNull();
  const cancelled = (await emailAbout(`Your order ${reference} is cancelled`))!;
  expect(cancelled.text).toMatch(/We have refunded £[\d,]+\.\d\d to the card you paid with\./);
  // Its link leads back to manage my order.
  const link = cancelled.links.find((l) => new URL(l).pathname === appPaths.manageOrder)!;
  expect((await page.goto(link))?.status()).toBe(200);
  await heading(page, messages.manageOrderTitle);

  // Found again: cancelled, nothing left to do.
  await findOrder(page, reference, buyer.emailAddress, ['12', '4', '1985']);
  await order.waitFor({ timeout: 15_000 });
  await expect.poll(() => page.getByText(/This order was cancelled on /).count()).toBe(1);
  await step('found-cancelled');
  expect(shopper.errors).toEqual([]);
});
