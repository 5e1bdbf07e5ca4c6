/**
 * The notes you want (issue 45 part 3). For each currency line of a purchase the shopper may ask
 * for mixed notes (the default), smaller notes or larger notes and, for euros and US dollars, say
 * exactly how many of each note, adding up to the line's amount. Only what the branch (click and
 * collect) or the warehouse (home delivery) holds is offered: the server holds its notes per
 * denomination, checks every choice against them and the amount, takes exact notes with the
 * order's payment and gives them back when the order is cancelled or its reservation lapses.
 *
 * The rules below are the server's and the review's: the editor checks as the shopper types, the
 * server again when it saves.
 */
import * as v from 'valibot';
import { CurrencyCode, Id } from './contract/common.ts';
import { formatMessage, messages } from './messages.ts';
import { formatCount } from './money.ts';

/** The notes each currency is printed in, lowest first; only these can be chosen one by one. */
export const DENOMINATIONS: Readonly<Record<string, readonly number[]>> = {
  EUR: [5, 10, 20, 50, 100, 200],
  USD: [1, 5, 10, 20, 50, 100],
};

/**
 * The share (percent of a store's units) held in each note: what the seed gives each store, and
 * migration 0023 an existing database. Small notes are few, fifties the most.
 */
export const NOTE_SHARES: Readonly<Record<string, readonly (readonly [value: number, percent: number])[]>> = {
  EUR: [[5, 5], [10, 15], [20, 25], [50, 35], [100, 15], [200, 5]],
  USD: [[1, 2], [5, 8], [10, 15], [20, 30], [50, 25], [100, 20]],
};

/** A store's notes of a currency from its units (whole numbers of each note, rounded down). */
export function notesFromUnits(code: string, units: number): { value: number; count: number }[] {
  return (NOTE_SHARES[code] ?? []).map(([value, percent]) => ({ value, count: Math.floor((units * percent) / (100 * value)) }));
}

export type NoteKind = 'mixed' | 'smaller' | 'larger' | 'exact';

const Count = v.pipe(v.number(), v.integer(messages.notesNotWhole), v.minValue(0, messages.notesNotWhole), v.maxValue(100_000, messages.notesNotWhole));

export const NoteCountSchema = v.object({ value: v.pipe(v.number(), v.integer(), v.minValue(1)), count: Count });
export type NoteCount = v.InferOutput<typeof NoteCountSchema>;

/** PUT /api/cart/line/{id}/notes, and what a cart line and an order line keep (absent: mixed). */
// A union rather than valibot's `variant`: the first page's code carries every valibot function the
// shop uses anywhere (one module), and `variant` would be new to it.
export const NoteChoiceSchema = v.union([
  v.strictObject({ kind: v.picklist(['mixed', 'smaller', 'larger']) }),
  v.strictObject({ kind: v.literal('exact'), counts: v.pipe(v.array(NoteCountSchema), v.minLength(1), v.maxLength(12)) }),
]);
export type NoteChoice = v.InferOutput<typeof NoteChoiceSchema>;

export const MIXED: NoteChoice = { kind: 'mixed' };

/** A note of a currency and how many the branch or warehouse can give this order. */
export const NoteStockSchema = v.object({ value: v.pipe(v.number(), v.integer(), v.minValue(1)), available: Count });
export type NoteStock = v.InferOutput<typeof NoteStockSchema>;

/** What the review offers for one line. */
export const NoteLineSchema = v.object({
  lineId: Id,
  currencyCode: CurrencyCode,
  name: v.string(),
  symbol: v.string(),
  /** The line's whole foreign units: what exact notes must add up to. */
  units: v.pipe(v.number(), v.integer(), v.minValue(0)),
  choice: NoteChoiceSchema,
  offered: v.object({
    smaller: v.boolean(),
    larger: v.boolean(),
    /** The notes that can be chosen one by one, lowest first; null: this currency cannot be. */
    exact: v.nullable(v.array(NoteStockSchema)),
  }),
});
export type NoteLine = v.InferOutput<typeof NoteLineSchema>;

/** GET /api/cart/notes and the answer of PUT /api/cart/line/{id}/notes. */
export const CartNotesSchema = v.object({ lines: v.array(NoteLineSchema) });
export type CartNotes = v.InferOutput<typeof CartNotesSchema>;

export const NoteLineParamsSchema = v.object({ id: v.pipe(v.string(), v.uuid('must be a cart line id')) });

