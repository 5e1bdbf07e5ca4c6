/**
 * Rate alerts: set from the chart page, active only once the recipient confirms by the link of a
 * first email (double opt-in), checked after each day's rates against the day's mid rate (the
 * chart's figure), sent once through SMTP to the local catcher, cancelled by their signed link.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RateAlertResponseSchema } from '#domain/rate-alert.ts';
import { messages, serverMessages } from '#domain/messages.ts';
import { body, problem, shopper } from '../../tests/support/commerce-fixtures.ts';
import { deliverEmails } from '../services/outbox.ts';
import { cancelUrl, checkRateAlerts, confirmUrl } from '../services/rate-alerts.ts';
import { createTestServer, type TestServer } from '../testing.ts';
import { startMailCatcher, type MailCatcher } from './catcher.ts';
import { createMailer, type Mailer } from './mailer.ts';

let server: TestServer;
let catcher: MailCatcher;
let mailer: Mailer;
let latestEur: number;
beforeAll(async () => {
  server = await createTestServer();
  catcher = await startMailCatcher();
  mailer = createMailer(catcher.smtpUrl, 'Travel Money Shop <orders@travelmoney.example>');
  const [row] = await server.database.query<{ mid: number }>("select mid from rates where currency_code = 'EUR' order by rate_date desc limit 1");
  latestEur = Number(row!.mid);
});
afterAll(async () => {
  mailer?.close();
  await catcher?.close();
  await server?.close();
});

const waiting = async (email: string) =>
  (
    await server.database.query<{ rate: number; sent_at: Date | null; cancelled_at: Date | null; confirmed_at: Date | null }>(
      'select rate, sent_at, cancelled_at, confirmed_at from rate_alerts where email = $1 order by created_at',
      [email],
    )
  ).map((r) => ({ rate: Number(r.rate), sent: r.sent_at !== null, cancelled: r.cancelled_at !== null, confirmed: r.confirmed_at !== null }));

const confirmLink = async (id: string) => {
  const link = new URL(await confirmUrl(server.deps, id));
  return `${link.pathname}${link.search}`;
};
const confirm = async (id: string) => expect((await server.request(await confirmLink(id), { method: 'POST' })).status).toBe(200);

describe('rate alerts', () => {
  it('asks the recipient to confirm first, and is sent once confirmed when the day\'s mid rate reaches the rate asked for', async () => {
    catcher.clear();
    const s = await shopper(server);
    const above = Math.round((latestEur + 0.5) * 10_000) / 10_000;
    const { id } = await body(await s.call('POST', '/api/rate-alerts', { emailAddress: 'Fay@Example.com', currencyCode: 'EUR', rate: above }), RateAlertResponseSchema, 201);
    // Asked again with a rate the latest day reaches: the one alert moves, with no second email.
    const reached = Math.round((latestEur - 0.01) * 10_000) / 10_000;
    await body(await s.call('POST', '/api/rate-alerts', { emailAddress: 'fay@example.com', currencyCode: 'EUR', rate: reached }), RateAlertResponseSchema, 201);
    expect(await waiting('fay@example.com')).toEqual([{ rate: reached, sent: false, cancelled: false, confirmed: false }]);

    // The first email asks the recipient to confirm; until then the alert is never sent.
    expect(await deliverEmails(server.deps, mailer)).toMatchObject({ sent: 1, failed: 0 });
    await expect.poll(() => catcher.messages().length).toBe(1);
    const [ask] = catcher.messages();
    expect(ask?.to).toEqual(['fay@example.com']);
    expect(ask?.subject).toBe('Please confirm your rate alert for EUR');
    expect(ask?.text).toContain(`asked Travel Money Shop to email this address once, when 1 GBP buys ${above.toFixed(4)} EUR or more. We only send the alert if you confirm it.`);
    expect(ask?.links).toEqual([`${server.config.apiBase}${await confirmLink(id)}`]);
    expect(await checkRateAlerts(server.deps)).toBe(0);

    // Opening the link (as a mail scanner would) changes nothing: a page with a button.
    const link = new URL(ask?.links[0] ?? '');
    const page = await server.request(`${link.pathname}${link.search}`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toBe("default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'");
    expect(page.headers.get('x-frame-options')).toBe('DENY');
    const html = await page.text();
    expect(html).toContain(`Email me once, when 1 GBP buys ${reached.toFixed(4)} EUR or more.`);
    expect(html).toMatch(new RegExp(`<form method="post"><button type="submit"[^>]*>${serverMessages.emailRateAlertConfirmCta}</button></form>`));
    expect(await checkRateAlerts(server.deps)).toBe(0);
    // The button confirms it (a browser posts the empty form).
    const done = await server.request(`${link.pathname}${link.search}`, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: '' });
    expect(done.status).toBe(200);
    expect(done.headers.get('x-frame-options')).toBe('DENY');
    expect(await done.text()).toContain(`Done: your rate alert is confirmed. We&#39;ll email you once, when 1 GBP buys ${reached.toFixed(4)} EUR or more.`);
    expect(await waiting('fay@example.com')).toEqual([{ rate: reached, sent: false, cancelled: false, confirmed: true }]);

    catcher.clear();
    expect(await checkRateAlerts(server.deps)).toBe(1);
    expect(await checkRateAlerts(server.deps)).toBe(0);
    expect(await deliverEmails(server.deps, mailer)).toMatchObject({ sent: 1, failed: 0 });
    await expect.poll(() => catcher.messages().length).toBe(1);
    const [mail] = catcher.messages();
    expect(mail?.to).toEqual(['fay@example.com']);
    expect(mail?.subject).toMatch(/^1 GBP now buys \d+\.\d{4} EUR$/);
    expect(mail?.text).toContain(`You asked us to tell you when 1 GBP buys ${reached.toFixed(4)} EUR or more.`);
    expect(mail?.links[0]).toBe(`${server.config.appOrigin}/eur-from-gbp`);
    expect(mail?.links[1]).toMatch(new RegExp(`^${server.config.apiBase}/api/rate-alerts/[0-9a-f-]{36}/cancel\\?sig=`));
    expect(await waiting('fay@example.com')).toEqual([{ rate: reached, sent: true, cancelled: false, confirmed: true }]);
  });

  it('is not sent once cancelled through its signed link, and a forged link changes nothing', async () => {
    const s = await shopper(server);
    const { id } = await body(await s.call('POST', '/api/rate-alerts', { emailAddress: 'gus@example.com', currencyCode: 'EUR', rate: 0.5 }), RateAlertResponseSchema, 201);
    await confirm(id);
    const link = new URL(await cancelUrl(server.deps, id));
    const forged = await server.request(`${link.pathname}?sig=${'x'.repeat(43)}`);
    expect(forged.status).toBe(400);
    const page = await server.request(`${link.pathname}${link.search}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(serverMessages.rateAlertCancelled);
    expect((await server.request(`${link.pathname}${link.search}`, { method: 'POST' })).status).toBe(204);
    expect(await checkRateAlerts(server.deps)).toBe(0);
    expect(await waiting('gus@example.com')).toEqual([{ rate: 0.5, sent: false, cancelled: true, confirmed: true }]);
    // Its confirmation link no longer works either.
    expect((await server.request(await confirmLink(id), { method: 'POST' })).status).toBe(400);
  });

  it.each([
    [{ emailAddress: 'not an address', currencyCode: 'EUR', rate: 1.2 }, 400, messages.emailInvalid],
    [{ emailAddress: 'hal@example.com', currencyCode: 'EUR', rate: 0 }, 400, messages.rateAlertRateInvalid],
    [{ emailAddress: 'hal@example.com', currencyCode: 'XYZ', rate: 1.2 }, 404, 'XYZ'],
  ])('refuses %j (%i)', async (request, status, words) => {
    const s = await shopper(server);
    expect(JSON.stringify(await problem(await s.call('POST', '/api/rate-alerts', request), status))).toContain(words);
  });
});
