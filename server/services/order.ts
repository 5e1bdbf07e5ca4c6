/**
 * Orders (spec 4.1, 7.5): reading, delivery or collection dates, tracking values and the customer
 * details with their stock, velocity and AML checks.
 */
import { and, eq, gte, inArray, ne, sql } from 'drizzle-orm';
import type { ProductId } from '#domain/contract/catalogue.ts';
import { NO_STOCK, type CustomerInfoResponse, type DeliverySlot, type Order, type OrderStateValue } from '#domain/contract/order.ts';
import type { Tracking } from '#domain/contract/tracking.ts';
import { londonDate, londonDateKey } from '#domain/availability.ts';
import { nationOfPostcode } from '#domain/cut-off.ts';
import type * as CustomerRules from '#domain/customer.ts';
import type { CustomerDetails } from '#domain/customer.ts';
import { guaranteeFeesMinor } from '#domain/guarantees.ts';
import { exponentOf, toMajor } from '#domain/money.ts';
import { PAYMENT_STATUS_RETRY_MS } from '#domain/delays.ts';
import { isOrderStateValue, ORDER_STATE } from '#domain/order-state.ts';
import { isProductId, isSellBack, PRODUCT } from '#domain/products.ts';
import { isDeepStrictEqual } from 'node:util';
import * as v from 'valibot';
import type { Db } from '../db/client.ts';
import * as t from '../db/schema.ts';
import type { Deps } from '../deps.ts';
import type { Config } from '../env.ts';
import { conflict, forbidden, HttpProblem, notFound } from '../errors.ts';
import { fieldErrors } from '../validation.ts';
import { bankHolidaysAt } from './bank-holidays.ts';
import { branchCalendar } from './branches.ts';
import type { OrderLineRecord } from './checkout.ts';
import { assessOrder, customerKey, type ComplianceConfig } from './compliance.ts';
import { deliverySlots, type SlotConfig, DEFAULT_SLOT_CONFIG } from './delivery-slots.ts';
import { startFulfilment } from './fulfilment.ts';
import type { SessionContext } from './session.ts';

export type OrderRow = typeof t.orders.$inferSelect;

/** What the order keeps of the chosen slot. */
export interface SlotRecord {
  id: string;
  date: string;
  price: number;
  deliveryMethodName: string;
  isInStock: boolean;
}

export function complianceConfig(config: Config): ComplianceConfig {
  return {
    velocityMaxOrders: config.velocityMaxOrdersPerDay,
    velocityMaxValueMinor: config.velocityMaxGbpPerDay * 100,
    amlOrderThresholdMinor: config.amlThresholdGbp * 100,
    amlRollingThresholdMinor: config.amlRollingThresholdGbp * 100,
    amlRollingDays: config.amlRollingDays,
  };
}

function stateOf(order: OrderRow): OrderStateValue {
  if (!isOrderStateValue(order.state)) throw new Error(`Unexpected order state ${order.state}`);
  return order.state;
}

function productOf(order: OrderRow): ProductId {
  if (!isProductId(order.productId)) throw new Error(`Unexpected product ${order.productId}`);
  return order.productId;
}

export const linesOf = (order: OrderRow) => order.lines as OrderLineRecord[];
export const slotOf = (order: OrderRow) => order.deliverySlot as SlotRecord | null;
export const customerOf = (order: OrderRow) => order.customer as CustomerDetails | null;

/** The session's current order; another session's is 403. */
export async function currentOrder(deps: Pick<Deps, 'db'>, session: SessionContext, options: { lock?: boolean; db?: Db } = {}): Promise<OrderRow> {
  const db = options.db ?? deps.db;
  if (session.orderId === null) throw notFound('This session has no order.');
  const query = db.select().from(t.orders).where(eq(t.orders.id, session.orderId));
  const [order] = options.lock ? await query.for('update') : await query;
  if (order === undefined) throw notFound('This session has no order.');
  if (order.sessionId !== session.sessionId) throw forbidden('This order belongs to another session.');
  return order;
}

