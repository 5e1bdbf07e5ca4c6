/**
 * The Flows pages of the built Storybook in Chromium, as a product owner uses them: the checkout
 * chart opens on its top-level states at a readable size, zooms (buttons, wheel, Fit), opens a
 * closed state and shows one as its own sub-chart, and Simulate plays a path to the payment
 * state whose event log can be copied.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseEventLog } from '../../flows/event-log.ts';
import { chromiumAvailable, launchBrowser, seriousA11yViolations } from '../e2e/support/browser.ts';
import { serveStatic, type StaticServer } from './static-server.ts';

const STATIC = path.resolve('storybook-static');

const zoomOf = async (page: Page) => Number(await page.locator('[data-zoom]').first().getAttribute('data-zoom'));

/** The smallest text of the chart as drawn on screen, in CSS px (its font size times the zoom). */
async function smallestText(page: Page): Promise<number> {
  const zoom = await zoomOf(page);
  const sizes = await page.locator('[role="application"] svg text').evaluateAll((texts) => texts.map((text) => parseFloat(getComputedStyle(text).fontSize)));
  return Math.min(...sizes) * zoom;
}

/** Whether a state's box lies in the viewer's visible area. */
async function inView(viewport: Locator, state: Locator): Promise<boolean> {
  const [outer, inner] = await Promise.all([viewport.boundingBox(), state.boundingBox()]);
  if (!outer || !inner) return false;
  return inner.x >= outer.x && inner.y >= outer.y && inner.x + inner.width <= outer.x + outer.width && inner.y + inner.height <= outer.y + outer.height;
}

