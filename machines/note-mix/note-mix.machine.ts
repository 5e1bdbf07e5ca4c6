/**
 * The notes you want (issue 45 part 3), on the review page: for each line of a purchase the shopper
 * may keep mixed notes (the default) or ask for smaller or larger notes and, for euros and US
 * dollars, say how many of each note, adding up to the line's amount; only what the cart's branch
 * or the warehouse holds is offered (domain/note-mix.ts). The checkout runs it while it is on the
 * review step.
 *
 * It reads what each line may have (`loadNotes`), opens one line's choice at a time, checks the
 * draft with the domain's rules as the shopper goes (Save refuses a draft that breaks them, saying
 * why) and saves it (`saveNotes`; the server checks again and may refuse, e.g. when the notes have
 * just gone). When the cart's lines change (`watchCart` reports it) it reads them again: an amount
 * that changed may have dropped exact notes.
 */
import { assign, fromCallback, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { messages, formatMessage } from '#domain/messages.ts';
import { MIXED, noteChoiceProblem, noteChoiceText, type CartNotes, type NoteChoice, type NoteKind, type NoteLine } from '#domain/note-mix.ts';
import { serverMessageOf } from '#domain/problem.ts';
import { providedLater } from '../provided-later.ts';

export interface NoteMixContext {
  lines: NoteLine[];
  /** The line whose notes are open, and the shopper's draft for it. */
  editing: { lineId: string; draft: NoteChoice } | null;
  /** Why the draft cannot be saved (the rules, or the server's answer); null while it can. */
  problem: string | null;
  /** What the live region says once: a choice saved. */
  announcement: string;
}

export type NoteMixEvent =
  | { type: 'notes.editOpened'; lineId: string }
  | { type: 'notes.kindChosen'; kind: NoteKind }
  | { type: 'notes.countChanged'; value: number; count: number }
  | { type: 'notes.saveRequested' }
  | { type: 'notes.cancelled' }
  | { type: 'notes.retried' }
  /** The cart's lines changed (an amount, a line added or removed). */
  | { type: 'notes.cartChanged' };

export type NoteMixTag = 'loading' | 'failed' | 'editing' | 'saving';

function lineOf(context: NoteMixContext, lineId: string | undefined): NoteLine | undefined {
  return context.lines.find((l) => l.lineId === lineId);
}

/** Mixed notes always; smaller, larger or each note only as the store offers them. */
function isOffered(line: NoteLine | undefined, kind: NoteKind): boolean {
  if (line === undefined) return false;
  if (kind === 'mixed') return true;
  return kind === 'exact' ? (line.offered.exact ?? []).length > 0 : line.offered[kind];
}

/** The draft as the rules see it: exact counts for every note offered, zeros included. */
function draftOf(line: NoteLine, kind: NoteKind): NoteChoice {
  if (kind !== 'exact') return { kind };
  const kept = line.choice.kind === 'exact' ? line.choice.counts : [];
  return { kind: 'exact', counts: (line.offered.exact ?? []).map((n) => ({ value: n.value, count: kept.find((k) => k.value === n.value)?.count ?? 0 })) };
}

function draftProblem(context: NoteMixContext): string | null {
  const editing = context.editing;
  const line = lineOf(context, editing?.lineId);
  if (editing === null || line === undefined) return null;
  return noteChoiceProblem(editing.draft, line);
}

export const noteMixMachine = setup({
  types: {
    context: {} as NoteMixContext,
    events: {} as NoteMixEvent,
    tags: {} as NoteMixTag,
  },
  actors: {
    loadNotes: providedLater<CartNotes>('loadNotes'),
    saveNotes: providedLater<CartNotes, { lineId: string; choice: NoteChoice }>('saveNotes'),
    /** Tells the machine `notes.cartChanged` when the cart's lines change (the app watches the cart actor). */
    watchCart: fromCallback<NoteMixEvent>(() => undefined),
  },
  actions: {
    rememberLines: assign({ lines: (_, params: { notes: CartNotes }) => params.notes.lines }),
    openLine: assign(({ context }, params: { lineId: string }) => {
      const line = lineOf(context, params.lineId);
      return { editing: line === undefined ? null : { lineId: params.lineId, draft: draftOf(line, line.choice.kind) }, problem: null, announcement: '' };
    }),
    chooseKind: assign(({ context }, params: { kind: NoteKind }) => {
      const line = lineOf(context, context.editing?.lineId);
      if (context.editing === null || line === undefined) return {};
      return { editing: { ...context.editing, draft: draftOf(line, params.kind) }, problem: null };
    }),
    changeCount: assign(({ context }, params: { value: number; count: number }) => {
      const editing = context.editing;
      if (editing === null || editing.draft.kind !== 'exact') return {};
      const counts = editing.draft.counts.map((n) => (n.value === params.value ? { value: n.value, count: params.count } : n));
      return { editing: { ...editing, draft: { kind: 'exact' as const, counts } }, problem: null };
    }),
    showDraftProblem: assign({ problem: ({ context }) => draftProblem(context) }),
    showSaveProblem: assign({ problem: (_, params: { error: unknown }) => serverMessageOf(params.error) ?? messages.notesStockChanged }),
    announceSaved: assign({
      announcement: ({ context }, params: { notes: CartNotes }) => {
        const line = params.notes.lines.find((l) => l.lineId === context.editing?.lineId);
        return line === undefined ? '' : formatMessage(messages.notesSaved, { name: line.name, choice: noteChoiceText(line.choice, line.symbol) });
      },
    }),
    closeLine: assign({ editing: null, problem: null }),
    forgetProblem: assign({ problem: null }),
  },
  guards: {
    isLineListed: ({ context }, params: { lineId: string }) => lineOf(context, params.lineId) !== undefined,
    isKindOffered: ({ context }, params: { kind: NoteKind }) => isOffered(lineOf(context, context.editing?.lineId), params.kind),
    isDraftKeepable: ({ context }) => context.editing !== null && draftProblem(context) === null,
  },
}).createMachine({
  id: 'noteMix',
  context: { lines: [], editing: null, problem: null, announcement: '' },
  invoke: { id: 'watchCart', src: 'watchCart' },
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'loadNotes',
        src: 'loadNotes',
        onDone: { target: 'ready', actions: { type: 'rememberLines', params: ({ event }) => ({ notes: event.output }) } },
        onError: 'failed',
      },
    },
    /** 'We could not load the notes we hold…' with Try again; the order keeps mixed notes. */
    failed: {
      tags: ['failed'],
      on: { 'notes.retried': 'loading', 'notes.cartChanged': 'loading' },
    },
    ready: {
      on: { 'notes.cartChanged': { target: 'loading', actions: 'closeLine' } },
      initial: 'viewing',
      states: {
        viewing: {
          on: {
            'notes.editOpened': {
              guard: { type: 'isLineListed', params: ({ event }) => ({ lineId: event.lineId }) },
              target: 'editing',
              actions: { type: 'openLine', params: ({ event }) => ({ lineId: event.lineId }) },
            },
          },
        },
        editing: {
          tags: ['editing'],
          on: {
            'notes.kindChosen': {
              guard: { type: 'isKindOffered', params: ({ event }) => ({ kind: event.kind }) },
              actions: { type: 'chooseKind', params: ({ event }) => ({ kind: event.kind }) },
            },
            // Counts only change exact notes: typed under another kind, they change nothing.
            'notes.countChanged': {
              actions: { type: 'changeCount', params: ({ event }) => ({ value: event.value, count: event.count }) },
            },
            'notes.saveRequested': [{ guard: 'isDraftKeepable', target: 'saving', actions: 'forgetProblem' }, { actions: 'showDraftProblem' }],
            'notes.cancelled': { target: 'viewing', actions: 'closeLine' },
            'notes.editOpened': {
              guard: { type: 'isLineListed', params: ({ event }) => ({ lineId: event.lineId }) },
              actions: { type: 'openLine', params: ({ event }) => ({ lineId: event.lineId }) },
            },
          },
        },
        saving: {
          tags: ['editing', 'saving'],
          invoke: {
            id: 'saveNotes',
            src: 'saveNotes',
            input: ({ context }) => ({ lineId: context.editing?.lineId ?? '', choice: context.editing?.draft ?? MIXED }),
            onDone: {
              target: 'viewing',
              actions: [
                { type: 'announceSaved', params: ({ event }) => ({ notes: event.output }) },
                { type: 'rememberLines', params: ({ event }) => ({ notes: event.output }) },
                'closeLine',
              ],
            },
            onError: { target: 'editing', actions: { type: 'showSaveProblem', params: ({ event }) => ({ error: event.error }) } },
          },
        },
      },
    },
  },
});

export type NoteMixMachine = typeof noteMixMachine;
export type NoteMixActorRef = ActorRefFrom<NoteMixMachine>;
export type NoteMixSnapshot = SnapshotFrom<NoteMixMachine>;
