import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import type { OpeningTimes } from '#domain/contract/branches.ts';
import { DeliverySlotsResponseSchema } from '#domain/contract/order.ts';
import { deliverySlots, isBranchOpen, weekdayOf } from './delivery-slots.ts';

const weekdays9to5: OpeningTimes = {
  mondayOpens: '09:00', mondayCloses: '17:30',
  tuesdayOpens: '09:00', tuesdayCloses: '17:30',
  wednesdayOpens: null, wednesdayCloses: null,
  thursdayOpens: '09:00', thursdayCloses: '17:30',
  fridayOpens: '09:00', fridayCloses: '17:30',
  saturdayOpens: '09:00', saturdayCloses: '17:00',
  sundayOpens: null, sundayCloses: null,
  openingTimeComment: null,
};

// 2025-06-06 is a Friday.
const FRIDAY = '2025-06-06';

describe('home delivery (product 1)', () => {
  const slots = deliverySlots({ productId: 1, today: FRIDAY, branch: { isOpen: (d) => isBranchOpen(null, d) }, inStock: true });

  it('offers the next working days, never a Sunday, next day at £4.99 and later at £3.99', () => {
    expect(v.parse(DeliverySlotsResponseSchema, slots)).toEqual(slots);
    expect(slots.map((s) => [s.date, s.price, s.isFirstDay])).toEqual([
      ['2025-06-07', 4.99, true],
      ['2025-06-09', 3.99, false],
      ['2025-06-10', 3.99, false],
      ['2025-06-11', 3.99, false],
      ['2025-06-12', 3.99, false],
      ['2025-06-13', 3.99, false],
    ]);
    expect(slots.every((s) => weekdayOf(s.date) !== 'sunday')).toBe(true);
    expect(slots[0]).toMatchObject({ id: 'delivery-2025-06-07', deliveryMethodName: 'Next working day delivery' });
  });

  it('on a Saturday the next working day is Monday', () => {
    const sat = deliverySlots({ productId: 1, today: '2025-06-07', branch: { isOpen: (d) => isBranchOpen(null, d) }, inStock: true });
    expect(sat[0]).toMatchObject({ date: '2025-06-09', price: 4.99, isFirstDay: true });
  });
});

describe('click and collect (product 2)', () => {
  it('in stock: from the branch availableFrom date, on open days only, free', () => {
    const slots = deliverySlots({ productId: 2, today: '2025-06-02', branch: { isOpen: (d) => isBranchOpen(weekdays9to5, d), availableFrom: '2025-06-03' }, inStock: true });
    expect(slots.map((s) => s.date)).toEqual(['2025-06-03', '2025-06-05', '2025-06-06', '2025-06-07', '2025-06-09', '2025-06-10']);
    expect(slots.every((s) => s.price === 0 && s.isInStock && s.deliveryMethodName === 'Click and collect')).toBe(true);
    expect(slots[0]?.isFirstDay).toBe(true);
  });

  it('not in stock: collection from the next open day (from 2pm), marked not in stock', () => {
    const slots = deliverySlots({ productId: 2, today: '2025-06-02', branch: { isOpen: (d) => isBranchOpen(weekdays9to5, d), availableFrom: '2025-06-02' }, inStock: false });
    expect(slots[0]).toMatchObject({ id: 'collection-2025-06-03', date: '2025-06-03', isInStock: false, isFirstDay: true });
    expect(slots.every((s) => !s.isInStock)).toBe(true);
  });

  it('not in stock on a Tuesday before a closed Wednesday: Thursday', () => {
    const slots = deliverySlots({ productId: 2, today: '2025-06-03', branch: { isOpen: (d) => isBranchOpen(weekdays9to5, d) }, inStock: false });
    expect(slots[0]?.date).toBe('2025-06-05');
  });

  it('a branch closed all week offers nothing', () => {
    const closed = Object.fromEntries(Object.keys(weekdays9to5).map((k) => [k, null])) as OpeningTimes;
    expect(deliverySlots({ productId: 2, today: FRIDAY, branch: { isOpen: (d) => isBranchOpen(closed, d) }, inStock: true })).toEqual([]);
  });
});

describe('sell back (product 3)', () => {
  it('drop-off dates at the branch from today, free', () => {
    const slots = deliverySlots({ productId: 3, today: FRIDAY, branch: { isOpen: (d) => isBranchOpen(weekdays9to5, d) }, inStock: false });
    expect(slots.map((s) => s.date)).toEqual(['2025-06-06', '2025-06-07', '2025-06-09', '2025-06-10', '2025-06-12', '2025-06-13']);
    expect(slots.every((s) => s.price === 0 && s.isInStock && s.deliveryMethodName === 'Branch drop-off')).toBe(true);
  });
});

describe('isBranchOpen', () => {
  it('reads the weekday opening times; no times means Monday to Saturday', () => {
    expect(isBranchOpen(weekdays9to5, '2025-06-04')).toBe(false);
    expect(isBranchOpen(weekdays9to5, '2025-06-05')).toBe(true);
    expect(isBranchOpen(null, '2025-06-08')).toBe(false);
    expect(isBranchOpen(null, '2025-06-07')).toBe(true);
  });
});
