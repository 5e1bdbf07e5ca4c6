/**
 * The confirmation email, end to end on the server: a payment that completes an order asks for it
 * in the same transaction; the send-emails job writes it from the order (as the confirmation page
 * shows it) and sends it through SMTP; the local mail catcher receives it and lists it in its
 * inbox and JSON API. Sent once, however often the callback or the job runs.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '#domain/messages.ts';
import { signBody, SIGNATURE_HEADER } from '../psp/signature.ts';
import { orderAwaitingPayment, paymentUrl, shopper } from '../../tests/support/commerce-fixtures.ts';
import { PSP_CALLBACK_PATH } from '../routes/order.ts';
import { deliverEmails, MAX_EMAIL_ATTEMPTS, messageIdOf } from '../services/outbox.ts';
import { createTestServer, type TestServer } from '../testing.ts';
import { startMailCatcher, type MailCatcher } from './catcher.ts';
import { createMailer, type Mailer } from './mailer.ts';

let server: TestServer;
let catcher: MailCatcher;
let mailer: Mailer;
beforeAll(async () => {
  server = await createTestServer();
  catcher = await startMailCatcher();
  mailer = createMailer(catcher.smtpUrl, 'Travel Money Shop <orders@travelmoney.example>');
});
afterAll(async () => {
  mailer?.close();
  await catcher?.close();
  await server?.close();
});

/** Pays the shopper's order through the provider's signed callback; answers the order reference. */
async function pay(productId: 1 | 2, email: string, lines: [string, number][] = [['EUR', 300]]): Promise<{ reference: string; event: string; signature: string }> {
  const s = await shopper(server);
  const order = await orderAwaitingPayment(s, productId, lines, { emailAddress: email, firstName: 'Ada', lastName: 'Lovelace' });
  const url = await paymentUrl(s);
  const paymentId = url.pathname.split('/').pop()!;
  const [payment] = await server.database.query<{ amount_minor: string }>('select amount_minor from payments where id = $1', [paymentId]);
  const event = JSON.stringify({ id: `evt_${paymentId}_succeeded`, type: 'payment.succeeded', paymentId, amount: Number(payment!.amount_minor) / 100, created: server.clock.now().toISOString() });
  const signature = signBody(server.pspWebhookSecret, event);
  const res = await server.request(PSP_CALLBACK_PATH, { method: 'POST', headers: { 'Content-Type': 'application/json', [SIGNATURE_HEADER]: signature }, body: event });
  expect(await res.json()).toEqual({ received: true, outcome: 'completed' });
  return { reference: order.externalOrderId, event, signature };
}

