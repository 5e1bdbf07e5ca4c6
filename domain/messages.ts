/**
 * Every user-facing text of the shop, in one place, with {placeholders}.
 *
 * Texts quoted by the specification are verbatim. Where the specification gives only the gist
 * (AML modal, velocity modal, delivery caveats, guarantee promises, a few labels) the wording here
 * is ours, kept consistent with that gist.
 */
export const messages = {
  // App shell (spec 2.14): the frame around every page
  appName: 'Travel Money',
  skipToContent: 'Skip to main content',
  mainNavigation: 'Main',
  navBuyCurrency: 'Buy currency',
  navSellCurrency: 'Sell currency',
  navBranches: 'Branches',
  footerNote: 'Foreign currency for home delivery or click and collect, and sell-back of your leftover currency.',

  // Home page: hero, trust signals, delivery facts, popular currencies
  heroTitle: 'Travel money at a rate you can see',
  heroPromise: 'The rate you see is the rate you pay: no commission, no hidden fees, and a better rate the more you buy.',
  heroPoints: 'Home delivery or collect from a branch|Rates locked while your order is in your cart|Sell back what you bring home',
  trustHeading: 'Why shoppers trust us',
  regulatoryLine: '{name} is registered with HM Revenue & Customs as a money service business, registration number {number}.',
  securePayment: 'Card payments are taken on a secure page by our payment provider; we never see your card number.',
  factsHeading: 'Delivery and collection',
  factNextDelivery: 'Order now for home delivery as soon as {date}',
  cutOffDelivery: 'Order within {time} for delivery on {date}',
  cutOffCollection: 'Order within {time} for collection from {date}',
  timeLeftDays: '{days} d {hours} h',
  timeLeftHours: '{hours} h {minutes} m',
  timeLeftMinutes: '{minutes} m',
  factDeliveryPrices: 'Home delivery {nextDay} next working day, {later} on a later date',
  factFreeCollection: 'Click and collect from a branch near you: free',
  factSellBack: 'Sell back leftover currency at any of our branches',
  popularHeading: 'Popular currencies',
  popularRateChart: 'rate chart',
  ratesBoardCaption: 'Today\'s rates for £1: home delivery, and selling back at a branch. The line shows the last month.',
  ratesBoardBuy: 'You buy',
  ratesBoardSellBack: 'You sell back',
  ratesBoardNotTraded: 'Not available',
  ratesBoardTrendUp: 'Up {percent}% over the last month',
  ratesBoardTrendDown: 'Down {percent}% over the last month',
  ratesBoardTrendFlat: 'Unchanged over the last month',
  // Footer and its pages
  footerContactHeading: 'Contact us',
  footerCall: 'Call {phone}',
  footerHelpHeading: 'Help',
  footerLegalHeading: 'Legal',
  footerNavigation: 'Footer',
  faqTitle: 'Frequently asked questions',
  termsTitle: 'Terms and conditions',
  privacyTitle: 'Privacy policy',
  cookiesTitle: 'Cookie policy',
  findBranch: 'Find a branch',
  loadingPage: 'Loading the page',
  pageNotFound: 'Page not found',
  pageNotFoundBody: 'There is no page at this address. Check the address, or start again from the home page.',
  goToHomepage: 'Go to the home page',

  // Calculator (spec 2.1, 5.1, 8)
  buyTab: 'Buy travel money',
  sellTab: 'Sell travel money',
  noResults: 'No results found',
  /** In the buy tab's currency list, beside a currency the shop only buys back. */
  currencySellBackOnly: 'Sell back only',
  maximumOrderValue: 'Maximum order value is £{max}',
  amountGreaterThanZero: 'Amount should be greater than 0',
  roundingWarning: "Due to your chosen location, we've rounded the amount to the nearest {symbol}{increment}",
  currencyNotSellable: "Oh snap! We don't have any {currency} right now - check back soon!",
  currencyNotBuyable: "Oh snap! We can't buy {currency} right now - check back soon!",
  signedIn: "You're signed in!",
  addToCart: 'Add to cart',
  returnToCart: 'Return to cart',
  exchangeRate: '£1 = {symbol}{rate}',
  homeDelivery: 'Home delivery',
  clickAndCollect: 'Click and collect',
  sellBack: 'Sell back',
  /** Under the sell tab: what selling back is, in the words of spec 1 ('sell currency back'). */
  sellBackIntro: 'Sell your leftover currency back to us: order online, then bring it to the branch you choose.',

  // Branch selection modal and branch finder (spec 2.2, 2.4, 8)
  today: 'today',
  tomorrow: 'tomorrow',
  closedThisWeek: "Sorry we're closed this week!",
  fromTwoPm: 'from 2pm',
  distanceInMiles: '{miles} miles',
  openingTimes: 'Opening times',
  closed: 'Closed',
  confirm: 'Confirm',
  previous: 'Previous',
  next: 'Next',
  close: 'Close',
  viewDetails: 'View Details',
  findBranchNearMe: 'Find a branch near me',
  placeNotFound: 'Sorry, we could not find a location based on your search',
  geolocationFailed: "Sorry we couldn't get your location.",
  geolocationDenied: 'Please grant access when a dialog appears.',
  branchEmailDisclaimer: 'Your branch may email you about your order and its collection.',

  // Header cart and cart lifecycle (spec 2.3, 4.3, 8)
  reviewAndCheckout: 'Review & checkout',
  emptyCart: 'Empty cart',
  headerCartEmpty: 'No currency in your cart',
  cartLineCount: '{count} currencies in your cart',
  cartLineCountOne: '1 currency in your cart',
  total: 'Total',
  remove: 'Remove',
  cartExpired: 'Cart expired',
  cartCleared: "We've cleared your cart",
  noCart: 'You have no cart',
  cartFetchFailed: "We couldn't get your cart",
  // More time (WCAG 2.2.1 Timing Adjustable): offered in the last 5 minutes (wording of ours)
  needMoreTime: 'Need more time?',
  addMoreTime: 'Add {minutes}',
  addingMoreTime: 'Adding time',
  moreTimeMinutes: '{count} minutes',
  moreTimeMinute: '1 minute',
  /** Said once to screen readers when the countdown enters its last 5 minutes. */
  moreTimeWarning: 'Your cart will expire in under 5 minutes.',
  moreTimeWarningOffer: 'Your cart will expire in under 5 minutes. Need more time? You can add {minutes}.',
  moreTimeAdded: "We've added {minutes}. Your cart is now held until {time}.",
  moreTimeUsedUp: "We can't hold your cart any longer. Please check out before the time runs out.",
  moreTimeFailed: "We couldn't add more time. Please try again.",

  // Shop front labels (spec 2.1 to 2.4, 2.13): wording of ours around the spec's texts
  transactionTypeLabel: 'What would you like to do?',
  currencyLabel: 'Currency',
  currencySearchPlaceholder: 'Search by code or name',
  showCurrencies: 'Show currencies',
  youPayGbp: 'You pay (£)',
  youGetForeign: 'You get ({code})',
  youSellForeign: 'You sell ({code})',
  youReceiveGbp: 'You receive (£)',
  deliveryOptionLabel: 'How would you like your currency?',
  collectionBranch: 'Collection branch',
  /** Sell-back: the branch is where the shopper brings the currency, not where they collect it. */
  dropOffBranch: 'Branch to bring your currency to',
  chooseBranch: 'Choose a branch',
  changeBranch: 'Change branch',
  noBranchChosen: 'No branch chosen yet',
  gettingRate: 'Getting your rate',
  loadingCalculator: 'Loading the calculator',
  addingToCart: 'Adding to cart',
  loyaltyCta: 'Sign in to get better rates',
  reviewsSummary: 'Rated {rating} out of 5 from {count} reviews',
  // Tiered rates (spec 3 rateTiers): under the rate line
  betterRateOver: 'Better rate over {threshold}: {symbol}{rate}',
  betterRateApplied: "You're getting our better rate for {threshold} and over",
  chooseBranchTitle: 'Choose your collection branch',
  placeSearchLabel: 'Town, city or postcode',
  placeSearchPlaceholder: 'e.g. Leeds',
  placeSearchSubmit: 'Search',
  useMyLocation: 'Use my location',
  findingBranches: 'Finding branches',
  findingLocation: 'Finding your location',
  searchingPlaces: 'Searching places',
  collect: 'Collect {day}',
  brandAdvisory: 'Operated by {brandName}',
  collectionAddress: 'Collection address',
  pageOf: 'Page {page} of {pageCount}',
  noBranchesNearby: 'No branches found near this location',
  branchFinderTitle: 'Find a branch',
  branchesNearYou: 'Branches near you',
  // Branch details page (spec 2.4 'View Details'): wording of ours
  loadingBranch: 'Loading the branch',
  branchNotFound: "We couldn't find that branch",
  branchNotFoundBody: 'The branch may have closed or its address may have changed. Find another branch near you.',
  backToBranchFinder: 'Find a branch',
  branchLoadFailed: "We couldn't load this branch",
  branchLoadFailedBody: 'Please check your connection and try again.',
  branchAddress: 'Address',
  branchOpeningTimesThisWeek: "This week's opening times",
  buyCurrencyAtBranch: 'Buy currency at this branch',
  branchClickAndCollectNote: 'Order online and collect your currency at this branch.',
  cartButtonLabel: 'Cart, {summary}',
  loadingCart: 'Loading your cart',
  lineAmountLabel: 'Amount of {code}',
  removeLine: 'Remove {code}',
  timeLeft: 'Time left to check out',
  chartTitle: '{from} to {to} exchange rate',
  chartPeriod: 'Chart period',
  chartLabel: '{from} to {to} rate, {first} to {last}',
  loadingChart: 'Loading the rate history',

  // Checkout steps (spec 2.5)
  stepReview: 'Review',
  stepDelivery: 'Delivery',
  stepCollection: 'Collection',
  stepDetails: 'Details',
  stepPayment: 'Payment',
  stepConfirmation: 'Confirmation',

  // View-cart page (spec 2.6, 5.1)
  viewCartEmpty: 'Your cart is empty, add some currency to continue',
  leaveCheckout: 'Leave checkout',
  addNewCurrency: 'Add new currency',
  proceedToCheckout: 'Proceed to checkout',
  youWillReceive: 'You will receive',
  cost: 'Cost',
  roundedUpTo: 'Rounded up to {symbol}{increment}',
  /** The spec's sentence, its '...' completed with the minimum the site sets (spec 5.1, 9). */
  buybackTooSmall: "Your cart is too small to use the Buyback Guarantee. It's available on carts of {minimum} or more.",
  buybackRequired: 'Please select your Buyback guarantee option',
  refundRequired: 'Please select your Refund guarantee option',
  /** Spec 5.1's sentences with the money written as money: {minSpend} is '£100', or '100 USD'. */
  minimumSpendNotMet: 'Minimum spend of {minSpend} has not been met',
  maximumSpendExceeded: 'Maximum spend of {maxSpend} has been exceeded',
  buybackGuaranteeTitle: 'Buyback Guarantee',
  buybackGuaranteePromise:
    "For £4, we'll buy back up to 30% of your leftover money within 30 days of your order.",
  buybackGuaranteeFeeLine: 'Buyback Guarantee £4',
  refundGuaranteeTitle: 'Refund Guarantee',
  refundGuaranteePromise: 'For £3, you can return your currency to us within 30 days for a refund.',
  refundGuaranteeFeeLine: 'Refund Guarantee £3',
  yes: 'Yes',
  no: 'No',

  // Delivery-slot page (spec 2.7)
  mondayDeliveryNote:
    'Please note: Monday deliveries are sent out before the weekend, so make sure someone is at the address on Monday to sign for your currency.',
  remoteAreaNote: 'If you live in a remote area, please allow up to 48 hours for your delivery.',
  freeCollectionFromTwoPm: 'Free collection from 2pm',

  // Customer information page (spec 2.8, 5.2, 8)
  contactDetails: 'Contact details',
  aboutYou: 'About you',
  billingAddress: 'Billing address',
  yourAddress: 'Your address',
  marketingPreferences: 'Marketing preferences',
  termsAndConditions: 'Terms and conditions',
  submit: 'Submit',
  cardMustMatchDeliveryAddress:
    'The payment card you use must be registered to the delivery address.',
  ageHelpText: 'You must be 18 or over to place an order.',
  basketEmailNote:
    "If you enter your email address and don't finish your order, we'll email you a link to your basket.",
  emailRequired: 'Please enter your email address',
  emailInvalid: 'Please enter a valid email address',
  maxCharacters: "You've used the maximum number of characters available (250)",
  phoneRequired: 'Please enter your phone number',
  phoneInvalid: 'Please enter a valid phone number',
  firstNameRequired: 'Please enter your firstname',
  firstNameTooShort: 'First name must be at least 2 characters',
  lastNameRequired: 'Please enter your last name',
  lastNameTooShort: 'Last name must be at least 2 characters',
  dateOfBirthInvalid: 'Please enter a valid date of birth',
  houseNameNumberRequired: 'Please enter your house name or number',
  addressLine1Required: 'Please fill in the first line of your address',
  townCityRequired: 'Please enter your town, city or village',
  postcodeRequired: 'Please enter your post code',
  postcodeInvalid: 'Please enter a valid post code',
  termsRequired: 'Please accept the terms and conditions',
  /** The error summary's heading after a failed submit (wording of the GOV.UK pattern). */
  errorSummaryTitle: 'There is a problem',
  /** Wording of ours (the spec has none): text with a character the shop cannot keep (NUL, half an emoji). */
  unusableCharacters: "This contains a character we can't accept. Please type it again without it.",

  // Sold-out modal (spec 2.8, 8)
  ohSnap: 'Oh snap!',
  noStock:
    "This branch has just sold out of the currency you're ordering - please choose another collection date.",
  chooseAnotherCollectionDate: 'Choose another collection date',

  // Additional-identification (AML) modal (spec 4.1, 8)
  amlTitle: 'Additional identification is required',
  amlBody:
    "Before we can complete your order we need to see proof of your identity and proof of your address. Please have ready one proof of ID (driving licence, passport or national ID card) and one proof of address dated within the last 3 months.",
  amlSupport: 'If you have any questions, please call our support line on {phone} ({hours}).',
  /** Content without a support line: the shopper is pointed at a branch instead of a number we lack. */
  amlSupportNoLine: 'If you have any questions, please ask at any of our branches.',
  continue: 'Continue',
  returnToHomepage: 'Return to the homepage',

  // Payment (spec 2.9, 2.10, 2.11, 4.1, 8)
  paymentStatusUnknown: 'Unable to check status of your payment, please wait whilst we retry',
  paymentUnsuccessful: 'Your payment was unsuccessful',
  tryAgain: 'Try again?',
  velocityTitle: "You've reached today's order limit",
  velocityBody:
    "You've exceeded the amount of orders you can process through our website today. Please visit one of our branches to complete your order; proof of ID is required for card payments and larger transactions.",

  // Confirmation (spec 2.12)
  orderConfirmation: 'Order Confirmation',
  orderReference: 'Order reference',
  totalYoullReceive: "Total you'll receive",
  print: 'Print',
  deliveryDetails: 'Delivery details',
  collectionDetails: 'Collection details',
  yourDetails: 'Your details',
  // What happens next, and the way onward (wording of ours; the ID list is spec 8's)
  whatHappensNext: 'What happens next',
  nextCollect: 'Collect your currency from {branch} on {date}.',
  nextCollectNoDate: 'Collect your currency from {branch}.',
  nextCollectId: 'Bring the payment card you ordered with and photo ID (driving licence, passport or national ID card).',
  nextDelivery: 'Your currency arrives on {date} ({method}).',
  nextSellBack: "Bring the currency you're selling to {branch} on {date}.",
  nextSellBackNoDate: "Bring the currency you're selling to {branch}.",
  nextSellBackId: 'Bring photo ID too (driving licence, passport or national ID card).',
  backToShop: 'Back to the shop',

  // Manage my order (/orders/find; ours)
  manageOrderTitle: 'Manage my order',
  manageOrderIntro: 'Find your order with its reference (on your confirmation email), the email address and the date of birth you gave us.',
  manageOrderLink: 'Manage my order',
  findOrder: 'Find my order',
  findingOrder: 'Finding your order',
  orderReferenceHint: 'For example TMS-7QK2M4XD',
  orderReferenceRequired: 'Please enter your order reference',
  orderNotFoundTitle: "We couldn't find that order",
  orderNotFound: "We couldn't find a paid order with those details. Check the reference, the email address and the date of birth, and try again.",
  manageUntil: 'You can change or cancel this order online until {time}.',
  deadlineAt: '{time} on {date}',
  deadlineEndOf: 'the end of {date}',
  keepCollectionDate: 'Keep my date',
  orderStatusLabel: 'Status',
  manageActionsTitle: 'Change or cancel',
  cancelOrder: 'Cancel this order',
  cancelOrderQuestion: 'Cancel this order?',
  cancelRefundNote: "We'll refund {amount} to the card you paid with. Refunds usually reach your account within 5 working days.",
  cancelSellBackNote: "You won't need to bring your currency to the branch.",
  keepOrder: 'Keep my order',
  confirmCancel: 'Yes, cancel it',
  cancellingOrder: 'Cancelling your order',
  orderCancelled: "Your order is cancelled. We've emailed you to confirm.",
  orderCancelledRefund: '{amount} is on its way back to the card you paid with.',
  orderCancelledOn: 'This order was cancelled on {date}.',
  changeCollectionDate: 'Change collection date',
  newCollectionDateLabel: 'New collection date',
  saveCollectionDate: 'Save new date',
  savingCollectionDate: 'Saving your new date',
  noOtherCollectionDates: 'The branch has no other dates to offer right now.',
  collectionDateChanged: "Done: collect your currency from {branch} on {date}. We've emailed you the new date.",
  tooLateDelivery: 'Your order has been sent, so it can no longer be changed or cancelled online.',
  tooLateCollection: 'The collection date has come, so the order can no longer be changed or cancelled online. Please speak to the branch.',
  tooLateSellBack: 'The drop-off date has come, so the order can no longer be changed or cancelled online. Please speak to the branch.',
  orderNotPaid: 'This order was not paid for, so there is nothing to change.',
  findAnotherOrder: 'Find another order',
  /** Confirmation and email of a branch order that needs additional identification (spec 8's list). */
  nextProofOfAddress: 'Bring proof of address dated within the last 3 months too: orders of this size need additional identification.',
  // No surprises at the counter: the review step says before payment what the order needs (wording of ours; the lists are spec 8's)
  identificationTitle: 'Identification needed for this order',
  identificationBody:
    'Orders of {threshold} or more need proof of ID (driving licence, passport or national ID card) and proof of address dated within the last 3 months.',
  identificationCollect: 'Bring both to the branch when you collect, with the payment card you pay with.',
  identificationDelivery: "After you pay, we'll ask you for both before we send your currency.",
  sellBackChecksTitle: 'What the branch will check',
  sellBackChecksBody: "The branch checks your photo ID (driving licence, passport or national ID card) and counts your notes before paying you. Notes that are damaged or no longer legal tender can't be bought back.",
  sellBackChecksAddress: 'Sales of {threshold} or more also need proof of address dated within the last 3 months.',
  // Rate alerts from the chart page (wording of ours)
  rateAlertHeading: 'Get a rate alert',
  rateAlertLead: 'Email me when 1 GBP buys {rate} {code} or more',
  rateAlertRateLabel: '{code} for 1 GBP',
  rateAlertEmailLabel: 'Email address',
  rateAlertSubmit: 'Email me',
  rateAlertSending: 'Setting up your alert',
  rateAlertSet: "Done. We'll email {email} once, when 1 GBP buys {rate} {code} or more.",
  rateAlertFailed: "We couldn't set up your alert. Please try again.",
  rateAlertRateInvalid: 'Enter a rate above 0',
  rateAlertAnother: 'Set up another alert',

  // Session (spec 4.4, 8): a refused session was replaced (docs/decisions/011); wording of ours
  sessionEnded: "Your session ended, so we've started a new one.",
  sessionEndedCartKept: 'Your cart is just as you left it.',
  /** No session could be started (no spec text): what happened and what to do. */
  sessionFailed: "We couldn't start your visit. Check your connection and try again.",
  dismissNotice: 'Dismiss',

  // Abuse limits (wording of ours): the problem a shopper sees when a rate limit answers 429
  tooManyRequestsTitle: 'Too many requests',
  tooManyRequests: "You've made a lot of requests in a short time. Please wait {wait} and try again.",
  // The loyalty sign-in page (wording of ours)
  loyaltySignInExpired: 'This sign-in link has expired or has already been used. Please go back to the shop and choose sign in again.',

  // Checkout labels (spec 2.5 to 2.12): wording of ours around the spec's texts
  checkoutProgress: 'Checkout progress',
  checkoutTitle: 'Checkout',
  closeCheckout: 'Close checkout',
  clearingCart: 'Clearing your cart',
  loadingOrder: 'Loading your order',
  retry: 'Try again',
  orderSummary: 'Order summary',
  free: 'Free',
  currencyColumn: 'Currency',
  amountColumn: 'Amount',
  roundedUpToColumn: 'Rounded up to',
  rateColumn: 'Rate',
  deleteLine: 'Delete {code}',
  delete: 'Delete',
  deletingLine: 'Deleting {code}',
  savingCart: 'Updating your cart',
  reviewTitle: 'Review your order',
  sellBackReviewTitle: 'Review your sell back',
  newLineCurrency: 'New currency',
  newLineAmount: 'Amount ({code})',
  newLineCost: 'Cost (£)',
  newLineReceive: 'You will receive (£)',
  addCurrency: 'Add currency',
  chooseCurrency: 'Choose a currency',
  buybackQuestion: 'Would you like to add the Buyback Guarantee?',
  refundQuestion: 'Would you like to add the Refund Guarantee?',
  proceedingToCheckout: 'Creating your order',
  deliveryTitle: 'Choose your delivery date',
  collectionTitle: 'Choose your collection date',
  deliverySlotsLabel: 'Available dates',
  noSlots: 'There are no dates available right now. Please try again later.',
  savingSlot: 'Saving your choice',
  deliveryInfoTitle: 'Good to know',
  deliveryInfo:
    'Orders are sent by tracked, insured courier and must be signed for by the person named on the order.',
  collectionInfo:
    'Bring the payment card you ordered with and photo ID (passport or driving licence) when you collect.',
  /** Sell-back: nothing was paid by card; the shopper brings the currency to the chosen branch. */
  sellBackDropOffInfo: "Bring the currency you're selling and photo ID (passport or driving licence) to {branch}.",
  detailsTitle: 'Your details',
  emailLabel: 'Email address',
  phoneLabel: 'Phone number',
  firstNameLabel: 'First name',
  lastNameLabel: 'Last name',
  dateOfBirthLabel: 'Date of birth',
  dayLabel: 'Day',
  monthLabel: 'Month',
  yearLabel: 'Year',
  addressSearchLabel: 'Find your address by postcode',
  addressSearchButton: 'Find address',
  addressSearching: 'Finding addresses',
  addressResultsLabel: 'Choose your address',
  addressNoResults: 'We could not find any addresses for that postcode. Please enter your address below.',
  houseNameNumberLabel: 'House name or number',
  addressLine1Label: 'Address line 1',
  addressLine2Label: 'Address line 2',
  townCityLabel: 'Town / City',
  postcodeLabel: 'Postcode',
  optional: '(optional)',
  abtaPreamble: 'Would you like to hear from our partners at ABTA members about:',
  abtaTravelMoney: 'Travel money offers',
  abtaTravelInsurance: 'Travel insurance offers',
  termsLabel: 'I have read and accept the {terms}',
  submittingDetails: 'Sending your details',
  paymentTitle: 'Payment',
  paymentFrameTitle: 'Secure card payment',
  loadingPaymentForm: 'Loading the secure payment form',
  checkingPayment: 'Checking your payment',
  unsuccessfulTitle: 'Your payment was unsuccessful',
  unsuccessfulBody: 'Your order has not been completed and you have not been charged.',
  thankYou: 'Thank you, your order is confirmed.',
  sellBackThankYou: 'Thank you, your sell back order is confirmed.',
  orderDate: 'Date',
  collectionDate: 'Collection date',
  deliveryDate: 'Delivery date',
  deliveryMethod: 'Delivery method',
  deliveryAddress: 'Delivery address',
  collectionBranchLabel: 'Branch',
  nameLabel: 'Name',
  addressLabel: 'Address',
  printOrder: 'Print this page',
  leavingPayment: 'Leaving checkout',

  // Chart (spec 2.13)
  oneWeek: '1W',
  oneMonth: '1M',
  oneYear: '1Y',

  // Errors (spec 8)
  somethingWentWrong: 'Something went wrong',
} as const;

