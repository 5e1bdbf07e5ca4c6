/** The sandbox's test cards (any future expiry, any CVC, any name). */
export type CardBehaviour = 'succeeds' | 'declined' | 'pendingThenSucceeds' | 'providerError' | 'providerUnavailable';

export const TEST_CARDS: readonly { number: string; behaviour: CardBehaviour; label: string }[] = [
  { number: '4242424242424242', behaviour: 'succeeds', label: 'succeeds' },
  { number: '4000000000000002', behaviour: 'declined', label: 'is declined' },
  { number: '4000000000003220', behaviour: 'pendingThenSucceeds', label: 'stays pending a few seconds, then succeeds' },
  { number: '4000000000000119', behaviour: 'providerError', label: 'fails with a provider error' },
  { number: '4000000000000515', behaviour: 'providerUnavailable', label: 'finds the provider unavailable (nothing is charged; the shop offers to pay at the branch)' },
];

/** Any other valid card number is declined, as a real card is in a sandbox. */
export function behaviourOf(cardNumber: string): CardBehaviour {
  return TEST_CARDS.find((c) => c.number === cardNumber)?.behaviour ?? 'declined';
}

export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

export function groupCardNumber(digits: string): string {
  return digits.replace(/(\d{4})(?=\d)/g, '$1 ');
}
