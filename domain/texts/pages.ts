/**
 * The texts only the pages loaded on demand show (the checkout, branch pages, manage my order, the
 * chart, the footer's pages): they load with those pages. See first-page.ts; what the calculator
 * page shows after its first paint is in later-on-first-page.ts.
 */

// Footer and its pages
export const footerNavigation = 'Footer';

// Calculator (spec 2.1, 5.1, 8)
export const homeDelivery = 'Home delivery';
export const clickAndCollect = 'Click and collect';
export const sellBack = 'Sell back';

// Branch selection modal and branch finder (spec 2.2, 2.4, 8)
export const today = 'today';
export const tomorrow = 'tomorrow';
export const closedThisWeek = "Sorry we're closed this week!";
export const fromTwoPm = 'from 2pm';
export const distanceInMiles = '{miles} miles';
export const openingTimes = 'Opening times';
export const closed = 'Closed';
export const confirm = 'Confirm';
export const previous = 'Previous';
export const next = 'Next';
export const viewDetails = 'View Details';
export const findBranchNearMe = 'Find a branch near me';

// Header cart and cart lifecycle (spec 2.3, 4.3, 8)
/** "Need more time?" once no more time can be added (the header cart's panel, the checkout header). */
export const moreTimeUsedUp = "We can't hold your cart any longer. Please check out before the time runs out.";
export const reviewAndCheckout = 'Review & checkout';
export const emptyCart = 'Empty cart';
export const total = 'Total';
export const remove = 'Remove';

// Tiered rates (spec 3 rateTiers): under the rate line
export const chooseBranchTitle = 'Choose your collection branch';
export const placeSearchLabel = 'Town, city or postcode';
export const placeSearchPlaceholder = 'e.g. Leeds';
export const placeSearchSubmit = 'Search';
export const useMyLocation = 'Use my location';
export const findingBranches = 'Finding branches';
export const findingLocation = 'Finding your location';
export const searchingPlaces = 'Searching places';
export const collect = 'Collect {day}';
export const brandAdvisory = 'Operated by {brandName}';
export const collectionAddress = 'Collection address';
export const pageOf = 'Page {page} of {pageCount}';
export const noBranchesNearby = 'No branches found near this location';
export const branchFinderTitle = 'Find a branch';
export const branchesNearYou = 'Branches near you';

// Branch details page (spec 2.4 'View Details'): wording of ours
export const loadingBranch = 'Loading the branch';
export const branchNotFound = "We couldn't find that branch";
export const branchNotFoundBody = 'The branch may have closed or its address may have changed. Find another branch near you.';
export const backToBranchFinder = 'Find a branch';
export const branchLoadFailed = "We couldn't load this branch";
export const branchLoadFailedBody = 'Please check your connection and try again.';
export const branchAddress = 'Address';
export const branchOpeningTimesThisWeek = "This week's opening times";
export const buyCurrencyAtBranch = 'Buy currency at this branch';
export const branchClickAndCollectNote = 'Order online and collect your currency at this branch.';

// A branch's access facts and the time today's orders are ready (issue 45): wording of ours
export const branchAccessTitle = 'Access and collection';
export const stepFreeAccess = 'Step-free access';
export const noStepFreeAccess = 'No step-free access';
export const hearingLoop = 'Hearing loop';
export const noHearingLoop = 'No hearing loop';
export const accessibleToiletsNearby = 'Accessible toilets nearby';
export const noAccessibleToiletsNearby = 'No accessible toilets nearby';
export const ordersReadyFrom = "Today's orders ready to collect from {time}";
export const midday = 'midday';
export const stepFreeOnlyFilter = 'Only branches with step-free access';
export const showingStepFreeOnly = 'Showing branches with step-free access only';
export const noStepFreeBranchesNearby = 'No branches with step-free access found near this location';
export const lineAmountLabel = 'Amount of {code}';
export const removeLine = 'Remove {code}';
export const timeLeft = 'Time left to check out';
export const chartTitle = '{from} to {to} exchange rate';
export const chartPeriod = 'Chart period';
export const chartLabel = '{from} to {to} rate, {first} to {last}';
export const loadingChart = 'Loading the rate history';

