/**
 * One round trip (the speed issue, item 4): every API answer is held back the same time, and for
 * each page the test counts how many answers the page waited for one after another once it had
 * its session token. A read the page already holds (the app host's preloaded reads) costs none;
 * two calls in a row, where the second needed the first, cost two.
 */
import type { Page, Request } from 'playwright-core';
import { expect, inject, test } from 'vitest';
import { appPaths } from '#domain/contract/routes.ts';
import { messages } from '#domain/messages.ts';
import { apiPathOf } from './support/api-calls.ts';
import { shopperForEachTest } from './support/journey.ts';
import { addToCart, answerGuarantees, chooseSlot, nextFromDelivery, openHome, payPounds, pickRadio, proceedToCheckout } from './support/steps.ts';

const shop = inject('shop');
const shopper = shopperForEachTest();

/**
 * Long against the page's own work, so "started after that answer came" is unambiguous: on a
 * loaded machine a page's own work before a call (a chunk of the checkout's machines arriving
 * beside the cart's answer) has taken more than 400 ms.
 */
const HOLD_MS = 1_000;
/** The session token calls: the chain is counted after them. */
const isSessionCall = (call: string) => /^(POST|GET) \/session\/\d+(\/token)?$/.test(call);

interface Call {
  call: string;
  start: number;
  end: number;
}

/** Holds every API answer back and records when each call left and when its answer arrived. */
async function holdApiAnswers(page: Page): Promise<{ calls: Call[]; stop: () => Promise<void> }> {
  const calls: Call[] = [];
  const started = new Map<Request, Call>();
  const matcher = (url: URL) => apiPathOf(shop, url.toString()) !== null;
  await page.route(matcher, async (route) => {
    const request = route.request();
    const path = apiPathOf(shop, request.url()) ?? '';
    started.set(request, { call: `${request.method()} ${path.split('?')[0]}`, start: Date.now(), end: Number.POSITIVE_INFINITY });
    await new Promise((resolve) => setTimeout(resolve, HOLD_MS));
    // The page may have moved on (or the watch stopped) while the answer was held.
    await route.continue().catch(() => undefined);
  });
  const finish = (request: Request) => {
    const call = started.get(request);
    if (call === undefined) return;
    call.end = Date.now();
    calls.push(call);
  };
  page.on('requestfinished', finish);
  page.on('requestfailed', finish);
  return {
    calls,
    stop: async () => {
      await page.unroute(matcher).catch(() => undefined);
      page.off('requestfinished', finish);
      page.off('requestfailed', finish);
    },
  };
}

/** The longest chain of calls each started after the one before answered, session calls not counted. */
function chainDepth(calls: Call[]): { depth: number; chain: string[] } {
  const counted = calls.filter((c) => !isSessionCall(c.call)).sort((a, b) => a.start - b.start);
  const best = new Map<Call, { depth: number; chain: string[] }>();
  for (const call of counted) {
    let before = { depth: 0, chain: [] as string[] };
    for (const earlier of counted) {
      const seen = best.get(earlier);
      if (seen !== undefined && earlier.end <= call.start && seen.depth > before.depth) before = seen;
    }
    best.set(call, { depth: before.depth + 1, chain: [...before.chain, call.call] });
  }
  return [...best.values()].reduce((a, b) => (b.depth > a.depth ? b : a), { depth: 0, chain: [] });
}

/** Opens `path` afresh with every answer held back; what the page waited for, once it is settled. */
async function measure(page: Page, path: string, ready: () => Promise<unknown>) {
  const held = await holdApiAnswers(page);
  await page.goto(`${shop.app}${path}`);
  await ready();
  await page.waitForLoadState('networkidle');
  await held.stop();
  return { ...chainDepth(held.calls), calls: held.calls.map((c) => c.call) };
}

test('each page waits for at most one API answer after its session token', async () => {
  const { page } = shopper;
  const results: Record<string, Awaited<ReturnType<typeof measure>>> = {};

  // The home page's rates board is part of the page's preloaded reads: it costs no round trip.
  results['/'] = await measure(page, '/', async () => {
    await page.getByTestId('rate-line').waitFor({ timeout: 30_000 });
    await page.getByTestId('board-buy-EUR').waitFor({ timeout: 30_000 });
  });
  expect(await page.getByTestId('board-buy-EUR').innerText()).toMatch(/^\d+\.\d{4} EUR$/);
  results[appPaths.branches] = await measure(page, appPaths.branches, () =>
    page.getByRole('heading', { level: 1 }).first().waitFor({ timeout: 30_000 }),
  );

  // A cart and a checkout under way, then each of their pages opened afresh.
  await openHome(page, shop);
  await pickRadio(page, messages.deliveryOptionLabel, messages.homeDelivery);
  await payPounds(page, 400);
  await addToCart(page);
  await answerGuarantees(page, { buyback: false, refund: false });
  results[appPaths.viewCart] = await measure(page, appPaths.viewCart, () => page.getByTestId('review-line').first().waitFor({ timeout: 30_000 }));
  await proceedToCheckout(page);
  await chooseSlot(page, 0);
  await nextFromDelivery(page);
  results[appPaths.customerInformation] = await measure(page, appPaths.customerInformation, () =>
    page.locator('#customer-emailAddress').waitFor({ timeout: 30_000 }),
  );

  const report = Object.entries(results).map(([path, r]) => `${path}: ${r.depth} (${r.chain.join(' -> ')}); all: ${r.calls.join(', ')}`);
  console.log(`[e2e] API answers waited for in a row, after the token:\n  ${report.join('\n  ')}`);
  for (const [path, r] of Object.entries(results)) expect(r.depth, `${path}: ${r.chain.join(' -> ')}`).toBeLessThanOrEqual(1);
  expect(shopper.errors).toEqual([]);
});
