import { describe, expect, it } from 'vitest';
import { choiceAfterAmountChange, keptChoice, noteChoiceProblem, noteChoiceText, notesFromUnits, offerFor, type NoteChoice, type NoteLine } from './note-mix.ts';

const EUR_300: Pick<NoteLine, 'name' | 'symbol' | 'units' | 'offered'> = {
  name: 'Euros',
  symbol: '€',
  units: 300,
  offered: { smaller: true, larger: false, exact: [{ value: 10, available: 30 }, { value: 50, available: 4 }, { value: 100, available: 3 }] },
};

describe('a choice for €300 at a branch with thirty €10, four €50 and three €100 notes', () => {
  const cases: { choice: NoteChoice; problem: string | null }[] = [
    { choice: { kind: 'mixed' }, problem: null },
    { choice: { kind: 'smaller' }, problem: null },
    { choice: { kind: 'larger' }, problem: 'Larger notes are not available for Euros here.' },
    { choice: { kind: 'exact', counts: [{ value: 50, count: 4 }, { value: 100, count: 1 }] }, problem: null },
    { choice: { kind: 'exact', counts: [{ value: 50, count: 4 }, { value: 10, count: 10 }, { value: 100, count: 0 }] }, problem: null },
    { choice: { kind: 'exact', counts: [{ value: 50, count: 4 }] }, problem: 'Your notes add up to €200: choose notes that add up to €300.' },
    { choice: { kind: 'exact', counts: [{ value: 100, count: 4 }] }, problem: 'We have only 3 of the €100 notes for this order. Choose fewer of them.' },
    { choice: { kind: 'exact', counts: [{ value: 20, count: 15 }] }, problem: 'We have no €20 notes to give for this order.' },
    { choice: { kind: 'exact', counts: [{ value: 20, count: 0 }, { value: 100, count: 3 }] }, problem: null },
  ];
  it.each(cases)('$choice.kind $choice.counts: $problem', ({ choice, problem }) => {
    expect(noteChoiceProblem(choice, EUR_300)).toBe(problem);
  });

  it('refuses exact notes for a currency not counted note by note', () => {
    expect(noteChoiceProblem({ kind: 'exact', counts: [{ value: 50, count: 6 }] }, { ...EUR_300, offered: { smaller: true, larger: true, exact: null } })).toBe(
      'You can choose each note for euros and US dollars only.',
    );
  });
});

describe('what a store offers', () => {
  it('euros note by note, never more of a note than the amount could use', () => {
    const held = { unitsHeld: 6000, notes: [{ value: 5, available: 60 }, { value: 200, available: 1 }, { value: 500, available: 9 }, { value: 50, available: 0 }] };
    expect(offerFor('EUR', 300, held)).toEqual({ smaller: true, larger: true, exact: [{ value: 5, available: 60 }, { value: 200, available: 1 }] });
    // Only small notes held: no larger notes.
    expect(offerFor('EUR', 300, { unitsHeld: 100, notes: [{ value: 10, available: 10 }] })).toEqual({ smaller: true, larger: false, exact: [{ value: 10, available: 10 }] });
  });

  it('a currency not counted note by note: smaller and larger wherever the store holds it', () => {
    expect(offerFor('AUD', 200, { unitsHeld: 800, notes: [] })).toEqual({ smaller: true, larger: true, exact: null });
    expect(offerFor('AUD', 200, { unitsHeld: 0, notes: [] })).toEqual({ smaller: false, larger: false, exact: null });
  });

  it("gives a store's units to its notes by the shares of migration 0023, rounded down", () => {
    expect(notesFromUnits('EUR', 7000)).toEqual([
      { value: 5, count: 70 },
      { value: 10, count: 105 },
      { value: 20, count: 87 },
      { value: 50, count: 49 },
      { value: 100, count: 10 },
      { value: 200, count: 1 },
    ]);
    expect(notesFromUnits('JPY', 100_000)).toEqual([]);
  });
});

describe('a choice kept', () => {
  it('is said as the review and the confirmation say it', () => {
    expect(noteChoiceText(undefined, '€')).toBe('Mixed notes');
    expect(noteChoiceText({ kind: 'larger' }, '$')).toBe('Larger notes');
    expect(noteChoiceText({ kind: 'exact', counts: [{ value: 10, count: 5 }, { value: 50, count: 5 }, { value: 20, count: 0 }] }, '€')).toBe('5 × €50, 5 × €10');
  });

  it('keeps exact counts without the zeros, highest note first', () => {
    expect(keptChoice({ kind: 'exact', counts: [{ value: 10, count: 5 }, { value: 20, count: 0 }, { value: 50, count: 5 }] })).toEqual({
      kind: 'exact',
      counts: [{ value: 50, count: 5 }, { value: 10, count: 5 }],
    });
  });

  it('keeps a preference through a new amount, and exact notes only while they still add up', () => {
    const exact: NoteChoice = { kind: 'exact', counts: [{ value: 50, count: 6 }] };
    expect(choiceAfterAmountChange(exact, 300)).toBe(exact);
    expect(choiceAfterAmountChange(exact, 400)).toBeNull();
    expect(choiceAfterAmountChange({ kind: 'smaller' }, 400)).toEqual({ kind: 'smaller' });
    expect(choiceAfterAmountChange(null, 400)).toBeNull();
  });
});
