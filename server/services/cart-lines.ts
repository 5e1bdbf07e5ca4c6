/**
 * The lines of a cart (spec 4.3, 7.4): the server prices every line itself with the quote the
 * calculator sees and the domain's rounding rules, and re-settles the guarantee choices whenever
 * the lines total moves.
 */
import { eq, sql, type Placeholder } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { londonDateKey } from '#domain/availability.ts';
import type { Cart } from '#domain/contract/cart.ts';
import type { Db } from '../db/client.ts';
import { reusable, setTo } from '../db/reusable.ts';
import * as t from '../db/schema.ts';
import type { Deps } from '../deps.ts';
import { conflict, forbidden, HttpProblem, notFound } from '../errors.ts';
import { priceLine, settleGuarantees } from './cart-pricing.ts';
import { cartView, choicesOf, guaranteeContext, openCart, productOf, sumLines, type CartRow, type LineRow } from './cart-store.ts';
import { currencyOf, findCurrency } from './catalogue.ts';
import { notesAfterAmountChange } from './note-mix.ts';
import { priceQuote } from './rates.ts';
import type { MidRate, ReferenceData } from './reference.ts';
import type { SessionContext } from './session.ts';

type CartChoices = Pick<CartRow, 'buyBackGuarantee' | 'refundGuarantee' | 'updatedAt'>;

// The statements of every change to the lines, built once (server/db/reusable.ts).
/** The cart's guarantee choices and time of change, as a change to its lines writes them. */
const cartChoicesSet: CartChoices = {
  buyBackGuarantee: setTo('buyBackGuarantee'),
  refundGuarantee: setTo('refundGuarantee'),
  updatedAt: setTo('updatedAt'),
};
/** Every column of a new line but its position (the database numbers it): a column added to the table fails the type check here until it is written. */
const newLineValues = {
  id: sql.placeholder('id'),
  cartId: sql.placeholder('cartId'),
  currencyCode: sql.placeholder('currencyCode'),
  qtyMinor: sql.placeholder('qtyMinor'),
  rate: sql.placeholder('rate'),
  price: sql.placeholder('price'),
  increment: sql.placeholder('increment'),
  totalMinor: sql.placeholder('totalMinor'),
  createdAt: sql.placeholder('createdAt'),
  notes: sql.placeholder('notes'),
} satisfies Record<Exclude<keyof LineRow, 'position'>, Placeholder>;
const addLineAndChoices = reusable((db) => {
  const inserted = db.$with('inserted').as(db.insert(t.cartLines).values(newLineValues).returning({ id: t.cartLines.id }));
  return db.with(inserted).update(t.carts).set(cartChoicesSet).where(eq(t.carts.id, sql.placeholder('cartId')));
});
const updateLineAndChoices = reusable((db) => {
  const updated = db.$with('updated').as(
    db
      .update(t.cartLines)
      .set({
        qtyMinor: setTo('qtyMinor'),
        rate: setTo('rate'),
        price: setTo('price'),
        increment: setTo('increment'),
        totalMinor: setTo('totalMinor'),
        notes: setTo('notes'),
      })
      .where(eq(t.cartLines.id, sql.placeholder('lineId')))
      .returning({ id: t.cartLines.id }),
  );
  return db.with(updated).update(t.carts).set(cartChoicesSet).where(eq(t.carts.id, sql.placeholder('cartId')));
});
const deleteLineAndChoices = reusable((db) => {
  const deleted = db.$with('deleted').as(db.delete(t.cartLines).where(eq(t.cartLines.id, sql.placeholder('lineId'))).returning({ id: t.cartLines.id }));
  return db.with(deleted).update(t.carts).set(cartChoicesSet).where(eq(t.carts.id, sql.placeholder('cartId')));
});

/** What pricing a cart line needs: the reference data and the day's mid rates, both from memory. */
export interface Pricing {
  ref: ReferenceData;
  mids: ReadonlyMap<string, MidRate>;
  /** The session's loyalty profile (better rates), from the authorisation step. */
  hasProfile: boolean;
}

export async function pricingFor(deps: Pick<Deps, 'reference' | 'clock'>, session: SessionContext): Promise<Pricing> {
  const ref = await deps.reference.current();
  return { ref, mids: await ref.midRates(londonDateKey(deps.clock.now())), hasProfile: session.hasProfile };
}

/** Prices an amount of a currency for a cart: the quote the calculator showed, the domain's rounding. */
export function price(pricing: Pricing, cart: CartRow, currencyCode: string, qty: number) {
  const currency = currencyOf(findCurrency(pricing.ref, currencyCode));
  const quote = priceQuote(pricing.ref, pricing.mids, {
    siteId: cart.siteId,
    storeId: cart.storeId,
    productId: cart.productId,
    currencyCode: currency.code,
    hasProfile: pricing.hasProfile,
    affiliateCode: cart.affiliateCode,
  });
  const priced = priceLine(productOf(cart), currency, quote, qty);
  if (!priced.ok) {
    throw new HttpProblem(422, 'Unprocessable request', priced.message, { fields: { [priced.field]: priced.message }, type: priced.field === 'qty' ? 'amount-not-valid' : 'currency-not-available' });
  }
  return { currency, line: priced.line };
}

