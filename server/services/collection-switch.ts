/**
 * Collect from a branch instead (issue 45 part 1): when the card provider is unavailable, a
 * home-delivery order awaiting payment can become a click-and-collect order at a branch that holds
 * every currency of it, to be reserved there and paid for at the branch (services/reservation.ts).
 *
 * The server decides, as for every change of an order: the branch must hold the order's currency
 * now; the lines are priced again at the branch's collection rates (the domain's rounding, as a
 * cart line is priced), the guarantees are settled for the new total as a cart change settles them,
 * and the spend limits are checked again. The order goes back to state 0 with no date, so the
 * shopper chooses a collection date and gives their details again: the AML and velocity checks
 * apply to the new order as to any. A card payment page issued for the old price can no longer
 * complete it (services/payment-outcome.ts refunds money that does not match the order's total).
 */
import { and, eq, inArray, or, isNull } from 'drizzle-orm';
import { londonDateKey } from '#domain/availability.ts';
import type { CollectionBranch, CollectionBranches } from '#domain/contract/collection-switch.ts';
import type { Order } from '#domain/contract/order.ts';
import { formatMessage } from '#domain/messages.ts';
import { toMajor } from '#domain/money.ts';
import { ORDER_STATE } from '#domain/order-state.ts';
import { PRODUCT } from '#domain/products.ts';
import { payAtBranchServerTexts as texts } from '#domain/texts/pay-at-branch-server.ts';
import type { Db } from '../db/client.ts';
import * as t from '../db/schema.ts';
import type { Deps } from '../deps.ts';
import { HttpProblem } from '../errors.ts';
import { bankHolidaysAt } from './bank-holidays.ts';
import { collectionDate, distanceInMiles } from './branches.ts';
import { cartTotalMinor, priceLine, settleGuarantees, type Guarantees } from './cart-pricing.ts';
import { currencyOf, findCurrency, findSite } from './catalogue.ts';
import { checkoutProblems, type OrderLineRecord } from './checkout.ts';
import { notesAtStore } from './note-mix.ts';
import { currentOrder, customerOf, hasPaymentUnderway, linesOf, orderView, storeCovers, unitsNeeded, type OrderRow } from './order.ts';
import { createPlaceSearch } from './places.ts';
import { priceQuote } from './rates.ts';
import { assertRatesCurrent } from './rate-freshness.ts';
import type { MidRate, ReferenceData } from './reference.ts';
import type { SessionContext } from './session.ts';

/** How many branches the payment page offers. */
export const COLLECTION_BRANCHES_SHOWN = 5;

const refused = (detail: string, type: string) => new HttpProblem(409, texts.notSwitchableTitle, detail, { type });

/** Refuses an order that cannot switch: not a home delivery, not awaiting payment, expired, or with a card payment underway. */
async function assertSwitchable(db: Db, order: OrderRow, now: Date): Promise<void> {
  if (order.productId !== PRODUCT.HOME_DELIVERY) throw refused(texts.notHomeDelivery, 'switch-not-home-delivery');
  if (order.state !== ORDER_STATE.PAYMENT_PENDING) throw refused(texts.switchNotAwaitingPayment, 'order-not-switchable');
  if (order.expiresAt.getTime() <= now.getTime()) throw refused('This order has expired. Please start again.', 'order-expired');
  if (await hasPaymentUnderway(db, order.id)) throw refused(texts.switchPaymentUnderway, 'payment-processing');
}

type StoreRow = typeof t.stores.$inferSelect;

/** The site's branches (not the delivery centres) that hold every currency of the lines now. */
async function coveringBranches(db: Db, siteId: number, lines: readonly OrderLineRecord[]): Promise<StoreRow[]> {
  const rows = await db
    .select()
    .from(t.stores)
    .where(and(eq(t.stores.isMeta, false), or(isNull(t.stores.siteId), eq(t.stores.siteId, siteId))));
  if (rows.length === 0 || lines.length === 0) return rows;
  const stock = await db
    .select()
    .from(t.storeStock)
    .where(and(inArray(t.storeStock.storeId, rows.map((r) => r.id)), inArray(t.storeStock.currencyCode, lines.map((l) => l.currencyCode))));
  const unitsAt = (storeId: number, code: string) => stock.find((s) => s.storeId === storeId && s.currencyCode === code)?.units ?? 0;
  return rows.filter((r) => lines.every((l) => unitsAt(r.id, l.currencyCode) >= unitsNeeded(l)));
}

async function pricingOf(deps: Deps, session: SessionContext, order: OrderRow, now: Date, db: Db = deps.db): Promise<Pricing> {
  const ref = await deps.reference.current();
  const mids = await ref.midRates(londonDateKey(now));
  // Never an order priced at a stale rate (production), as at checkout.
  await assertRatesCurrent(deps, mids);
  const [cart] = await db.select({ affiliateCode: t.carts.affiliateCode }).from(t.carts).where(eq(t.carts.id, order.cartId));
  return { ref, mids, hasProfile: session.hasProfile, affiliateCode: cart?.affiliateCode ?? null };
}

/**
 * GET /api/order/collection-branches: the branches nearest the delivery address that hold all of
 * the order's currency, with the first day each can hand it over.
 */
