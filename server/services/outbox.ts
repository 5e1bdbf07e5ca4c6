/**
 * The shop's emails (the after-the-order issue): an email is asked for in the same transaction as
 * what it tells of (askOrderConfirmation, when a payment completes an order), so it is never lost
 * and never asked for twice (its dedupe key); the queue's send-emails job then writes it from the
 * order, as the confirmation page shows it, and sends it (deliverEmails). A row is claimed
 * ('sending') before it goes out, so with several API instances each email goes out once; a
 * failed send is tried again on the next run, MAX_EMAIL_ATTEMPTS times in all.
 */
import { and, asc, eq, isNull, lte, or } from 'drizzle-orm';
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

/** Writes and sends the emails waiting (oldest first); answers how many went out and how many failed. */
export async function deliverEmails(deps: Pick<Deps, 'db' | 'reference' | 'clock' | 'config'>, mailer: Mailer, batch = 20): Promise<{ sent: number; failed: number }> {
  const waiting = await deps.db
    .select({ id: t.emails.id })
    .from(t.emails)
    .where(and(eq(t.emails.status, 'pending'), or(isNull(t.emails.sendAfter), lte(t.emails.sendAfter, deps.clock.now()))))
    .orderBy(asc(t.emails.createdAt))
    .limit(batch);
  let sent = 0;
  let failed = 0;
  for (const { id } of waiting) {
    const [claimed] = await deps.db
      .update(t.emails)
      .set({ status: 'sending' })
      .where(and(eq(t.emails.id, id), eq(t.emails.status, 'pending')))
      .returning();
    // Another instance has it.
    if (claimed === undefined) continue;
    const attempts = claimed.attempts + 1;
    try {
      const email =
        claimed.html !== null && claimed.text !== null && claimed.subject !== null && claimed.recipient !== null
          ? { to: claimed.recipient, subject: claimed.subject, html: claimed.html, text: claimed.text }
          : claimed.kind === BASKET_LINK_KIND
            ? await basketLinkEmail(deps, claimed)
            : await orderConfirmationEmail(deps, claimed.orderId ?? '');
      // The basket was paid for meanwhile, or the address opted out: not sent, not tried again.
      if (email === null) {
        await deps.db.update(t.emails).set({ status: 'cancelled', attempts }).where(eq(t.emails.id, id));
        continue;
      }
      await deps.db.update(t.emails).set({ recipient: email.to, subject: email.subject, html: email.html, text: email.text }).where(eq(t.emails.id, id));
      await mailer.send(email);
      await deps.db.update(t.emails).set({ status: 'sent', attempts, sentAt: deps.clock.now(), lastError: null }).where(eq(t.emails.id, id));
      sent++;
    } catch (error) {
      const status = attempts >= MAX_EMAIL_ATTEMPTS ? 'failed' : 'pending';
      await deps.db
        .update(t.emails)
        .set({ status, attempts, lastError: error instanceof Error ? error.message : String(error) })
        .where(eq(t.emails.id, id));
      failed++;
    }
  }
  return { sent, failed };
}