/** A change to a cart's lines: the lines it leaves, and the one statement that writes it with the cart's new choices. */
interface LineChange {
  lines: LineRow[];
  write(tx: Db, cart: CartChoices): Promise<void>;
}

/**
 * Applies a change to the lines of the session's open cart and re-settles the guarantee choices
 * for the new total: the cart row locked with its lines (one statement), then the line and the
 * cart written together (one statement). The answer is built from what was written.
 */
async function changeLines(deps: Deps, session: SessionContext, plan: (pricing: Pricing, cart: CartRow, lines: LineRow[], tx: Db) => LineChange | Promise<LineChange>): Promise<Cart> {
  const pricing = await pricingFor(deps, session);
  return deps.db.transaction(async (tx) => {
    const { cart, lines } = await openCart(deps, session, tx);
    const change = await plan(pricing, cart, lines, tx);
    const settled = settleGuarantees(choicesOf(cart), sumLines(lines), sumLines(change.lines), guaranteeContext(pricing.ref, cart));
    const choices: CartChoices = { buyBackGuarantee: settled.buyback, refundGuarantee: settled.refund, updatedAt: deps.clock.now() };
    await change.write(tx, choices);
    return cartView(pricing.ref, { ...cart, ...choices }, change.lines, deps.config);
  });
}

export async function addLine(deps: Deps, session: SessionContext, request: { currencyCode: string; qty: number }): Promise<Cart> {
  return changeLines(deps, session, (pricing, cart, lines) => {
    const { currency, line } = price(pricing, cart, request.currencyCode, request.qty);
    if (lines.some((l) => l.currencyCode === currency.code)) {
      throw conflict(`${currency.pluralName} are already in your cart: change that line's amount instead.`, 'currency-in-cart');
    }
    const now = deps.clock.now();
    const added: LineRow = { id: randomUUID(), cartId: cart.id, currencyCode: currency.code, ...line, createdAt: now, position: Number.MAX_SAFE_INTEGER, notes: null };
    const { position: _position, ...values } = added;
    return {
      lines: [...lines, added],
      write: async (tx, choices) => {
        await addLineAndChoices(tx, { ...values, ...choices });
      },
    };
  });
}

/** A line of the session's open cart; another session's line is 403, an unknown one 404. */
async function ownLine(tx: Db, session: SessionContext, lines: readonly LineRow[], lineId: string): Promise<LineRow> {
  const own = lines.find((l) => l.id === lineId);
  if (own !== undefined) return own;
  const [row] = await tx
    .select({ sessionId: t.carts.sessionId })
    .from(t.cartLines)
    .innerJoin(t.carts, eq(t.carts.id, t.cartLines.cartId))
    .where(eq(t.cartLines.id, lineId));
  if (row !== undefined && row.sessionId !== session.sessionId) throw forbidden('This cart line belongs to another session.');
  throw notFound('There is no such line in your cart.');
}

export async function updateLine(deps: Deps, session: SessionContext, lineId: string, request: { currencyCode: string; qty: number }): Promise<Cart> {
  return changeLines(deps, session, async (pricing, cart, lines, tx) => {
    const existing = await ownLine(tx, session, lines, lineId);
    if (existing.currencyCode !== request.currencyCode) {
      const message = `This line is for ${existing.currencyCode}, not ${request.currencyCode}.`;
      throw new HttpProblem(422, 'Unprocessable request', message, { fields: { currencyCode: message } });
    }
    const { line } = price(pricing, cart, existing.currencyCode, request.qty);
    // Exact notes that no longer add up go back to mixed; a preference stays.
    const notes = notesAfterAmountChange(existing.notes, { currencyCode: existing.currencyCode, qtyMinor: line.qtyMinor });
    return {
      lines: lines.map((l) => (l.id === existing.id ? { ...l, ...line, notes } : l)),
      write: async (tx, choices) => {
        await updateLineAndChoices(tx, { ...line, notes: notes === null ? null : JSON.stringify(notes), lineId: existing.id, cartId: cart.id, ...choices });
      },
    };
  });
}

export async function deleteLine(deps: Deps, session: SessionContext, lineId: string): Promise<Cart> {
  return changeLines(deps, session, async (_pricing, cart, lines, tx) => {
    const existing = await ownLine(tx, session, lines, lineId);
    return {
      lines: lines.filter((l) => l.id !== existing.id),
      write: async (tx, choices) => {
        await deleteLineAndChoices(tx, { lineId: existing.id, cartId: cart.id, ...choices });
      },
    };
  });
}
