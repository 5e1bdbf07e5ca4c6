/**
 * The texts the calculator page shows after its first paint, with parts that load in chunks of
 * their own: the home page's panels under the hero (trust, delivery facts, the rates board) and the
 * calculator's cut-off line ("Order within 2 h 14 m for delivery on Tuesday 25 November"). The
 * checkout and the chart page show some of them too (the cut-off line, sample rates, the support
 * line). Kept out of pages.ts, which the calculator page would otherwise load whole for them, and
 * out of first-page.ts, which its first paint does not need them in. See first-page.ts.
 */

// Home page: trust signals, delivery facts
export const trustHeading = 'Why shoppers trust us';
export const securePayment = 'Card payments are taken on a secure page by our payment provider; we never see your card number.';
/** With the support line's phone and hours; also in the identification modal of the checkout. */
export const amlSupport = 'If you have any questions, please call our support line on {phone} ({hours}).';
export const factsHeading = 'Delivery and collection';
export const factNextDelivery = 'Order now for home delivery as soon as {date}';
export const factDeliveryPrices = 'Home delivery {nextDay} next working day, {later} on a later date';
export const factFreeCollection = 'Click and collect from a branch near you: free';
export const factSellBack = 'Sell back leftover currency at any of our branches';

// Home page: popular currencies and the rates board
export const popularHeading = 'Popular currencies';
export const popularRateChart = 'rate chart';
export const ratesBoardCaption = 'Today\'s rates for £1: home delivery, and selling back at a branch. The line shows the last month.';
export const ratesBoardBuy = 'You buy';
export const ratesBoardSellBack = 'You sell back';
export const ratesBoardNotTraded = 'Not available';
export const ratesBoardTrendUp = 'Up {percent}% over the last month';
export const ratesBoardTrendDown = 'Down {percent}% over the last month';
export const ratesBoardTrendFlat = 'Unchanged over the last month';
/** The demo's rates (its bundled sample history), on the rates board and the chart page. */
export const sampleRates = 'Sample rates';

// The cut-off line, in the calculator and on the delivery step
export const cutOffDelivery = 'Order within {time} for delivery on {date}';
export const cutOffCollection = 'Order within {time} for collection from {date}';
export const timeLeftDays = '{days} d {hours} h';
export const timeLeftHours = '{hours} h {minutes} m';
export const timeLeftMinutes = '{minutes} m';