export type MessageKey = keyof typeof messages;
export type Messages = { readonly [K in MessageKey]: string };

/** Names between braces in a template, e.g. 'max' for 'Maximum order value is £{max}'. */
export type Placeholders<T extends string> = T extends `${string}{${infer Name}}${infer Rest}`
  ? Name | Placeholders<Rest>
  : never;

type Vars<T extends string> = string extends T
  ? Readonly<Record<string, string | number>>
  : Readonly<Record<Placeholders<T>, string | number>>;


/**
 * Texts only the server writes: the emails, the pages their links open, and the problems of
 * requests it refuses. Kept apart from `messages` so they are not shipped to every visitor.
 */
export const serverMessages = {
  // The confirmation email (wording of ours): the same order data as the confirmation page
  emailConfirmationSubject: 'Your order {reference} is confirmed',
  emailCancelledSubject: 'Your order {reference} is cancelled',
  emailCancelledBody: 'As you asked, we have cancelled your order {reference}.',
  emailCancelledRefund: 'We have refunded {amount} to the card you paid with. Refunds usually reach your account within 5 working days.',
  emailDateChangedSubject: 'New collection date for your order {reference}',
  emailDateChangedBody: 'As you asked, your order {reference} is now ready to collect from {branch} on {date}.',
  emailManageOrder: 'Manage my order',
  // Manage my order's refusals (problem titles and details)
  manageAccessExpiredTitle: 'Please find your order again',
  manageAccessExpired: 'This page has been open too long. Please find your order again.',
  manageNotChangeableTitle: 'This order can no longer be changed',
  manageAlreadyCancelled: 'This order is already cancelled.',
  manageTooLate: 'This order can no longer be changed or cancelled online.',
  manageNotCollectionTitle: 'This order has no collection date',
  manageNotCollection: 'Only a click and collect order can move its collection date.',
  manageDateGone: 'That date is no longer available. Please choose another.',
  emailSellBackSubject: 'Your sell-back order {reference} is confirmed',
  emailGreeting: 'Dear {name},',
  emailThanks: 'Thank you for your order. Here is what you ordered and what happens next.',
  emailThanksSellBack: 'Thank you for selling your currency back to us. Here is your order and what happens next.',
  emailFindBranch: 'Find a branch and its opening times',
  emailHelp: 'Questions? Read our help pages',
  emailVisitShop: 'Visit the shop',
  emailFooter: 'You are receiving this email because you placed an order with {site}.',
  // The basket link (spec 4.6's note): emailed once when a shopper left the details step unpaid
  emailBasketSubject: 'Your travel money is waiting in your basket',
  emailBasketIntro: "You started an order with {site} but didn't finish it. We've kept your basket: open it to check out.",
  emailBasketRates: "Rates change every day, so your basket will be priced at the day's rates when you open it.",
  emailBasketCta: 'Return to your basket',
  emailBasketFooter: 'You are receiving this email because you entered this address while ordering from {site}.',
  emailBasketOptOut: 'Stop basket reminders',
  emailOptOutDone: "Done: we won't send basket reminders to {email} any more.",
  emailOptOutInvalid: 'This link is not valid any more. Please use the link in our latest email.',
  // A rate alert's email and its cancel page
  emailRateAlertSubject: '1 GBP now buys {rate} {code}',
  emailRateAlertBody: 'You asked us to tell you when 1 GBP buys {target} {code} or more. On {date} it bought {rate} {code}.',
  emailRateAlertCta: 'See the {code} chart and buy',
  emailRateAlertFooter: 'You are receiving this email because you set up a rate alert with {site}. We send each alert once.',
  emailRateAlertCancel: 'Cancel this alert',
  rateAlertCancelled: 'Done: this rate alert is cancelled.',
  // The answers to a refused "Need more time?" (problem titles and details)
  moreTimeLimitTitle: 'No more time can be added',
  moreTimeLimitDetail: 'This cart has already had all the extra time we can give it ({limit}).',
  moreTimeEarlyTitle: 'Too early to add time',
  moreTimeEarlyDetail: 'You can add more time in the last 5 minutes before your cart expires.',
} as const;

