import { describe, expect, it } from 'vitest';
import { checkSpend, spendLimitsOf } from './spend.ts';

const limits = spendLimitsOf({ minSpend: 100, maxSpend: 2500 });

describe('spend rule', () => {
  it('reads the site product limits in minor units', () => {
    expect(limits).toEqual({ minSpendMinor: 10000, maxSpendMinor: 250000 });
    expect(spendLimitsOf(null)).toEqual({ minSpendMinor: null, maxSpendMinor: null });
    expect(spendLimitsOf({ minSpend: 0, maxSpend: 0 })).toEqual({ minSpendMinor: null, maxSpendMinor: null });
  });

  it.each([
    [0, false, 'nothingToPay', null],
    [-100, false, 'nothingToPay', null],
    [9999, false, 'belowMinimum', 'Minimum spend of £100 has not been met'],
    [10000, true, null, null],
    [250000, true, null, null],
    [250001, false, 'aboveMaximum', 'Maximum spend of £2,500 has been exceeded'],
  ])('a total of %i pence: proceed %s (%s)', (total, canProceed, problem, message) => {
    expect(checkSpend(total, limits)).toEqual({ canProceed, problem, message });
  });

  it('allows any positive total without limits', () => {
    expect(checkSpend(1, { minSpendMinor: null, maxSpendMinor: null }).canProceed).toBe(true);
  });

  it('writes pounds as money and another currency by its code', () => {
    expect(checkSpend(5000, spendLimitsOf({ minSpend: 75.5, maxSpend: 0 }), 'GBP').message).toBe('Minimum spend of £75.50 has not been met');
    expect(checkSpend(5000, spendLimitsOf({ minSpend: 100, maxSpend: 0 }, 'USD'), 'USD').message).toBe('Minimum spend of 100 USD has not been met');
  });
});