export async function orderView(db: Db, order: OrderRow): Promise<Order> {
  const [product] = await db.select().from(t.products).where(eq(t.products.id, order.productId));
  const [store] = await db.select().from(t.stores).where(eq(t.stores.id, order.storeId));
  if (product === undefined || store === undefined) throw new Error(`Order ${order.id} has lost its product or store`);
  const productId = productOf(order);
  const slot = slotOf(order);
  const customer = customerOf(order);
  const homeDelivery = productId === PRODUCT.HOME_DELIVERY;
  return {
    id: order.id,
    externalOrderId: order.externalOrderId,
    cartId: order.cartId,
    siteId: order.siteId,
    product: { id: productId, name: product.name },
    state: { value: stateOf(order) },
    lines: linesOf(order).map((l) => ({
      currency: { code: l.currencyCode, name: l.pluralName, symbol: l.symbol },
      price: l.price,
      rate: l.rate,
      qty: toMajor(l.qtyMinor, l.currencyCode),
      total: toMajor(l.totalMinor),
      ...(l.notes === undefined ? {} : { notes: l.notes }),
    })),
    total: toMajor(order.totalMinor),
    expiresAt: order.expiresAt.toISOString(),
    createdAt: order.createdAt.toISOString(),
    deliverySlot: slot === null ? null : { date: slot.date, price: slot.price, deliveryMethodName: slot.deliveryMethodName },
    store: { id: store.id, isMeta: store.isMeta, brand: store.brand, brandName: store.brandName, name: store.name },
    // Home delivery goes to the customer's address; collection and sell back happen at the branch.
    deliveryAddress: homeDelivery
      ? customer === null
        ? null
        : {
            buildingNameNumber: customer.address.houseNameNumber,
            address1: customer.address.addressLine1,
            address2: customer.address.addressLine2 || null,
            address3: customer.address.townCity,
            address4: null,
            postcode: customer.address.postcodeZip,
          }
      : { buildingNameNumber: null, address1: store.address1, address2: store.address2, address3: store.address3, address4: store.address4, postcode: store.postcode },
    customer:
      customer === null
        ? null
        : {
            title: null,
            firstName: customer.firstName,
            lastName: customer.lastName,
            address: customer.address,
            dateOfBirth: customer.dateOfBirth,
            email: customer.emailAddress,
            phoneNumber: customer.phoneNumber,
          },
    buyBackGuarantee: order.buyBackGuarantee,
    refundGuarantee: order.refundGuarantee,
    ClickAndCollect: productId === PRODUCT.CLICK_AND_COLLECT,
    paymentAttempt: order.paymentSuccess === null ? null : { success: order.paymentSuccess },
    identificationRequired: order.amlFlag,
  };
}

/**
 * GET /api/order. While the bank has still to confirm a payment (the provider said
 * 'payment.processing'), the order's state is not known yet: 503 with Retry-After. The payment
 * response page takes a failed read as 'state unknown', so the checkout shows 'Unable to check
 * status of your payment, please wait whilst we retry' and reads again after 1 s, until the
 * outcome makes the order completed (18) or leaves it awaiting another payment (3).
 */
export async function getOrder(deps: Deps, session: SessionContext): Promise<Order> {
  const order = await currentOrder(deps, session);
  if (await awaitingBankConfirmation(deps, order)) {
    throw new HttpProblem(503, 'Payment status not known yet', 'Your bank has not confirmed the payment yet. Please try again in a moment.', {
      type: 'payment-status-unknown',
      headers: { 'Retry-After': String(Math.ceil(PAYMENT_STATUS_RETRY_MS / 1000)) },
    });
  }
  return orderView(deps.db, order);
}

/**
 * Whether a payment of the order awaiting payment is processing. Only until the order expires: a
 * provider that never answers (the sandbox forgets a pending payment when it restarts) must not
 * keep the shopper waiting for ever.
 */
