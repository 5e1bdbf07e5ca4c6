/**
 * Products, sites with their settings, spend limits, pricing knobs and content blocks.
 *
 * Pricing (see services/rates.ts): the customer buys at mid * (1 - margin) foreign units per £1
 * and sells back at mid * (1 + margin); margin = product margin + currency extra margin, less the
 * loyalty cut for a visitor with a loyalty profile, less the affiliate's share, less the tier cut
 * once the amount reaches a tier.
 */
import type { CalculatorContent, CheckoutContent } from '#domain/contract/catalogue.ts';

export const seedProducts = [
  { id: 1, name: 'Home delivery', transactionType: 'sell' as const, cartsEnabled: true, margin: 0.04, loyaltyMarginCut: 0.01 },
  { id: 2, name: 'Click and collect', transactionType: 'sell' as const, cartsEnabled: true, margin: 0.03, loyaltyMarginCut: 0.01 },
  { id: 3, name: 'Sell back', transactionType: 'buy' as const, cartsEnabled: true, margin: 0.06, loyaltyMarginCut: 0.01 },
];

export const seedSites = [
  {
    id: 1,
    name: 'Travel Money Shop',
    isPartner: false,
    isSiteAllowed: true,
    enableSelling: true,
    showMarketingPreference: true,
    // Both sites' checkbox is an opt-in ('Yes, I would like to receive offers by email'), and UK
    // consent rules do not count a pre-ticked opt-in as consent: it starts unticked.
    marketingDefault: false,
    showAbtaPreference: true,
    showBuybackGuarantee: true,
    showRefundGuarantee: true,
    showLoyaltyCta: true,
    embeddedMode: false,
    defaultCurrency: 'EUR',
    maxOrderValue: 2500,
    buybackMinimum: 150,
    defaultStoreId: 1,
    nextUrl: null,
    errorUrl: null,
    abandonCartUrl: '/',
    hmrcMsbNumber: 'XVML00000157019',
    // A number from Ofcom's range kept for drama and examples, so no real line is ever called.
    supportPhone: '0808 157 0192',
    supportHours: 'Monday to Saturday, 9am to 5.30pm',
  },
  {
    id: 2,
    name: 'High Street Bureau (partner)',
    isPartner: true,
    isSiteAllowed: false,
    enableSelling: false,
    showMarketingPreference: false,
    marketingDefault: false,
    showAbtaPreference: false,
    showBuybackGuarantee: true,
    showRefundGuarantee: false,
    showLoyaltyCta: false,
    embeddedMode: true,
    defaultCurrency: 'USD',
    maxOrderValue: 2000,
    buybackMinimum: 200,
    defaultStoreId: 2,
    nextUrl: null,
    errorUrl: null,
    abandonCartUrl: '/',
    hmrcMsbNumber: 'XQML00000157034',
    supportPhone: '0808 157 0347',
    supportHours: 'Monday to Friday, 9am to 5pm',
  },
];

export const seedSiteProducts = [
  { siteId: 1, productId: 1, minSpend: 100, maxSpend: 2500 },
  { siteId: 1, productId: 2, minSpend: 50, maxSpend: 2500 },
  { siteId: 1, productId: 3, minSpend: 20, maxSpend: 5000 },
  { siteId: 2, productId: 1, minSpend: 150, maxSpend: 2000 },
  { siteId: 2, productId: 2, minSpend: 100, maxSpend: 2000 },
];

export const seedAffiliates = [
  { code: 'PARTNER10', name: 'Partner offer: a tenth off our margin', marginDiscount: 0.1, active: true },
  { code: 'TRAVELCLUB', name: 'Travel club members: a quarter off our margin', marginDiscount: 0.25, active: true },
  { code: 'EXPIRED5', name: 'A past promotion', marginDiscount: 0.05, active: false },
];

/** Better rates from £500 and from £1000 worth, for every product. */
export const seedRateTiers = [1, 2, 3].flatMap((productId) => [
  { productId, thresholdGbp: 500, marginCut: 0.005 },
  { productId, thresholdGbp: 1000, marginCut: 0.01 },
]);

/** Tokens of the old system, recognised for a one-off exchange (any `legacy.<id>` is accepted). */
export const seedLegacyTokens = [
  { token: 'legacy.demo-loyalty-member', hasProfile: true },
  { token: 'legacy.demo-visitor', hasProfile: false },
];

const calculator: CalculatorContent = {
  title: 'Buy travel money',
  sellTitle: 'Sell travel money',
  intro: 'Order online for home delivery or collect from one of our branches.',
  deliveryOptionLabels: { '1': 'Home delivery', '2': 'Click and collect' },
  reviews: { rating: 4.8, count: 12873, text: 'Excellent' },
  messages: {},
};

const checkout: CheckoutContent = {
  dateOfBirthTooltip: 'We ask for your date of birth to confirm your identity when you collect or receive your currency.',
  dateOfBirthHelpText: 'You must be 18 or over to place an order.',
  marketingConsentPreamble:
    "We'd like to send you our best rates, offers and travel tips by email. You can unsubscribe at any time.",
  marketingCheckboxLabel: 'Yes, I would like to receive offers by email',
  privacyLink: { link: '/privacy-policy', title: 'Privacy policy' },
  additionalPrivacyLink: { link: '/cookie-policy', title: 'Cookie policy' },
  termsLink: { link: '/terms-and-conditions', title: 'Terms and conditions' },
  // A number from Ofcom's range kept for drama and examples, so no real line is ever called.
  support: { phone: '0808 157 0192', hours: 'Monday to Saturday, 9am to 5.30pm' },
  messages: {},
};

/** Site 2 (partner) has its own wording; the content routes take ?siteId=2. */
const partnerCalculator: CalculatorContent = {
  title: 'Order your holiday money',
  sellTitle: 'Sell your leftover currency',
  intro: 'Brought to you by High Street Bureau, in partnership with Travel Money Shop.',
  deliveryOptionLabels: { '1': 'Delivered to your door', '2': 'Collect in store' },
  messages: {
    currencyNotSellable: "Sorry, {currency} are out of stock right now - please check back soon!",
  },
};

const partnerCheckout: CheckoutContent = {
  ...checkout,
  marketingConsentPreamble: 'High Street Bureau would like to keep you posted about offers by email.',
  marketingCheckboxLabel: 'Yes, keep me posted',
  privacyLink: { link: '/partner/privacy', title: 'High Street Bureau privacy notice' },
  additionalPrivacyLink: null,
  termsLink: { link: '/partner/terms', title: 'High Street Bureau terms' },
  support: { phone: '0808 157 0347', hours: 'Monday to Friday, 9am to 5pm' },
};

export const seedContent = [
  { key: 'calculator', body: calculator },
  { key: 'checkout', body: checkout },
  { key: 'calculator:2', body: partnerCalculator },
  { key: 'checkout:2', body: partnerCheckout },
];
