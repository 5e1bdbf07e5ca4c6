import { describe, expect, it } from 'vitest';
import { lastWorkingDayBefore, workingDaysSince } from './rate-freshness.ts';

// England and Wales bank holidays around Christmas 2026 and Easter 2027 (date-holidays' data).
const holidays = { englandAndWales: ['2026-12-25', '2026-12-28', '2027-01-01', '2027-03-26', '2027-03-29'], scotland: [], northernIreland: [] };

describe('the last working day before today', () => {
  it.each([
    ['Monday 30 November 2026', '2026-11-30', '2026-11-27'],
    ['Wednesday 25 November 2026', '2026-11-25', '2026-11-24'],
    ['Saturday 28 November 2026', '2026-11-28', '2026-11-27'],
    ['Tuesday 29 December 2026 (25 and 28 December are bank holidays)', '2026-12-29', '2026-12-24'],
    ['Saturday 2 January 2027 (1 January is a bank holiday)', '2027-01-02', '2026-12-31'],
    ['Tuesday 30 March 2027 (Good Friday and Easter Monday)', '2027-03-30', '2027-03-25'],
  ])('%s', (_name, today, expected) => {
    expect(lastWorkingDayBefore(today, holidays)).toBe(expected);
  });
});

describe("a rate's age in working days", () => {
  it.each([
    ['Friday to Monday', '2026-11-27', '2026-11-30', 1],
    ['Friday to Tuesday', '2026-11-27', '2026-12-01', 2],
    ['Friday to Wednesday', '2026-11-27', '2026-12-02', 3],
    ['the same day', '2026-11-27', '2026-11-27', 0],
    ['Thursday 24 to Wednesday 30 December 2026', '2026-12-24', '2026-12-30', 2],
    ['Thursday 24 to Thursday 31 December 2026', '2026-12-24', '2026-12-31', 3],
  ])('%s', (_name, rateDate, today, age) => {
    expect(workingDaysSince(rateDate, today, holidays)).toBe(age);
  });

  it('stops counting past its cap', () => {
    expect(workingDaysSince('2025-01-03', '2026-11-30', holidays, 3)).toBe(4);
  });
});
