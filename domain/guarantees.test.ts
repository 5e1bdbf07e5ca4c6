import { describe, expect, it } from 'vitest';
import {
  buybackMinimumMinor,
  buybackNotice,
  guaranteeErrors,
  guaranteeFeeLines,
  guaranteeFeesMinor,
  guaranteesAnswered,
  isBuybackEligible,
  isBuybackOffered,
  isRefundOffered,
  nextBuybackChoice,
  nextRefundChoice,
  type GuaranteeContext,
} from './guarantees.ts';

const shop: GuaranteeContext = { productId: 2, isPartner: false, showBuybackGuarantee: true, showRefundGuarantee: true };
const partner: GuaranteeContext = { ...shop, isPartner: true };
const sellBack: GuaranteeContext = { ...shop, productId: 3 };
const disabled: GuaranteeContext = { ...shop, showBuybackGuarantee: false, showRefundGuarantee: false };
const tooSmall = "Your cart is too small to use the Buyback Guarantee. It's available on carts of £150 or more.";
const tooSmallPartner = "Your cart is too small to use the Buyback Guarantee. It's available on carts of £200 or more.";

describe('Buyback availability', () => {
  it('needs £150, or £200 on the partner site', () => {
    expect(buybackMinimumMinor(shop)).toBe(15000);
    expect(buybackMinimumMinor(partner)).toBe(20000);
  });

  it.each([
    [14999, shop, false, tooSmall],
    [15000, shop, true, null],
    [19999, partner, false, tooSmallPartner],
    [20000, partner, true, null],
    [50000, sellBack, false, null],
    [50000, disabled, false, null],
  ])('a £ %i pence cart: eligible %s, notice %s', (total, ctx, eligible, notice) => {
    expect(isBuybackEligible(total, ctx)).toBe(eligible);
    expect(buybackNotice(total, ctx)).toBe(notice);
  });

  it('offers neither guarantee for sell-back or when disabled', () => {
    for (const ctx of [sellBack, disabled]) {
      expect(isBuybackOffered(ctx)).toBe(false);
      expect(isRefundOffered(ctx)).toBe(false);
    }
    expect(isBuybackOffered(shop)).toBe(true);
    expect(isRefundOffered(shop)).toBe(true);
  });
});

describe('Buyback choice as the total changes', () => {
  it.each([
    // forced off below 150
    [true, 20000, 14000, shop, false],
    [null, 10000, 14999, shop, false],
    // reset when the total rises to 150 while the feature is on
    [false, 14000, 15000, shop, null],
    [false, 14000, 30000, shop, null],
    // kept while it stays eligible
    [true, 15000, 30000, shop, true],
    [false, 20000, 16000, shop, false],
    [null, 20000, 16000, shop, null],
    // partner minimum is 200
    [true, 25000, 19999, partner, false],
    [false, 19999, 20000, partner, null],
    // forced off for sell-back and when disabled
    [true, 20000, 30000, sellBack, false],
    [true, 20000, 30000, disabled, false],
  ] as const)('%s from %i to %i pence is %s', (choice, previous, total, ctx, next) => {
    expect(nextBuybackChoice(choice, previous, total, ctx)).toBe(next);
  });

  it('forces Refund off for sell-back and when disabled', () => {
    expect(nextRefundChoice(true, sellBack)).toBe(false);
    expect(nextRefundChoice(null, disabled)).toBe(false);
    expect(nextRefundChoice(true, shop)).toBe(true);
    expect(nextRefundChoice(null, shop)).toBeNull();
  });
});

describe('required choices', () => {
  it.each([
    [{ buyback: null, refund: null }, 20000, shop, 'Please select your Buyback guarantee option', 'Please select your Refund guarantee option'],
    [{ buyback: false, refund: null }, 20000, shop, null, 'Please select your Refund guarantee option'],
    [{ buyback: null, refund: true }, 20000, shop, 'Please select your Buyback guarantee option', null],
    [{ buyback: true, refund: false }, 20000, shop, null, null],
    // below the minimum the disabled Buyback question is not required
    [{ buyback: null, refund: false }, 10000, shop, null, null],
    [{ buyback: null, refund: null }, 20000, sellBack, null, null],
    [{ buyback: null, refund: null }, 20000, disabled, null, null],
  ] as const)('%o on a %i pence cart', (choices, total, ctx, buyback, refund) => {
    const errors = guaranteeErrors(choices, total, ctx);
    expect(errors).toEqual({ buyback, refund });
    expect(guaranteesAnswered(errors)).toBe(buyback === null && refund === null);
  });
});

describe('fees', () => {
  it.each([
    [{ buyback: true, refund: true }, 700],
    [{ buyback: true, refund: false }, 400],
    [{ buyback: null, refund: true }, 300],
    [{ buyback: false, refund: null }, 0],
  ] as const)('%o costs %i pence', (choices, fee) => {
    expect(guaranteeFeesMinor(choices)).toBe(fee);
  });

  it('shows a fee line when the order has the flag and the setting is on', () => {
    const on = { showBuybackGuarantee: true, showRefundGuarantee: true };
    expect(guaranteeFeeLines({ buyBackGuarantee: true, refundGuarantee: true }, on)).toEqual([
      { kind: 'buyback', label: 'Buyback Guarantee', feeMinor: 400 },
      { kind: 'refund', label: 'Refund Guarantee', feeMinor: 300 },
    ]);
    expect(guaranteeFeeLines({ buyBackGuarantee: true, refundGuarantee: true }, { ...on, showBuybackGuarantee: false })).toEqual([
      { kind: 'refund', label: 'Refund Guarantee', feeMinor: 300 },
    ]);
    expect(guaranteeFeeLines({ buyBackGuarantee: false, refundGuarantee: false }, on)).toEqual([]);
  });
});