// Checkout steps (spec 2.5)
export const stepReview = 'Review';
export const stepDelivery = 'Delivery';
export const stepCollection = 'Collection';
export const stepDetails = 'Details';
export const stepPayment = 'Payment';
export const stepConfirmation = 'Confirmation';

// View-cart page (spec 2.6, 5.1)
export const viewCartEmpty = 'Your cart is empty, add some currency to continue';
export const leaveCheckout = 'Leave checkout';
export const addNewCurrency = 'Add new currency';
export const proceedToCheckout = 'Proceed to checkout';
export const youWillReceive = 'You will receive';
export const cost = 'Cost';
export const roundedUpTo = 'Rounded up to {symbol}{increment}';
export const buybackGuaranteePromise = "For £4, we'll buy back up to 30% of your leftover money within 30 days of your order.";
export const buybackGuaranteeFeeLine = 'Buyback Guarantee £4';
export const refundGuaranteePromise = 'For £3, you can return your currency to us within 30 days for a refund.';
export const refundGuaranteeFeeLine = 'Refund Guarantee £3';
export const yes = 'Yes';
export const no = 'No';

// Delivery-slot page (spec 2.7)
export const mondayDeliveryNote = 'Please note: Monday deliveries are sent out before the weekend, so make sure someone is at the address on Monday to sign for your currency.';
export const remoteAreaNote = 'If you live in a remote area, please allow up to 48 hours for your delivery.';
export const freeCollectionFromTwoPm = 'Free collection from 2pm';

// Customer information page (spec 2.8, 5.2, 8)
export const emailRequired = 'Please enter your email address';
export const emailInvalid = 'Please enter a valid email address';
export const maxCharacters = "You've used the maximum number of characters available (250)";
export const contactDetails = 'Contact details';
export const aboutYou = 'About you';
export const billingAddress = 'Billing address';
export const yourAddress = 'Your address';
export const marketingPreferences = 'Marketing preferences';
export const termsAndConditions = 'Terms and conditions';
export const submit = 'Submit';
export const cardMustMatchDeliveryAddress = 'The payment card you use must be registered to the delivery address.';
export const ageHelpText = 'You must be 18 or over to place an order.';
export const basketEmailNote = "If you enter your email address and don't finish your order, we'll email you a link to your basket.";
export const phoneRequired = 'Please enter your phone number';
export const phoneInvalid = 'Please enter a valid phone number';
export const firstNameRequired = 'Please enter your firstname';
export const firstNameTooShort = 'First name must be at least 2 characters';
export const lastNameRequired = 'Please enter your last name';
export const lastNameTooShort = 'Last name must be at least 2 characters';
export const dateOfBirthInvalid = 'Please enter a valid date of birth';
export const houseNameNumberRequired = 'Please enter your house name or number';
export const addressLine1Required = 'Please fill in the first line of your address';
export const townCityRequired = 'Please enter your town, city or village';
export const postcodeRequired = 'Please enter your post code';
export const postcodeInvalid = 'Please enter a valid post code';
export const termsRequired = 'Please accept the terms and conditions';
/** The error summary's heading after a failed submit (wording of the GOV.UK pattern). */
export const errorSummaryTitle = 'There is a problem';

// Sold-out modal (spec 2.8, 8)
export const ohSnap = 'Oh snap!';
export const noStock = "This branch has just sold out of the currency you're ordering - please choose another collection date.";
export const chooseAnotherCollectionDate = 'Choose another collection date';

