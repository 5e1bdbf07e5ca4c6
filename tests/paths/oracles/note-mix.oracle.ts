/**
 * The notes you want (issue 45 part 3) as the issue describes them, not as the chart does: fed the
 * same inputs as a path (the lines read or not, a line opened, a kind or a count chosen, Save,
 * Cancel, the server's answer, the cart changing), it says what the shopper sees after each: the
 * rows' choices, which line is open with which kind and counts, the message under it, whether it is
 * saving, and whether the notes are loading or could not be loaded.
 *
 * The rules a choice must keep (add up to the amount, no more of a note than is held, only what is
 * offered) are the domain's (domain/note-mix.ts, tested with their own table): the oracle asks them
 * as the server does, so a guard of the chart that decides otherwise fails the path.
 */
import type { AnyEventObject } from 'xstate';
import { noteChoiceProblem, noteChoiceText, type CartNotes, type NoteChoice, type NoteKind, type NoteLine } from '#domain/note-mix.ts';

export interface NoteMixSeen {
  status: 'loading' | 'failed' | 'ready';
  lines: NoteLine[];
  open: { lineId: string; draft: NoteChoice } | null;
  saving: boolean;
  problem: string | null;
}

/** Whether a kind may be chosen for a line: mixed always; the others only as the store offers them. */
function offered(line: NoteLine, kind: NoteKind): boolean {
  if (kind === 'mixed') return true;
  if (kind === 'exact') return line.offered.exact !== null && line.offered.exact.length > 0;
  return line.offered[kind];
}

function draftFor(line: NoteLine, kind: NoteKind): NoteChoice {
  if (kind !== 'exact') return { kind };
  const kept = line.choice.kind === 'exact' ? line.choice.counts : [];
  return { kind: 'exact', counts: (line.offered.exact ?? []).map((n) => ({ value: n.value, count: kept.find((k) => k.value === n.value)?.count ?? 0 })) };
}

const wordsOf = (error: unknown): string | null => {
  const problem = (typeof error === 'object' && error !== null && 'problem' in error ? error.problem : error) as { title?: string; detail?: string } | null;
  return problem?.detail ?? problem?.title ?? null;
};

export const noteMixOracle = {
  start(): NoteMixSeen {
    return { status: 'loading', lines: [], open: null, saving: false, problem: null };
  },

  next(seen: NoteMixSeen, event: AnyEventObject, stockChanged: string): NoteMixSeen {
    const line = seen.lines.find((l) => l.lineId === seen.open?.lineId);
    switch (event.type) {
      case 'xstate.done.actor.loadNotes':
        return seen.status === 'loading' ? { ...seen, status: 'ready', lines: (event.output as CartNotes).lines } : seen;
      case 'xstate.error.actor.loadNotes':
        return seen.status === 'loading' ? { ...seen, status: 'failed' } : seen;
      case 'notes.retried':
        return seen.status === 'failed' ? { ...seen, status: 'loading' } : seen;
      case 'notes.cartChanged':
        // The lines are read again (an amount may have dropped exact notes); an open choice closes.
        return seen.status === 'loading' ? seen : { ...seen, status: 'loading', open: null, saving: false, problem: null };
      case 'notes.editOpened': {
        const target = seen.lines.find((l) => l.lineId === event.lineId);
        if (seen.status !== 'ready' || seen.saving || target === undefined) return seen;
        return { ...seen, open: { lineId: target.lineId, draft: draftFor(target, target.choice.kind) }, problem: null };
      }
      case 'notes.kindChosen':
        if (seen.saving || line === undefined || !offered(line, event.kind as NoteKind)) return seen;
        return { ...seen, open: { lineId: line.lineId, draft: draftFor(line, event.kind as NoteKind) }, problem: null };
      case 'notes.countChanged': {
        const open = seen.open;
        if (seen.saving || open === null || open.draft.kind !== 'exact') return seen;
        const counts = open.draft.counts.map((n) => (n.value === event.value ? { value: n.value, count: event.count as number } : n));
        return { ...seen, open: { lineId: open.lineId, draft: { kind: 'exact', counts } }, problem: null };
      }
      case 'notes.saveRequested': {
        if (seen.saving || seen.open === null || line === undefined) return seen;
        const problem = noteChoiceProblem(seen.open.draft, line);
        return problem === null ? { ...seen, saving: true, problem: null } : { ...seen, problem };
      }
      case 'notes.cancelled':
        return seen.saving || seen.open === null ? seen : { ...seen, open: null, problem: null };
      case 'xstate.done.actor.saveNotes':
        return seen.saving ? { ...seen, saving: false, open: null, problem: null, lines: (event.output as CartNotes).lines } : seen;
      case 'xstate.error.actor.saveNotes':
        return seen.saving ? { ...seen, saving: false, problem: wordsOf(event.error) ?? stockChanged } : seen;
      default:
        return seen;
    }
  },

  /** Each row's notes as the review says them. */
  rows(seen: NoteMixSeen): string[] {
    return seen.lines.map((l) => noteChoiceText(l.choice, l.symbol));
  },
};
