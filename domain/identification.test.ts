import { describe, expect, it } from 'vitest';
import { identificationNoticeOf, needsIdentification } from './identification.ts';
import { formatMessage, messages } from './messages.ts';
import { PRODUCT } from './products.ts';

// The shop's default AML threshold (AML_THRESHOLD_GBP 1000; docs/decisions/003).
const THRESHOLD = 100_000;

describe('needsIdentification (spec 8: an order at or above the AML threshold)', () => {
  it.each([
    [99_999, false],
    [100_000, true],
    [150_000, true],
    [0, false],
  ])('an order of %i pence: %s', (total, needed) => {
    expect(needsIdentification(total, THRESHOLD)).toBe(needed);
  });
});

describe('identificationNoticeOf: what the review step says before payment', () => {
  const body = formatMessage(messages.identificationBody, { threshold: '£1,000' });
  it.each([
    ['click and collect under £1,000', PRODUCT.CLICK_AND_COLLECT, 99_999, null],
    ['home delivery under £1,000', PRODUCT.HOME_DELIVERY, 50_000, null],
    ['click and collect at £1,000', PRODUCT.CLICK_AND_COLLECT, 100_000, { kind: 'identification', title: messages.identificationTitle, lines: [body, messages.identificationCollect] }],
    ['home delivery over £1,000', PRODUCT.HOME_DELIVERY, 150_000, { kind: 'identification', title: messages.identificationTitle, lines: [body, messages.identificationDelivery] }],
    ['sell back under £1,000', PRODUCT.SELL_BACK, 30_000, { kind: 'sellBackChecks', title: messages.sellBackChecksTitle, lines: [messages.sellBackChecksBody] }],
    [
      'sell back at £1,000',
      PRODUCT.SELL_BACK,
      100_000,
      {
        kind: 'sellBackChecks',
        title: messages.sellBackChecksTitle,
        lines: [messages.sellBackChecksBody, formatMessage(messages.sellBackChecksAddress, { threshold: '£1,000' })],
      },
    ],
  ] as const)('%s', (_name, product, total, notice) => {
    expect(identificationNoticeOf(product, total, THRESHOLD)).toEqual(notice);
  });

  it('says nothing while the threshold is not known', () => {
    expect(identificationNoticeOf(PRODUCT.HOME_DELIVERY, 500_000, null)).toBeNull();
  });

  it('names the threshold the shop runs with', () => {
    expect(identificationNoticeOf(PRODUCT.HOME_DELIVERY, 80_000, 75_000)?.lines[0]).toBe(formatMessage(messages.identificationBody, { threshold: '£750' }));
  });
});
