import { describe, expect, it } from 'vitest';
import { openingDaysFromFinder, type OpeningDay } from './availability.ts';
import { branchAccessFacts, formatReadyTime, todayOf } from './branch-access.ts';
import type { BranchAccess } from './contract/branches.ts';

/** Wednesday 4 March 2026, 10:00 in London (GMT); Sunday 29 March 2026, 09:30 in London (BST). */
const wednesday = new Date('2026-03-04T10:00:00Z');
const sundayBst = new Date('2026-03-29T08:30:00Z');

const day = (isOpen: boolean, closes: string | null = null): OpeningDay => ({
  weekday: 'wednesday',
  label: 'Wednesday',
  isOpen,
  opens: isOpen ? '09:00' : null,
  closes: isOpen ? closes : null,
});
const all: BranchAccess = { stepFree: true, hearingLoop: true, accessibleToiletsNearby: true, ordersReadyFrom: '14:00' };
const none: BranchAccess = { stepFree: false, hearingLoop: false, accessibleToiletsNearby: false, ordersReadyFrom: null };

describe('the time today’s orders are ready', () => {
  it.each([
    ['14:00', '2pm'],
    ['15:30', '3:30pm'],
    ['09:00', '9am'],
    ['10:05', '10:05am'],
    ['11:00', '11am'],
    ['12:00', 'midday'],
    ['12:30', '12:30pm'],
    ['00:00', '12am'],
  ])('%s reads %s', (time, text) => {
    expect(formatReadyTime(time)).toBe(text);
  });
});

describe('branch access facts', () => {
  it.each<[string, BranchAccess, OpeningDay | null, Array<[string, boolean]>]>([
    [
      'every fact, open today until 17:30',
      all,
      day(true, '17:30'),
      [
        ['Step-free access', true],
        ['Hearing loop', true],
        ['Accessible toilets nearby', true],
        ["Today's orders ready to collect from 2pm", true],
      ],
    ],
    [
      'none of them, and no ready time published',
      none,
      day(true, '17:30'),
      [
        ['No step-free access', false],
        ['No hearing loop', false],
        ['No accessible toilets nearby', false],
      ],
    ],
    [
      'a mix, ready at midday',
      { stepFree: false, hearingLoop: true, accessibleToiletsNearby: false, ordersReadyFrom: '12:00' },
      day(true, '18:00'),
      [
        ['No step-free access', false],
        ['Hearing loop', true],
        ['No accessible toilets nearby', false],
        ["Today's orders ready to collect from midday", true],
      ],
    ],
    ['closed today: no ready time', all, day(false), [['Step-free access', true], ['Hearing loop', true], ['Accessible toilets nearby', true]]],
    ['closed this week: no ready time', all, null, [['Step-free access', true], ['Hearing loop', true], ['Accessible toilets nearby', true]]],
    [
      'closing before the orders are ready (Saturday 13:00): no ready time',
      { ...all, ordersReadyFrom: '15:00' },
      day(true, '13:00'),
      [['Step-free access', true], ['Hearing loop', true], ['Accessible toilets nearby', true]],
    ],
    [
      'closing at the minute they are ready: no ready time',
      all,
      day(true, '14:00'),
      [['Step-free access', true], ['Hearing loop', true], ['Accessible toilets nearby', true]],
    ],
  ])('%s', (_name, access, today, facts) => {
    expect(branchAccessFacts(access, today).map((f) => [f.text, f.has])).toEqual(facts);
  });

  it('names each fact, in the order shown', () => {
    expect(branchAccessFacts(all, day(true, '17:30')).map((f) => f.kind)).toEqual(['stepFree', 'hearingLoop', 'accessibleToilets', 'ordersReady']);
  });
});

describe("a branch's day today (Europe/London)", () => {
  const days = openingDaysFromFinder([
    { dayOfWeek: 0, isOpen: false, openTime: null, closeTime: null },
    { dayOfWeek: 3, isOpen: true, openTime: '09:00', closeTime: '17:30' },
  ]);
  it.each([
    [wednesday, 'wednesday', true],
    [sundayBst, 'sunday', false],
  ])('%s is %s', (now, weekday, isOpen) => {
    expect(todayOf(days, now)).toMatchObject({ weekday, isOpen });
  });

  it('is null without opening times', () => {
    expect(todayOf([], wednesday)).toBeNull();
  });
});
