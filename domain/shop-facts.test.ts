import { describe, expect, it } from 'vitest';
import { regulatoryLine } from './messages.ts';
import { deliveryFacts, formatDeliveryDay, nextHomeDeliveryDate } from './shop-facts.ts';

describe('next home delivery date (the checkout rule: sent by 2pm on a working day, delivered the next day but Sunday)', () => {
  it.each([
    ['a Monday morning', '2026-11-23T09:00:00Z', '2026-11-24'],
    ['a Monday afternoon, after 2pm: sent on Tuesday', '2026-11-23T15:00:00Z', '2026-11-25'],
    ['a Friday morning: Saturday', '2026-11-27T09:00:00Z', '2026-11-28'],
    ['a Saturday: sent on Monday', '2026-11-28T09:00:00Z', '2026-12-01'],
    ['a Sunday', '2026-11-29T09:00:00Z', '2026-12-01'],
    ['half past midnight on a Monday in London (still Sunday in UTC)', '2026-06-07T23:30:00Z', '2026-06-09'],
  ])('%s', (_, now, expected) => {
    expect(nextHomeDeliveryDate(new Date(now))).toBe(expected);
  });

  it('reads as a weekday and date', () => {
    expect(formatDeliveryDay('2026-11-24')).toBe('Tuesday 24 November');
  });
});

describe('delivery facts', () => {
  it('gives the next date, the prices as money, free collection and sell-back', () => {
    expect(deliveryFacts({ now: new Date('2026-11-23T09:00:00Z'), deliveryPrices: { nextDay: 4.99, later: 3.99 } })).toEqual([
      'Order now for home delivery as soon as Tuesday 24 November',
      'Home delivery £4.99 next working day, £3.99 on a later date',
      'Click and collect from a branch near you: free',
      'Sell back leftover currency at any of our branches',
    ]);
  });

  it('leaves the prices out when the site settings do not give them', () => {
    expect(deliveryFacts({ now: new Date('2026-11-23T15:00:00Z') })).toHaveLength(3);
  });
});

describe('regulatory line', () => {
  it('names the site and its HMRC registration, or nothing without one', () => {
    expect(regulatoryLine({ name: 'Travel Money Shop', hmrcMsbNumber: 'XVML00000157019' })).toBe(
      'Travel Money Shop is registered with HM Revenue & Customs as a money service business, registration number XVML00000157019.',
    );
    expect(regulatoryLine({ name: 'Travel Money Shop' })).toBeNull();
  });
});
