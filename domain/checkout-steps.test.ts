import { describe, expect, it } from 'vitest';
import {
  activeStepOf,
  checkoutPagePath,
  checkoutSteps,
  detailsPageOnLoad,
  detailsSubmitted,
  stepAfterDetails,
} from './checkout-steps.ts';
import { checkoutPageOf, isPathOfPage } from './checkout-pages.ts';
import { isReachedAfterCheckout } from './reached-after-checkout.ts';

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

describe('the step after the details (spec 4.1; sell-back has no payment)', () => {
  it.each([
    [3, 'payment'],
    [18, 'confirmation'],
  ] as const)('state %i goes on to %s', (state, step) => {
    expect(stepAfterDetails(state)).toBe(step);
  });

  it.each([
    [0, 'stay'],
    [1, 'stay'],
    [3, 'payment'],
    [16, 'error'],
    [18, 'confirmation'],
  ] as const)('the information page loading an order in state %i: %s', (state, decision) => {
    expect(detailsPageOnLoad(state)).toBe(decision);
  });

  it.each([
    ['NoStock', 'soldOut'],
    [{ showAMLPopup: true, state: { value: 3 } }, 'identificationRequired'],
    [{ showAMLPopup: true, state: { value: 16 } }, 'identificationRequired'],
    [{ showAMLPopup: false, state: { value: 3 } }, 'payment'],
    [{ showAMLPopup: false, state: { value: 18 } }, 'confirmation'],
    [{ showAMLPopup: false, state: { value: 0 } }, 'error'],
    // Refused by the velocity check: the modal shows on the details page, not the payment-unsuccessful one.
    [{ showAMLPopup: false, state: { value: 1 } }, 'velocityLimited'],
    [{ showAMLPopup: false, state: { value: 16 } }, 'error'],
  ] as const)('the submit answered %j: %s', (response, decision) => {
    expect(detailsSubmitted(response)).toBe(decision);
  });
});

describe('addresses reached only with the cart checked out', () => {
  it.each([
    ['/checkout/payment-response', true],
    ['/checkout/payment-response/', true],
    ['/checkout/payment', false],
    ['/checkout/order-confirmation', false],
    ['/checkout/view-cart', false],
    ['/', false],
  ] as const)('%s: %s', (path, reached) => {
    expect(isReachedAfterCheckout(path)).toBe(reached);
  });
});
