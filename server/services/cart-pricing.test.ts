import { describe, expect, it } from 'vitest';
import type { Currency, QuoteResponse } from '#domain/contract/catalogue.ts';
import type { GuaranteeContext } from '#domain/guarantees.ts';
import { buybackRefusal, cartTotalMinor, priceLine, settleGuarantees } from './cart-pricing.ts';

const euro: Currency = { code: 'EUR', pluralName: 'Euros', shortName: 'Euro', symbol: '€', purchaseAllowed: true, sellBackAllowed: true, currencyRestrictions: [] };
const quote: QuoteResponse = { rate: 1.15, price: 0.8696, increment: 5, rateTiers: [{ amount: 1000, rate: 1.17, price: 0.8547 }] };

describe('priceLine', () => {
  it('rounds a buy amount UP to the branch increment and the GBP total up to the penny', () => {
    expect(priceLine(2, euro, quote, 248)).toEqual({ ok: true, line: { qtyMinor: 25_000, totalMinor: 21_740, rate: 1.15, price: 0.8696, increment: 5 } });
  });

  it('applies the tier the rounded amount reaches', () => {
    expect(priceLine(1, euro, quote, 998)).toMatchObject({ ok: true, line: { qtyMinor: 100_000, totalMinor: 85_471, rate: 1.17 } });
  });

  it('floors a sell-back amount to whole units, with no increment', () => {
    expect(priceLine(3, euro, quote, 248.7)).toEqual({ ok: true, line: { qtyMinor: 24_800, totalMinor: 21_566, rate: 1.15, price: 0.8696, increment: 1 } });
  });

  it.each([
    [1, { ...euro, purchaseAllowed: false }, "Oh snap! We don't have any Euros right now - check back soon!"],
    [3, { ...euro, sellBackAllowed: false }, "Oh snap! We can't buy Euros right now - check back soon!"],
  ] as const)('refuses product %i for %j', (productId, currency, message) => {
    expect(priceLine(productId, currency, quote, 100)).toEqual({ ok: false, field: 'currencyCode', message });
  });

  it('refuses an absurd amount before it can overflow', () => {
    expect(priceLine(2, euro, quote, 1e15)).toEqual({ ok: false, field: 'qty', message: 'That amount is too large to order online' });
  });

  it.each([0, -5, 0.5])('refuses %d for sell back with "Amount should be greater than 0"', (qty) => {
    expect(priceLine(3, euro, quote, qty)).toEqual({ ok: false, field: 'qty', message: 'Amount should be greater than 0' });
  });
});

describe('guarantees on the server', () => {
  const ctx: GuaranteeContext = { productId: 2, isPartner: false, showBuybackGuarantee: true, showRefundGuarantee: true };

  it('Buyback is forced off below £150 (£200 on the partner site) and asked again when the total rises', () => {
    expect(settleGuarantees({ buyback: true, refund: true }, 20_000, 14_999, ctx)).toEqual({ buyback: false, refund: true });
    expect(settleGuarantees({ buyback: false, refund: null }, 14_999, 15_000, ctx)).toEqual({ buyback: null, refund: null });
    expect(settleGuarantees({ buyback: true, refund: null }, 19_000, 19_999, { ...ctx, isPartner: true })).toEqual({ buyback: false, refund: null });
  });

  it('both are off for sell back and when the site disables them', () => {
    expect(settleGuarantees({ buyback: true, refund: true }, 50_000, 50_000, { ...ctx, productId: 3 })).toEqual({ buyback: false, refund: false });
    expect(settleGuarantees({ buyback: true, refund: true }, 50_000, 50_000, { ...ctx, showBuybackGuarantee: false, showRefundGuarantee: false })).toEqual({ buyback: false, refund: false });
  });

  it('adds £4 and £3 to the total', () => {
    expect(cartTotalMinor(21_740, { buyback: true, refund: true })).toBe(22_440);
    expect(cartTotalMinor(21_740, { buyback: false, refund: null })).toBe(21_740);
  });

  it('explains a refused Buyback', () => {
    expect(buybackRefusal(14_999, ctx)).toBe("Your cart is too small to use the Buyback Guarantee. It's available on carts of £150 or more.");
    expect(buybackRefusal(15_000, ctx)).toBeNull();
  });
});
