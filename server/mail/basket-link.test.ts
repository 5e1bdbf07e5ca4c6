/**
 * The basket link (spec 4.6's note): asked for when the shopper leaves the email field, sent once
 * after BASKET_EMAIL_DELAY_MINUTES through SMTP to the local catcher, with a link that reopens the
 * basket at the day's rates; called off when the order was completed meanwhile or the address
 * opted out; never on a site not allowed to send it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CartSchema } from '#domain/contract/cart.ts';
import { messages, serverMessages } from '#domain/messages.ts';
import { body, customer, orderAtDetails, problem, shopper } from '../../tests/support/commerce-fixtures.ts';
import { optOutUrl } from '../services/basket-link.ts';
import { deliverEmails } from '../services/outbox.ts';
import { createTestServer, type TestServer } from '../testing.ts';
import { startMailCatcher, type MailCatcher } from './catcher.ts';
import { createMailer, type Mailer } from './mailer.ts';

let server: TestServer;
let catcher: MailCatcher;
let mailer: Mailer;
beforeAll(async () => {
  server = await createTestServer({ config: { basketEmailDelayMinutes: 30 } });
  catcher = await startMailCatcher();
  mailer = createMailer(catcher.smtpUrl, 'Travel Money Shop <orders@travelmoney.example>');
});
afterAll(async () => {
  mailer?.close();
  await catcher?.close();
  await server?.close();
});

const statusOf = async (orderId: string) =>
  (await server.database.query<{ status: string }>("select status from emails where order_id = $1 and kind = 'basket-link'", [orderId])).map((r) => r.status);

describe('the basket link email', () => {
  it('is sent once, BASKET_EMAIL_DELAY_MINUTES (30 here) after the shopper left the email field unpaid, and its link reopens the basket', async () => {
    catcher.clear();
    const s = await shopper(server);
    const order = await orderAtDetails(s, 2, [['EUR', 300], ['USD', 100]]);
    expect((await s.call('PUT', '/api/order/basket-email', { emailAddress: 'first@example.com' })).status).toBe(204);
    // A corrected address replaces the first while the email waits.
    expect((await s.call('PUT', '/api/order/basket-email', { emailAddress: ' Bea@Example.com ' })).status).toBe(204);
    expect(await deliverEmails(server.deps, mailer)).toMatchObject({ sent: 0, failed: 0 });

    server.clock.advance(30 * 60_000);
    expect(await deliverEmails(server.deps, mailer)).toMatchObject({ sent: 1, failed: 0 });
    expect(await deliverEmails(server.deps, mailer)).toMatchObject({ sent: 0, failed: 0 });
    await expect.poll(() => catcher.messages().length).toBe(1);
    const [mail] = catcher.messages();
    expect(mail?.to).toEqual(['bea@example.com']);
    expect(mail?.subject).toBe(serverMessages.emailBasketSubject);
    expect(mail?.text).toContain('EUR 300');
    expect(mail?.text).toContain('USD 100');
    const basketUrl = `${server.config.appOrigin}/checkout/view-cart?id=${order.cartId}`;
    expect(mail?.links[0]).toBe(basketUrl);

    // Opened in another browser: a new cart with the same lines, at the day's rates.
    const other = await shopper(server);
    const reopened = await body(await other.call('GET', `/api/cart/recreatewebcart?id=${new URL(basketUrl).searchParams.get('id')}`), CartSchema, 200);
    expect(reopened.lines.map((l) => [l.currency.code, l.qty])).toEqual([['EUR', 300], ['USD', 100]]);

    // Asked for again: still the one email.
    expect((await s.call('PUT', '/api/order/basket-email', { emailAddress: 'bea@example.com' })).status).toBe(204);
    server.clock.advance(30 * 60_000);
    expect(await deliverEmails(server.deps, mailer)).toMatchObject({ sent: 0, failed: 0 });
    expect(await statusOf(order.id)).toEqual(['sent']);
  });

  it('is called off when the order was completed before it was due', async () => {
    const s = await shopper(server);
    // Sell-back completes with the customer's details (no card payment).
    const order = await orderAtDetails(s, 3, [['EUR', 200]]);
    expect((await s.call('PUT', '/api/order/basket-email', { emailAddress: 'cy@example.com' })).status).toBe(204);
    expect((await s.call('PUT', '/api/order/customer-info', customer({ emailAddress: 'cy@example.com' }))).status).toBe(200);
    server.clock.advance(30 * 60_000);
    catcher.clear();
    expect(await deliverEmails(server.deps, mailer)).toMatchObject({ sent: 0, failed: 0 });
    expect(await statusOf(order.id)).toEqual(['cancelled']);
    expect(catcher.messages()).toEqual([]);
  });

  it('is not sent to an address that opted out through its signed one-click link', async () => {
    const s = await shopper(server);
    const order = await orderAtDetails(s);
    expect((await s.call('PUT', '/api/order/basket-email', { emailAddress: 'dee@example.com' })).status).toBe(204);
    const link = new URL(await optOutUrl(server.deps, 'dee@example.com'));
    expect(`${link.origin}${link.pathname}`).toBe(`${server.config.apiBase}/api/emails/opt-out`);

    const forged = new URL(link);
    forged.searchParams.set('email', 'someone.else@example.com');
    const refused = await server.request(`${forged.pathname}${forged.search}`);
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain(serverMessages.emailOptOutInvalid);

    const page = await server.request(`${link.pathname}${link.search}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Done: we won&#39;t send basket reminders to dee@example.com any more.");
    expect(await statusOf(order.id)).toEqual(['cancelled']);
    // One-click (RFC 8058): POST to the same link.
    expect((await server.request(`${link.pathname}${link.search}`, { method: 'POST' })).status).toBe(204);
  });

  it('is never asked for on a site not allowed to send it, and needs a valid address', async () => {
    await server.database.query('update sites set is_site_allowed = false where id = 1');
    try {
      const s = await shopper(server);
      const order = await orderAtDetails(s);
      expect((await s.call('PUT', '/api/order/basket-email', { emailAddress: 'eve@example.com' })).status).toBe(204);
      expect(await statusOf(order.id)).toEqual([]);
      const invalid = await problem(await s.call('PUT', '/api/order/basket-email', { emailAddress: 'not an address' }), 400);
      expect(JSON.stringify(invalid)).toContain(messages.emailInvalid);
    } finally {
      await server.database.query('update sites set is_site_allowed = true where id = 1');
    }
  });
});