/** The half of a currency's notes that "Smaller notes" draws on, and the half "Larger notes" does. */
export function halvesOf(values: readonly number[]): { smaller: number[]; larger: number[] } {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.ceil(sorted.length / 2);
  return { smaller: sorted.slice(0, middle), larger: sorted.slice(middle) };
}

/**
 * What a store offers for a line: exact notes for the currencies with denominations, each note it
 * holds (no more than the line could use); smaller and larger where it holds notes of that half,
 * or, for a currency not counted note by note, wherever it holds the currency at all.
 */
export function offerFor(code: string, units: number, held: { unitsHeld: number; notes: readonly NoteStock[] }): NoteLine['offered'] {
  const denominations = DENOMINATIONS[code];
  if (denominations === undefined) {
    const holds = held.unitsHeld > 0;
    return { smaller: holds, larger: holds, exact: null };
  }
  const exact = denominations
    .map((value) => ({ value, available: Math.min(held.notes.find((n) => n.value === value)?.available ?? 0, Math.floor(units / value)) }))
    .filter((n) => n.available > 0);
  const { smaller, larger } = halvesOf(denominations);
  const holdsAny = (values: number[]) => values.some((value) => (held.notes.find((n) => n.value === value)?.available ?? 0) > 0);
  return { smaller: holdsAny(smaller), larger: holdsAny(larger), exact };
}

export function totalOf(counts: readonly NoteCount[]): number {
  return counts.reduce((sum, n) => sum + n.value * n.count, 0);
}

/** The line's amount as a shopper reads it: '€250'. */
export function unitsText(symbol: string, units: number): string {
  return `${symbol}${formatCount(units)}`;
}

const KIND_TEXT: Readonly<Record<NoteKind, string>> = {
  mixed: messages.notesMixed,
  smaller: messages.notesSmaller,
  larger: messages.notesLarger,
  exact: messages.notesExact,
};

export function kindText(kind: NoteKind): string {
  return KIND_TEXT[kind];
}

/** 'Mixed notes', or the notes one by one: '4 × €50, 5 × €10'. */
export function noteChoiceText(choice: NoteChoice | undefined | null, symbol: string): string {
  if (choice === undefined || choice === null) return messages.notesMixed;
  if (choice.kind !== 'exact') return KIND_TEXT[choice.kind];
  return [...choice.counts]
    .filter((n) => n.count > 0)
    .sort((a, b) => b.value - a.value)
    .map((n) => formatMessage(messages.notesOneNote, { count: n.count, symbol, value: n.value }))
    .join(', ');
}

/**
 * Why a choice cannot be kept for a line as offered, in the shopper's words; null when it can.
 * The same rules on the review (as the shopper types) and on the server (as it saves).
 */
export function noteChoiceProblem(choice: NoteChoice, line: Pick<NoteLine, 'name' | 'symbol' | 'units' | 'offered'>): string | null {
  switch (choice.kind) {
    case 'mixed':
      return null;
    case 'smaller':
    case 'larger':
      return line.offered[choice.kind] ? null : formatMessage(messages.notesChoiceNotOffered, { choice: KIND_TEXT[choice.kind], name: line.name });
    case 'exact': {
      const offered = line.offered.exact;
      if (offered === null) return messages.notesExactNotOffered;
      for (const n of choice.counts) {
        if (n.count === 0) continue;
        const note = offered.find((o) => o.value === n.value);
        if (note === undefined) return formatMessage(messages.notesNoSuchNote, { symbol: line.symbol, value: n.value });
        const available = note.available;
        if (n.count > available) return formatMessage(messages.notesNotEnough, { available, symbol: line.symbol, value: n.value });
      }
      const chosen = totalOf(choice.counts);
      if (chosen !== line.units) {
        return formatMessage(messages.notesMustAddUp, { chosen: unitsText(line.symbol, chosen), amount: unitsText(line.symbol, line.units) });
      }
      return null;
    }
  }
}

/** The choice as kept: exact counts without the zeros, highest note first. */
export function keptChoice(choice: NoteChoice): NoteChoice {
  if (choice.kind !== 'exact') return { kind: choice.kind };
  return { kind: 'exact', counts: choice.counts.filter((n) => n.count > 0).sort((a, b) => b.value - a.value) };
}

/** A line whose amount changed keeps a preference; exact notes that no longer add up go back to mixed. */
export function choiceAfterAmountChange(choice: NoteChoice | null, units: number): NoteChoice | null {
  if (choice === null || choice.kind !== 'exact') return choice;
  return totalOf(choice.counts) === units ? choice : null;
}
