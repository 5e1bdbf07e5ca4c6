// Pay at the branch when cards fail (issue 45 part 1): the payment page's offer when the card
// provider is unavailable, the reservation's confirmation and its email. Our wording.
export const providerUnavailableTitle = 'Card payments are not working right now';
export const providerUnavailableBody = "Our card payment provider isn't answering, so we can't take your card at the moment. You have not been charged.";
export const reserveAtBranchOffer = 'Reserve your currency now and pay when you collect it. We hold your notes and this rate until {branch} closes on your collection day.';
export const reserveAtBranch = 'Reserve now, pay at the branch';
export const reservingAtBranch = 'Reserving your currency…';
export const providerUnavailableTryAgain = 'Try paying by card again';
export const switchToCollectionOffer = "Home delivery needs a card payment, so please try again in a few minutes. If you'd rather not wait, an order to collect from a branch can be reserved now and paid for there.";
export const reservationConfirmed = 'Thank you, your currency is reserved.';
export const reservationPayTitle = 'Pay at the branch';
export const reservationPay = 'Pay {amount} at {branch} before it closes at {time} on {date}, by debit card or cash.';
export const reservationHeld = 'We hold your notes and your rate until then. If you have not paid by then, your reservation ends and the notes go back on sale.';
export const reservationBring = 'Bring your order reference {reference} and photo ID (driving licence, passport or national ID card).';