// No surprises at the counter: the review step says before payment what the order needs (wording of ours; the lists are spec 8's)
export const identificationTitle = 'Identification needed for this order';
export const identificationBody = 'Orders of {threshold} or more need proof of ID (driving licence, passport or national ID card) and proof of address dated within the last 3 months.';
export const identificationCollect = 'Bring both to the branch when you collect, with the payment card you pay with.';
export const identificationDelivery = "After you pay, we'll ask you for both before we send your currency.";
export const sellBackChecksTitle = 'What the branch will check';
export const sellBackChecksBody = "The branch checks your photo ID (driving licence, passport or national ID card) and counts your notes before paying you. Notes that are damaged or no longer legal tender can't be bought back.";
export const sellBackChecksAddress = 'Sales of {threshold} or more also need proof of address dated within the last 3 months.';

// Additional-identification (AML) modal (spec 4.1, 8)
export const amlTitle = 'Additional identification is required';
export const amlBody = "Before we can complete your order we need to see proof of your identity and proof of your address. Please have ready one proof of ID (driving licence, passport or national ID card) and one proof of address dated within the last 3 months.";
const continueText = 'Continue';
// 'continue' is a keyword: exported under its name, declared under another.
export { continueText as continue };
export const returnToHomepage = 'Return to the homepage';

// Payment (spec 2.9, 2.10, 2.11, 4.1, 8)
export const paymentStatusUnknown = 'Unable to check status of your payment, please wait whilst we retry';
export const paymentUnsuccessful = 'Your payment was unsuccessful';
export const tryAgain = 'Try again?';
export const velocityTitle = "You've reached today's order limit";
export const velocityBody = "You've exceeded the amount of orders you can process through our website today. Please visit one of our branches to complete your order; proof of ID is required for card payments and larger transactions.";

// Confirmation (spec 2.12)
export const orderConfirmation = 'Order Confirmation';
export const orderReference = 'Order reference';
export const totalYoullReceive = "Total you'll receive";
export const print = 'Print';
export const deliveryDetails = 'Delivery details';
export const collectionDetails = 'Collection details';
export const yourDetails = 'Your details';

// What happens next, and the way onward (wording of ours; the ID list is spec 8's)
export const whatHappensNext = 'What happens next';
export const nextCollect = 'Collect your currency from {branch} on {date}.';
export const nextCollectNoDate = 'Collect your currency from {branch}.';
export const nextCollectId = 'Bring the payment card you ordered with and photo ID (driving licence, passport or national ID card).';
export const nextDelivery = 'Your currency arrives on {date} ({method}).';
export const nextSellBack = "Bring the currency you're selling to {branch} on {date}.";
export const nextSellBackNoDate = "Bring the currency you're selling to {branch}.";
export const nextSellBackId = 'Bring photo ID too (driving licence, passport or national ID card).';
export const backToShop = 'Back to the shop';