describe.skipIf(!chromiumAvailable() || !existsSync(path.join(STATIC, 'index.json')))('the Flows pages in Chromium', () => {
  let server: StaticServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await serveStatic(STATIC);
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('reads, zooms, opens and simulates the checkout chart to its payment state', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-GB', reducedMotion: 'reduce' });
    const page = await context.newPage();
    try {
      await page.goto(`${server.origin}/iframe.html?id=flows--checkout&viewMode=story`);
      const viewport = page.getByRole('application', { name: /^Statechart of the checkout machine/ });
      const state = (id: string) => viewport.locator(`[data-state-id="${id}"]`);
      await state('checkout.inCheckout').waitFor({ timeout: 30_000 });

      // The first view: the top-level states, in sight, none of the inner ones, no text under 12 px.
      for (const id of ['checkout.opening', 'checkout.inCheckout', 'checkout.leaving', 'checkout.left']) expect(await inView(viewport, state(id)), id).toBe(true);
      expect(await state('checkout.inCheckout.review').count()).toBe(0);
      expect(await smallestText(page)).toBeGreaterThanOrEqual(12);
      // The state it starts in is marked, on the closed box that holds it.
      await expect.poll(() => state('checkout.inCheckout').getAttribute('class')).toContain('flow-active');

      // Zoom: the buttons, the wheel where it points, and Fit.
      const first = await zoomOf(page);
      await page.getByRole('button', { name: 'Zoom in' }).click();
      expect(await zoomOf(page)).toBeCloseTo(first * 1.25, 2);
      await page.getByRole('button', { name: 'Zoom out' }).click();
      const box = (await viewport.boundingBox())!;
      // A drag moves the chart.
      // Two frames: the zoom's own drawing lands before the drag starts.
      await page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))));
      const before = (await state('checkout.inCheckout').boundingBox())!;
      await page.mouse.move(box.x + 20, box.y + 20);
      await page.mouse.down();
      await page.mouse.move(box.x + 80, box.y + 60, { steps: 4 });
      await page.mouse.up();
      await expect.poll(async () => Math.round((await state('checkout.inCheckout').boundingBox())!.x - before.x)).toBe(60);
      await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
      await page.mouse.wheel(0, -300);
      await expect.poll(() => zoomOf(page)).toBeGreaterThan(first);
      await page.getByRole('button', { name: 'Fit' }).click();

      // A click opens the closed checkout; its pages are closed in turn until clicked.
      await state('checkout.inCheckout').click();
      await state('checkout.inCheckout.review').waitFor();
      expect(await state('checkout.inCheckout.delivery').getAttribute('class')).toContain('flow-collapsed');
      await state('checkout.inCheckout.delivery').click();
      await state('checkout.inCheckout.delivery.choosingSlot').waitFor();
      // An open state, clicked, is shown alone; the trail leads back.
      await state('checkout.inCheckout.delivery').click({ position: { x: 12, y: 8 } });
      const trail = page.getByRole('navigation', { name: 'Where in the checkout chart' });
      await expect.poll(() => trail.textContent()).toBe('checkout › inCheckout › delivery');
      await expect.poll(() => state('checkout.opening').count()).toBe(0);
      await trail.getByRole('button', { name: 'checkout', exact: true }).click();
      await state('checkout.opening').waitFor();
      await state('checkout.inCheckout').click();
      await state('checkout.inCheckout.payment').waitFor();

      // Simulate: from review to the payment page, answering the actors and the guards.
      const now = page.getByTestId('simulated-state');
      expect(await now.textContent()).toBe('inCheckout.review');
      const send = (label: string) => page.getByRole('button', { name: label, exact: true }).click();
      const answer = async (event: string, answers: Record<string, boolean>) => {
        await send(`${event} ?`);
        const question = page.getByRole('group', { name: `Which answer does each guard of ${event} give?` });
        for (const [guard, value] of Object.entries(answers)) await question.getByRole('radiogroup', { name: guard }).getByRole('radio', { name: String(value) }).check();
        await question.getByRole('button', { name: `Send ${event}` }).click();
      };
      await send('cart.checkedOut');
      await answer('loadOrder: done', { isOrderAlreadyCompleted: false, isOrderPastDelivery: false });
      await send('loadDeliverySlots: done');
      expect(await now.textContent()).toBe('inCheckout.delivery.choosingSlot');
      await send('deliverySlot.chosen');
      await send('saveDeliverySlot: done');
      await send('delivery.submitted');
      await answer('loadOrder: done', { isCheckoutFailed: false, isOrderAwaitingPayment: false, isOrderCompleted: false });
      expect(await now.textContent()).toBe('inCheckout.details.editing');
      // Back and forward again.
      await page.getByRole('button', { name: 'Back' }).click();
      expect(await now.textContent()).toBe('inCheckout.details.loadingOrder');
      await answer('loadOrder: done', { isCheckoutFailed: false, isOrderAwaitingPayment: false, isOrderCompleted: false });
      await send('details.submitted');
      await answer('saveCustomerInfo: done', { isSoldOut: false, isIdentificationRequired: false, areDetailsAcceptedForPayment: true });
      expect(await now.textContent()).toBe('inCheckout.payment.loadingOrder');
      await expect.poll(() => state('checkout.inCheckout.payment').getAttribute('class')).toContain('flow-active');
      expect(await page.getByRole('list', { name: 'Path taken' }).getByRole('listitem').count()).toBe(9);

      // The path as an event log, each step with its guards and state.
      await page.getByRole('button', { name: 'Copy path' }).click();
      const log = parseEventLog(await page.getByLabel('The path as an event log (copied)').inputValue());
      expect(log.machine).toBe('checkout');
      expect(log.source).toBe('simulate');
      expect(log.steps).toHaveLength(9);
      expect(log.steps.at(-1)).toMatchObject({ event: { type: 'xstate.done.actor.saveCustomerInfo' }, guards: { areDetailsAcceptedForPayment: true }, state: { inCheckout: { payment: 'loadingOrder' } } });

      await page.getByRole('button', { name: 'Reset' }).click();
      expect(await now.textContent()).toBe('inCheckout.review');
      expect(await seriousA11yViolations(page)).toEqual([]);
    } finally {
      await context.close();
    }
  }, 90_000);
});
