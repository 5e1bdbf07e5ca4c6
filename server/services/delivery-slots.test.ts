/**
 * The calendar of delivery and collection dates (domain/cut-off.ts) and the slots built on it.
 * Bank holidays come from the library's data (date-holidays), never written out here.
 */
import * as v from 'valibot';
import { beforeAll, describe, expect, it } from 'vitest';
import { DeliverySlotsResponseSchema } from '#domain/contract/order.ts';
import {
  collectionCutOff,
  cutOffText,
  dayOfWeek,
  deliveryCutOff,
  formatTimeLeft,
  isDeliveryDay,
  isDispatchDay,
  nationOfPostcode,
  plusDays,
  type BankHolidays,
  type BranchCalendar,
  type Nation,
} from '#domain/cut-off.ts';
import { untilNextMinute } from '#domain/countdown.ts';
import { bankHolidaysAt } from './bank-holidays.ts';
import { deliverySlots } from './delivery-slots.ts';

/** Monday to Saturday 09:00-17:30 (Saturday to 17:00), closed Wednesday and Sunday. */
function branch(nation: Nation, extra: Partial<BranchCalendar> = {}): BranchCalendar {
  const hours = [1, 2, 4, 5].map((dayOfWeek) => ({ dayOfWeek, opens: '09:00', closes: '17:30' }));
  return { hours: [...hours, { dayOfWeek: 6, opens: '09:00', closes: '17:00' }], nation, ...extra };
}

let holidays: BankHolidays;
let later: BankHolidays;
beforeAll(async () => {
  holidays = await bankHolidaysAt(new Date('2025-06-01T12:00:00Z'));
  later = await bankHolidaysAt(new Date('2026-06-01T12:00:00Z'));
});

const at = (iso: string) => new Date(iso);

describe('nationOfPostcode', () => {
  it.each([
    ['SW1A 1AA', 'englandAndWales'],
    ['CF10 1EP', 'englandAndWales'],
    ['GU1 4AA', 'englandAndWales'],
    ['EH1 1YZ', 'scotland'],
    ['G2 1DU', 'scotland'],
    ['TD1 1AA', 'scotland'],
    ['td11aa', 'scotland'],
    ['TD15 1AA', 'englandAndWales'],
    ['BT1 5GS', 'northernIreland'],
    ['', 'englandAndWales'],
  ])('%s is in %s', (postcode, nation) => {
    expect(nationOfPostcode(postcode)).toBe(nation);
  });
});

describe('formatTimeLeft', () => {
  it.each([
    [0, '1 m'],
    [59_999, '1 m'],
    [14 * 60_000 + 30_000, '14 m'],
    [(2 * 60 + 14) * 60_000 + 59_000, '2 h 14 m'],
    [3 * 3_600_000, '3 h 0 m'],
    [(27 * 60 + 5) * 60_000, '1 d 3 h'],
  ])('%i ms reads %s', (ms, text) => {
    expect(formatTimeLeft(ms)).toBe(text);
  });
});

