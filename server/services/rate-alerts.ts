/**
 * Rate alerts (the after-the-order issue): "Email me when 1 GBP buys {rate} {code} or more" from
 * the chart page. An address has one waiting alert per currency on a site (asking again moves its
 * rate). A new alert is double opt-in: it waits unconfirmed, and its first email asks the
 * recipient to confirm it by a signed link; only a confirmed alert is ever checked, and one
 * nobody confirms is removed by the purge after RateAlertLimits.confirmationDays. After each
 * day's rates arrive (the daily-rates job) every confirmed waiting alert whose currency's latest
 * mid rate (the chart's figure) reached its rate is marked sent and its email put in the outbox,
 * in one transaction, so it goes out once however often the check runs or on how many API
 * instances. Each email carries a signed link that cancels the alert.
 */
import { and, asc, count, desc, eq, gt, isNotNull, isNull, lt, ne, sql } from 'drizzle-orm';
import { messages, serverMessages } from '#domain/messages.ts';
import { formatRate } from '#domain/money.ts';
import { isAlertDue, type RateAlertRequest } from '#domain/rate-alert.ts';
import { apiRoutes } from '#domain/contract/api-routes.ts';
import * as t from '../db/schema.ts';
import type { Deps } from '../deps.ts';
import { HttpProblem } from '../errors.ts';
import { renderRateAlertConfirmEmail } from '../mail/rate-alert-confirm-email.ts';
import { renderRateAlertEmail } from '../mail/rate-alert-email.ts';
import { findCurrency, findSite } from './catalogue.ts';
import { isSignedLink, signLink } from './email-links.ts';
import { consume } from './rate-limits.ts';

export const RATE_ALERT_KIND = 'rate-alert';
export const RATE_ALERT_CONFIRM_KIND = 'rate-alert-confirm';

const HOUR_MS = 60 * 60_000;
const DAY_MS = 24 * HOUR_MS;

/** Alerts nobody confirmed and still confirmable were asked for after this. */
const confirmableSince = (deps: Pick<Deps, 'clock' | 'config'>) => new Date(deps.clock.now().getTime() - deps.config.emailLimits.rateAlerts.confirmationDays * DAY_MS);

const isWaiting = and(isNull(t.rateAlerts.sentAt), isNull(t.rateAlerts.cancelledAt));

/**
 * POST /api/rate-alerts: the alert of an address for a currency the shop trades on the site,
 * stored unconfirmed, with the email that asks its recipient to confirm it. An address may have
 * RateAlertLimits.unconfirmedPerRecipient alerts waiting for confirmation (429 past that); asking
 * again for one moves its rate and sends the email again only once confirmationResendHours have
 * passed; a confirmed alert asked for again must be confirmed again. Confirmation emails past
 * the recipient's allowance wait in the outbox until it allows them.
 */
