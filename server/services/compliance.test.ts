import { describe, expect, it } from 'vitest';
import { assessOrder, customerKey, DEFAULT_COMPLIANCE } from './compliance.ts';

const none = { ordersToday: 0, valueTodayMinor: 0, valueRollingMinor: 0 };

describe('assessOrder with the default limits (3 orders or £2,500 a day; AML from £1,000 an order or £3,000 in 30 days)', () => {
  it.each([
    ['a first small order', 50_000, none, { velocityCheckFailed: false, showAMLPopup: false }],
    ['an order of £999.99', 99_999, none, { velocityCheckFailed: false, showAMLPopup: false }],
    ['an order of exactly £1,000', 100_000, none, { velocityCheckFailed: false, showAMLPopup: true }],
    ['the third order today', 10_000, { ...none, ordersToday: 2 }, { velocityCheckFailed: false, showAMLPopup: false }],
    ['the fourth order today', 10_000, { ...none, ordersToday: 3 }, { velocityCheckFailed: true, showAMLPopup: false }],
    ['today reaching exactly £2,500', 50_000, { ordersToday: 2, valueTodayMinor: 200_000, valueRollingMinor: 200_000 }, { velocityCheckFailed: false, showAMLPopup: false }],
    ['today passing £2,500', 50_001, { ordersToday: 2, valueTodayMinor: 200_000, valueRollingMinor: 200_000 }, { velocityCheckFailed: true, showAMLPopup: false }],
    ['30 days reaching £3,000', 50_000, { ordersToday: 0, valueTodayMinor: 0, valueRollingMinor: 250_000 }, { velocityCheckFailed: false, showAMLPopup: true }],
    ['30 days just under £3,000', 49_999, { ordersToday: 0, valueTodayMinor: 0, valueRollingMinor: 250_000 }, { velocityCheckFailed: false, showAMLPopup: false }],
  ])('%s', (_, total, history, expected) => {
    expect(assessOrder(total, history)).toEqual(expected);
  });

  it('takes configured limits', () => {
    const strict = { ...DEFAULT_COMPLIANCE, velocityMaxOrders: 1, amlOrderThresholdMinor: 10_000 };
    expect(assessOrder(20_000, none, strict)).toEqual({ velocityCheckFailed: false, showAMLPopup: true });
    expect(assessOrder(20_000, { ...none, ordersToday: 1 }, strict)).toEqual({ velocityCheckFailed: true, showAMLPopup: false });
  });
});

describe('customerKey', () => {
  it('ignores email case and spaces', () => {
    expect(customerKey(' Ann@Example.com ', '1990-01-31')).toBe(customerKey('ann@example.com', '1990-01-31'));
    expect(customerKey('ann@example.com', '1990-01-31')).not.toBe(customerKey('ann@example.com', '1990-01-30'));
  });
});