describe('home delivery cut-off', () => {
  it('before 2pm on a working day: sent today, delivered tomorrow', () => {
    // Friday 6 June 2025, 10:00 in London (BST).
    const cut = deliveryCutOff(at('2025-06-06T09:00:00Z'), holidays);
    expect(cut).toEqual({ date: '2025-06-07', orderBy: at('2025-06-06T13:00:00Z') });
    expect(cutOffText('delivery', cut, at('2025-06-06T10:46:00Z'))).toBe('Order within 2 h 14 m for delivery on Saturday 7 June');
  });

  it('after 2pm on a Friday: sent Monday, delivered Tuesday', () => {
    const cut = deliveryCutOff(at('2025-06-06T13:00:00Z'), holidays);
    expect(cut).toEqual({ date: '2025-06-10', orderBy: at('2025-06-09T13:00:00Z') });
    expect(cutOffText('delivery', cut, at('2025-06-06T13:00:00Z'))).toBe('Order within 3 d 0 h for delivery on Tuesday 10 June');
  });

  it('no dispatch on an England and Wales bank holiday, no delivery on one where the address is', () => {
    for (const day of holidays.englandAndWales.filter((d) => dayOfWeek(d) === 1)) {
      const friday = plusDays(day, -3);
      const cut = deliveryCutOff(at(`${friday}T16:00:00Z`), holidays);
      // Sent the Tuesday after the holiday Monday, delivered the Wednesday.
      expect(cut.date, `after ${day}`).toBe(plusDays(day, 2));
    }
  });

  it("a nation's own bank holiday moves its deliveries, not England's", () => {
    const own = (nation: Nation) =>
      later[nation].filter((d) => !later.englandAndWales.includes(d) && dayOfWeek(d) >= 2 && dayOfWeek(d) <= 6 && isDispatchDay(later, plusDays(d, -1)));
    const cases = [...own('scotland').map((d) => ['scotland', d] as const), ...own('northernIreland').map((d) => ['northernIreland', d] as const)];
    expect(cases.length).toBeGreaterThan(0);
    for (const [nation, day] of cases) {
      // 09:00 UTC is before 2pm in London in any season.
      const ordered = at(`${plusDays(day, -1)}T09:00:00Z`);
      expect(deliveryCutOff(ordered, later).date).toBe(day);
      const there = deliveryCutOff(ordered, later, nation).date;
      expect(there > day, `${nation} ${day}`).toBe(true);
      expect(isDeliveryDay(later, nation, there)).toBe(true);
    }
  });

  it('holds until its order-by instant and moves on at it, all year round', () => {
    for (let t = Date.parse('2025-01-01T00:00:00Z'); t < Date.parse('2026-12-31T00:00:00Z'); t += 5 * 3_600_000 + 17 * 60_000) {
      const both = { ...holidays, englandAndWales: [...holidays.englandAndWales, ...later.englandAndWales] };
      const cut = deliveryCutOff(new Date(t), both);
      expect(isDeliveryDay(both, 'englandAndWales', cut.date)).toBe(true);
      expect(cut.orderBy.getTime()).toBeGreaterThan(t);
      expect(deliveryCutOff(new Date(cut.orderBy.getTime() - 1), both).date).toBe(cut.date);
      expect(deliveryCutOff(cut.orderBy, both).date > cut.date).toBe(true);
    }
  });
});

describe('collection cut-off', () => {
  it('in stock: today until an hour before closing, then the next open day', () => {
    // Monday 2 June 2025.
    expect(collectionCutOff(at('2025-06-02T09:00:00Z'), branch('englandAndWales'), holidays, true)).toEqual({
      date: '2025-06-02',
      orderBy: at('2025-06-02T15:30:00Z'),
    });
    expect(collectionCutOff(at('2025-06-02T15:30:00Z'), branch('englandAndWales'), holidays, true)?.date).toBe('2025-06-03');
  });

  it('not in stock: from 2pm on the first open day after today, until midnight before it', () => {
    // Tuesday 3 June; Wednesday is closed.
    expect(collectionCutOff(at('2025-06-03T09:00:00Z'), branch('englandAndWales'), holidays, false)).toEqual({
      date: '2025-06-05',
      orderBy: at('2025-06-04T23:00:00Z'),
    });
  });

  it("the branch's nation's bank holiday is a closed day", () => {
    const days = later.scotland.filter((d) => !later.englandAndWales.includes(d) && [1, 2, 4, 5].includes(dayOfWeek(d)));
    expect(days.length).toBeGreaterThan(0);
    for (const day of days) {
      const morning = at(`${day}T08:00:00Z`);
      expect(collectionCutOff(morning, branch('englandAndWales'), later, true)?.date).toBe(day);
      expect((collectionCutOff(morning, branch('scotland'), later, true)?.date ?? '') > day).toBe(true);
    }
  });

  it('a closure and a closed week', () => {
    const closed = branch('englandAndWales', { closedFrom: '2025-06-02', closedUntil: '2025-06-04' });
    expect(collectionCutOff(at('2025-06-02T09:00:00Z'), closed, holidays, true)?.date).toBe('2025-06-05');
    const allWeek = branch('englandAndWales', { closedFrom: '2025-06-01', closedUntil: '2025-06-30' });
    expect(collectionCutOff(at('2025-06-02T09:00:00Z'), allWeek, holidays, true)).toBeNull();
  });
});

