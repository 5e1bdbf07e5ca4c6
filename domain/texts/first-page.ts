/**
 * The texts the first page can show: the shop's frame, the calculator, the header cart, the home
 * page, the session and "Need more time?" notices. Every visitor loads them (domain/message-texts.ts).
 *
 * A text a module of the first load shows belongs here; a text the first page shows only from a part
 * that loads after its first paint (the home page's panels, the cut-off line) belongs in
 * later-on-first-page.ts; a text only the pages loaded on demand show belongs in pages.ts, so that
 * it loads with them. The first load carries every text of this module that any page reads, and
 * the calculator page none of pages.ts as long as nothing it loads until the network is idle reads
 * one of its texts (`npm run check:bundle` fails, naming pages.ts, once something does).
 */

// App shell (spec 2.14): the frame around every page
export const appName = 'Travel Money';
export const skipToContent = 'Skip to main content';
export const mainNavigation = 'Main';
export const navBuyCurrency = 'Buy currency';
export const navSellCurrency = 'Sell currency';
export const navBranches = 'Branches';
export const footerNote = 'Foreign currency for home delivery or click and collect, and sell-back of your leftover currency.';

// Home page: hero, trust signals, delivery facts, popular currencies
export const heroTitle = 'Travel money at a rate you can see';
export const heroPromise = 'The rate you see is the rate you pay: no commission, no hidden fees, and a better rate the more you buy.';
export const heroPoints = 'Home delivery or collect from a branch|Rates locked while your order is in your cart|Sell back what you bring home';
export const regulatoryLine = '{name} is registered with HM Revenue & Customs as a money service business, registration number {number}.';

// Footer and its pages
export const footerContactHeading = 'Contact us';
export const footerCall = 'Call {phone}';
export const footerHelpHeading = 'Help';
export const footerLegalHeading = 'Legal';
export const faqTitle = 'Frequently asked questions';
export const termsTitle = 'Terms and conditions';
export const privacyTitle = 'Privacy policy';
export const cookiesTitle = 'Cookie policy';
export const findBranch = 'Find a branch';
export const loadingPage = 'Loading the page';
export const pageNotFound = 'Page not found';
export const pageNotFoundBody = 'There is no page at this address. Check the address, or start again from the home page.';
export const goToHomepage = 'Go to the home page';

// Each page's own title (WCAG 2.4.2), set by the route: '{page} – {site}'
export const pageTitle = '{page} – {site}';
export const titleEmbeddedCalculator = 'Currency calculator';
export const titleBranches = 'Find a branch';
export const titleBranchDetails = 'Branch details';
export const titleReview = 'Review your order';
export const titleSellBackReview = 'Review your sell back';
export const titleDelivery = 'Delivery or collection date';
export const titleDetails = 'Your details';
export const titlePayment = 'Payment';
export const titlePaymentResponse = 'Checking your payment';
export const titleUnsuccessful = 'Your payment was unsuccessful';
export const titleConfirmation = 'Order confirmation';
export const titleManageOrder = 'Manage my order';
export const titleChart = 'Exchange rate chart';

// Calculator (spec 2.1, 5.1, 8)
export const buyTab = 'Buy travel money';
export const sellTab = 'Sell travel money';
export const noResults = 'No results found';
/** In the buy tab's currency list, beside a currency the shop only buys back. */
export const currencySellBackOnly = 'Sell back only';
export const maximumOrderValue = 'Maximum order value is £{max}';
export const amountGreaterThanZero = 'Amount should be greater than 0';
export const roundingWarning = "Due to your chosen location, we've rounded the amount to the nearest {symbol}{increment}";
export const currencyNotSellable = "Oh snap! We don't have any {currency} right now - check back soon!";
export const currencyNotBuyable = "Oh snap! We can't buy {currency} right now - check back soon!";
export const signedIn = "You're signed in!";
export const addToCart = 'Add to cart';
export const returnToCart = 'Return to cart';
export const exchangeRate = '£1 = {symbol}{rate}';
/** Under the sell tab: what selling back is, in the words of spec 1 ('sell currency back'). */
export const sellBackIntro = 'Sell your leftover currency back to us: order online, then bring it to the branch you choose.';

// Branch selection modal and branch finder (spec 2.2, 2.4, 8)
export const close = 'Close';
export const placeNotFound = 'Sorry, we could not find a location based on your search';
export const geolocationFailed = "Sorry we couldn't get your location.";
export const geolocationDenied = 'Please grant access when a dialog appears.';
export const branchEmailDisclaimer = 'Your branch may email you about your order and its collection.';