async function awaitingBankConfirmation(deps: Pick<Deps, 'db' | 'clock'>, order: OrderRow): Promise<boolean> {
  if (order.state !== ORDER_STATE.PAYMENT_PENDING || order.expiresAt.getTime() <= deps.clock.now().getTime()) return false;
  const [processing] = await deps.db
    .select({ id: t.payments.id })
    .from(t.payments)
    .where(and(eq(t.payments.orderId, order.id), eq(t.payments.status, 'processing')))
    .limit(1);
  return processing !== undefined;
}

/**
 * Whether a card payment of the order is being confirmed by the bank or has been taken: then the
 * order can be neither reserved at its branch nor moved to one.
 */
export async function hasPaymentUnderway(db: Db, orderId: string): Promise<boolean> {
  const [underway] = await db
    .select({ id: t.payments.id })
    .from(t.payments)
    .where(and(eq(t.payments.orderId, orderId), inArray(t.payments.status, ['processing', 'succeeded'])))
    .limit(1);
  return underway !== undefined;
}

/** Foreign units a line needs from the branch's notes: whole units, rounded up. */
export function unitsNeeded(line: OrderLineRecord): number {
  return Math.ceil(line.qtyMinor / 10 ** exponentOf(line.currencyCode));
}

/** Whether the store holds enough of every currency of the order right now. */
export async function storeCovers(db: Db, storeId: number, lines: readonly OrderLineRecord[]): Promise<boolean> {
  if (lines.length === 0) return true;
  const stock = await db
    .select()
    .from(t.storeStock)
    .where(and(eq(t.storeStock.storeId, storeId), inArray(t.storeStock.currencyCode, lines.map((l) => l.currencyCode))));
  return lines.every((l) => (stock.find((s) => s.currencyCode === l.currencyCode)?.units ?? 0) >= unitsNeeded(l));
}

/** The slots an order can choose from today, computed from its store, stock and the clock. */
export async function slotsFor(deps: Pick<Deps, 'db' | 'clock'>, order: OrderRow, db: Db = deps.db, config: SlotConfig = DEFAULT_SLOT_CONFIG): Promise<DeliverySlot[]> {
  const productId = productOf(order);
  const now = deps.clock.now();
  const [store] = await db.select().from(t.stores).where(eq(t.stores.id, order.storeId));
  if (store === undefined) throw notFound('The order has no store.');
  const hours = await db.select().from(t.openingHours).where(eq(t.openingHours.storeId, store.id));
  const inStock = isSellBack(productId) ? true : await storeCovers(db, store.id, linesOf(order));
  const holidays = await bankHolidaysAt(now);
  // A home delivery keeps to the bank holidays of where it goes, once the order knows.
  const customer = customerOf(order);
  const nation = customer === null ? undefined : nationOfPostcode(customer.address.postcodeZip);
  const branch = productId === PRODUCT.HOME_DELIVERY || hours.length === 0 ? null : branchCalendar(store, hours);
  return deliverySlots({ productId, now, holidays, nation, branch, inStock }, config);
}

export async function deliverySlotsOf(deps: Deps, session: SessionContext): Promise<DeliverySlot[]> {
  return slotsFor(deps, await currentOrder(deps, session));
}

/** Whether a payment of the order was ever asked for (create-payment-intent), whatever came of it. */
async function paymentStarted(db: Db, order: OrderRow): Promise<boolean> {
  const [payment] = await db.select({ id: t.payments.id }).from(t.payments).where(eq(t.payments.orderId, order.id)).limit(1);
  return payment !== undefined;
}

function detailsLocked(order: OrderRow): HttpProblem {
  const detail =
    order.state === ORDER_STATE.PAYMENT_PENDING
      ? 'Payment for this order has already started, so the details given for it can no longer be changed.'
      : 'This order has gone past the details step, so the details given for it can no longer be changed.';
  return new HttpProblem(409, 'Your details can no longer be changed', detail, { type: 'customer-details-locked' });
}

function orderNotOpen(order: OrderRow): HttpProblem {
  return conflict(`This order can no longer be changed (state ${order.state}).`, 'order-not-open');
}

