/**
 * The notes you want (issue 45 part 3; rules in domain/note-mix.ts). What each line of a purchase
 * may have comes from the cart's store (the branch for click and collect, the delivery centre for
 * home delivery): its units of the currency, and its euros and US dollars note by note. A choice is
 * checked against them and the line's amount before it is kept on the line; checkout copies it into
 * the order's lines; the payment takes exact notes with the units (takeNotes) and a cancellation or
 * a lapsed reservation gives them back (returnNotes).
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { messages } from '#domain/messages.ts';
import { exponentOf } from '#domain/money.ts';
import { DENOMINATIONS, choiceAfterAmountChange, keptChoice, noteChoiceProblem, offerFor, type CartNotes, type NoteChoice, type NoteLine } from '#domain/note-mix.ts';
import { isSellBack } from '#domain/products.ts';
import type { Db } from '../db/client.ts';
import * as t from '../db/schema.ts';
import type { Deps } from '../deps.ts';
import { conflict, HttpProblem, notFound } from '../errors.ts';
import type { OrderLineRecord } from './checkout.ts';
import { openCart, productOf, usableCart, type CartRow, type LineRow } from './cart-store.ts';
import type { SessionContext } from './session.ts';

/** Whole foreign units of a line (what exact notes must add up to). */
export function unitsOfLine(line: { currencyCode: string; qtyMinor: number }): number {
  return Math.ceil(line.qtyMinor / 10 ** exponentOf(line.currencyCode));
}

/** A line's kept choice, read back from its jsonb column; null: mixed notes. */
export function choiceOf(notes: unknown): NoteChoice | null {
  if (notes === null || typeof notes !== 'object') return null;
  return notes as NoteChoice;
}

/** What the store holds of the lines' currencies: units, and notes one by one. */
async function holdings(db: Db, storeId: number, codes: readonly string[]) {
  if (codes.length === 0) return { units: new Map<string, number>(), notes: new Map<string, { value: number; available: number }[]>() };
  const [units, notes] = await Promise.all([
    db
      .select({ code: t.storeStock.currencyCode, units: t.storeStock.units })
      .from(t.storeStock)
      .where(and(eq(t.storeStock.storeId, storeId), inArray(t.storeStock.currencyCode, [...codes]))),
    db
      .select({ code: t.storeNotes.currencyCode, value: t.storeNotes.denomination, count: t.storeNotes.count })
      .from(t.storeNotes)
      .where(and(eq(t.storeNotes.storeId, storeId), inArray(t.storeNotes.currencyCode, [...codes]))),
  ]);
  const byCode = new Map<string, { value: number; available: number }[]>();
  for (const n of notes) byCode.set(n.code, [...(byCode.get(n.code) ?? []), { value: n.value, available: n.count }]);
  return { units: new Map(units.map((u) => [u.code, u.units])), notes: byCode };
}

async function notesOf(deps: Pick<Deps, 'reference'>, db: Db, cart: CartRow, lines: readonly LineRow[]): Promise<CartNotes> {
  if (isSellBack(productOf(cart))) return { lines: [] };
  const ref = await deps.reference.current();
  const held = await holdings(db, cart.storeId, lines.map((l) => l.currencyCode));
  return {
    lines: lines.map((l): NoteLine => {
      const currency = ref.currencyByCode.get(l.currencyCode);
      const units = unitsOfLine(l);
      return {
        lineId: l.id,
        currencyCode: l.currencyCode,
        name: currency?.pluralName ?? l.currencyCode,
        symbol: currency?.symbol ?? '',
        units,
        choice: choiceOf(l.notes) ?? { kind: 'mixed' },
        offered: offerFor(l.currencyCode, units, { unitsHeld: held.units.get(l.currencyCode) ?? 0, notes: held.notes.get(l.currencyCode) ?? [] }),
      };
    }),
  };
}

/** GET /api/cart/notes. */
export async function cartNotes(deps: Deps, session: SessionContext): Promise<CartNotes> {
  const { cart, lines } = await usableCart(deps, session, deps.db);
  return notesOf(deps, deps.db, cart, lines);
}

