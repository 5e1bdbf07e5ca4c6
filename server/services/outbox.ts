/**
 * The shop's emails (the after-the-order issue): an email is asked for in the same transaction as
 * what it tells of (askOrderConfirmation, when a payment completes an order), so it is never lost
 * and never asked for twice (its dedupe key); the queue's send-emails job then writes it from the
 * order, as the confirmation page shows it, and sends it (deliverEmails). A row is claimed
 * ('sending') with a lease before it goes out, so with several API instances each email goes out
 * once; a process that dies mid-send leaves its row 'sending' until the lease runs out, when it is
 * pending again and sent again with the same Message-ID (docs/decisions/041). A failed send is
 * tried again on the next run, MAX_EMAIL_ATTEMPTS times in all (a send cut short by a crash counts).
 */
import { addSeconds } from 'date-fns';
import { and, asc, eq, isNotNull, isNull, lte, min, or, sql } from 'drizzle-orm';
import { confirmationOf, needsStoreDetails, type StoreDetails } from '#domain/order-confirmation.ts';
import type { Db } from '../db/client.ts';
import * as t from '../db/schema.ts';
import type { Deps } from '../deps.ts';
import type { Mailer } from '../mail/mailer.ts';
import { renderOrderConfirmationEmail, type RenderedEmail } from '../mail/order-confirmation-email.ts';
import { storeAddress, storeOpeningTimes } from './branches.ts';
import { BASKET_LINK_KIND, basketLinkEmail } from './basket-link.ts';
import { findSite } from './catalogue.ts';
import { orderView } from './order.ts';

export const EMAIL_KIND = { orderConfirmation: 'order-confirmation' } as const;
export const MAX_EMAIL_ATTEMPTS = 5;

/** Asks for the order's confirmation email (once, whatever calls it again), inside the caller's transaction. */
export async function askOrderConfirmation(db: Db, orderId: string): Promise<void> {
  await db
    .insert(t.emails)
    .values({ dedupeKey: `${EMAIL_KIND.orderConfirmation}:${orderId}`, kind: EMAIL_KIND.orderConfirmation, orderId })
    .onConflictDoNothing({ target: t.emails.dedupeKey });
}

/** The confirmation email of an order, from the order as GET /api/order reads it. */
export async function orderConfirmationEmail(deps: Pick<Deps, 'db' | 'reference' | 'clock' | 'config'>, orderId: string): Promise<RenderedEmail & { to: string }> {
  const [row] = await deps.db.select().from(t.orders).where(eq(t.orders.id, orderId));
  if (row === undefined) throw new Error(`Order ${orderId} no longer exists`);
  const order = await orderView(deps.db, row);
  const email = order.customer?.email;
  if (!email) throw new Error(`Order ${order.externalOrderId} has no email address`);
  const site = findSite(await deps.reference.current(), order.siteId);
  let store: StoreDetails | 'failed' | null = null;
  if (needsStoreDetails(order)) {
    try {
      store = { address: await storeAddress(deps, order.siteId, order.store.id), openingTimes: await storeOpeningTimes(deps, order.siteId, order.store.id) };
    } catch {
      store = 'failed';
    }
  }
  const confirmation = confirmationOf(order, { showBuybackGuarantee: site.showBuybackGuarantee, showRefundGuarantee: site.showRefundGuarantee, isPartner: site.isPartner }, deps.clock.now(), store);
  return { to: email, ...renderOrderConfirmationEmail(confirmation, { appOrigin: deps.config.appOrigin, siteName: site.name }) };
}

/**
 * The Message-ID of an outbox row: the same whenever the row is sent, so a copy sent again after a
 * crash is recognised as the same message; on the sender's domain.
 */
export function messageIdOf(emailId: string, mailFrom: string): string {
  const domain = /@([^>\s]+)>?\s*$/.exec(mailFrom)?.[1] ?? 'travelmoney.example';
  return `<email-${emailId}@${domain}>`;
}

/**
 * Rows whose lease ran out while 'sending' (the process sending them died) are pending again; one
 * that has had its MAX_EMAIL_ATTEMPTS is failed instead. Answers how many went back to pending.
 */