/**
 * Fills {placeholders}. A placeholder without a value is left as written so a missing value is
 * visible rather than silently blank.
 */
export function formatMessage<T extends string>(template: T, vars: Vars<T>): string {
  const values = vars as Readonly<Record<string, string | number | undefined>>;
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const value = values[name];
    return value === undefined ? whole : String(value);
  });
}

/** Texts that server content blocks may reword (spec 5.1 rounding warning, spec 8 currency notices). */
export const OVERRIDABLE_MESSAGES = ['roundingWarning', 'currencyNotSellable', 'currencyNotBuyable'] as const;
export type OverridableMessageKey = (typeof OVERRIDABLE_MESSAGES)[number];
export type ContentOverrides = Partial<Record<OverridableMessageKey, string | null | undefined>>;

/**
 * Messages with the server's content wording applied. Blank overrides and keys outside
 * OVERRIDABLE_MESSAGES are ignored, so content can never blank out or reword a fixed text.
 */
export function withContentOverrides(overrides: ContentOverrides | undefined): Messages {
  const result: Record<string, string> = { ...messages };
  for (const key of OVERRIDABLE_MESSAGES) {
    const text = overrides?.[key];
    if (typeof text === 'string' && text.trim() !== '') result[key] = text;
  }
  return result as Messages;
}

/** Partner sites carry no branch email disclaimer (spec 6). */
export function branchEmailDisclaimer(site: { partnerSite: boolean }): string | null {
  return site.partnerSite ? null : messages.branchEmailDisclaimer;
}

/** 'Travel Money Shop is registered with HM Revenue & Customs as a money service business, registration number XVML00000157019.', or null without one. */
export function regulatoryLine(site: { name: string; hmrcMsbNumber?: string | undefined }): string | null {
  return site.hmrcMsbNumber ? formatMessage(messages.regulatoryLine, { name: site.name, number: site.hmrcMsbNumber }) : null;
}
