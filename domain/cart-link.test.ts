import { describe, expect, it } from 'vitest';
import { cartLinkUrl } from './cart-link.ts';
import { viewCartRequestOf } from './view-cart-request.ts';

describe('embedded add-to-cart link (spec 2.1)', () => {
  it.each([
    [{ currencyCode: 'EUR', amount: 250, productId: 2, storeId: 1, affiliateId: 'AFF1' }, 'https://shop.example/checkout/view-cart?currency=EUR&amount=250&product_id=2&affiliateid=AFF1'],
    [{ currencyCode: 'USD', amount: 300, productId: 1, storeId: 12 }, 'https://shop.example/checkout/view-cart?currency=USD&amount=300&product_id=1&store_id=12'],
    [{ currencyCode: 'EUR', amount: 40, productId: 3, storeId: 5, affiliateId: null }, 'https://shop.example/selling/view-cart?currency=EUR&amount=40&product_id=3&store_id=5'],
  ] as const)('%o links to %s', (link, url) => {
    expect(cartLinkUrl('https://shop.example/', link)).toBe(url);
  });
});

describe('view-cart query (spec 2.6)', () => {
  it('adds the line of the query, store 1 by default', () => {
    expect(viewCartRequestOf('/checkout/view-cart', '?currency=eur&amount=250&product_id=1&affiliateid=A')).toEqual({
      kind: 'line',
      line: { currencyCode: 'EUR', amount: 250, productId: 1, storeId: 1, affiliateId: 'A' },
    });
  });

  it('is sell-back on the selling page', () => {
    expect(viewCartRequestOf('/selling/view-cart', '?currency=USD&amount=40&store_id=9')).toMatchObject({
      kind: 'line',
      line: { productId: 3, storeId: 9 },
    });
  });

  it('recreates a web cart from id', () => {
    expect(viewCartRequestOf('/checkout/view-cart', '?id=web-42&currency=EUR&amount=1')).toEqual({ kind: 'recreate', webCartId: 'web-42' });
  });

  it.each(['', '?currency=EUR', '?currency=EURO&amount=5', '?currency=EUR&amount=0', '?currency=EUR&amount=abc'])(
    'just shows the cart for %s',
    (search) => {
      expect(viewCartRequestOf('/checkout/view-cart', search)).toEqual({ kind: 'view' });
    },
  );
});
