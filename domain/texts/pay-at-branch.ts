// Pay at the branch when cards fail (issue 45 part 1): the payment page's offer when the card
// provider is unavailable, the reservation's confirmation and its email. Our wording.
export const providerUnavailableTitle = 'Card payments are not working right now';
export const providerUnavailableBody = "Our card payment provider isn't answering, so we can't take your card at the moment. You have not been charged.";
export const reserveAtBranchOffer = 'Reserve your currency now and pay when you collect it. We hold your notes and this rate until {branch} closes on your collection day.';
export const reserveAtBranch = 'Reserve now, pay at the branch';
export const reservingAtBranch = 'Reserving your currency…';
export const providerUnavailableTryAgain = 'Try paying by card again';
export const switchToCollectionOffer = "Home delivery needs a card payment, so you can try again in a few minutes. If you'd rather not wait, collect your currency from a branch instead: reserve it now and pay for it there.";
// Collect from a branch instead (a home delivery, when cards fail)
export const switchToCollection = 'Collect from a branch instead';
export const findingCollectionBranches = 'Finding branches with your currency…';
export const collectionBranchesTitle = 'Choose a branch to collect from';
export const collectionBranchesIntro = "These branches have all of your currency now. At the branch your order is priced at its collection rate, with no delivery charge; then choose a collection date, check your details, and reserve it to pay when you collect.";
export const collectionBranchesLabel = 'Branches with your currency';
export const collectionBranchDistance = '{miles} miles from {postcode}';
export const collectionBranchFrom = 'First collection day: {date}';
export const collectionBranchNoDate = 'No collection dates this week';
export const collectionBranchTotal = 'Your order there: {total} (no delivery charge)';
export const collectFromBranch = 'Collect from this branch';
export const switchingToCollection = 'Moving your order to the branch…';
export const noCollectionBranches = "None of our branches has all of your currency right now. Please try paying by card again in a few minutes.";
export const backToPaymentOptions = 'Back';
export const reservationConfirmed = 'Thank you, your currency is reserved.';
export const reservationPayTitle = 'Pay at the branch';
export const reservationPay = 'Pay {amount} at {branch} before it closes at {time} on {date}, by debit card or cash.';
export const reservationHeld = 'We hold your notes and your rate until then. If you have not paid by then, your reservation ends and the notes go back on sale.';
export const reservationBring = 'Bring your order reference {reference} and photo ID (driving licence, passport or national ID card).';