export async function collectionBranches(deps: Deps, session: SessionContext): Promise<CollectionBranches> {
  const order = await currentOrder(deps, session);
  const now = deps.clock.now();
  await assertSwitchable(deps.db, order, now);
  const postcode = customerOf(order)?.address.postcodeZip ?? null;
  const [place] = postcode === null ? [] : await createPlaceSearch(deps.config).search(postcode, 1);
  const branches = await coveringBranches(deps.db, order.siteId, linesOf(order));
  const near = branches
    .map((row) => ({ row, miles: place === undefined || row.latitude === null || row.longitude === null ? null : distanceInMiles(place, { latitude: row.latitude, longitude: row.longitude }) }))
    .sort((a, b) => (a.miles ?? Number.POSITIVE_INFINITY) - (b.miles ?? Number.POSITIVE_INFINITY) || a.row.name.localeCompare(b.row.name))
    .slice(0, COLLECTION_BRANCHES_SHOWN);
  const ids = near.map((n) => n.row.id);
  const hours = ids.length === 0 ? [] : await deps.db.select().from(t.openingHours).where(inArray(t.openingHours.storeId, ids));
  const holidays = await bankHolidaysAt(now);
  const pricing = await pricingOf(deps, session, order, now);
  return {
    near: place === undefined ? null : postcode,
    // Each with what the order would cost there; a branch it could not be placed at is left out.
    items: near.flatMap(({ row, miles }): CollectionBranch[] => {
      const priced = pricedAt(pricing, order, row.id);
      if (!priced.ok) return [];
      return [
        {
          storeId: row.id,
          name: row.name,
          address: [row.address1, row.address2, row.address3, row.address4, row.postcode].filter((part): part is string => typeof part === 'string' && part.length > 0),
          distanceInMiles: miles === null ? null : Math.round(miles * 10) / 10,
          availableFrom: collectionDate(row, hours.filter((h) => h.storeId === row.id), now, true, holidays),
          total: toMajor(priced.totalMinor),
        },
      ];
    }),
  };
}

interface Pricing {
  ref: ReferenceData;
  mids: ReadonlyMap<string, MidRate>;
  hasProfile: boolean;
  affiliateCode: string | null;
}

type PricedOrder =
  | { ok: true; lines: OrderLineRecord[]; linesMinor: number; choices: Guarantees; totalMinor: number }
  | { ok: false; problem: string; type: string };

/**
 * The order's lines priced as a collection at `storeId` (the branch's collection rate, the
 * domain's rounding, as a cart line is priced; notes left out), its guarantees settled for the new
 * total as a cart change settles them, and its spend limits checked again.
 */
function pricedAt(pricing: Pricing, order: OrderRow, storeId: number): PricedOrder {
  const { ref, mids } = pricing;
  const productId = PRODUCT.CLICK_AND_COLLECT;
  const lines: OrderLineRecord[] = [];
  for (const l of linesOf(order)) {
    const currency = currencyOf(findCurrency(ref, l.currencyCode));
    const quote = priceQuote(ref, mids, { siteId: order.siteId, storeId, productId, currencyCode: currency.code, hasProfile: pricing.hasProfile, affiliateCode: pricing.affiliateCode });
    const line = priceLine(productId, currency, quote, toMajor(l.qtyMinor, l.currencyCode));
    if (!line.ok) return { ok: false, problem: line.message, type: 'currency-not-available' };
    const { notes: _notes, ...rest } = l;
    lines.push({ ...rest, ...line.line });
  }
  const site = findSite(ref, order.siteId);
  const ctx = { productId, isPartner: site.isPartner, showBuybackGuarantee: site.showBuybackGuarantee, showRefundGuarantee: site.showRefundGuarantee };
  const linesMinor = lines.reduce((sum, l) => sum + l.totalMinor, 0);
  const choices = settleGuarantees({ buyback: order.buyBackGuarantee, refund: order.refundGuarantee }, order.linesTotalMinor, linesMinor, ctx);
  const problems = checkoutProblems({ linesMinor, lineCount: lines.length, choices, ctx, siteProduct: ref.siteProducts.get(`${order.siteId}:${productId}`) });
  const first = Object.values(problems)[0];
  if (first !== undefined) return { ok: false, problem: formatMessage(texts.switchOverLimits, { reason: first }), type: 'switch-refused' };
  return { ok: true, lines, linesMinor, choices, totalMinor: cartTotalMinor(linesMinor, choices) };
}

/**
 * POST /api/order/switch-to-collection: the session's home-delivery order, now to be collected at
 * `storeId`, priced again at that branch's rates, back at state 0 without a date.
 */
export async function switchToCollection(deps: Deps, session: SessionContext, storeId: number): Promise<Order> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const order = await currentOrder(deps, session, { lock: true, db: tx });
    await assertSwitchable(tx, order, now);
    const lines = linesOf(order);
    const [branch] = await tx
      .select()
      .from(t.stores)
      .where(and(eq(t.stores.id, storeId), eq(t.stores.isMeta, false), or(isNull(t.stores.siteId), eq(t.stores.siteId, order.siteId))));
    if (branch === undefined || !(await storeCovers(tx, storeId, lines))) throw refused(texts.branchLacksCurrency, 'branch-lacks-currency');

    const priced = pricedAt(await pricingOf(deps, session, order, now, tx), order, storeId);
    if (!priced.ok) throw refused(priced.problem, priced.type);
    const notes = await notesAtStore(tx, storeId, priced.lines.map((l, i) => ({ ...l, notes: lines[i]?.notes })));
    const withNotes = priced.lines.map((l, i) => (notes[i] === null || notes[i] === undefined ? l : { ...l, notes: notes[i] }));
    const { linesMinor, choices } = priced;

    const [updated] = await tx
      .update(t.orders)
      .set({
        productId: PRODUCT.CLICK_AND_COLLECT,
        storeId,
        lines: withNotes,
        linesTotalMinor: linesMinor,
        totalMinor: priced.totalMinor,
        buyBackGuarantee: choices.buyback === true,
        refundGuarantee: choices.refund === true,
        deliverySlot: null,
        state: ORDER_STATE.CREATED,
        updatedAt: now,
      })
      .where(eq(t.orders.id, order.id))
      .returning();
    return orderView(tx, updated ?? order);
  });
}