// Manage my order (/orders/find; ours)
export const manageOrderTitle = 'Manage my order';
export const manageOrderIntro = 'Find your order with its reference (on your confirmation email), the email address and the date of birth you gave us.';
export const findOrder = 'Find my order';
export const findingOrder = 'Finding your order';
export const orderReferenceHint = 'For example TMS-7QK2M4XD';
export const orderReferenceRequired = 'Please enter your order reference';
export const orderNotFoundTitle = "We couldn't find that order";
export const orderNotFound = "We couldn't find a paid order with those details. Check the reference, the email address and the date of birth, and try again.";
export const manageUntil = 'You can change or cancel this order online until {time}.';
export const deadlineAt = '{time} on {date}';
export const deadlineEndOf = 'the end of {date}';
export const keepCollectionDate = 'Keep my date';
export const orderStatusLabel = 'Status';
export const manageActionsTitle = 'Change or cancel';
export const cancelOrder = 'Cancel this order';
export const cancelOrderQuestion = 'Cancel this order?';
export const cancelRefundNote = "We'll refund {amount} to the card you paid with. Refunds usually reach your account within 5 working days.";
export const cancelSellBackNote = "You won't need to bring your currency to the branch.";
export const keepOrder = 'Keep my order';
export const confirmCancel = 'Yes, cancel it';
export const cancellingOrder = 'Cancelling your order';
export const orderCancelled = "Your order is cancelled. We've emailed you to confirm.";
export const orderCancelledRefund = '{amount} is on its way back to the card you paid with.';
export const orderCancelledOn = 'This order was cancelled on {date}.';
export const changeCollectionDate = 'Change collection date';
export const newCollectionDateLabel = 'New collection date';
export const saveCollectionDate = 'Save new date';
export const savingCollectionDate = 'Saving your new date';
export const noOtherCollectionDates = 'The branch has no other dates to offer right now.';
export const collectionDateChanged = "Done: collect your currency from {branch} on {date}. We've emailed you the new date.";
export const tooLateDelivery = 'Your order has been sent, so it can no longer be changed or cancelled online.';
export const tooLateCollection = 'The collection date has come, so the order can no longer be changed or cancelled online. Please speak to the branch.';
export const tooLateSellBack = 'The drop-off date has come, so the order can no longer be changed or cancelled online. Please speak to the branch.';
export const orderNotPaid = 'This order was not paid for, so there is nothing to change.';
export const findAnotherOrder = 'Find another order';
// Manage my order: the order's journey after payment (issue 45, part 2; wording of ours)
export const orderProgressTitle = "Your order's progress";
export const stepBeingPrepared = 'Being prepared';
export const stepDispatched = 'Dispatched';
export const stepDelivered = 'Delivered';
export const stepReadyToCollect = 'Ready to collect';
export const stepCollected = 'Collected';
export const stepWaitingForCurrency = 'Waiting for your currency';
export const stepReceived = 'Currency received';
export const stepPaidOut = 'Paid out';
export const stepDone = 'Done';
export const stepToCome = 'Still to come';
export const trackingReferenceLine = 'Courier tracking reference: {reference}';
/** Confirmation and email of a branch order that needs additional identification (spec 8's list). */
export const nextProofOfAddress = 'Bring proof of address dated within the last 3 months too: orders of this size need additional identification.';

// Rate alerts from the chart page (wording of ours)
export const rateAlertRateInvalid = 'Enter a rate above 0';
export const rateAlertHeading = 'Get a rate alert';
export const rateAlertLead = 'Email me when 1 GBP buys {rate} {code} or more';
export const rateAlertRateLabel = '{code} for 1 GBP';
export const rateAlertEmailLabel = 'Email address';
export const rateAlertSubmit = 'Email me';
export const rateAlertSending = 'Setting up your alert';
export const rateAlertSet = "Almost done: we've sent an email to {email}. Please confirm your alert by the link in it.";
export const rateAlertConfirm = "Once you confirm, we'll email you once, when 1 GBP buys {rate} {code} or more. An alert not confirmed within 7 days is removed.";
export const rateAlertFailed = "We couldn't set up your alert. Please try again.";
export const rateAlertAnother = 'Set up another alert';

// Abuse limits (wording of ours): the problem a shopper sees when a rate limit answers 429
export const tooManyRequestsTitle = 'Too many requests';
export const tooManyRequests = "You've made a lot of requests in a short time. Please wait {wait} and try again.";

// The loyalty sign-in page (wording of ours)
export const loyaltySignInExpired = 'This sign-in link has expired or has already been used. Please go back to the shop and choose sign in again.';

