import { describe, expect, it } from 'vitest';
import { activeStepOf, checkoutPageOf, checkoutPagePath, checkoutSteps, isPathOfPage } from './checkout-steps.ts';

describe('checkout steps (spec 2.5)', () => {
  it.each([1, 2] as const)('product %i shows Review, Delivery, Details, Payment, Confirmation', (productId) => {
    expect(checkoutSteps(productId).map((s) => s.label)).toEqual(['Review', 'Delivery', 'Details', 'Payment', 'Confirmation']);
  });

  it('sell-back labels Delivery as Collection and has no Payment step', () => {
    expect(checkoutSteps(3)).toEqual([
      { id: 'review', label: 'Review' },
      { id: 'delivery', label: 'Collection' },
      { id: 'details', label: 'Details' },
      { id: 'confirmation', label: 'Confirmation' },
    ]);
  });

  it('shows the buy steps while the product is not known', () => {
    expect(checkoutSteps(null).map((s) => s.id)).toEqual(['review', 'delivery', 'details', 'payment', 'confirmation']);
  });

  it.each([
    ['delivery', 1, 'delivery'],
    ['confirmation', 3, 'confirmation'],
    ['unsuccessful', 1, 'payment'],
    ['unsuccessful', null, 'payment'],
    ['unsuccessful', 3, 'details'],
  ] as const)('on the %s page of product %s the bar marks %s', (page, productId, step) => {
    expect(activeStepOf(page, productId)).toBe(step);
  });
});

describe('checkout pages and their addresses (spec 2.6, 2.14)', () => {
  it.each([
    ['review', 1, '/checkout/view-cart'],
    ['review', 2, '/checkout/view-cart'],
    ['review', 3, '/selling/view-cart'],
    ['review', null, '/checkout/view-cart'],
    ['delivery', 1, '/checkout/delivery-options'],
    ['details', 3, '/checkout/customer-information'],
    ['payment', 1, '/checkout/payment'],
    ['confirmation', 3, '/checkout/order-confirmation'],
    ['unsuccessful', 1, '/checkout/payment-unsuccessful'],
  ] as const)('the %s page of product %s is %s', (page, productId, path) => {
    expect(checkoutPagePath(page, productId)).toBe(path);
    expect(checkoutPageOf(path)).toBe(page);
  });

  it('reads an address with a trailing slash, and nothing else', () => {
    expect(checkoutPageOf('/checkout/payment/')).toBe('payment');
    expect(checkoutPageOf('/')).toBeNull();
    expect(checkoutPageOf('/checkout/payment-response')).toBeNull();
    expect(checkoutPageOf('/checkout')).toBeNull();
    expect(isPathOfPage('/selling/view-cart', 'review')).toBe(true);
    expect(isPathOfPage('/selling/view-cart', 'delivery')).toBe(false);
  });
});
