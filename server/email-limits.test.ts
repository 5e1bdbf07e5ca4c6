/**
 * Limits on the emails a shopper can have sent to an address they type (EMAIL_LIMITS, decision
 * 044): rate alerts are double opt-in and limited per session, per client address and per
 * recipient; the basket link per session, per client address and per recipient. Counted in the
 * database, so they hold across API instances.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiRoutes } from '#domain/contract/api-routes.ts';
import { messages, serverMessages } from '#domain/messages.ts';
import { createApi } from './app.ts';
import { EMAIL_LIMITS, readEnv } from './env.ts';
import { orderAtDetails, problem, shopper, type Shopper } from '../tests/support/commerce-fixtures.ts';
import { checkRateAlerts, confirmUrl } from './services/rate-alerts.ts';
import { purgeExpired } from './services/purge.ts';
import { createTestServer, type TestServer } from './testing.ts';

let server: TestServer;
beforeAll(async () => {
  // One proxy in front: the last X-Forwarded-For entry is the client's address.
  server = await createTestServer({ config: { trustedProxyHops: 1 } });
});
afterAll(async () => {
  await server?.close();
});

const HOUR = 60 * 60_000;
const DAY = 24 * HOUR;

let nextAddress = 1;
/** A client address of its own, so one test's counts do not reach the next. */
const freshAddress = () => `203.0.113.${nextAddress++}`;

/** Every rate in the shop's data is above this, so an alert for it is due at the next import. */
const DUE = 0.0001;

const askAlert = (s: Shopper, emailAddress: string, from: string, currencyCode = 'EUR', rate = DUE, app = server.app) =>
  app.request(apiRoutes.rateAlert.url(), {
    method: 'POST',
    headers: { ...server.auth(s.token), 'Content-Type': 'application/json', 'X-Forwarded-For': from },
    body: JSON.stringify({ emailAddress, currencyCode, rate }),
  });

const askBasketLink = (s: Shopper, emailAddress: string, from: string) =>
  server.request(apiRoutes.basketEmail.url(), {
    method: 'PUT',
    headers: { ...server.auth(s.token), 'Content-Type': 'application/json', 'X-Forwarded-For': from },
    body: JSON.stringify({ emailAddress }),
  });

const confirm = async (id: string) => {
  const link = new URL(await confirmUrl(server.deps, id));
  return server.request(`${link.pathname}${link.search}`, { method: 'POST' });
};

const emailsOf = async (kind: string, pattern: string) =>
  server.database.query<{ recipient: string; send_after: Date | null }>('select recipient, send_after from emails where kind = $1 and recipient like $2 order by created_at', [kind, pattern]);

const alertId = async (response: Response) => ((await response.json()) as { id: string }).id;

