/**
 * Rate alerts: set from the chart page, checked after each day's rates against the day's mid rate
 * (the chart's figure), sent once through SMTP to the local catcher, cancelled by their signed link.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RateAlertResponseSchema } from '#domain/rate-alert.ts';
import { messages, serverMessages } from '#domain/messages.ts';
import { body, problem, shopper } from '../routes/commerce-fixtures.ts';
import { deliverEmails } from '../services/outbox.ts';
import { cancelUrl, checkRateAlerts } from '../services/rate-alerts.ts';
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
  (await server.database.query<{ rate: number; sent_at: Date | null; cancelled_at: Date | null }>('select rate, sent_at, cancelled_at from rate_alerts where email = $1 order by created_at', [email])).map(
    (r) => ({ rate: Number(r.rate), sent: r.sent_at !== null, cancelled: r.cancelled_at !== null }),
  );

describe('rate alerts', () => {
  it('is sent once when the day\'s mid rate reaches the rate asked for, with a link to the chart', async () => {
    catcher.clear();
    const s = await shopper(server);
    const above = Math.round((latestEur + 0.5) * 10_000) / 10_000;
    await body(await s.call('POST', '/api/rate-alerts', { emailAddress: 'Fay@Example.com', currencyCode: 'EUR', rate: above }), RateAlertResponseSchema, 201);
    // Not reached yet.
    expect(await checkRateAlerts(server.deps)).toBe(0);
    // Asked again with a rate the latest day reaches: the one alert moves.
    const reached = Math.round((latestEur - 0.01) * 10_000) / 10_000;
    await body(await s.call('POST', '/api/rate-alerts', { emailAddress: 'fay@example.com', currencyCode: 'EUR', rate: reached }), RateAlertResponseSchema, 201);
    expect(await waiting('fay@example.com')).toEqual([{ rate: reached, sent: false, cancelled: false }]);

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
    expect(await waiting('fay@example.com')).toEqual([{ rate: reached, sent: true, cancelled: false }]);
  });

  it('is not sent once cancelled through its signed link, and a forged link changes nothing', async () => {
    const s = await shopper(server);
    const { id } = await body(await s.call('POST', '/api/rate-alerts', { emailAddress: 'gus@example.com', currencyCode: 'EUR', rate: 0.5 }), RateAlertResponseSchema, 201);
    const link = new URL(await cancelUrl(server.deps, id));
    const forged = await server.request(`${link.pathname}?sig=${'x'.repeat(43)}`);
    expect(forged.status).toBe(400);
    const page = await server.request(`${link.pathname}${link.search}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(serverMessages.rateAlertCancelled);
    expect((await server.request(`${link.pathname}${link.search}`, { method: 'POST' })).status).toBe(204);
    expect(await checkRateAlerts(server.deps)).toBe(0);
    expect(await waiting('gus@example.com')).toEqual([{ rate: 0.5, sent: false, cancelled: true }]);
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