/** PUT /api/cart/line/{id}/notes: the choice checked against the line and the store, then kept. */
export async function chooseNotes(deps: Deps, session: SessionContext, lineId: string, choice: NoteChoice): Promise<CartNotes> {
  return deps.db.transaction(async (tx) => {
    const { cart, lines } = await openCart(deps, session, tx);
    if (isSellBack(productOf(cart))) throw conflict(messages.notesSellBack, 'notes-not-offered');
    const line = lines.find((l) => l.id === lineId);
    if (line === undefined) throw notFound('There is no such line in your cart.');
    const before = await notesOf(deps, tx, cart, lines);
    const offered = before.lines.find((l) => l.lineId === lineId);
    if (offered === undefined) throw notFound('There is no such line in your cart.');
    const problem = noteChoiceProblem(choice, offered);
    if (problem !== null) throw new HttpProblem(422, 'Unprocessable request', problem, { fields: { notes: problem }, type: 'notes-not-valid' });
    const kept = keptChoice(choice);
    const notes = kept.kind === 'mixed' ? null : kept;
    await tx.update(t.cartLines).set({ notes }).where(eq(t.cartLines.id, lineId));
    return { lines: before.lines.map((l) => (l.lineId === lineId ? { ...l, choice: kept } : l)) };
  });
}

/** A line's notes after its amount changed (exact notes that no longer add up go back to mixed). */
export function notesAfterAmountChange(notes: unknown, line: { currencyCode: string; qtyMinor: number }): NoteChoice | null {
  return choiceAfterAmountChange(choiceOf(notes), unitsOfLine(line));
}

/** The exact notes an order's lines asked for, per currency, sorted (one lock order with the units). */
function exactNotesOf(lines: readonly OrderLineRecord[]) {
  return lines
    .flatMap((l) => (l.notes?.kind === 'exact' && DENOMINATIONS[l.currencyCode] !== undefined ? l.notes.counts.map((n) => ({ code: l.currencyCode, value: n.value, count: n.count })) : []))
    .filter((n) => n.count > 0)
    .sort((a, b) => a.code.localeCompare(b.code) || a.value - b.value);
}

/**
 * Takes the exact notes of a paid order from its store, in the payment's transaction; false (and
 * nothing taken) when the store no longer holds them, as for units.
 */
export async function takeNotes(tx: Db, storeId: number, lines: readonly OrderLineRecord[]): Promise<boolean> {
  const wanted = exactNotesOf(lines);
  if (wanted.length === 0) return true;
  const rows = await tx
    .select()
    .from(t.storeNotes)
    .where(and(eq(t.storeNotes.storeId, storeId), inArray(t.storeNotes.currencyCode, [...new Set(wanted.map((w) => w.code))])))
    .orderBy(asc(t.storeNotes.currencyCode), asc(t.storeNotes.denomination))
    .for('update');
  const rowOf = (w: { code: string; value: number }) => rows.find((r) => r.currencyCode === w.code && r.denomination === w.value);
  if (!wanted.every((w) => (rowOf(w)?.count ?? 0) >= w.count)) return false;
  for (const w of wanted) {
    await tx
      .update(t.storeNotes)
      .set({ count: sql`${t.storeNotes.count} - ${w.count}` })
      .where(and(eq(t.storeNotes.storeId, storeId), eq(t.storeNotes.currencyCode, w.code), eq(t.storeNotes.denomination, w.value)));
  }
  return true;
}

/** Gives a store back the exact notes an order took (cancelled, or a reservation that lapsed). */
export async function returnNotes(tx: Db, storeId: number, lines: readonly OrderLineRecord[]): Promise<void> {
  for (const w of exactNotesOf(lines)) {
    await tx
      .update(t.storeNotes)
      .set({ count: sql`${t.storeNotes.count} + ${w.count}` })
      .where(and(eq(t.storeNotes.storeId, storeId), eq(t.storeNotes.currencyCode, w.code), eq(t.storeNotes.denomination, w.value)));
  }
}

/**
 * The notes each order line keeps when the order moves to another store (a home delivery switched
 * to collection at a branch): a choice that still adds up and that the store can meet stays; any
 * other goes back to mixed notes (null).
 */
export async function notesAtStore(db: Db, storeId: number, lines: readonly Pick<OrderLineRecord, 'currencyCode' | 'qtyMinor' | 'notes' | 'pluralName' | 'symbol'>[]): Promise<(NoteChoice | null)[]> {
  const held = await holdings(db, storeId, lines.map((l) => l.currencyCode));
  return lines.map((l) => {
    const units = unitsOfLine(l);
    const choice = notesAfterAmountChange(l.notes ?? null, l);
    if (choice === null || choice.kind === 'mixed') return null;
    const offered = offerFor(l.currencyCode, units, { unitsHeld: held.units.get(l.currencyCode) ?? 0, notes: held.notes.get(l.currencyCode) ?? [] });
    return noteChoiceProblem(choice, { name: l.pluralName, symbol: l.symbol, units, offered }) === null ? choice : null;
  });
}