describe('untilNextMinute', () => {
  it('wakes on the next whole minute, when a readout can change or a cut-off pass', () => {
    expect(untilNextMinute(Date.parse('2025-06-06T12:00:30Z'))).toBe(30_000);
    expect(untilNextMinute(Date.parse('2025-06-06T12:00:00Z'))).toBe(60_000);
    expect(untilNextMinute(Date.parse('2025-06-06T12:59:59.999Z'))).toBe(1);
  });
});

describe('deliverySlots', () => {
  it('home delivery: the first date at £4.99 with its order-by, later days at £3.99, never a Sunday', () => {
    const slots = deliverySlots({ productId: 1, now: at('2025-06-06T09:00:00Z'), holidays, branch: null, inStock: true });
    expect(v.parse(DeliverySlotsResponseSchema, slots)).toEqual(slots);
    expect(slots.map((s) => [s.date, s.price, s.isFirstDay])).toEqual([
      ['2025-06-07', 4.99, true],
      ['2025-06-09', 3.99, false],
      ['2025-06-10', 3.99, false],
      ['2025-06-11', 3.99, false],
      ['2025-06-12', 3.99, false],
      ['2025-06-13', 3.99, false],
    ]);
    expect(slots[0]).toMatchObject({ id: 'delivery-2025-06-07', deliveryMethodName: 'Next working day delivery', orderBy: '2025-06-06T13:00:00.000Z' });
    expect(slots.slice(1).every((s) => s.orderBy === undefined)).toBe(true);
  });

  it('home delivery skips the bank holidays of the address', () => {
    const day = later.scotland.find((d) => !later.englandAndWales.includes(d) && dayOfWeek(d) !== 0)!;
    const slots = deliverySlots({ productId: 1, now: at(`${plusDays(day, -3)}T09:00:00Z`), holidays: later, nation: 'scotland', branch: null, inStock: true });
    expect(slots.map((s) => s.date)).not.toContain(day);
    const england = deliverySlots({ productId: 1, now: at(`${plusDays(day, -3)}T09:00:00Z`), holidays: later, branch: null, inStock: true });
    expect(england.map((s) => s.date)).toContain(day);
  });

  it('click and collect in stock: open days from today, free', () => {
    const slots = deliverySlots({ productId: 2, now: at('2025-06-02T09:00:00Z'), holidays, branch: branch('englandAndWales'), inStock: true });
    expect(slots.map((s) => s.date)).toEqual(['2025-06-02', '2025-06-03', '2025-06-05', '2025-06-06', '2025-06-07', '2025-06-09']);
    expect(slots.every((s) => s.price === 0 && s.isInStock && s.deliveryMethodName === 'Click and collect')).toBe(true);
    expect(slots[0]).toMatchObject({ isFirstDay: true, orderBy: '2025-06-02T15:30:00.000Z' });
  });

  it('click and collect not in stock: from the next open day (from 2pm), marked not in stock', () => {
    const slots = deliverySlots({ productId: 2, now: at('2025-06-02T09:00:00Z'), holidays, branch: branch('englandAndWales'), inStock: false });
    expect(slots[0]).toMatchObject({ id: 'collection-2025-06-03', date: '2025-06-03', isInStock: false, isFirstDay: true });
    expect(slots.every((s) => !s.isInStock)).toBe(true);
  });

  it('a branch closed all week offers nothing', () => {
    const closed = branch('englandAndWales', { closedFrom: '2025-06-01', closedUntil: '2025-06-30' });
    expect(deliverySlots({ productId: 2, now: at('2025-06-06T09:00:00Z'), holidays, branch: closed, inStock: true })).toEqual([]);
  });

  it('sell back: drop-off dates at the branch from today, free', () => {
    const slots = deliverySlots({ productId: 3, now: at('2025-06-06T09:00:00Z'), holidays, branch: branch('englandAndWales'), inStock: false });
    expect(slots.map((s) => s.date)).toEqual(['2025-06-06', '2025-06-07', '2025-06-09', '2025-06-10', '2025-06-12', '2025-06-13']);
    expect(slots.every((s) => s.price === 0 && s.isInStock && s.deliveryMethodName === 'Branch drop-off')).toBe(true);
  });
});
