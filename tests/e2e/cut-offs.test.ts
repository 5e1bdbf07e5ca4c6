/**
 * Honest cut-offs in the browser: "Order within 2 h 14 m for delivery on Tuesday 25 November" on
 * the calculator and the delivery page, with the dates the shop's calendar gives (bank holidays
 * from the site settings the server built from date-holidays' data), counting down on the clock
 * and moving to the next date when the cut-off passes while the page is open.
 */
import { expect, inject, test } from 'vitest';
import { apiRoutes } from '#domain/contract/api-routes.ts';
import type { SiteSettings } from '#domain/contract/catalogue.ts';
import { collectionCutOff, deliveryCutOff, formatCutOffDay, storeCalendar, type BankHolidays, type CutOff } from '#domain/cut-off.ts';
import { messages } from '#domain/messages.ts';
import { shopperForEachTest } from './support/journey.ts';
import { addToCart, answerGuarantees, chooseBranch, chooseCurrency, heading, journeySteps, openHome, payPounds, pickRadio, proceedToCheckout } from './support/steps.ts';
import type { Store } from '#domain/contract/branches.ts';

const shop = inject('shop');
const shopper = shopperForEachTest();

async function bankHolidays(): Promise<BankHolidays> {
  const settings = (await (await fetch(`${shop.api}${apiRoutes.siteSettings.url(1)}`)).json()) as SiteSettings;
  expect(settings.bankHolidays?.englandAndWales.length).toBeGreaterThan(0);
  return settings.bankHolidays!;
}

/** The line reads one of the dates the rule gives around now (a cut-off may pass while it is read). */
function lineFor(kind: 'delivery' | 'collection', cutOffs: CutOff[]): RegExp {
  const days = [...new Set(cutOffs.map((c) => formatCutOffDay(c.date)))].join('|');
  const template = kind === 'delivery' ? messages.cutOffDelivery : messages.cutOffCollection;
  return new RegExp(`^${template.replace('{time}', '(\\d+ d \\d+ h|\\d+ h \\d+ m|\\d+ m)').replace('{date}', `(${days})`)}$`);
}

const around = <T,>(rule: (now: Date) => T): T[] => [rule(new Date(Date.now() - 5_000)), rule(new Date(Date.now() + 60_000))];

test('home delivery: the calculator and the delivery page promise the same first date, by the calendar', async () => {
  const { page } = shopper;
  const step = journeySteps(page, 'cut-off-delivery');
  const holidays = await bankHolidays();

  await openHome(page, shop);
  await chooseCurrency(page, 'Euros');
  await pickRadio(page, messages.deliveryOptionLabel, messages.homeDelivery);
  const line = page.getByTestId('cut-off');
  await line.waitFor({ timeout: 15_000 });
  expect(await line.innerText()).toMatch(lineFor('delivery', around((now) => deliveryCutOff(now, holidays))));
  await payPounds(page, 300);
  await step('calculator');

  await addToCart(page);
  await answerGuarantees(page, { buyback: false, refund: false });
  await proceedToCheckout(page);
  await heading(page, messages.deliveryTitle);
  const cutOffs = around((now) => deliveryCutOff(now, holidays));
  const pageLine = page.getByTestId('cut-off');
  await pageLine.waitFor({ timeout: 15_000 });
  const text = await pageLine.innerText();
  expect(text).toMatch(lineFor('delivery', cutOffs));
  // The first date offered is the one the line names, at the next-day price.
  const cards = page.getByRole('radiogroup', { name: messages.deliverySlotsLabel }).locator('label');
  const first = (await cards.first().innerText()).split('\n')[0]!;
  expect(text).toContain(first.replace(/^(Today|Tomorrow), /, ''));
  await step('delivery-page');
  expect(shopper.errors).toEqual([]);
});

test("click and collect: the line follows the chosen branch's opening times", async () => {
  const { page } = shopper;
  const step = journeySteps(page, 'cut-off-collection');
  const holidays = await bankHolidays();

  await openHome(page, shop);
  await chooseCurrency(page, 'Euros');
  await pickRadio(page, messages.deliveryOptionLabel, messages.clickAndCollect);
  await payPounds(page, 300);
  const stores = page.waitForResponse((r) => r.url().includes('/stores/nearby') && r.request().method() === 'POST');
  await chooseBranch(page, 'London Oxford Street', undefined);
  const branch = ((await (await stores).json()) as Store[]).find((s) => s.name === 'London Oxford Street')!;
  const calendar = storeCalendar(branch)!;
  const line = page.getByTestId('cut-off');
  await line.waitFor({ timeout: 15_000 });
  const expected = around((now) => collectionCutOff(now, calendar, holidays, branch.haveCurrency !== false)!);
  expect(await line.innerText()).toMatch(lineFor('collection', expected));
  await step('calculator');
  expect(shopper.errors).toEqual([]);
});

test('the line counts down on the clock and moves to the next date when the cut-off passes', async () => {
  const { page } = shopper;
  const step = journeySteps(page, 'cut-off-passes');
  const holidays = await bankHolidays();
  // The browser's clock set 90 s before the last dispatch cut-off that has passed: behind the
  // server's, so its session tokens still read as valid.
  let cut = deliveryCutOff(new Date(Date.now() - 8 * 86_400_000), holidays);
  for (let next = deliveryCutOff(cut.orderBy, holidays); next.orderBy.getTime() < Date.now() - 120_000; next = deliveryCutOff(next.orderBy, holidays)) cut = next;
  const start = new Date(cut.orderBy.getTime() - 90_000);
  const after = deliveryCutOff(new Date(cut.orderBy.getTime() + 30_000), holidays);
  expect(after.date > cut.date).toBe(true);
  await page.clock.install({ time: start });

  await openHome(page, shop);
  await chooseCurrency(page, 'Euros');
  await pickRadio(page, messages.deliveryOptionLabel, messages.homeDelivery);
  const line = page.getByTestId('cut-off');
  await line.waitFor({ timeout: 15_000 });
  await expect.poll(() => line.innerText()).toMatch(new RegExp(`^Order within [12] m for delivery on ${formatCutOffDay(cut.date)}$`));
  await step('last-minutes');

  await page.clock.fastForward('02:00');
  await expect.poll(() => line.innerText(), { timeout: 15_000 }).toMatch(new RegExp(` for delivery on ${formatCutOffDay(after.date)}$`));
  await step('next-date');
  expect(shopper.errors).toEqual([]);
});
