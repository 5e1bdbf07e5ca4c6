import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { apiRoutes } from './api-routes.ts';
import { CartLineRequestSchema } from './cart.ts';
import { CustomerInfoResponseSchema, NO_STOCK } from './order.ts';
import { parsePaymentFrameMessage } from './payment-messages.ts';
import { isStorableText, ProblemSchema, StorableString } from './common.ts';

describe('route table', () => {
  it('has one entry per method and pattern', () => {
    const keys = Object.values(apiRoutes).map((r) => `${r.method} ${r.pattern}`);
    expect(new Set(keys).size).toBe(keys.length);
  });
  it.each([
    [apiRoutes.quote.url(1, 12, 2, 'EUR'), '/api/sites/1/stores/12/products/2/rates/currency/EUR'],
    [apiRoutes.currencyConverter.url('USD', true), '/api/currency-converter/usd?inverted=true'],
    [apiRoutes.cartBuyback.url(false), '/api/cart/buyback?isBuyBack=false'],
    [apiRoutes.siteSettings.url(2), '/api/sites/getsitesettings?id=2'],
    [apiRoutes.sessionToken.url(1), '/session/1/token'],
  ])('builds %s', (built, expected) => {
    expect(built).toBe(expected);
  });
});

describe('schemas', () => {
  it('rejects a cart line at 0 with the spec message', () => {
    const r = v.safeParse(CartLineRequestSchema, { currencyCode: 'EUR', qty: 0 });
    expect(r.success).toBe(false);
    expect(r.issues?.[0]?.message).toBe('Amount should be greater than 0');
  });
  it('accepts NoStock or the state object from customer-info', () => {
    expect(v.is(CustomerInfoResponseSchema, NO_STOCK)).toBe(true);
    expect(v.is(CustomerInfoResponseSchema, { showAMLPopup: false, state: { value: 3 } })).toBe(true);
    expect(v.is(CustomerInfoResponseSchema, { showAMLPopup: false, state: { value: 2 } })).toBe(false);
  });
  it('reads a problem document', () => {
    expect(v.is(ProblemSchema, { title: 'Not found', status: 404, detail: 'No cart' })).toBe(true);
  });
  it.each([
    [{ source: 'travel-money-payment', type: 'payment.received', orderId: 'o1' }, true],
    [{ source: 'travel-money-payment', type: 'payment.done', orderId: 'o1' }, false],
    [{ type: 'payment.received', orderId: 'o1' }, false],
    ['payment.received', false],
    [{ source: 'travel-money-payment', type: 'payment.failed', orderId: 'o1', extra: 1 }, false],
  ])('payment frame message %j valid: %s', (data, valid) => {
    expect(parsePaymentFrameMessage(data) !== null).toBe(valid);
  });
});

describe('storable text', () => {
  it.each([
    ['', true],
    ['Zoë', true],
    ['\uD83D\uDE00 a whole emoji', true],
    ['a\u0000b', false],
    ['\uD800', false],
    ['a\uDBFFb', false],
    ['\uDC00', false],
    ['\uDE00\uD83D', false],
  ])('%j storable: %s', (text, ok) => {
    expect(isStorableText(text)).toBe(ok);
    expect(v.safeParse(StorableString, text).success).toBe(ok);
  });
});