describe('rate alerts: double opt-in and limits', () => {
  it('1,000 alerts for 1,000 addresses from one session: 10 taken, the rest refused with 429, and the next rate import emails none of them', async () => {
    const s = await shopper(server);
    const from = freshAddress();
    const statuses: number[] = [];
    let refused: Response | undefined;
    // Ten at a time, as a script would.
    for (let i = 0; i < 1000; i += 10) {
      const batch = await Promise.all(Array.from({ length: 10 }, (_, j) => askAlert(s, `stranger${i + j}@example.com`, from)));
      for (const r of batch) {
        statuses.push(r.status);
        if (r.status === 429) refused ??= r;
        else await r.body?.cancel();
      }
    }
    expect(statuses.filter((st) => st === 201)).toHaveLength(EMAIL_LIMITS.rateAlerts.session.points);
    expect(statuses.filter((st) => st === 429)).toHaveLength(1000 - EMAIL_LIMITS.rateAlerts.session.points);
    expect(refused?.headers.get('retry-after')).toBe('3600');
    const doc = await problem(refused!, 429);
    expect(doc.title).toBe(messages.tooManyRequestsTitle);
    expect(doc.detail).toBe("You've made a lot of requests in a short time. Please wait 60 minutes and try again.");

    // The rates reach every alert; none was confirmed, so none is sent.
    expect(await checkRateAlerts(server.deps)).toBe(0);
    expect(await emailsOf('rate-alert', 'stranger%')).toEqual([]);
    // Each alert taken asked its recipient once to confirm it; nothing more.
    expect(await emailsOf('rate-alert-confirm', 'stranger%')).toHaveLength(EMAIL_LIMITS.rateAlerts.session.points);
  });

  it('refuses the 21st alert in an hour from one client address, whatever the sessions, on two API instances', async () => {
    const from = freshAddress();
    const other = createApi(server.deps);
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) {
      const s = await shopper(server);
      for (let j = 0; j < 7; j++) statuses.push((await askAlert(s, `addr${i}-${j}@example.com`, from, 'EUR', DUE, j % 2 === 0 ? server.app : other)).status);
    }
    expect(statuses.slice(0, 20).every((st) => st === 201)).toBe(true);
    expect(statuses[20]).toBe(429);
    // Another client address is not affected.
    expect((await askAlert(await shopper(server), 'addr-other@example.com', freshAddress())).status).toBe(201);
  });

  it('lets an address have 3 alerts waiting for its confirmation; the 4th is refused until one is confirmed', async () => {
    const ids: string[] = [];
    for (const code of ['EUR', 'USD', 'AUD']) {
      const r = await askAlert(await shopper(server), 'ida@example.com', freshAddress(), code);
      expect(r.status).toBe(201);
      ids.push(await alertId(r));
    }
    const refused = await askAlert(await shopper(server), ' IDA@example.com', freshAddress(), 'CAD');
    // Room comes when the first of them expires, 7 days after it was asked for.
    expect(refused.headers.get('retry-after')).toBe(String(7 * 24 * 60 * 60));
    expect((await problem(refused, 429)).detail).toBe(serverMessages.rateAlertsUnconfirmed);
    // Asking again for one waiting is not another alert.
    expect((await askAlert(await shopper(server), 'ida@example.com', freshAddress(), 'USD', 1.5)).status).toBe(201);

    expect((await confirm(ids[0]!)).status).toBe(200);
    const fourth = await askAlert(await shopper(server), 'ida@example.com', freshAddress(), 'CAD');
    expect(fourth.status).toBe(201);
    // The recipient's fourth confirmation email in the hour waits for the hour to end.
    const asked = await emailsOf('rate-alert-confirm', 'ida@%');
    expect(asked.map((e) => e.send_after === null)).toEqual([true, true, true, false]);
    expect(await checkRateAlerts(server.deps)).toBe(1);
  });

  it('sends the confirmation email again for an alert asked for again only after 24 hours', async () => {
    const ask = async () => askAlert(await shopper(server), 'jo@example.com', freshAddress(), 'EUR', 1.2);
    const id = await alertId(await ask());
    expect(await ask()).toHaveProperty('status', 201);
    expect(await emailsOf('rate-alert-confirm', 'jo@%')).toHaveLength(1);
    server.clock.advance(DAY);
    expect(await alertId(await ask())).toBe(id);
    expect(await emailsOf('rate-alert-confirm', 'jo@%')).toHaveLength(2);
  });

  it('a link nobody used stops working after 7 days and the purge removes its alert; a confirmed alert stays', async () => {
    const from = freshAddress();
    const ignored = await alertId(await askAlert(await shopper(server), 'kit@example.com', from, 'EUR'));
    const kept = await alertId(await askAlert(await shopper(server), 'kit@example.com', from, 'USD'));
    expect((await confirm(kept)).status).toBe(200);
    server.clock.advance(7 * DAY + 1000);
    const late = await confirm(ignored);
    expect(late.status).toBe(400);
    expect(await late.text()).toContain(serverMessages.emailOptOutInvalid);
    expect((await purgeExpired(server.deps)).unconfirmedRateAlerts).toBeGreaterThanOrEqual(1);
    const left = await server.database.query<{ id: string }>("select id from rate_alerts where email = 'kit@example.com'");
    expect(left.map((r) => r.id)).toEqual([kept]);
  });

  it('a forged confirmation link confirms nothing', async () => {
    const id = await alertId(await askAlert(await shopper(server), 'lu@example.com', freshAddress()));
    const forged = await server.request(`${apiRoutes.rateAlertConfirm.url(id)}?sig=${'x'.repeat(43)}`, { method: 'POST' });
    expect(forged.status).toBe(400);
    expect(forged.headers.get('x-frame-options')).toBe('DENY');
    const [row] = await server.database.query<{ confirmed_at: Date | null }>('select confirmed_at from rate_alerts where id = $1', [id]);
    expect(row?.confirmed_at).toBeNull();
  });
});