export async function createRateAlert(deps: Pick<Deps, 'db' | 'reference' | 'clock' | 'config'>, siteId: number, request: RateAlertRequest): Promise<{ id: string }> {
  const limits = deps.config.emailLimits.rateAlerts;
  const ref = await deps.reference.current();
  const currency = findCurrency(ref, request.currencyCode);
  const email = request.emailAddress.trim().toLowerCase();
  const now = deps.clock.now();
  const since = confirmableSince(deps);
  const [existing] = await deps.db
    .select()
    .from(t.rateAlerts)
    .where(and(eq(t.rateAlerts.siteId, siteId), eq(t.rateAlerts.email, email), eq(t.rateAlerts.currencyCode, currency.code), isWaiting));
  const stillUnconfirmed = existing !== undefined && existing.confirmedAt === null && existing.createdAt > since;

  if (!stillUnconfirmed) {
    const others = await deps.db
      .select({ n: count(), oldest: sql<string | null>`min(${t.rateAlerts.createdAt})` })
      .from(t.rateAlerts)
      .where(
        and(
          eq(t.rateAlerts.email, email),
          isWaiting,
          isNull(t.rateAlerts.confirmedAt),
          gt(t.rateAlerts.createdAt, since),
          ...(existing === undefined ? [] : [ne(t.rateAlerts.id, existing.id)]),
        ),
      );
    if ((others[0]?.n ?? 0) >= limits.unconfirmedPerRecipient) {
      // The first of them to expire makes room.
      const oldest = others[0]?.oldest == null ? now : new Date(others[0].oldest);
      const retryAfter = Math.max(1, Math.ceil((oldest.getTime() + limits.confirmationDays * DAY_MS - now.getTime()) / 1000));
      throw new HttpProblem(429, messages.tooManyRequestsTitle, serverMessages.rateAlertsUnconfirmed, {
        type: 'rate-alerts-unconfirmed',
        headers: { 'Retry-After': String(retryAfter) },
      });
    }
  }

  const [row] = await deps.db
    .insert(t.rateAlerts)
    .values({ siteId, email, currencyCode: currency.code, rate: request.rate, createdAt: now })
    .onConflictDoUpdate({
      target: [t.rateAlerts.siteId, t.rateAlerts.email, t.rateAlerts.currencyCode],
      targetWhere: sql`sent_at IS NULL AND cancelled_at IS NULL`,
      set: {
        rate: request.rate,
        // An unconfirmed alert keeps the time it was first asked for, so asking again never
        // keeps it alive; a confirmed or expired one starts again, unconfirmed.
        ...(stillUnconfirmed ? {} : { createdAt: now, confirmedAt: null, confirmationSentAt: null }),
      },
    })
    .returning();
  if (row === undefined) throw new Error('The rate alert was not stored');

  const lastEmail = row.confirmationSentAt;
  if (lastEmail !== null && now.getTime() - lastEmail.getTime() < limits.confirmationResendHours * HOUR_MS) return { id: row.id };
  const allowance = await consume(deps, `rate-alert-confirm:recipient:${email}`, limits.confirmationEmails);
  const site = findSite(ref, siteId);
  const mail = renderRateAlertConfirmEmail({
    siteName: site.name,
    code: currency.code,
    rate: formatRate(request.rate),
    confirmUrl: await confirmUrl(deps, row.id),
    days: limits.confirmationDays,
  });
  await deps.db.transaction(async (tx) => {
    await tx.insert(t.emails).values({
      dedupeKey: `${RATE_ALERT_CONFIRM_KIND}:${row.id}:${now.getTime()}`,
      kind: RATE_ALERT_CONFIRM_KIND,
      recipient: email,
      subject: mail.subject,
      html: mail.html,
      text: mail.text,
      sendAfter: allowance.allowed ? null : new Date(now.getTime() + allowance.retryAfterSeconds * 1000),
      createdAt: now,
    }).onConflictDoNothing({ target: t.emails.dedupeKey });
    await tx.update(t.rateAlerts).set({ confirmationSentAt: now }).where(eq(t.rateAlerts.id, row.id));
  });
  return { id: row.id };
}

/** The signed link that confirms a new alert. */
export async function confirmUrl(deps: Pick<Deps, 'db' | 'config'>, alertId: string): Promise<string> {
  return `${deps.config.apiBase}${apiRoutes.rateAlertConfirm.url(alertId)}?${new URLSearchParams({ sig: await signLink(deps.db, RATE_ALERT_CONFIRM_KIND, alertId) })}`;
}

/** What a confirmation link leads to: an alert to confirm, one already confirmed, or nothing (forged, expired, gone). */
export type ConfirmLinkState = { state: 'unconfirmed' | 'confirmed'; rate: string; code: string } | { state: 'invalid' };

/** GET the confirmation link: changes nothing (mail scanners open links), says what the button would do. */
export async function rateAlertToConfirm(deps: Pick<Deps, 'db' | 'clock' | 'config'>, alertId: string, sig: string): Promise<ConfirmLinkState> {
  if (!(await isSignedLink(deps.db, RATE_ALERT_CONFIRM_KIND, alertId, sig))) return { state: 'invalid' };
  const [alert] = await deps.db.select().from(t.rateAlerts).where(and(eq(t.rateAlerts.id, alertId), isWaiting));
  if (alert === undefined) return { state: 'invalid' };
  const view = { rate: formatRate(alert.rate), code: alert.currencyCode };
  if (alert.confirmedAt !== null) return { state: 'confirmed', ...view };
  if (alert.createdAt <= confirmableSince(deps)) return { state: 'invalid' };
  return { state: 'unconfirmed', ...view };
}

/** POST the confirmation link (the page's button): the alert is confirmed if it still waits and its link still works. */
export async function confirmRateAlert(deps: Pick<Deps, 'db' | 'clock' | 'config'>, alertId: string, sig: string): Promise<ConfirmLinkState> {
  const before = await rateAlertToConfirm(deps, alertId, sig);
  if (before.state !== 'unconfirmed') return before;
  const [done] = await deps.db
    .update(t.rateAlerts)
    .set({ confirmedAt: deps.clock.now() })
    .where(and(eq(t.rateAlerts.id, alertId), isWaiting, gt(t.rateAlerts.createdAt, confirmableSince(deps))))
    .returning({ id: t.rateAlerts.id });
  return done === undefined ? { state: 'invalid' } : { ...before, state: 'confirmed' };
}

