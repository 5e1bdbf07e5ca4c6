/** What the review's notes rows and their editor read of the note-mix actor. */
import { formatMessage, messages } from '#domain/messages.ts';
import { kindText, noteChoiceText, totalOf, unitsText, type NoteChoice, type NoteKind, type NoteStock } from '#domain/note-mix.ts';
import type { CartSnapshot } from '#machines/cart/cart.machine.ts';
import type { NoteMixSnapshot } from './note-mix.machine.ts';

/** The cart's lines and amounts as one text: the note-mix actor reads its lines again when it changes. */
export function linesKeyOf(snapshot: CartSnapshot): string {
  return (snapshot.context.cart?.lines ?? []).map((l) => `${l.id}:${l.qty}`).join(' ');
}

export type NoteMixStatus = 'loading' | 'failed' | 'ready';

export function selectNoteMixStatus(snapshot: NoteMixSnapshot): NoteMixStatus {
  if (snapshot.hasTag('loading')) return 'loading';
  if (snapshot.hasTag('failed')) return 'failed';
  return 'ready';
}

/** A line's notes as its row shows them. */
export interface NoteRow {
  lineId: string;
  name: string;
  /** 'Mixed notes', 'Smaller notes', or '5 × €50, 5 × €10'. */
  choice: string;
  /** Whether anything but mixed notes is offered (else the row only says 'Mixed notes'). */
  choosable: boolean;
  open: boolean;
}

export function selectNoteRows(snapshot: NoteMixSnapshot): NoteRow[] {
  const openLine = snapshot.context.editing?.lineId;
  return snapshot.context.lines.map((l) => ({
    lineId: l.lineId,
    name: l.name,
    choice: noteChoiceText(l.choice, l.symbol),
    choosable: l.offered.smaller || l.offered.larger || (l.offered.exact ?? []).length > 0,
    open: l.lineId === openLine,
  }));
}

export interface NoteKindOption {
  kind: NoteKind;
  label: string;
  offered: boolean;
}

/** The open line's editor. */
export interface NoteEditor {
  lineId: string;
  name: string;
  symbol: string;
  kind: NoteKind;
  kinds: NoteKindOption[];
  /** Each note with its count, for exact notes; empty otherwise. */
  notes: (NoteStock & { count: number })[];
  /** '€250 of €300 chosen', for exact notes; null otherwise. */
  chosen: string | null;
  problem: string | null;
  saving: boolean;
}

export function selectNoteEditor(snapshot: NoteMixSnapshot): NoteEditor | null {
  const editing = snapshot.context.editing;
  const line = snapshot.context.lines.find((l) => l.lineId === editing?.lineId);
  if (editing === null || line === undefined) return null;
  const draft: NoteChoice = editing.draft;
  const kinds: NoteKindOption[] = (['mixed', 'smaller', 'larger', 'exact'] as const).map((kind) => ({
    kind,
    label: kindText(kind),
    offered: kind === 'mixed' ? true : kind === 'exact' ? (line.offered.exact ?? []).length > 0 : line.offered[kind],
  }));
  const notes =
    draft.kind === 'exact' ? (line.offered.exact ?? []).map((n) => ({ ...n, count: draft.counts.find((c) => c.value === n.value)?.count ?? 0 })) : [];
  return {
    lineId: line.lineId,
    name: line.name,
    symbol: line.symbol,
    kind: draft.kind,
    kinds,
    notes,
    chosen:
      draft.kind === 'exact'
        ? formatMessage(messages.notesChosenOfAmount, { chosen: unitsText(line.symbol, totalOf(draft.counts)), amount: unitsText(line.symbol, line.units) })
        : null,
    problem: snapshot.context.problem,
    saving: snapshot.hasTag('saving'),
  };
}

export function selectNoteAnnouncement(snapshot: NoteMixSnapshot): string {
  return snapshot.context.announcement;
}