describe('basket link limits', () => {
  it('refuses the 11th address from one session in an hour with 429 and Retry-After', async () => {
    const s = await shopper(server);
    await orderAtDetails(s, 2, [['EUR', 300]]);
    const from = freshAddress();
    for (let i = 0; i < 10; i++) expect((await askBasketLink(s, `typo${i}@example.com`, from)).status).toBe(204);
    const refused = await askBasketLink(s, 'typo10@example.com', from);
    expect(refused.headers.get('retry-after')).toBe('3600');
    await problem(refused, 429);
  });

  it('refuses the 31st address from one client address in an hour, whatever the sessions', async () => {
    const from = freshAddress();
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      const s = await shopper(server);
      await orderAtDetails(s, 2, [['EUR', 300]]);
      for (let j = 0; j < 8; j++) statuses.push((await askBasketLink(s, `many${i}-${j}@example.com`, from)).status);
    }
    expect(statuses.slice(0, 30).every((st) => st === 204)).toBe(true);
    expect(statuses[30]).toBe(429);
  });

  it('asks for at most 3 basket links a day for one recipient, whoever gives the address, with the same 204', async () => {
    for (let i = 0; i < 4; i++) {
      const s = await shopper(server);
      await orderAtDetails(s, 2, [['EUR', 300]]);
      expect((await askBasketLink(s, 'victim@example.com', freshAddress())).status).toBe(204);
    }
    expect(await emailsOf('basket-link', 'victim@%')).toHaveLength(3);
    server.clock.advance(DAY);
    const s = await shopper(server);
    await orderAtDetails(s, 2, [['EUR', 300]]);
    expect((await askBasketLink(s, 'victim@example.com', freshAddress())).status).toBe(204);
    expect(await emailsOf('basket-link', 'victim@%')).toHaveLength(4);
  });
});

describe('default email limits, in one place', () => {
  it.each([
    ['rate alerts per session in an hour', readEnv({}).emailLimits.rateAlerts.session, { points: 10, windowSeconds: 3600 }],
    ['rate alerts per client address in an hour', readEnv({}).emailLimits.rateAlerts.address, { points: 20, windowSeconds: 3600 }],
    ['rate alerts waiting for one address to confirm', readEnv({}).emailLimits.rateAlerts.unconfirmedPerRecipient, 3],
    ['confirmation emails per address in an hour', readEnv({}).emailLimits.rateAlerts.confirmationEmails, { points: 3, windowSeconds: 3600 }],
    ['days a confirmation link works', readEnv({}).emailLimits.rateAlerts.confirmationDays, 7],
    ['basket link addresses per session in an hour', readEnv({}).emailLimits.basketLinks.session, { points: 10, windowSeconds: 3600 }],
    ['basket link addresses per client address in an hour', readEnv({}).emailLimits.basketLinks.address, { points: 30, windowSeconds: 3600 }],
    ['basket links per recipient in a day', readEnv({}).emailLimits.basketLinks.recipient, { points: 3, windowSeconds: 86_400 }],
  ])('%s', (_, actual, expected) => {
    expect(actual).toEqual(expected);
  });
});
