import { expect, inject, test } from 'vitest';
import { parseEventLog } from '../../flows/event-log.ts';
import { expectNoCspViolations, shopperForEachTest } from './support/journey.ts';
import { journeySteps } from './support/steps.ts';

const shop = inject('shop');
const shopper = shopperForEachTest();

test('a product owner watches the running actors without the internet: ?inspect=local opens the flows panel beside the shop', async () => {
  const { page } = shopper;
  const step = journeySteps(page, 'live-flows');
  await page.goto(`${shop.app}/?inspect=local`);
  await page.getByTestId('rate-line').waitFor({ timeout: 30_000 });

  await page.getByRole('button', { name: /^Flows \(\d+ running\)$/ }).click();
  const panel = page.getByRole('complementary', { name: 'Live flows' });
  // The system's actors by name, each with the state it is in.
  for (const name of ['shop', 'session', 'calculator']) await panel.getByRole('button', { name: new RegExp(`^${name} `) }).first().waitFor();
  // A new visitor's session has no cart: no cart runs until a line is asked for (decision 062).
  expect(await panel.getByRole('button', { name: /^cart / }).count()).toBe(0);

  // The calculator's statechart, drawn in the page, with the states it is in marked.
  await panel.getByRole('button', { name: /^calculator / }).first().click();
  await panel.locator('svg[aria-label="Statechart of the calculator machine"]').waitFor({ timeout: 30_000 });
  await expect.poll(() => panel.locator('[data-state-id].flow-active').count()).toBeGreaterThan(1);

  // The chart opens on its top-level states, at a readable size, and zooms.
  const viewer = panel.getByRole('application', { name: /^Statechart of the calculator machine/ });
  const zoom = async () => Number(await panel.locator('[data-zoom]').getAttribute('data-zoom'));
  expect(await zoom()).toBeGreaterThanOrEqual(12 / 11 - 0.001);
  const first = await zoom();
  await panel.getByRole('button', { name: 'Zoom in' }).click();
  expect(await zoom()).toBeGreaterThan(first);
  expect(await viewer.locator('[data-state-id="calculator.ready"]').getAttribute('class')).toContain('flow-collapsed');
  // A click opens the closed state the calculator is in: the states inside it are marked.
  await viewer.locator('[data-state-id="calculator.ready"]').click();
  await expect.poll(() => viewer.locator('[data-state-id^="calculator.ready."].flow-active').count()).toBeGreaterThan(0);
  const heading = panel.getByRole('heading', { name: /^calculator: / });
  const before = await heading.textContent();

  // The shopper types: the marked states and the sequence of events between actors follow.
  const box = page.getByLabel('You pay (£)', { exact: true });
  await box.fill('750');
  const sequence = panel.getByRole('list', { name: 'Sequence of events' });
  const messages = () => sequence.getByRole('listitem').evaluateAll((items) => items.map((item) => item.getAttribute('aria-label') ?? ''));
  await expect.poll(async () => (await messages()).join('\n')).toContain('page → calculator: amount.typed');
  // Newest at the bottom, a lifeline per actor.
  expect((await messages()).at(-1)).not.toBe((await messages())[0]);
  expect(await panel.locator('[data-lifeline="calculator"]').count()).toBe(1);
  // The state it is in (drawn closed below the first level) follows.
  await expect.poll(() => heading.textContent()).not.toBe(before);
  await step('calculator-flow');

  // Filtered to the calculator: only what it sent or received.
  await panel.getByLabel('Actor', { exact: true }).selectOption({ label: 'calculator' });
  const filtered = await messages();
  expect(filtered.length).toBeGreaterThan(0);
  expect(filtered.every((m) => /(^| )calculator(:| →)/.test(m))).toBe(true);

  // The calculator's steps as an event log for the replay.
  await panel.getByRole('button', { name: 'Copy events' }).click();
  const log = parseEventLog(await panel.getByLabel(/^Event log of calculator/).inputValue());
  expect(log).toMatchObject({ machine: 'calculator', source: 'live' });
  expect(log.steps.map((s) => s.event.type)).toContain('amount.typed');

  // Nothing was opened on another site, and the diagram's style ran under the page's policy.
  expect(page.context().pages()).toHaveLength(1);
  expectNoCspViolations(page, 'flows panel');
});