// Checkout labels (spec 2.5 to 2.12): wording of ours around the spec's texts
export const checkoutProgress = 'Checkout progress';
/** Said after each checkout step already done: 'Review, completed'. */
export const stepCompleted = 'completed';
export const checkoutTitle = 'Checkout';
export const closeCheckout = 'Close checkout';
export const clearingCart = 'Clearing your cart';
export const loadingOrder = 'Loading your order';
export const orderSummary = 'Order summary';
export const free = 'Free';
export const currencyColumn = 'Currency';
export const amountColumn = 'Amount';
export const roundedUpToColumn = 'Rounded up to';
export const rateColumn = 'Rate';
export const deleteLine = 'Delete {code}';
const deleteText = 'Delete';
// 'delete' is a keyword: exported under its name, declared under another.
export { deleteText as delete };
export const deletingLine = 'Deleting {code}';
export const savingCart = 'Updating your cart';
export const reviewTitle = 'Review your order';
export const sellBackReviewTitle = 'Review your sell back';
export const newLineCurrency = 'New currency';
export const newLineAmount = 'Amount ({code})';
export const newLineCost = 'Cost (£)';
export const newLineReceive = 'You will receive (£)';
export const addCurrency = 'Add currency';
export const chooseCurrency = 'Choose a currency';
export const buybackQuestion = 'Would you like to add the Buyback Guarantee?';
export const refundQuestion = 'Would you like to add the Refund Guarantee?';
/** Announced once (a polite live region) when a guarantee answer is saved, or the total changes by itself. */
export const answerSavedTotal = 'Your answer is saved. Total: {total}';
export const totalChanged = 'Total: {total}';
export const proceedingToCheckout = 'Creating your order';
export const deliveryTitle = 'Choose your delivery date';
export const collectionTitle = 'Choose your collection date';
export const deliverySlotsLabel = 'Available dates';
export const noSlots = 'There are no dates available right now. Please try again later.';
export const savingSlot = 'Saving your choice';
export const deliveryInfoTitle = 'Good to know';
export const deliveryInfo = 'Orders are sent by tracked, insured courier and must be signed for by the person named on the order.';
export const collectionInfo = 'Bring the payment card you ordered with and photo ID (passport or driving licence) when you collect.';
/** Sell-back: nothing was paid by card; the shopper brings the currency to the chosen branch. */
export const sellBackDropOffInfo = "Bring the currency you're selling and photo ID (passport or driving licence) to {branch}.";
export const detailsTitle = 'Your details';
export const emailLabel = 'Email address';
export const phoneLabel = 'Phone number';
export const firstNameLabel = 'First name';
export const lastNameLabel = 'Last name';
export const dateOfBirthLabel = 'Date of birth';
export const dayLabel = 'Day';
export const monthLabel = 'Month';
export const yearLabel = 'Year';
export const addressSearchLabel = 'Find your address by postcode';
export const addressSearchButton = 'Find address';
export const addressSearching = 'Finding addresses';
export const addressResultsLabel = 'Choose your address';
export const addressNoResults = 'We could not find any addresses for that postcode. Please enter your address below.';
/** Spec 5.2: address search is restricted to Great Britain. */
export const addressSearchGreatBritainOnly = 'We can only find addresses in Great Britain (not Northern Ireland, the Channel Islands or the Isle of Man). Please enter your address below.';
export const houseNameNumberLabel = 'House name or number';
export const addressLine1Label = 'Address line 1';
export const addressLine2Label = 'Address line 2';
export const townCityLabel = 'Town / City';
export const postcodeLabel = 'Postcode';
export const optional = '(optional)';
export const abtaPreamble = 'Would you like to hear from our partners at ABTA members about:';
export const abtaTravelMoney = 'Travel money offers';
export const abtaTravelInsurance = 'Travel insurance offers';
export const termsLabel = 'I have read and accept the {terms}';
export const submittingDetails = 'Sending your details';
export const paymentTitle = 'Payment';
export const paymentFrameTitle = 'Secure card payment';
export const loadingPaymentForm = 'Loading the secure payment form';
export const checkingPayment = 'Checking your payment';
export const unsuccessfulTitle = 'Your payment was unsuccessful';
export const unsuccessfulBody = 'Your order has not been completed and you have not been charged.';
export const thankYou = 'Thank you, your order is confirmed.';
export const sellBackThankYou = 'Thank you, your sell back order is confirmed.';
export const orderDate = 'Date';
export const collectionDate = 'Collection date';
export const deliveryDate = 'Delivery date';
export const deliveryMethod = 'Delivery method';
export const deliveryAddress = 'Delivery address';
export const collectionBranchLabel = 'Branch';
export const nameLabel = 'Name';
export const addressLabel = 'Address';
export const printOrder = 'Print this page';
export const leavingPayment = 'Leaving checkout';

// Chart (spec 2.13)
export const oneWeek = '1W';
export const oneMonth = '1M';
export const oneYear = '1Y';
