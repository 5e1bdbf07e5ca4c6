import { describe, expect, it } from 'vitest';
import type { OpeningTimes } from './contract/branches.ts';
import {
  availabilityDay,
  branchAvailability,
  branchPage,
  formatDistance,
  formatLongDate,
  formatOpeningHours,
  londonDateKey,
  openingDaysFromFinder,
  openingDaysFromStore,
  openingTimesRows,
  slotCaveats,
} from './availability.ts';

/** Wednesday 25 November 2026, 10:00 in London (GMT). */
const wednesday = new Date('2026-11-25T10:00:00Z');

const weekdays: OpeningTimes = {
  mondayOpens: '09:00', mondayCloses: '17:30',
  tuesdayOpens: '09:00', tuesdayCloses: '17:30',
  wednesdayOpens: '09:00', wednesdayCloses: '17:30',
  thursdayOpens: '09:00', thursdayCloses: '17:30',
  fridayOpens: '09:00', fridayCloses: '17:30',
  saturdayOpens: '10:00', saturdayCloses: '16:00',
  sundayOpens: null, sundayCloses: null,
  openingTimeComment: 'Closed on bank holidays',
};
const neverOpen: OpeningTimes = {
  mondayOpens: null, mondayCloses: null, tuesdayOpens: null, tuesdayCloses: null,
  wednesdayOpens: null, wednesdayCloses: null, thursdayOpens: null, thursdayCloses: null,
  fridayOpens: null, fridayCloses: null, saturdayOpens: null, saturdayCloses: null,
  sundayOpens: null, sundayCloses: null, openingTimeComment: null,
};

describe('availability day (Europe/London)', () => {
  it.each([
    ['2026-11-25', wednesday, 'today'],
    ['2026-11-24', wednesday, 'today'],
    ['2026-11-26', wednesday, 'tomorrow'],
    ['2026-11-27', wednesday, 'Friday 27 November'],
    ['2026-12-01', wednesday, 'Tuesday 1 December'],
    // 23:30 UTC on 1 July is 00:30 on 2 July in London (BST)
    ['2026-07-02', new Date('2026-07-01T23:30:00Z'), 'today'],
    ['2026-07-03', new Date('2026-07-01T23:30:00Z'), 'tomorrow'],
    // across the clocks going forward on 29 March 2026
    ['2026-03-29', new Date('2026-03-28T23:30:00Z'), 'tomorrow'],
  ])('%s seen at %s is %s', (date, now, text) => {
    expect(availabilityDay(date, now)).toBe(text);
  });

  it('formats dates in London', () => {
    expect(londonDateKey(new Date('2026-07-01T23:30:00Z'))).toBe('2026-07-02');
    expect(formatLongDate(new Date('2026-07-01T23:30:00Z'))).toBe('2 July 2026');
  });

  it.each([
    // London's midnight in summer (BST) and in winter (GMT), a second either side, asked in turn.
    ['2026-07-01T22:59:59.999Z', '2026-07-01'],
    ['2026-07-01T23:00:00.000Z', '2026-07-02'],
    ['2026-07-01T23:00:59.000Z', '2026-07-02'],
    ['2026-11-24T23:59:59.000Z', '2026-11-24'],
    ['2026-11-25T00:00:00.000Z', '2026-11-25'],
    ['2026-11-24T23:59:30.000Z', '2026-11-24'],
  ])('the London date of %s is %s, asked after another instant', (instant, key) => {
    expect(londonDateKey(new Date(instant))).toBe(key);
  });
});

describe('branch availability', () => {
  const open = { availableFrom: '2026-11-26', haveCurrency: true, haveNoOpeningTimes: false, openingTimes: weekdays };
  it.each([
    [open, { closed: false, day: 'tomorrow', fromTwoPm: false, text: 'tomorrow' }],
    [{ ...open, haveCurrency: false }, { closed: false, day: 'tomorrow', fromTwoPm: true, text: 'tomorrow from 2pm' }],
    [{ ...open, availableFrom: '2026-11-27' }, { closed: false, day: 'Friday 27 November', fromTwoPm: false, text: 'Friday 27 November' }],
    [{ ...open, haveNoOpeningTimes: true }, { closed: true, day: null, fromTwoPm: false, text: "Sorry we're closed this week!" }],
    [{ ...open, openingTimes: neverOpen }, { closed: true, day: null, fromTwoPm: false, text: "Sorry we're closed this week!" }],
    [{ ...open, availableFrom: null }, { closed: true, day: null, fromTwoPm: false, text: "Sorry we're closed this week!" }],
    [{ ...open, openingTimes: null }, { closed: false, day: 'tomorrow', fromTwoPm: false, text: 'tomorrow' }],
  ])('%o reads %o', (store, expected) => {
    expect(branchAvailability(store, wednesday)).toEqual(expected);
  });
});