describe('the order confirmation email', () => {
  it('is sent once for a completed order, with the confirmation page\'s data and links that work', async () => {
    catcher.clear();
    const { reference, event, signature } = await pay(2, 'ada.collect@example.com');
    // The callback again: still one email.
    await server.request(PSP_CALLBACK_PATH, { method: 'POST', headers: { 'Content-Type': 'application/json', [SIGNATURE_HEADER]: signature }, body: event });

    expect(await deliverEmails(server.deps, mailer)).toMatchObject({ sent: 1, failed: 0 });
    expect(await deliverEmails(server.deps, mailer)).toMatchObject({ sent: 0, failed: 0 });
    await expect.poll(() => catcher.messages().length).toBe(1);

    const [mail] = catcher.messages();
    expect(mail?.to).toEqual(['ada.collect@example.com']);
    expect(mail?.subject).toBe(`Your order ${reference} is confirmed`);
    expect(mail?.text).toContain(`${messages.orderReference}: ${reference}`);
    expect(mail?.text).toContain(messages.collectionDetails);
    expect(mail?.text).toContain(messages.nextCollectId);
    // Spec 6: the branch email disclaimer, on a click and collect order of the shop's own site.
    expect(mail?.text).toContain(messages.branchEmailDisclaimer);
    expect(mail?.html).toContain(messages.branchEmailDisclaimer);
    expect(mail?.text).toContain('Dear Ada Lovelace,');
    expect(mail?.html).toContain(reference);
    // Absolute links to the shop's own pages.
    expect(mail?.links).toEqual([`${server.config.appOrigin}/`, `${server.config.appOrigin}/orders/find`, `${server.config.appOrigin}/branches`, `${server.config.appOrigin}/help`]);

    // The catcher's inbox lists it, and its JSON API gives it whole.
    const inbox = await (await catcher.app.request('/')).text();
    expect(inbox).toContain(`Your order ${reference} is confirmed`);
    const listed = (await (await catcher.app.request('/api/messages')).json()) as { id: string; subject: string }[];
    expect(listed[0]?.subject).toBe(mail?.subject);
    expect((await catcher.app.request(`/messages/${listed[0]?.id}`)).status).toBe(200);
  });

  it('tells a home delivery order where and when it arrives', async () => {
    catcher.clear();
    await pay(1, 'ada.home@example.com');
    expect(await deliverEmails(server.deps, mailer)).toMatchObject({ sent: 1, failed: 0 });
    await expect.poll(() => catcher.messages().length).toBe(1);
    expect(catcher.messages()[0]?.text).toContain(messages.deliveryDetails);
    expect(catcher.messages()[0]?.text).not.toContain(messages.branchEmailDisclaimer);
  });

  it('waits in the outbox while the mail server is down, and goes out once it is back', async () => {
    catcher.clear();
    await pay(2, 'ada.later@example.com');
    const down = createMailer('smtp://127.0.0.1:9', 'shop@example.com');
    expect(await deliverEmails(server.deps, down)).toMatchObject({ sent: 0, failed: 1 });
    down.close();
    const [row] = await server.database.query<{ status: string; attempts: number }>("select status, attempts from emails where recipient = 'ada.later@example.com'");
    expect(row).toMatchObject({ status: 'pending', attempts: 1 });
    expect(await deliverEmails(server.deps, mailer)).toMatchObject({ sent: 1, failed: 0 });
    await expect.poll(() => catcher.messages().length).toBe(1);
  });

  it('is sent once when two API instances on one database run the job at the same time', async () => {
    catcher.clear();
    const second = await createTestServer({ sharing: server });
    try {
      const references = [(await pay(2, 'twice.a@example.com')).reference, (await pay(1, 'twice.b@example.com')).reference];
      const [a, b] = await Promise.all([deliverEmails(server.deps, mailer), deliverEmails(second.deps, mailer)]);
      // Each row is claimed by one of them before it is sent.
      expect(a.sent + b.sent).toBe(2);
      expect(a.failed + b.failed).toBe(0);
      await expect.poll(() => catcher.messages().length).toBe(2);
      for (const reference of references) expect(catcher.messages().filter((m) => m.subject.includes(reference))).toHaveLength(1);
      expect(await deliverEmails(second.deps, mailer)).toMatchObject({ sent: 0, failed: 0 });
    } finally {
      await second.close();
    }
  });

  it('a row left sending by a process that died is sent again, with the same Message-ID, once its lease has run out', async () => {
    catcher.clear();
    await pay(2, 'ada.crash@example.com');
    const [row] = await server.database.query<{ id: string }>("select id from emails where status = 'pending' order by created_at desc limit 1");
    const id = row!.id;
    // As a process that died mid-send leaves it: claimed, its lease running.
    await server.database.query(`update emails set status = 'sending', attempts = 1, lease_until = $2 where id = $1`, [id, new Date(server.clock.now().getTime() + server.config.emailLeaseSeconds * 1000)]);
    const held = await deliverEmails(server.deps, mailer);
    expect(held).toMatchObject({ sent: 0, released: 0 });
    expect(held.nextLeaseEnd?.getTime()).toBe(server.clock.now().getTime() + server.config.emailLeaseSeconds * 1000);

    server.clock.advance(server.config.emailLeaseSeconds * 1000);
    expect(await deliverEmails(server.deps, mailer)).toEqual({ sent: 1, failed: 0, released: 1, nextLeaseEnd: null });
    await expect.poll(() => catcher.messages().length).toBe(1);
    expect(catcher.messages()[0]?.messageId).toBe(messageIdOf(id, server.config.mailFrom));
    const [after] = await server.database.query<{ status: string; attempts: number; lease_until: Date | null }>('select status, attempts, lease_until from emails where id = $1', [id]);
    expect(after).toMatchObject({ status: 'sent', attempts: 2, lease_until: null });
  });

  it(`an email whose sending stopped its process ${MAX_EMAIL_ATTEMPTS} times is failed, not sent again`, async () => {
    catcher.clear();
    await pay(2, 'ada.poison@example.com');
    const [row] = await server.database.query<{ id: string }>("select id from emails where status = 'pending' order by created_at desc limit 1");
    await server.database.query(`update emails set status = 'sending', attempts = $2, lease_until = $3 where id = $1`, [row!.id, MAX_EMAIL_ATTEMPTS, server.clock.now()]);
    expect(await deliverEmails(server.deps, mailer)).toMatchObject({ sent: 0, released: 0 });
    const [after] = await server.database.query<{ status: string }>('select status from emails where id = $1', [row!.id]);
    expect(after?.status).toBe('failed');
  });
});