/** An order still being checked out lives as long as its cart's countdown. */
function assertNotExpired(order: OrderRow, now: Date): void {
  if (order.expiresAt.getTime() <= now.getTime()) throw conflict('This order has expired. Please start again.', 'order-expired');
}

function totalWith(order: Pick<OrderRow, 'linesTotalMinor' | 'buyBackGuarantee' | 'refundGuarantee'>, slot: SlotRecord | null): number {
  const delivery = slot === null ? 0 : Math.round(slot.price * 100);
  return order.linesTotalMinor + guaranteeFeesMinor({ buyback: order.buyBackGuarantee, refund: order.refundGuarantee }) + delivery;
}

/** PUT /api/order/delivery-slot: the slot is looked up among today's slots, never taken from the client. */
export async function chooseDeliverySlot(deps: Deps, session: SessionContext, slotId: string): Promise<Order> {
  return deps.db.transaction(async (tx) => {
    const order = await currentOrder(deps, session, { lock: true, db: tx });
    if (order.state !== ORDER_STATE.CREATED) throw orderNotOpen(order);
    assertNotExpired(order, deps.clock.now());
    const slot = (await slotsFor(deps, order, tx)).find((s) => s.id === slotId);
    if (slot === undefined) {
      const message = 'That date is no longer available. Please choose another.';
      throw new HttpProblem(422, 'Unprocessable request', message, { fields: { id: message }, type: 'slot-not-available' });
    }
    const record: SlotRecord = { id: slot.id, date: slot.date, price: slot.price, deliveryMethodName: slot.deliveryMethodName, isInStock: slot.isInStock };
    const [updated] = await tx
      .update(t.orders)
      .set({ deliverySlot: record, totalMinor: totalWith(order, record), updatedAt: deps.clock.now() })
      .where(eq(t.orders.id, order.id))
      .returning();
    return orderView(tx, updated ?? order);
  });
}

/** PUT /api/order/ga-info: the attribution values, kept with the order. */
export async function saveTracking(deps: Deps, session: SessionContext, tracking: Tracking): Promise<void> {
  const order = await currentOrder(deps, session);
  const values = Object.fromEntries(Object.entries(tracking).filter(([, value]) => value !== null && value !== undefined && value !== ''));
  await deps.db.update(t.orders).set({ tracking: values, updatedAt: deps.clock.now() }).where(eq(t.orders.id, order.id));
}

let customerRules: Promise<typeof CustomerRules> | undefined;

/**
 * The customer details' rules, loaded on first use: with the phone number's metadata they are
 * the largest part of the API's code, and nothing before the details step needs them, so the
 * server starts answering without them (server/start.ts loads them once it answers).
 */
export function loadCustomerRules(): Promise<typeof CustomerRules> {
  customerRules ??= import('#domain/customer.ts');
  return customerRules;
}

/** Validates the submitted details with the client's own schema; 422 naming each bad field. */
export async function parseCustomerDetails(body: unknown, now: Date): Promise<CustomerDetails> {
  const { customerDetailsSchema } = await loadCustomerRules();
  const parsed = v.safeParse(customerDetailsSchema(now), body);
  if (parsed.success) return parsed.output;
  const fields = fieldErrors(parsed.issues);
  throw new HttpProblem(422, 'Your details need attention', Object.values(fields)[0], { fields, type: 'customer-details-invalid' });
}

async function customerHistory(db: Db, order: OrderRow, key: string, now: Date, rollingDays: number) {
  const startOfToday = londonDate(londonDateKey(now));
  const rollingFrom = new Date(now.getTime() - rollingDays * 86_400_000);
  const others = and(eq(t.orders.customerKey, key), ne(t.orders.id, order.id));
  // A reservation to pay at the branch counts as an order on its way to being paid.
  const moving = [ORDER_STATE.PAYMENT_PENDING, ORDER_STATE.RESERVED_PAY_AT_BRANCH, ORDER_STATE.COMPLETED];
  const [today] = await db
    .select({
      count: sql<number>`count(*) filter (where ${inArray(t.orders.state, [...moving, ORDER_STATE.CHECKOUT_FAILED])})`.mapWith(Number),
      value: sql<number>`coalesce(sum(${t.orders.totalMinor}) filter (where ${inArray(t.orders.state, moving)}), 0)`.mapWith(Number),
    })
    .from(t.orders)
    .where(and(others, gte(t.orders.submittedAt, startOfToday)));
  const [rolling] = await db
    .select({ value: sql<number>`coalesce(sum(${t.orders.totalMinor}), 0)`.mapWith(Number) })
    .from(t.orders)
    .where(and(others, gte(t.orders.submittedAt, rollingFrom), inArray(t.orders.state, moving)));
  return { ordersToday: today?.count ?? 0, valueTodayMinor: today?.value ?? 0, valueRollingMinor: rolling?.value ?? 0 };
}

