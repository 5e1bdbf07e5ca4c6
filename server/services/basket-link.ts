/**
 * The basket link (spec 4.6's note: "If you enter your email address and don't finish your order,
 * we'll email you a link to your basket", on sites allowed to). Leaving the email field of the
 * details step with an address in it asks for the email (PUT /api/order/basket-email), once per
 * order, the latest address winning while it waits; the queue's send-emails job sends it
 * BASKET_EMAIL_DELAY_MINUTES later unless the order was paid (or completed) by then or the address
 * opted out, in which case it is called off. Asking is limited per session and client address
 * (the route) and per recipient (here; docs/decisions/044). Its link reopens the basket at the day's rates
 * (view-cart ?id= -> GET /api/cart/recreatewebcart); its opt-out link is signed, one click.
 */
import { and, eq } from 'drizzle-orm';
import { apiRoutes } from '#domain/contract/api-routes.ts';
import { formatGbp, formatUnits } from '#domain/money.ts';
import { ORDER_STATE } from '#domain/order-state.ts';
import { isProductId, viewCartPath } from '#domain/products.ts';
import type { Db } from '../db/client.ts';
import * as t from '../db/schema.ts';
import type { Deps } from '../deps.ts';
import { renderBasketLinkEmail } from '../mail/basket-link-email.ts';
import type { RenderedEmail } from '../mail/order-confirmation-email.ts';
import { isSignedLink, signLink } from './email-links.ts';
import type { OrderLineRecord } from './checkout.ts';
import { findSite } from './catalogue.ts';
import { currentOrder } from './order.ts';
import { consume } from './rate-limits.ts';
import type { SessionContext } from './session.ts';

export const BASKET_LINK_KIND = 'basket-link';

/** Orders still waiting for the shopper: a basket link can be asked for. */
const UNPAID: readonly number[] = [ORDER_STATE.CREATED, ORDER_STATE.PAYMENT_PENDING];

/**
 * PUT /api/order/basket-email: the address the shopper left the email field with. Nothing happens
 * on a site not allowed to send it, for an order no longer waiting, or for an address that opted
 * out; the answer is the same (204), so it tells nothing about the address.
 */
export async function askBasketLink(deps: Deps, session: SessionContext, emailAddress: string): Promise<void> {
  const order = await currentOrder(deps, session);
  const site = findSite(await deps.reference.current(), order.siteId);
  if (!site.isSiteAllowed || !UNPAID.includes(order.state)) return;
  const email = emailAddress.trim().toLowerCase();
  const now = deps.clock.now();
  const dedupeKey = `${BASKET_LINK_KIND}:${order.id}`;
  const [asked] = await deps.db.select({ recipient: t.emails.recipient }).from(t.emails).where(eq(t.emails.dedupeKey, dedupeKey));
  if (asked?.recipient === email) return;
  // Each address gets a few basket links a day, whoever types it; past that, none is asked for,
  // and the answer is the same 204, so it tells nothing about the address.
  if (!(await consume(deps, `basket-link:recipient:${email}`, deps.config.emailLimits.basketLinks.recipient)).allowed) return;
  await deps.db
    .insert(t.emails)
    .values({
      dedupeKey,
      kind: BASKET_LINK_KIND,
      orderId: order.id,
      recipient: email,
      sendAfter: new Date(now.getTime() + deps.config.basketEmailDelayMinutes * 60_000),
      createdAt: now,
    })
    .onConflictDoUpdate({ target: t.emails.dedupeKey, set: { recipient: email }, setWhere: eq(t.emails.status, 'pending') });
}

/** The basket link email of a waiting row; null when it is to be called off (paid, opted out, gone). */
export async function basketLinkEmail(
  deps: Pick<Deps, 'db' | 'reference' | 'config'>,
  row: { orderId: string | null; recipient: string | null },
): Promise<(RenderedEmail & { to: string }) | null> {
  if (row.orderId === null || row.recipient === null) return null;
  const [order] = await deps.db.select().from(t.orders).where(eq(t.orders.id, row.orderId));
  if (order === undefined || order.paymentSuccess || order.state === ORDER_STATE.COMPLETED) return null;
  if (await hasOptedOut(deps.db, row.recipient)) return null;
  if (!isProductId(order.productId)) return null;
  const site = findSite(await deps.reference.current(), order.siteId);
  const basketUrl = new URL(`${viewCartPath(order.productId)}?${new URLSearchParams({ id: order.cartId })}`, deps.config.appOrigin).toString();
  const lines = (order.lines as OrderLineRecord[]).map((l) => `${l.currencyCode} ${formatUnits(l.qtyMinor, l.currencyCode)} (${formatGbp(l.totalMinor)})`);
  return {
    to: row.recipient,
    ...renderBasketLinkEmail({ siteName: site.name, lines, basketUrl, optOutUrl: await optOutUrl(deps, row.recipient) }),
  };
}

async function hasOptedOut(db: Db, email: string): Promise<boolean> {
  const [row] = await db
    .select({ email: t.emailOptOuts.email })
    .from(t.emailOptOuts)
    .where(and(eq(t.emailOptOuts.email, email.toLowerCase()), eq(t.emailOptOuts.kind, BASKET_LINK_KIND)));
  return row !== undefined;
}

/** The one-click opt-out link of an address (signed, so nobody can opt another address out). */
export async function optOutUrl(deps: Pick<Deps, 'db' | 'config'>, email: string): Promise<string> {
  const query = new URLSearchParams({ email: email.toLowerCase(), sig: await signLink(deps.db, BASKET_LINK_KIND, email.toLowerCase()) });
  return `${deps.config.apiBase}${apiRoutes.emailOptOut.url()}?${query}`;
}

/** GET or POST /api/emails/opt-out: true when the link was genuine and the address is now opted out. */
export async function optOut(deps: Pick<Deps, 'db' | 'clock'>, email: string, sig: string): Promise<boolean> {
  if (!(await isSignedLink(deps.db, BASKET_LINK_KIND, email.toLowerCase(), sig))) return false;
  await deps.db
    .insert(t.emailOptOuts)
    .values({ email: email.toLowerCase(), kind: BASKET_LINK_KIND, createdAt: deps.clock.now() })
    .onConflictDoNothing();
  // Whatever still waits for the address is called off at once.
  await deps.db
    .update(t.emails)
    .set({ status: 'cancelled' })
    .where(and(eq(t.emails.recipient, email.toLowerCase()), eq(t.emails.kind, BASKET_LINK_KIND), eq(t.emails.status, 'pending')));
  return true;
}
