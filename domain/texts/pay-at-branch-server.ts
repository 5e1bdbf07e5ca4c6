/**
 * Texts only the server writes for pay at the branch (issue 45 part 1; our wording): the
 * reservation's email and the problems of a refused reservation. Never shipped to a browser.
 */
export const payAtBranchServerTexts = {
  emailReservedSubject: 'Your currency is reserved: pay at the branch ({reference})',
  emailReservedThanks: 'Thank you: your currency is reserved. Pay for it when you collect it at the branch.',
  notReservableTitle: 'This order cannot be reserved',
  notCollection: 'Only orders collected from a branch can be reserved and paid for there. Please try paying by card again, or collect from a branch instead.',
  notAwaitingPayment: 'This order is not waiting for payment, so it cannot be reserved.',
  paymentUnderway: 'A card payment for this order is being confirmed by the bank, so it cannot be reserved as well.',
  noClosingTime: 'The branch has no opening hours on your collection day, so the order cannot be held there. Please choose another date.',
  soldOut: "This branch has just sold out of the currency you're ordering - please choose another collection date.",
  providerUnavailableTitle: 'Card payments are not working right now',
  providerUnavailableDetail: "Our card payment provider isn't answering. You have not been charged. Please try again in a few minutes.",
  // Collect from a branch instead (a home delivery, when cards fail)
  notSwitchableTitle: 'This order cannot be collected from a branch instead',
  notHomeDelivery: 'Only a home delivery order can be changed to collection from a branch.',
  switchNotAwaitingPayment: 'This order is not waiting for payment, so it can no longer be changed.',
  switchPaymentUnderway: 'A card payment for this order is being confirmed by the bank, so it can no longer be changed.',
  branchLacksCurrency: "That branch doesn't have all of your currency right now. Please choose another branch.",
  switchOverLimits: 'Collecting from a branch changes your order so that it can no longer be placed: {reason}',
} as const;
