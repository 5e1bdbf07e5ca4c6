import { describe, expect, it } from 'vitest';
import { branchEmailDisclaimer, defaultOverridableTexts, formatMessage, messages, withContentOverrides } from './messages.ts';

describe('messages', () => {
  it.each([
    [messages.noResults, 'No results found'],
    [messages.amountGreaterThanZero, 'Amount should be greater than 0'],
    [messages.buybackRequired, 'Please select your Buyback guarantee option'],
    [messages.refundRequired, 'Please select your Refund guarantee option'],
    [messages.cartExpired, 'Cart expired'],
    [messages.closedThisWeek, "Sorry we're closed this week!"],
    [messages.fromTwoPm, 'from 2pm'],
    [messages.headerCartEmpty, 'No currency in your cart'],
    [messages.cartCleared, "We've cleared your cart"],
    [messages.noCart, 'You have no cart'],
    [messages.cartFetchFailed, "We couldn't get your cart"],
    [messages.viewCartEmpty, 'Your cart is empty, add some currency to continue'],
    [messages.placeNotFound, 'Sorry, we could not find a location based on your search'],
    [messages.geolocationFailed, "Sorry we couldn't get your location."],
    [messages.geolocationDenied, 'Please grant access when a dialog appears.'],
    [
      messages.noStock,
      "This branch has just sold out of the currency you're ordering - please choose another collection date.",
    ],
    [messages.amlTitle, 'Additional identification is required'],
    [messages.paymentStatusUnknown, 'Unable to check status of your payment, please wait whilst we retry'],
    [messages.signedIn, "You're signed in!"],
    [messages.orderConfirmation, 'Order Confirmation'],
    [messages.totalYoullReceive, "Total you'll receive"],
    [messages.youWillReceive, 'You will receive'],
    [messages.reviewAndCheckout, 'Review & checkout'],
    [messages.tryAgain, 'Try again?'],
    [messages.ohSnap, 'Oh snap!'],
  ])('has the spec text %s', (actual, expected) => {
    expect(actual).toBe(expected);
  });

  it('AML text asks for proof of ID and proof of address within 3 months', () => {
    expect(messages.amlBody).toContain('driving licence, passport or national ID card');
    expect(messages.amlBody).toContain('3 months');
  });

  it('guarantee promises carry the spec fees and limits', () => {
    expect(messages.buybackGuaranteePromise).toContain('£4');
    expect(messages.buybackGuaranteePromise).toContain('30%');
    expect(messages.buybackGuaranteePromise).toContain('30 days');
    expect(messages.refundGuaranteePromise).toContain('£3');
    expect(messages.refundGuaranteePromise).toContain('30 days');
  });
});

describe('formatMessage', () => {
  it.each([
    [messages.maximumOrderValue, { max: '2,500' }, 'Maximum order value is £2,500'],
    [
      messages.roundingWarning,
      { symbol: '€', increment: 5 },
      "Due to your chosen location, we've rounded the amount to the nearest €5",
    ],
    [
      messages.minimumSpendNotMet,
      { minSpend: '£100' },
      'Minimum spend of £100 has not been met',
    ],
    [
      messages.maximumSpendExceeded,
      { maxSpend: '£2,500' },
      'Maximum spend of £2,500 has been exceeded',
    ],
    [
      messages.currencyNotSellable,
      { currency: 'Euros' },
      "Oh snap! We don't have any Euros right now - check back soon!",
    ],
    [
      messages.currencyNotBuyable,
      { currency: 'Euros' },
      "Oh snap! We can't buy Euros right now - check back soon!",
    ],
  ] as const)('fills %s', (template, vars, expected) => {
    expect(formatMessage(template as string, vars)).toBe(expected);
  });

  it('leaves a placeholder without a value as written', () => {
    expect(formatMessage('Maximum order value is £{max}' as string, {})).toBe('Maximum order value is £{max}');
  });
});

describe('withContentOverrides', () => {
  it('applies content wording to the overridable texts', () => {
    const m = withContentOverrides({
      roundingWarning: 'Rounded to {symbol}{increment} for this branch',
      currencyNotSellable: 'No {currency} today',
      currencyNotBuyable: 'We are not buying {currency} today',
    });
    expect(formatMessage(m.roundingWarning, { symbol: '$', increment: 10 })).toBe('Rounded to $10 for this branch');
    expect(formatMessage(m.currencyNotSellable, { currency: 'Yen' })).toBe('No Yen today');
    expect(formatMessage(m.currencyNotBuyable, { currency: 'Yen' })).toBe('We are not buying Yen today');
  });

  it('keeps the spec wording when content is missing or blank', () => {
    const m = withContentOverrides({ roundingWarning: '  ', currencyNotSellable: null });
    expect(m.roundingWarning).toBe(messages.roundingWarning);
    expect(m.currencyNotSellable).toBe(messages.currencyNotSellable);
    expect(withContentOverrides(undefined)).toEqual({
      roundingWarning: messages.roundingWarning,
      currencyNotSellable: messages.currencyNotSellable,
      currencyNotBuyable: messages.currencyNotBuyable,
    });
  });

  it('ignores keys that are not overridable', () => {
    const m = withContentOverrides({ cartExpired: 'Gone' } as never);
    expect(m).toEqual(defaultOverridableTexts);
    expect(messages.cartExpired).toBe('Cart expired');
  });
});

describe('partner site', () => {
  it('has no branch email disclaimer', () => {
    expect(branchEmailDisclaimer({ isPartner: true })).toBeNull();
    expect(branchEmailDisclaimer({ isPartner: false })).toBe(messages.branchEmailDisclaimer);
  });
});

describe('formatMessage typing', () => {
  it('takes exactly the placeholders of a spec template', () => {
    expect(formatMessage(messages.maximumOrderValue, { max: '1,000' })).toBe('Maximum order value is £1,000');
    // @ts-expect-error a spec template requires its own placeholder names
    formatMessage(messages.maximumOrderValue, { maximum: '1,000' });
  });
});
