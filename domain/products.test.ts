import { describe, expect, it } from 'vitest';
import {
  amountChangeApplies,
  availableTransactionTypes,
  canChangeProduct,
  defaultProductFor,
  initialSelection,
  isProductId,
  isSellBack,
  productsFor,
  resetQuantity,
  storeServesProduct,
  transactionTypeOf,
  viewCartPath,
} from './products.ts';

describe('products and transaction types', () => {
  it.each([
    [1, 'sell'],
    [2, 'sell'],
    [3, 'buy'],
  ] as const)('product %i is the %s transaction type', (id, type) => {
    expect(transactionTypeOf(id)).toBe(type);
  });

  it.each([
    ['sell', 2],
    ['buy', 3],
  ] as const)('the default product of the %s type is %i', (type, id) => {
    expect(defaultProductFor(type)).toBe(id);
  });

  it('only product 3 is sell back', () => {
    expect([1, 2, 3].map((id) => isSellBack(id as 1 | 2 | 3))).toEqual([false, false, true]);
  });

  it('offers delivery options only for the sell type', () => {
    expect(productsFor('sell')).toEqual([1, 2]);
    expect(productsFor('buy')).toEqual([3]);
  });

  it.each([
    [1, true],
    [3, true],
    [0, false],
    [4, false],
    ['1', false],
  ])('isProductId(%o) is %s', (value, expected) => {
    expect(isProductId(value)).toBe(expected);
  });
});

describe('which store fulfils a product', () => {
  it.each([
    [true, 1, true],
    [true, 2, false],
    [true, 3, false],
    [false, 1, false],
    [false, 2, true],
    [false, 3, true],
  ] as const)('a store with isMeta %s serves product %i: %s', (isMeta, productId, expected) => {
    expect(storeServesProduct({ isMeta }, productId)).toBe(expected);
  });
});

describe('initial type and product (spec 4.2)', () => {
  it.each([
    [{}, 'sell', 2],
    [{ pageType: 'sell-travel-money' }, 'buy', 3],
    [{ sellCurrency: true }, 'buy', 3],
    [{ pageType: 'home', sellCurrency: false }, 'sell', 2],
    [{ pageType: 'sell-travel-money', cartProductId: 1 }, 'sell', 1],
    [{ cartProductId: 2 }, 'sell', 2],
    [{ cartProductId: 3 }, 'buy', 3],
    [{ sellCurrency: true, cartProductId: 1 }, 'sell', 1],
  ] as const)('%o starts on %s with product %i', (input, type, product) => {
    expect(initialSelection(input)).toEqual({ transactionType: type, productId: product });
  });
});

describe('tabs and pickers', () => {
  it('shows the sell tab only when enableSelling is on', () => {
    expect(availableTransactionTypes({ enableSelling: true })).toEqual(['sell', 'buy']);
    expect(availableTransactionTypes({ enableSelling: false })).toEqual(['sell']);
  });

  it('locks the product radios once a cart exists', () => {
    expect(canChangeProduct(true)).toBe(false);
    expect(canChangeProduct(false)).toBe(true);
  });

  it.each([
    [3, 'sellBack', true],
    [1, 'sellBack', false],
    [2, 'sellBack', false],
    [1, 'buy', true],
    [2, 'buy', true],
    [3, 'buy', false],
  ] as const)('product %i, %s picker applies: %s', (id, picker, applies) => {
    expect(amountChangeApplies(id, picker)).toBe(applies);
  });

  it.each([
    [1, '/checkout/view-cart'],
    [2, '/checkout/view-cart'],
    [3, '/selling/view-cart'],
  ] as const)('product %i carts are reviewed at %s', (id, path) => {
    expect(viewCartPath(id)).toBe(path);
  });
});

describe('quantity reset (spec 4.5)', () => {
  it.each([
    ['buy', {}, { side: 'foreign', units: 250 }],
    ['buy', { defaultForeign: 500 }, { side: 'foreign', units: 500 }],
    ['buy', { defaultForeign: 0 }, { side: 'foreign', units: 250 }],
    ['sell', {}, { side: 'gbp', units: 1000 }],
    ['sell', { defaultGbp: 750 }, { side: 'gbp', units: 750 }],
    ['sell', { configuredGbp: 300 }, { side: 'gbp', units: 300 }],
    ['sell', { defaultGbp: 750, configuredGbp: 300 }, { side: 'gbp', units: 750 }],
    [null, {}, { side: 'unknown', units: 1 }],
    [undefined, { defaultForeign: 500, defaultGbp: 750 }, { side: 'unknown', units: 1 }],
  ] as const)('type %s with %o resets to %o', (type, defaults, expected) => {
    expect(resetQuantity(type, defaults)).toEqual(expected);
  });
});
