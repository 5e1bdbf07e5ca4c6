/**
 * The currency chart page (spec 2.13): every interval's axis shows distinct dates, each in the
 * page's one date format (yyyy-MM-dd, as the tooltip and the latest rate).
 */
import { expect, inject, test } from 'vitest';
import { londonDay } from '#domain/cut-off.ts';
import { formatMessage, messages } from '#domain/messages.ts';
import { lastWorkingDayBefore } from '#domain/rate-freshness.ts';
import { bankHolidaysAround } from '#server/services/bank-holidays.ts';
import { shopperForEachTest } from './support/journey.ts';
import { heading, journeySteps } from './support/steps.ts';

const shop = inject('shop');
const shopper = shopperForEachTest();
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

test('the euro chart: 1W, 1M and 1Y label the axis with distinct yyyy-MM-dd dates', async () => {
  const { page } = shopper;
  const step = journeySteps(page, 'rate-chart');

  await page.goto(`${shop.app}/eur-to-gbp`);
  await heading(page, formatMessage(messages.chartTitle, { from: 'EUR', to: 'GBP' }));
  // A fresh start's sample rates end on the last working day before today, and say so.
  const lastDay = lastWorkingDayBefore(londonDay(new Date()), await bankHolidaysAround(new Date()));
  await page.getByText(messages.sampleRates).waitFor();
  await page.getByText(lastDay, { exact: true }).first().waitFor();
  for (const interval of [messages.oneWeek, messages.oneMonth, messages.oneYear]) {
    await page.getByRole('button', { name: interval, exact: true }).click();
    await expect.poll(() => page.getByRole('button', { name: interval, exact: true }).getAttribute('aria-pressed')).toBe('true');
    const ticks = page.locator('.visx-axis-bottom .visx-axis-tick');
    await expect.poll(() => ticks.count(), { timeout: 15_000 }).toBeGreaterThan(1);
    // SVG text has no innerText: its textContent is the label.
    const labels = await ticks.evaluateAll((els) => els.map((el) => el.textContent ?? ''));
    expect(new Set(labels).size, `${interval}: ${labels.join(', ')}`).toBe(labels.length);
    for (const label of labels) expect(label).toMatch(ISO_DATE);
    await step(`interval-${interval.toLowerCase()}`);
  }
  expect(shopper.errors).toEqual([]);
});

test('a rate alert from the euro chart: refused without an address, then set and waiting for its confirmation', async () => {
  const { page } = shopper;
  const step = journeySteps(page, 'rate-alert');
  await page.goto(`${shop.app}/eur-from-gbp`);
  const form = page.getByRole('region', { name: messages.rateAlertHeading });
  await form.waitFor({ timeout: 30_000 });
  const rate = form.getByRole('textbox', { name: formatMessage(messages.rateAlertRateLabel, { code: 'EUR' }) });
  expect(Number(await rate.inputValue())).toBeGreaterThan(0);
  await rate.fill('1.5');
  await form.getByRole('button', { name: messages.rateAlertSubmit }).click();
  await form.getByText(messages.emailRequired).waitFor();
  await step('refused');
  await form.getByRole('textbox', { name: messages.rateAlertEmailLabel }).fill('ann@example.com');
  await form.getByRole('button', { name: messages.rateAlertSubmit }).click();
  await form.getByText(formatMessage(messages.rateAlertSet, { email: 'ann@example.com' })).waitFor();
  await form.getByText(formatMessage(messages.rateAlertConfirm, { rate: '1.5000', code: 'EUR' })).waitFor();
  await step('set');
  expect(shopper.errors).toEqual([]);
});
