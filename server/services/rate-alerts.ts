/**
 * Rate alerts (the after-the-order issue): "Email me when 1 GBP buys {rate} {code} or more" from
 * the chart page. An address has one waiting alert per currency on a site (asking again moves its
 * rate). After each day's rates arrive (the daily-rates job) every waiting alert whose currency's
 * latest mid rate (the chart's figure) reached its rate is marked sent and its email put in the
 * outbox, in one transaction, so it goes out once however often the check runs or on how many API
 * instances. Each email carries a signed link that cancels the alert.
 */
import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import { formatRate } from '#domain/money.ts';
import { isAlertDue, type RateAlertRequest } from '#domain/rate-alert.ts';
import { apiRoutes } from '#domain/contract/routes.ts';
import * as t from '../db/schema.ts';
import type { Deps } from '../deps.ts';
import { renderRateAlertEmail } from '../mail/rate-alert-email.ts';
import { findCurrency, findSite } from './catalogue.ts';
import { isSignedLink, signLink } from './email-links.ts';

export const RATE_ALERT_KIND = 'rate-alert';

/** POST /api/rate-alerts: the alert of an address for a currency the shop trades on the site. */
export async function createRateAlert(deps: Pick<Deps, 'db' | 'reference' | 'clock'>, siteId: number, request: RateAlertRequest): Promise<{ id: string }> {
  const currency = findCurrency(await deps.reference.current(), request.currencyCode);
  const email = request.emailAddress.trim().toLowerCase();
  const [row] = await deps.db
    .insert(t.rateAlerts)
    .values({ siteId, email, currencyCode: currency.code, rate: request.rate, createdAt: deps.clock.now() })
    .onConflictDoUpdate({
      target: [t.rateAlerts.siteId, t.rateAlerts.email, t.rateAlerts.currencyCode],
      targetWhere: sql`sent_at IS NULL AND cancelled_at IS NULL`,
      set: { rate: request.rate, createdAt: deps.clock.now() },
    })
    .returning({ id: t.rateAlerts.id });
  if (row === undefined) throw new Error('The rate alert was not stored');
  return row;
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

/** Sends (through the outbox) every waiting alert whose currency reached its rate; answers how many. */
export async function checkRateAlerts(deps: Pick<Deps, 'db' | 'reference' | 'clock' | 'config'>): Promise<number> {
  const waiting = await deps.db
    .select()
    .from(t.rateAlerts)
    .where(and(isNull(t.rateAlerts.sentAt), isNull(t.rateAlerts.cancelledAt)))
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
