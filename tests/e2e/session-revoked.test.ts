/**
 * Journey 10: the session token is revoked mid-checkout (docs/decisions/011). Support staff end
 * the shopper's session while the shopper fills in their details (a stolen token is locked out
 * this way). Submit is refused, the shop gets a new session, and since a revoked session is never
 * handed over, the new one is empty: the shopper is told a new session started (without the
 * cart sentence), and neither the old token nor the new session reaches the old order.
 */
import { decodeJwt } from 'jose';
import type { Page } from 'playwright-core';
import { expect, inject, test } from 'vitest';
import { AUTH_HEADER, appPaths } from '#domain/contract/routes.ts';
import { messages } from '#domain/messages.ts';
import { SESSION_TOKEN_STORAGE_KEY } from '#src/app/browser-services.ts';
import { shopperForEachTest } from './support/journey.ts';
import { E2E_OPS_TOKEN } from './support/servers.ts';
import { customer } from './support/shop-api.ts';
import { buyUpToDetails, fillCustomerForm, heading, journeySteps, submitDetails } from './support/steps.ts';

const shop = inject('shop');
const shopper = shopperForEachTest();

async function storedToken(page: Page): Promise<string> {
  const token = await page.evaluate((key) => window.localStorage.getItem(key), SESSION_TOKEN_STORAGE_KEY);
  if (!token) throw new Error('the shop has no session token in storage');
  return token;
}

interface Claims {
  sid: string;
  cart: string | null;
  order: string | null;
}
const claimsOf = (token: string) => decodeJwt(token) as unknown as Claims;

/** The id of the session's cart or order, read with its token. */
async function idOf(path: '/api/cart' | '/api/order', token: string): Promise<string> {
  const res = await fetch(`${shop.api}${path}`, { headers: { [AUTH_HEADER]: `Bearer ${token}` } });
  expect(res.status).toBe(200);
  return ((await res.json()) as { id: string }).id;
}

/** What the shop's support staff do: POST /ops/sessions/{id}/revoke with the operations token. */
async function revokeSession(sessionId: string): Promise<void> {
  const res = await fetch(`${shop.api}/ops/sessions/${sessionId}/revoke`, { method: 'POST', headers: { [AUTH_HEADER]: `Bearer ${E2E_OPS_TOKEN}` } });
  expect(res.status, await res.text()).toBe(204);
}

test('the session token revoked mid-checkout: a new, empty session and a clear message; the old order out of reach', async () => {
  const { page } = shopper;
  const step = journeySteps(page, 'session-revoked');

  await buyUpToDetails(page, shop, { currency: 'US Dollars', product: messages.homeDelivery, pounds: 300 }, step);
  await heading(page, messages.detailsTitle);
  const details = customer('session-revoked');
  await fillCustomerForm(page, details);
  await step('details-filled');

  // The session ends while the shopper is on the details step.
  const revoked = await storedToken(page);
  const before = { sid: claimsOf(revoked).sid, cart: await idOf('/api/cart', revoked), order: await idOf('/api/order', revoked) };
  await revokeSession(before.sid);
  const refused = await fetch(`${shop.api}/api/order`, { headers: { [AUTH_HEADER]: `Bearer ${revoked}` } });
  expect(refused.status).toBe(401);
  expect(((await refused.json()) as { type: string }).type).toBe('session-revoked');

  // Submit is refused; the shop gets a new session, which holds nothing of the old one, and says so.
  await submitDetails(page);
  const notice = page.getByRole('status').filter({ hasText: messages.sessionEnded });
  await expect.poll(() => notice.innerText(), { timeout: 10_000 }).toContain(messages.sessionEnded);
  expect(await notice.innerText()).not.toContain(messages.sessionEndedCartKept);
  await expect.poll(async () => claimsOf(await storedToken(page)).sid, { timeout: 10_000 }).not.toBe(before.sid);
  const renewed = await storedToken(page);
  expect(claimsOf(renewed)).toMatchObject({ cart: null, order: null });
  expect(new URL(page.url()).pathname).not.toBe(appPaths.payment);
  await step('new-empty-session');

  // The retried Submit finds no order on the new session and says so; the shopper closes that.
  const problem = page.getByRole('alertdialog', { name: 'Not found' });
  await problem.waitFor({ timeout: 10_000 });
  expect(await problem.innerText()).toContain('This session has no order.');
  await problem.getByRole('button', { name: messages.close, exact: true }).click();
  await problem.waitFor({ state: 'hidden' });

  // The notice goes when the shopper has read it.
  await notice.getByRole('button', { name: messages.dismissNotice }).click();
  await expect.poll(() => page.getByText(messages.sessionEnded).count()).toBe(0);

  // Neither the old token nor the new session reaches the old cart or order and its details.
  for (const path of ['/api/cart', '/api/order']) {
    expect((await fetch(`${shop.api}${path}`, { headers: { [AUTH_HEADER]: `Bearer ${revoked}` } })).status).toBe(401);
    expect((await fetch(`${shop.api}${path}`, { headers: { [AUTH_HEADER]: `Bearer ${renewed}` } })).status).toBe(404);
  }
  // Presenting the revoked token again gets another empty session.
  const again = await fetch(`${shop.api}/session/1`, { method: 'POST', headers: { [AUTH_HEADER]: `Bearer ${revoked}` } });
  expect(await again.json()).toMatchObject({ handedOver: false });
});