describe('delivery caveats', () => {
  const monday = 'Please note: Monday deliveries are sent out before the weekend, so make sure someone is at the address on Monday to sign for your currency.';
  const remote = 'If you live in a remote area, please allow up to 48 hours for your delivery.';
  it.each([
    // home delivery, Thursday slot 14 hours away
    [{ date: '2026-11-26', isInStock: true }, 1, [remote]],
    // home delivery, Friday slot 38 hours away
    [{ date: '2026-11-27', isInStock: true }, 1, []],
    // home delivery, Monday slot
    [{ date: '2026-11-30', isInStock: true }, 1, [monday]],
    // home delivery: stock does not matter
    [{ date: '2026-11-27', isInStock: false }, 1, []],
    // click and collect without stock
    [{ date: '2026-11-26', isInStock: false }, 2, ['Free collection from 2pm']],
    [{ date: '2026-11-30', isInStock: true }, 2, []],
  ] as const)('%o for product %i', (slot, product, notes) => {
    expect(slotCaveats(slot, product, wednesday)).toEqual(notes);
  });

  it('shows the remote-area note at exactly 24 hours', () => {
    expect(slotCaveats({ date: '2026-11-26', isInStock: true }, 1, new Date('2026-11-25T00:00:00Z'))).toHaveLength(1);
    expect(slotCaveats({ date: '2026-11-26', isInStock: true }, 1, new Date('2026-11-24T23:59:59Z'))).toHaveLength(0);
  });

  it('shows both notes on a Monday slot 24 hours away or less', () => {
    expect(slotCaveats({ date: '2026-11-30', isInStock: true }, 1, new Date('2026-11-29T12:00:00Z'))).toEqual([monday, remote]);
  });
});

describe('opening times', () => {
  it('reads the per-weekday shape', () => {
    const days = openingDaysFromStore(weekdays);
    expect(days.map((d) => d.label)).toEqual(['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday']);
    expect(days[5]).toEqual({ weekday: 'saturday', label: 'Saturday', isOpen: true, opens: '10:00', closes: '16:00' });
    expect(days[6]).toEqual({ weekday: 'sunday', label: 'Sunday', isOpen: false, opens: null, closes: null });
    expect(openingTimesRows(days, weekdays.openingTimeComment)).toEqual({
      rows: [
        { label: 'Monday', hours: '09:00 - 17:30' },
        { label: 'Tuesday', hours: '09:00 - 17:30' },
        { label: 'Wednesday', hours: '09:00 - 17:30' },
        { label: 'Thursday', hours: '09:00 - 17:30' },
        { label: 'Friday', hours: '09:00 - 17:30' },
        { label: 'Saturday', hours: '10:00 - 16:00' },
        { label: 'Sunday', hours: 'Closed' },
      ],
      comment: 'Closed on bank holidays',
    });
  });

  it('reads the branch finder shape (dayOfWeek 0 = Sunday)', () => {
    const days = openingDaysFromFinder([
      { dayOfWeek: 0, isOpen: false, openTime: null, closeTime: null },
      { dayOfWeek: 1, isOpen: true, openTime: '09:00', closeTime: '17:30' },
      { dayOfWeek: 6, isOpen: true, openTime: '10:00', closeTime: '16:00' },
      { dayOfWeek: 3, isOpen: false, openTime: '09:00', closeTime: '17:30' },
    ]);
    expect(days.map(formatOpeningHours)).toEqual([
      '09:00 - 17:30', 'Closed', 'Closed', 'Closed', 'Closed', '10:00 - 16:00', 'Closed',
    ]);
    expect(openingTimesRows(days, '  ').comment).toBeNull();
  });
});

describe('branch list', () => {
  const twelve = Array.from({ length: 12 }, (_, i) => i + 1);
  it.each([
    [0, [1, 2, 3, 4, 5], false, true],
    [1, [6, 7, 8, 9, 10], true, true],
    [2, [11, 12], true, false],
    [9, [11, 12], true, false],
  ])('page %i shows %o', (page, items, hasPrevious, hasNext) => {
    expect(branchPage(twelve, page)).toMatchObject({ items, hasPrevious, hasNext, pageCount: 3 });
  });

  it('has one empty page without branches', () => {
    expect(branchPage([], 0)).toEqual({ items: [], page: 0, pageCount: 1, hasPrevious: false, hasNext: false });
  });

  it('shows distances in miles', () => {
    expect(formatDistance(0.44)).toBe('0.4 miles');
    expect(formatDistance(12)).toBe('12.0 miles');
  });
});