/** Deletes alerts nobody confirmed in time; at most `batch` of them. */
export async function purgeUnconfirmedRateAlerts(deps: Pick<Deps, 'db' | 'clock' | 'config'>, batch: number): Promise<number> {
  const stale = deps.db
    .select({ id: t.rateAlerts.id })
    .from(t.rateAlerts)
    .where(and(isNull(t.rateAlerts.confirmedAt), isNull(t.rateAlerts.sentAt), lt(t.rateAlerts.createdAt, confirmableSince(deps))))
    .limit(batch);
  const deleted = await deps.db
    .delete(t.rateAlerts)
    .where(sql`${t.rateAlerts.id} IN (${stale})`)
    .returning({ id: t.rateAlerts.id });
  return deleted.length;
}

/** The signed link that cancels an alert. */
export async function cancelUrl(deps: Pick<Deps, 'db' | 'config'>, alertId: string): Promise<string> {
  return `${deps.config.apiBase}${apiRoutes.rateAlertCancel.url(alertId)}?${new URLSearchParams({ sig: await signLink(deps.db, RATE_ALERT_KIND, alertId) })}`;
}

/** GET or POST the cancel link: true when it was genuine (the alert is then cancelled, if it still waited). */
export async function cancelRateAlert(deps: Pick<Deps, 'db' | 'clock'>, alertId: string, sig: string): Promise<boolean> {
  if (!(await isSignedLink(deps.db, RATE_ALERT_KIND, alertId, sig))) return false;
  await deps.db
    .update(t.rateAlerts)
    .set({ cancelledAt: deps.clock.now() })
    .where(and(eq(t.rateAlerts.id, alertId), isNull(t.rateAlerts.sentAt), isNull(t.rateAlerts.cancelledAt)));
  return true;
}

/** Sends (through the outbox) every confirmed waiting alert whose currency reached its rate; answers how many. */
export async function checkRateAlerts(deps: Pick<Deps, 'db' | 'reference' | 'clock' | 'config'>): Promise<number> {
  const waiting = await deps.db
    .select()
    .from(t.rateAlerts)
    // Only alerts their recipients confirmed: nobody is emailed an alert they did not ask for.
    .where(and(isWaiting, isNotNull(t.rateAlerts.confirmedAt)))
    .orderBy(asc(t.rateAlerts.createdAt));
  if (waiting.length === 0) return 0;
  const latest = new Map(
    (
      await deps.db
        .selectDistinctOn([t.rates.currencyCode], { code: t.rates.currencyCode, date: t.rates.rateDate, mid: t.rates.mid })
        .from(t.rates)
        .orderBy(t.rates.currencyCode, desc(t.rates.rateDate))
    ).map((r) => [r.code, r]),
  );
  const ref = await deps.reference.current();
  let sent = 0;
  for (const alert of waiting) {
    const day = latest.get(alert.currencyCode);
    if (day === undefined || !isAlertDue(alert.rate, day.mid)) continue;
    const site = findSite(ref, alert.siteId);
    const email = renderRateAlertEmail({
      siteName: site.name,
      code: alert.currencyCode,
      target: formatRate(alert.rate),
      rate: formatRate(day.mid),
      date: day.date,
      chartUrl: new URL(`/${alert.currencyCode.toLowerCase()}-from-gbp`, deps.config.appOrigin).toString(),
      cancelUrl: await cancelUrl(deps, alert.id),
    });
    const now = deps.clock.now();
    const claimed = await deps.db.transaction(async (tx) => {
      const [mine] = await tx
        .update(t.rateAlerts)
        .set({ sentAt: now })
        .where(and(eq(t.rateAlerts.id, alert.id), isNull(t.rateAlerts.sentAt), isNull(t.rateAlerts.cancelledAt)))
        .returning({ id: t.rateAlerts.id });
      // Another instance sent it, or it was cancelled meanwhile.
      if (mine === undefined) return false;
      await tx
        .insert(t.emails)
        .values({ dedupeKey: `${RATE_ALERT_KIND}:${alert.id}`, kind: RATE_ALERT_KIND, recipient: alert.email, subject: email.subject, html: email.html, text: email.text, createdAt: now })
        .onConflictDoNothing({ target: t.emails.dedupeKey });
      return true;
    });
    if (claimed) sent++;
  }
  return sent;
}
