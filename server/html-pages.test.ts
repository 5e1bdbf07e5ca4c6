/**
 * Every HTML page the servers write carries a content security policy and says whether it may be
 * framed: the API's pages (an email's opt-out and alert-cancel links, the loyalty sign-in) and the
 * local inbox are never framed (frame-ancestors 'none', X-Frame-Options DENY); the payment
 * provider's pages are framed by the shop alone, as its card page must be.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiRoutes } from '#domain/contract/api-routes.ts';
import { startMailCatcher, type MailCatcher } from './mail/catcher.ts';
import { createPsp } from './psp/app.ts';
import { signToken } from './psp/signature.ts';
import { body, shopper } from '../tests/support/commerce-fixtures.ts';
import { RateAlertResponseSchema } from '#domain/rate-alert.ts';
import { LoyaltySignInStartSchema } from '#domain/contract/session.ts';
import { PLAIN_PAGE_POLICY } from './security-headers.ts';
import { optOutUrl } from './services/basket-link.ts';
import { cancelUrl } from './services/rate-alerts.ts';
import { createTestServer, type TestServer } from './testing.ts';

let server: TestServer;
let catcher: MailCatcher;
beforeAll(async () => {
  server = await createTestServer();
  catcher = await startMailCatcher({ port: 0 });
});
afterAll(async () => {
  await catcher?.close();
  await server?.close();
});

function expectNeverFramed(res: Response) {
  expect(res.headers.get('content-type')).toMatch(/^text\/html/);
  expect(res.headers.get('content-security-policy')).toMatch(/(^|; )frame-ancestors 'none'(;|$)/);
  expect(res.headers.get('x-frame-options')).toBe('DENY');
}

const pathOf = (url: string) => {
  const u = new URL(url);
  return `${u.pathname}${u.search}`;
};

describe("the API's pages are never framed", () => {
  it.each([
    ['the basket email opt-out link', async () => pathOf(await optOutUrl(server.deps, 'dee@example.com')), 200],
    ['a forged opt-out link', async () => `${apiRoutes.emailOptOut.url()}?email=dee%40example.com&sig=${'x'.repeat(43)}`, 400],
    [
      'the rate alert cancel link',
      async () => {
        const s = await shopper(server);
        const { id } = await body(await s.call('POST', apiRoutes.rateAlert.url(), { emailAddress: 'gus@example.com', currencyCode: 'EUR', rate: 0.5 }), RateAlertResponseSchema, 201);
        return pathOf(await cancelUrl(server.deps, id));
      },
      200,
    ],
    ['a forged cancel link', async () => `${apiRoutes.rateAlertCancel.url('00000000-0000-4000-8000-000000000000')}?sig=${'x'.repeat(43)}`, 400],
  ])('%s: a plain page with no script, style or form', async (_, path, status) => {
    const res = await server.request(await path());
    expect(res.status).toBe(status);
    expectNeverFramed(res);
    expect(res.headers.get('content-security-policy')).toBe(PLAIN_PAGE_POLICY);
    expect(res.headers.get('referrer-policy')).toBe('no-referrer');
  });

  it('the loyalty sign-in page keeps its own policy (its style by hash, its form) and is never framed', async () => {
    const s = await shopper(server);
    const { url } = await body(await s.call('POST', apiRoutes.loyaltySignInStart.url(1), {}), LoyaltySignInStartSchema, 201);
    const res = await server.request(pathOf(url));
    expect(res.status).toBe(200);
    expectNeverFramed(res);
    expect(res.headers.get('content-security-policy')).toMatch(/style-src 'sha256-/);
  });
});

describe("the local inbox's pages are never framed", () => {
  it('the inbox', async () => {
    expectNeverFramed(await catcher.app.request('/'));
  });
});

describe("the payment provider's pages are framed by the shop alone", () => {
  it('the card page and its message pages keep the policy that lets the shop frame them', async () => {
    const psp = createPsp({
      config: { secret: 's', pendingMs: 1000, appOrigin: server.config.appOrigin, retryDelaysMs: [] },
      db: server.deps.db,
      clock: server.clock,
      deliver: () => Promise.resolve({ status: 200 }),
      schedule: () => {},
      log: () => {},
    });
    const token = signToken('s', { pid: 'pay_html', amount: 10, reference: 'TM-1', returnUrl: `${server.config.appOrigin}/checkout/payment-response`, exp: Math.floor(server.clock.now().getTime() / 1000) + 600 });
    for (const path of [`/pay/pay_html?token=${encodeURIComponent(token)}`, '/pay/pay_html?token=forged', '/nowhere']) {
      const res = await psp.request(path);
      expect(res.headers.get('content-type')).toMatch(/^text\/html/);
      expect(res.headers.get('content-security-policy')).toContain(`frame-ancestors ${server.config.appOrigin}`);
      expect(res.headers.get('x-frame-options')).toBeNull();
    }
  });
});
