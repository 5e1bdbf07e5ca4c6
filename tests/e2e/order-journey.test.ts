/**
 * The order's journey after payment in the browser (issue 45, part 2): staff sign in to /staff
 * with the staff token, find a paid click and collect order at its branch and a home delivery at
 * the warehouse, and move each on step by step (a dispatch with the courier's tracking
 * reference; a move out of order refused in plain words); the shopper sees each step with its
 * time in manage my order, and each step's email arrives.
 */
import { expect, inject, test } from 'vitest';
import type { Page } from 'playwright-core';
import { appPaths } from '#domain/contract/routes.ts';
import { messages } from '#domain/messages.ts';
import { staffTexts } from '#domain/texts/fulfilment-server.ts';
import { shopperForEachTest } from './support/journey.ts';
import { E2E_STAFF_TOKEN } from './support/servers.ts';
import { customer, ShopApi } from './support/shop-api.ts';
import { heading, journeySteps } from './support/steps.ts';

const shop = inject('shop');
const shopper = shopperForEachTest();
const OXFORD_STREET_ID = 10;
const HOME_DELIVERY_STORE = 1;

type Caught = { to: string[]; subject: string; text: string };
const emailAbout = async (subject: string): Promise<Caught | null> =>
  ((await (await fetch(`${shop.mail}/api/messages`)).json()) as Caught[]).find((m) => m.subject === subject) ?? null;

async function paidOrder(productId: 1 | 2, storeId: number, tag: string): Promise<{ reference: string; email: string }> {
  const buyer = customer(tag);
  const api = new ShopApi(shop.api, shop.app);
  const answer = await api.submitOrder({ productId, storeId, lines: [{ currencyCode: 'EUR', qty: 300 }], customer: buyer, slot: (slots) => slots[1] ?? slots[0] });
  expect(answer).toMatchObject({ state: { value: 3 } });
  await api.pay();
  await expect.poll(() => api.orderState(), { timeout: 30_000 }).toBe(18);
  return { reference: await api.orderReference(), email: buyer.emailAddress };
}

async function findOrder(page: Page, reference: string, email: string): Promise<void> {
  await page.goto(`${shop.app}${appPaths.manageOrder}`);
  await heading(page, messages.manageOrderTitle);
  await page.getByRole('textbox', { name: messages.orderReference }).fill(reference);
  await page.getByRole('textbox', { name: messages.emailLabel }).fill(email);
  await page.getByRole('textbox', { name: messages.dayLabel }).fill('12');
  await page.getByRole('textbox', { name: messages.monthLabel }).fill('4');
  await page.getByRole('textbox', { name: messages.yearLabel }).fill('1985');
  await page.getByRole('button', { name: messages.findOrder }).click();
  await page.getByTestId('order-timeline').waitFor({ timeout: 15_000 });
}

/** The timeline's steps as the shopper reads them: each label with its time or 'Still to come'. */
async function timeline(page: Page): Promise<string[]> {
  return (await page.getByTestId('order-timeline').getByRole('listitem').allInnerTexts()).map((t) => t.replace(/\s+/g, ' ').trim());
}

async function showOrdersAt(page: Page, place: string): Promise<void> {
  await page.getByLabel(staffTexts.locationLabel).selectOption({ label: place });
  await page.getByRole('button', { name: staffTexts.show }).click();
  await heading(page, staffTexts.title);
}

async function moveOn(page: Page, action: string, reference: string): Promise<void> {
  await page.getByRole('button', { name: `${action} ${reference}` }).click();
  await page.getByRole('status').filter({ hasText: `Order ${reference} is now:` }).waitFor({ timeout: 15_000 });
}

