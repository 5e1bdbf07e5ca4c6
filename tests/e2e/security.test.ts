import { expect, inject, test } from 'vitest';
import { messages } from '#domain/messages.ts';
import { AUTH_HEADER } from '#domain/contract/routes.ts';
import { apiPathOf } from './support/api-calls.ts';
import { cspViolations, shopperForEachTest } from './support/journey.ts';
import { addToCart, journeySteps, openHome, payPounds, pickRadio } from './support/steps.ts';

const shop = inject('shop');
const shopper = shopperForEachTest();

test("the shop's pages carry a strict content security policy, and the browser enforces it", async () => {
  const { page } = shopper;
  const response = await page.goto(`${shop.app}/`);
  const headers = response?.headers() ?? {};
  expect(headers['content-security-policy']).toMatch(/script-src 'self' 'sha256-[A-Za-z0-9+/=]+'(;|$)/);
  expect(headers['content-security-policy']).toContain("frame-ancestors 'self'");
  expect(headers['x-frame-options']).toBe('SAMEORIGIN');
  expect(headers['x-content-type-options']).toBe('nosniff');
  await page.getByTestId('rate-line').waitFor({ timeout: 30_000 });

  // An injected inline script does not run, and the journeys' watch sees the violation.
  const ran = await page.evaluate(() => {
    const script = document.createElement('script');
    script.textContent = 'window.__injected = true;';
    document.head.append(script);
    return (window as unknown as { __injected?: boolean }).__injected === true;
  });
  expect(ran).toBe(false);
  await expect.poll(() => cspViolations(page).some((v) => v.includes('script-src'))).toBe(true);
  cspViolations(page).length = 0;
});

test('loyalty sign-in: the session token never appears in the address, and the shopper comes back signed in', async () => {
  const { page } = shopper;
  const step = journeySteps(page, 'loyalty-signin');
  await openHome(page, shop);
  const storedToken = () => page.evaluate(() => Object.values(localStorage).map((v) => v.replace(/"/g, '')).find((v) => v.split('.').length === 3) ?? '');
  // A new visitor has no session until something needs one: here, the sign-in.
  expect(await storedToken()).toBe('');
  const standardRate = await page.getByTestId('rate-line').innerText();

  // The token the sign-in's code was asked for with: the session started for it.
  const asked = page.waitForRequest((r) => r.method() === 'POST' && r.url().endsWith('/loyalty-signin/code'));
  await page.getByRole('link', { name: messages.loyaltyCta }).click();
  const token = ((await asked).headers()[AUTH_HEADER.toLowerCase()] ?? '').replace(/^Bearer /, '');
  expect(token).not.toBe('');
  await page.getByRole('heading', { name: 'Sign in to your loyalty account' }).waitFor();
  const address = new URL(page.url());
  expect(address.origin).toBe(shop.api);
  expect(address.searchParams.get('code')).toMatch(/^[\w-]{43}$/);
  expect(page.url()).not.toContain(token);
  // The page carries the shop's own favicon, served by the shop (no 404 in the tab).
  const icon = await page.locator('link[rel="icon"]').getAttribute('href');
  expect(icon).toBe(`${shop.app}/favicon.svg`);
  expect((await page.request.get(icon ?? '')).status()).toBe(200);
  await step('sign-in-page');

  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => url.origin === shop.app);
  await page.getByText(messages.signedIn).first().waitFor({ timeout: 30_000 });
  // Quoted as a loyalty customer at once, though the token said 'no profile' until it was renewed.
  await expect.poll(() => page.getByTestId('rate-line').innerText(), { timeout: 15_000 }).not.toBe(standardRate);
  const loyaltyRate = await page.getByTestId('rate-line').innerText();
  await step('signed-in');
  // The renewed token says the session has a profile: the next page's quote carries it.
  await page.goto(`${shop.app}/`);
  await page.getByTestId('rate-line').waitFor({ timeout: 30_000 });
  await expect.poll(() => page.getByTestId('rate-line').innerText(), { timeout: 15_000 }).toBe(loyaltyRate);

  // The code was used once: going back to it does not sign in again.
  const again = await page.goto(address.toString());
  expect(again?.status()).toBe(400);
});

test('a page without a cart asks for none (no 404 in the console); once there is one, the next page finds it', async () => {
  const { page } = shopper;
  const cartCalls: string[] = [];
  const apiCalls: string[] = [];
  const failed: string[] = [];
  page.on('response', (r) => {
    const call = apiPathOf(shop, r.url());
    if (call !== null) apiCalls.push(`${r.request().method()} ${call}`);
    if (call === '/cart' || call === '/api/cart') cartCalls.push(`${r.request().method()} ${call} ${r.status()}`);
    if (r.status() >= 400) failed.push(`${r.status()} ${r.url()}`);
  });
  await openHome(page, shop);
  await page.waitForLoadState('networkidle');
  // A new visitor's first page asks the API nothing: the page carries its reads and its first
  // quote, and no session starts until something needs one (spec 4.4).
  expect(apiCalls).toEqual([]);
  expect(cartCalls).toEqual([]);
  expect(failed).toEqual([]);

  await pickRadio(page, messages.deliveryOptionLabel, messages.homeDelivery);
  await payPounds(page, 300);
  await addToCart(page);
  // Creating the cart renewed the token: a new page load reads the cart it names at once.
  cartCalls.length = 0;
  await page.reload();
  await page.getByTestId('review-line').first().waitFor({ timeout: 30_000 });
  expect(cartCalls.filter((c) => c.startsWith('GET'))).toEqual(['GET /api/cart 200']);
  expect(failed).toEqual([]);
});