export async function releaseExpiredLeases(deps: Pick<Deps, 'db' | 'clock'>): Promise<number> {
  const now = deps.clock.now();
  // A row left 'sending' before leases existed has none: it is as expired.
  const expired = and(eq(t.emails.status, 'sending'), or(isNull(t.emails.leaseUntil), lte(t.emails.leaseUntil, now)));
  await deps.db
    .update(t.emails)
    .set({ status: 'failed', leaseUntil: null, lastError: 'The sending process stopped before the email was sent.' })
    .where(and(expired, sql`${t.emails.attempts} >= ${MAX_EMAIL_ATTEMPTS}`));
  const released = await deps.db.update(t.emails).set({ status: 'pending', leaseUntil: null }).where(expired).returning({ id: t.emails.id });
  return released.length;
}

/** When the first lease held now runs out (null: no email is being sent). */
export async function nextLeaseEnd(deps: Pick<Deps, 'db'>): Promise<Date | null> {
  const [row] = await deps.db
    .select({ until: min(t.emails.leaseUntil) })
    .from(t.emails)
    .where(and(eq(t.emails.status, 'sending'), isNotNull(t.emails.leaseUntil)));
  return row?.until ?? null;
}

/**
 * Writes and sends the emails waiting (oldest first), after taking back those whose lease ran
 * out; answers how many went out, how many failed, and when the first lease still held ends (the
 * job runs again then: services/outbox.ts's caller, server/jobs/queue.ts).
 */
export async function deliverEmails(
  deps: Pick<Deps, 'db' | 'reference' | 'clock' | 'config'>,
  mailer: Mailer,
  batch = 20,
): Promise<{ sent: number; failed: number; released: number; nextLeaseEnd: Date | null }> {
  const released = await releaseExpiredLeases(deps);
  const waiting = await deps.db
    .select({ id: t.emails.id })
    .from(t.emails)
    .where(and(eq(t.emails.status, 'pending'), or(isNull(t.emails.sendAfter), lte(t.emails.sendAfter, deps.clock.now()))))
    .orderBy(asc(t.emails.createdAt))
    .limit(batch);
  let sent = 0;
  let failed = 0;
  for (const { id } of waiting) {
    // The attempt is counted with the claim: an email whose sending kills the process is not
    // tried for ever.
    const [claimed] = await deps.db
      .update(t.emails)
      .set({ status: 'sending', attempts: sql`${t.emails.attempts} + 1`, leaseUntil: addSeconds(deps.clock.now(), deps.config.emailLeaseSeconds) })
      .where(and(eq(t.emails.id, id), eq(t.emails.status, 'pending')))
      .returning();
    // Another instance has it.
    if (claimed === undefined) continue;
    const attempts = claimed.attempts;
    try {
      const email =
        claimed.html !== null && claimed.text !== null && claimed.subject !== null && claimed.recipient !== null
          ? { to: claimed.recipient, subject: claimed.subject, html: claimed.html, text: claimed.text }
          : claimed.kind === BASKET_LINK_KIND
            ? await basketLinkEmail(deps, claimed)
            : await orderConfirmationEmail(deps, claimed.orderId ?? '');
      // The basket was paid for meanwhile, or the address opted out: not sent, not tried again.
      if (email === null) {
        await deps.db.update(t.emails).set({ status: 'cancelled', leaseUntil: null }).where(eq(t.emails.id, id));
        continue;
      }
      await deps.db.update(t.emails).set({ recipient: email.to, subject: email.subject, html: email.html, text: email.text }).where(eq(t.emails.id, id));
      await mailer.send({ ...email, messageId: messageIdOf(id, deps.config.mailFrom) });
      await deps.db.update(t.emails).set({ status: 'sent', leaseUntil: null, sentAt: deps.clock.now(), lastError: null }).where(eq(t.emails.id, id));
      sent++;
    } catch (error) {
      const status = attempts >= MAX_EMAIL_ATTEMPTS ? 'failed' : 'pending';
      await deps.db
        .update(t.emails)
        .set({ status, leaseUntil: null, lastError: error instanceof Error ? error.message : String(error) })
        .where(eq(t.emails.id, id));
      failed++;
    }
  }
  return { sent, failed, released, nextLeaseEnd: await nextLeaseEnd(deps) };
}
