import { expect } from 'vitest';
import { messages } from '#domain/messages.ts';
import type { CartNotes, NoteLine } from '#domain/note-mix.ts';
import { noteMixMachine, type NoteMixSnapshot } from '#machines/note-mix/note-mix.machine.ts';
import { selectNoteEditor, selectNoteMixStatus, selectNoteRows } from '#machines/note-mix/note-mix.selectors.ts';
import { actorDone, actorFailed, definePathSuite, INIT_EVENT } from '../support/graph-coverage.ts';
import { noteMixOracle, type NoteMixSeen } from './oracles/note-mix.oracle.ts';

// €300 at a branch holding five €50 notes and one €200; Australian dollars only as a preference,
// and the branch has no larger ones.
const EUR: NoteLine = {
  lineId: 'line-eur',
  currencyCode: 'EUR',
  name: 'Euros',
  symbol: '€',
  units: 300,
  choice: { kind: 'mixed' },
  offered: { smaller: true, larger: true, exact: [{ value: 50, available: 6 }, { value: 200, available: 1 }] },
};
const AUD: NoteLine = {
  lineId: 'line-aud',
  currencyCode: 'AUD',
  name: 'Australian Dollars',
  symbol: 'A$',
  units: 200,
  choice: { kind: 'mixed' },
  offered: { smaller: true, larger: false, exact: null },
};
const READ: CartNotes = { lines: [EUR, AUD] };
const SAVED: CartNotes = { lines: [{ ...EUR, choice: { kind: 'exact', counts: [{ value: 50, count: 6 }] } }, AUD] };

// What the guards and the views read, so the state space stays small.
const serializeState = (s: NoteMixSnapshot): string => {
  const c = s.context;
  return JSON.stringify([s.value, c.lines.map((l) => l.choice), c.editing, c.problem !== null]);
};

let seen: NoteMixSeen;

definePathSuite({
  name: 'note-mix',
  machine: noteMixMachine,
  events: [
    actorDone('loadNotes', READ),
    actorFailed('loadNotes', { problem: { title: 'Service unavailable', status: 503 } }),
    { type: 'notes.retried' },
    { type: 'notes.cartChanged' },
    { type: 'notes.editOpened', lineId: 'line-eur' },
    { type: 'notes.editOpened', lineId: 'line-aud' },
    { type: 'notes.editOpened', lineId: 'line-gone' },
    { type: 'notes.kindChosen', kind: 'mixed' },
    { type: 'notes.kindChosen', kind: 'larger' },
    { type: 'notes.kindChosen', kind: 'exact' },
    { type: 'notes.countChanged', value: 50, count: 6 },
    { type: 'notes.countChanged', value: 200, count: 1 },
    { type: 'notes.saveRequested' },
    { type: 'notes.cancelled' },
    actorDone('saveNotes', SAVED),
    actorFailed('saveNotes', { problem: { title: 'Unprocessable request', detail: 'We have only 4 of the €50 notes for this order. Choose fewer of them.', status: 422 } }),
  ],
  serializeState,
  assertState: (s, step) => {
    seen = step.event.type === INIT_EVENT ? noteMixOracle.start() : noteMixOracle.next(seen, step.event, messages.notesStockChanged);
    const after = `after ${step.event.type}`;
    expect(selectNoteMixStatus(s), `the notes loading, failed or shown ${after}`).toBe(seen.status);
    expect(selectNoteRows(s).map((r) => r.choice), `each row's notes ${after}`).toEqual(noteMixOracle.rows(seen));
    expect(s.hasTag('editing'), `a line's choice open ${after}`).toBe(seen.open !== null);
    const editor = selectNoteEditor(s);
    expect(editor?.lineId ?? null, `the line open ${after}`).toBe(seen.open?.lineId ?? null);
    expect(editor?.kind ?? null, `the kind chosen ${after}`).toBe(seen.open?.draft.kind ?? null);
    const draft = seen.open?.draft;
    expect(editor?.notes.map((n) => n.count) ?? [], `the counts ${after}`).toEqual(draft?.kind === 'exact' ? draft.counts.map((n) => n.count) : []);
    expect(editor?.problem ?? null, `the message under the choice ${after}`).toBe(seen.open === null ? null : seen.problem);
    expect(editor?.saving ?? false, `saving ${after}`).toBe(seen.saving);
  },
});