test('staff move a click and collect order and a home delivery on; the shopper sees each step and gets its email', async () => {
  const { page } = shopper;
  const step = journeySteps(page, 'order-journey');
  const collect = await paidOrder(2, OXFORD_STREET_ID, 'order-journey-collect');
  const home = await paidOrder(1, HOME_DELIVERY_STORE, 'order-journey-home');

  // The shopper, straight after paying: being prepared, with its time.
  await findOrder(page, collect.reference, collect.email);
  const paid = await timeline(page);
  expect(paid[0]).toMatch(/^Being prepared Done: \w+day \d{1,2} \w+, \d{1,2}:\d\d[ap]m$/);
  expect(paid.slice(1)).toEqual([`${messages.stepReadyToCollect} ${messages.stepToCome}`, `${messages.stepCollected} ${messages.stepToCome}`]);
  await step('shopper-being-prepared');

  // Staff sign in on the shop's own origin: a wrong token first.
  await page.goto(`${shop.app}/staff`);
  await heading(page, staffTexts.signInTitle);
  await step('staff-sign-in');
  await page.getByLabel(staffTexts.tokenLabel).fill('not-the-staff-token');
  await page.getByRole('button', { name: staffTexts.signIn }).click();
  await page.getByRole('alert').filter({ hasText: staffTexts.signInWrong }).waitFor();
  await page.getByLabel(staffTexts.tokenLabel).fill(E2E_STAFF_TOKEN);
  await page.getByRole('button', { name: staffTexts.signIn }).click();
  await heading(page, staffTexts.title);

  // The branch's orders by step, each with its next action.
  await showOrdersAt(page, 'London Oxford Street');
  const preparing = page.locator('section', { has: page.getByRole('heading', { name: /^Being prepared \(\d+\)$/ }) });
  expect(await preparing.innerText()).toContain(collect.reference);
  await step('staff-branch-orders');
  await moveOn(page, staffTexts.moves['staff.readyToCollect'], collect.reference);
  const ready = page.locator('section', { has: page.getByRole('heading', { name: /^Ready to collect \(\d+\)$/ }) });
  expect(await ready.innerText()).toContain(collect.reference);
  await step('staff-ready-to-collect');

  // A move out of order (the page's form sent again after the move) is refused in plain words: the
  // list again, the refusal above it, the order still where it is.
  const again = await page.request.post(`${shop.app}/staff/orders/${collect.reference}/move`, { form: { move: 'staff.readyToCollect', at: String(OXFORD_STREET_ID) } });
  expect(again.status()).toBe(409);
  expect(again.headers()['content-type']).toMatch(/^text\/html/);
  const refusal = await again.text();
  expect(refusal).toContain('role="alert"');
  expect(refusal).toContain('This order is not at the step before that one. Reload the staff page to see where it is now.');

  await moveOn(page, staffTexts.moves['staff.collected'], collect.reference);
  const finished = page.locator('section', { has: page.getByRole('heading', { name: /^Collected \(\d+\)$/ }) });
  expect(await finished.innerText()).toContain(staffTexts.finished);

  // The warehouse: a dispatch needs the courier's tracking reference.
  await showOrdersAt(page, staffTexts.warehouse);
  await page.getByLabel(staffTexts.trackingReferenceLabel).last().waitFor();
  const row = page.getByRole('row').filter({ hasText: home.reference });
  await row.getByLabel(staffTexts.trackingReferenceLabel).fill('jd0001 2345 6789');
  await step('staff-warehouse-dispatch');
  await moveOn(page, staffTexts.moves['staff.dispatched'], home.reference);
  await step('staff-dispatched');

  // The shopper sees each step with its time, and the tracking reference.
  await findOrder(page, collect.reference, collect.email);
  const collected = await timeline(page);
  expect(collected).toHaveLength(3);
  for (const line of collected) expect(line).toMatch(/Done: \w+day \d{1,2} \w+, \d{1,2}:\d\d[ap]m$/);
  await step('shopper-collected');
  await findOrder(page, home.reference, home.email);
  const onItsWay = await timeline(page);
  expect(onItsWay[1]).toMatch(/^Dispatched Done: .+ Courier tracking reference: JD0001 2345 6789$/);
  expect(onItsWay[2]).toBe(`${messages.stepDelivered} ${messages.stepToCome}`);
  expect(await page.getByText(messages.tooLateDelivery).count()).toBe(1);
  await step('shopper-dispatched');

  // Each step's email, from the catcher's API.
  for (const subject of [`Your order ${collect.reference} is ready to collect`, `You have collected your order ${collect.reference}`, `Your order ${home.reference} is on its way`]) {
    await expect.poll(() => emailAbout(subject), { timeout: 90_000, interval: 1_000 }).not.toBeNull();
  }
  expect((await emailAbout(`Your order ${collect.reference} is ready to collect`))!.to).toEqual([collect.email]);
  expect((await emailAbout(`Your order ${home.reference} is on its way`))!.text).toContain('Your courier tracking reference is JD0001 2345 6789.');
  expect(shopper.errors).toEqual([]);
});