// Header cart and cart lifecycle (spec 2.3, 4.3, 8)
export const headerCartEmpty = 'No currency in your cart';
export const cartLineCount = '{count} currencies in your cart';
export const cartLineCountOne = '1 currency in your cart';
export const cartExpired = 'Cart expired';
export const cartCleared = "We've cleared your cart";
export const noCart = 'You have no cart';
export const cartFetchFailed = "We couldn't get your cart";

// More time (WCAG 2.2.1 Timing Adjustable): offered in the last 5 minutes (wording of ours)
export const needMoreTime = 'Need more time?';
export const addMoreTime = 'Add {minutes}';
export const addingMoreTime = 'Adding time';
export const moreTimeMinutes = '{count} minutes';
export const moreTimeMinute = '1 minute';
/** Said once to screen readers when the countdown enters its last 5 minutes. */
export const moreTimeWarning = 'Your cart will expire in under 5 minutes.';
export const moreTimeWarningOffer = 'Your cart will expire in under 5 minutes. Need more time? You can add {minutes}.';
export const moreTimeAdded = "We've added {minutes}. Your cart is now held until {time}.";
export const moreTimeFailed = "We couldn't add more time. Please try again.";

// Shop front labels (spec 2.1 to 2.4, 2.13): wording of ours around the spec's texts
export const transactionTypeLabel = 'What would you like to do?';
export const currencyLabel = 'Currency';
export const currencySearchPlaceholder = 'Search by code or name';
export const showCurrencies = 'Show currencies';
export const youPayGbp = 'You pay (£)';
export const youGetForeign = 'You get ({code})';
export const youSellForeign = 'You sell ({code})';
export const youReceiveGbp = 'You receive (£)';
export const deliveryOptionLabel = 'How would you like your currency?';
export const collectionBranch = 'Collection branch';
/** Sell-back: the branch is where the shopper brings the currency, not where they collect it. */
export const dropOffBranch = 'Branch to bring your currency to';
export const chooseBranch = 'Choose a branch';
export const changeBranch = 'Change branch';
export const noBranchChosen = 'No branch chosen yet';
export const gettingRate = 'Getting your rate';
export const loadingCalculator = 'Loading the calculator';
export const addingToCart = 'Adding to cart';
export const loyaltyCta = 'Sign in to get better rates';
export const reviewsSummary = 'Rated {rating} out of 5 from {count} reviews';

// Tiered rates (spec 3 rateTiers): under the rate line
export const betterRateOver = 'Better rate over {threshold}: {symbol}{rate}';
export const betterRateApplied = "You're getting our better rate for {threshold} and over";

// Branch details page (spec 2.4 'View Details'): wording of ours
export const cartButtonLabel = 'Cart, {summary}';
export const loadingCart = 'Loading your cart';

// View-cart page (spec 2.6, 5.1)
/** The spec's sentence, its '...' completed with the minimum the site sets (spec 5.1, 9). */
export const buybackTooSmall = "Your cart is too small to use the Buyback Guarantee. It's available on carts of {minimum} or more.";
export const buybackRequired = 'Please select your Buyback guarantee option';
export const refundRequired = 'Please select your Refund guarantee option';
/** Spec 5.1's sentences with the money written as money: {minSpend} is '£100', or '100 USD'. */
export const minimumSpendNotMet = 'Minimum spend of {minSpend} has not been met';
export const maximumSpendExceeded = 'Maximum spend of {maxSpend} has been exceeded';
export const buybackGuaranteeTitle = 'Buyback Guarantee';
export const refundGuaranteeTitle = 'Refund Guarantee';

// Customer information page (spec 2.8, 5.2, 8)
/** Wording of ours (the spec has none): text with a character the shop cannot keep (NUL, half an emoji). */
export const unusableCharacters = "This contains a character we can't accept. Please type it again without it.";

// Additional-identification (AML) modal (spec 4.1, 8)
/** Content without a support line: the shopper is pointed at a branch instead of a number we lack. */
export const amlSupportNoLine = 'If you have any questions, please ask at any of our branches.';

// Manage my order (/orders/find; ours)
export const manageOrderLink = 'Manage my order';

// Session (spec 4.4, 8): a refused session was replaced (docs/decisions/011); wording of ours
export const sessionEnded = "Your session ended, so we've started a new one.";
export const sessionEndedCartKept = 'Your cart is just as you left it.';
/** No session could be started (no spec text): what happened and what to do. */
export const sessionFailed = "We couldn't start your visit. Check your connection and try again.";
export const dismissNotice = 'Dismiss';

// Checkout labels (spec 2.5 to 2.12): wording of ours around the spec's texts
export const retry = 'Try again';

// Errors (spec 8)
export const somethingWentWrong = 'Something went wrong';