/**
 * PUT /api/order/customer-info. In order:
 * - the details are validated with the client's schema (422 naming the fields);
 * - click and collect from stock: when the branch can no longer cover the order on the chosen
 *   date the answer is the text NoStock (the shopper picks another date);
 * - the velocity check (state 1) and the AML flag, over the customer's other orders;
 * - otherwise payment pending (3), or completed (18) for sell back, which has no card payment.
 * The same details again change nothing and repeat the answer (a double submit). Different
 * details before the payment has started (payment pending, no payment made yet) replace the
 * first ones and are checked again, velocity and AML included: the last details win. Once a
 * payment has started, or the order is completed, refused or failed, different details are a
 * 409 ('customer-details-locked'): the payment and its checks were made for the first ones.
 */
export async function submitCustomer(deps: Deps, session: SessionContext, body: unknown): Promise<CustomerInfoResponse> {
  const now = deps.clock.now();
  const details = await parseCustomerDetails(body, now);
  return deps.db.transaction(async (tx) => {
    const order = await currentOrder(deps, session, { lock: true, db: tx });
    if (order.state !== ORDER_STATE.CREATED) {
      if (order.customer === null) throw orderNotOpen(order);
      // Compared as stored: JSON drops what the parsed details leave undefined.
      if (isDeepStrictEqual(order.customer, JSON.parse(JSON.stringify(details)))) return { showAMLPopup: order.amlFlag, state: { value: stateOf(order) } };
      if (order.state !== ORDER_STATE.PAYMENT_PENDING || (await paymentStarted(tx, order))) throw detailsLocked(order);
    }
    assertNotExpired(order, now);
    const chosen = slotOf(order);
    if (chosen === null) throw conflict('Choose a delivery or collection date first.', 'slot-missing');
    const productId = productOf(order);
    const slots = await slotsFor(deps, order, tx);
    const still = slots.find((s) => s.id === chosen.id);
    if (productId === PRODUCT.CLICK_AND_COLLECT && (still === undefined || (chosen.isInStock && !still.isInStock))) return NO_STOCK;
    if (still === undefined) throw conflict('That date is no longer available. Please choose another.', 'slot-not-available');

    const key = customerKey(details.emailAddress, details.dateOfBirth);
    // Two orders of one customer at once must not both slip under the limits.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${key}))`);
    const compliance = complianceConfig(deps.config);
    const history = await customerHistory(tx, order, key, now, compliance.amlRollingDays);
    const assessment = assessOrder(order.totalMinor, history, compliance);
    const state: OrderStateValue = assessment.velocityCheckFailed
      ? ORDER_STATE.VELOCITY_CHECK_FAILED
      : isSellBack(productId)
        ? ORDER_STATE.COMPLETED
        : ORDER_STATE.PAYMENT_PENDING;
    await tx
      .update(t.orders)
      .set({ customer: details, customerKey: key, submittedAt: now, state, amlFlag: assessment.showAMLPopup, updatedAt: now })
      .where(eq(t.orders.id, order.id));
    // A sell back is complete without a payment: its journey starts here (services/fulfilment.ts).
    if (state === ORDER_STATE.COMPLETED) await startFulfilment(tx, order, now);
    return { showAMLPopup: assessment.showAMLPopup, state: { value: state } };
  });
}
