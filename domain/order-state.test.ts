import { describe, expect, it } from 'vitest';
import {
  confirmationPageOnLoad,
  deliveryPageOnLoad,
  identificationModalChoice,
  informationPageOnLoad,
  informationSubmitted,
  isOrderStateValue,
  ORDER_STATE,
  orderStateName,
  paymentFrameOutcome,
  paymentPageOnLoad,
  paymentResponseReport,
  TRACKED_STEPS,
  unsuccessfulPage,
  unsuccessfulPageExit,
} from './order-state.ts';

const states = [0, 1, 3, 16, 18] as const;

describe('order states', () => {
  it.each([
    [0, 'CREATED'],
    [1, 'VELOCITY_CHECK_FAILED'],
    [3, 'PAYMENT_PENDING'],
    [16, 'CHECKOUT_FAILED'],
    [18, 'COMPLETED'],
  ] as const)('%i is %s', (value, name) => {
    expect(orderStateName(value)).toBe(name);
    expect(ORDER_STATE[name]).toBe(value);
  });

  it.each([
    [0, true],
    [18, true],
    [2, false],
    ['3', false],
  ])('isOrderStateValue(%o) is %s', (value, expected) => {
    expect(isOrderStateValue(value)).toBe(expected);
  });
});

describe('delivery page on load', () => {
  it.each(states.map((s) => [s, s === 18 ? 'home' : s === 0 ? 'stay' : 'error'] as const))('state %i: %s', (state, decision) => {
    expect(deliveryPageOnLoad(state)).toBe(decision);
  });
});

describe('information page on load', () => {
  it.each([
    [0, 'stay'],
    [1, 'stay'],
    [3, 'next'],
    [16, 'error'],
    [18, 'next'],
  ] as const)('state %i: %s', (state, decision) => {
    expect(informationPageOnLoad(state)).toBe(decision);
  });
});

describe('information page after submit', () => {
  it.each([
    ['NoStock', 'soldOut'],
    [{ showAMLPopup: true, state: { value: 3 } }, 'identificationRequired'],
    [{ showAMLPopup: true, state: { value: 16 } }, 'identificationRequired'],
    [{ showAMLPopup: false, state: { value: 3 } }, 'next'],
    [{ showAMLPopup: false, state: { value: 18 } }, 'next'],
    [{ showAMLPopup: false, state: { value: 0 } }, 'error'],
    [{ showAMLPopup: false, state: { value: 1 } }, 'error'],
    [{ showAMLPopup: false, state: { value: 16 } }, 'error'],
  ] as const)('%o: %s', (response, decision) => {
    expect(informationSubmitted(response)).toBe(decision);
  });

  it('identification modal: Continue moves on, Return to the homepage goes to /', () => {
    expect(identificationModalChoice('continue')).toBe('next');
    expect(identificationModalChoice('returnToHomepage')).toBe('home');
  });
});

describe('payment page', () => {
  it.each([
    [0, 'error'],
    [1, 'error'],
    [3, 'startPayment'],
    [16, 'error'],
    [18, 'next'],
  ] as const)('on load, state %i: %s', (state, decision) => {
    expect(paymentPageOnLoad(state)).toBe(decision);
  });

  it.each([
    ['payment.received', 'next'],
    ['payment.failed', 'error'],
    ['payment.stateUnknown', 'statusUnknown'],
  ] as const)('iframe says %s: %s', (type, decision) => {
    expect(paymentFrameOutcome(type)).toBe(decision);
  });
});

describe('confirmation page', () => {
  it.each([
    [0, 'error'],
    [1, 'error'],
    [3, 'payment'],
    [16, 'error'],
    [18, 'show'],
  ] as const)('on load, state %i: %s', (state, decision) => {
    expect(confirmationPageOnLoad(state)).toBe(decision);
  });
});

describe('payment response page', () => {
  it.each([
    [{ state: 18 }, { report: 'payment.received', retryAfterMs: null }],
    [{ state: 3 }, { report: 'payment.failed', retryAfterMs: null }],
    [{ state: 16 }, { report: 'payment.failed', retryAfterMs: null }],
    [{ fetchError: true }, { report: 'payment.stateUnknown', retryAfterMs: 1000 }],
  ] as const)('%o reports %o', (result, expected) => {
    expect(paymentResponseReport(result)).toEqual(expected);
  });
});

describe('unsuccessful page', () => {
  it.each([
    [0, false, false],
    [1, false, true],
    [3, true, false],
    [16, false, false],
    [18, true, false],
  ] as const)('state %i: try again %s, velocity modal %s', (state, canTryAgain, showVelocityModal) => {
    expect(unsuccessfulPage(state)).toEqual({ canTryAgain, tryAgainPath: '/checkout/payment', showVelocityModal });
  });

  it('abandons the checkout before leaving', () => {
    expect(unsuccessfulPageExit('leaveCheckout', 'https://shop.example/abandoned')).toEqual({
      abandonCheckout: true,
      goTo: 'https://shop.example/abandoned',
    });
    expect(unsuccessfulPageExit('velocityReturnToHomepage', 'https://shop.example/abandoned')).toEqual({
      abandonCheckout: true,
      goTo: '/',
    });
  });
});

it('announces information, payment and confirmation to tracking', () => {
  expect(TRACKED_STEPS).toEqual(['information', 'payment', 'confirmation']);
});
