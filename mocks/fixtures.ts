/**
 * Realistic answers for every route of the contract, for component tests and Storybook.
 * Dates are relative to `now` so availability reads 'today' / 'tomorrow' and the cart countdown
 * runs; pass a fixed `now` for repeatable tests.
 */
import type { CollectionBranches } from '#domain/contract/collection-switch.ts';
import type { Branch, BranchAccess, OpeningTimes, Place, LookupAddress, Store } from '#domain/contract/branches.ts';
import type { Cart, CartExists, CartLine, CheckoutResponse } from '#domain/contract/cart.ts';
import type {
  CalculatorContent,
  ChartPoint,
  CheckoutContent,
  Currency,
  Product,
  ProductId,
  QuoteResponse,
  RatesBoard,
  SiteProduct,
  SiteSettings,
} from '#domain/contract/catalogue.ts';
import type { Problem } from '#domain/contract/common.ts';
import { POPULAR_CURRENCY_CODES } from '#domain/currency-flags.ts';
import { DISPATCH_CUT_OFF, londonAt } from '#domain/cut-off.ts';
import type { CustomerInfoResult, DeliverySlot, Order, OrderLine } from '#domain/contract/order.ts';
import type { ManagedOrder } from '#domain/contract/manage-order.ts';
import type { SessionInfo } from '#domain/contract/session.ts';
import { formatMessage, serverMessages } from '#domain/messages.ts';

const DAY_MS = 86_400_000;

/** 'yyyy-MM-dd' of the UTC day `days` after now (close enough to London for fixtures). */
function isoDay(now: Date, days: number): string {
  return new Date(now.getTime() + days * DAY_MS).toISOString().slice(0, 10);
}

function base64Url(value: string): string {
  return btoa(value).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** An unsigned token with readable claims (the client reads exp, cart and order; only the server verifies). */
export function sessionToken(now: Date, claims: { cart?: string | null; order?: string | null; expiresInSeconds?: number } = {}): string {
  const payload = {
    sid: 'session-mock-1',
    site: 1,
    cart: claims.cart ?? null,
    order: claims.order ?? null,
    exp: Math.floor(now.getTime() / 1000) + (claims.expiresInSeconds ?? 3600),
  };
  return `${base64Url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }))}.${base64Url(JSON.stringify(payload))}.mock-signature`;
}

const roundUp2 = (n: number) => Math.ceil(n * 100 - 1e-9) / 100;

export const currencies: Currency[] = [
  { code: 'EUR', pluralName: 'Euros', shortName: 'Euro', symbol: '€', purchaseAllowed: true, sellBackAllowed: true, currencyRestrictions: [] },
  { code: 'USD', pluralName: 'US Dollars', shortName: 'US Dollar', symbol: '$', purchaseAllowed: true, sellBackAllowed: true, currencyRestrictions: [] },
  { code: 'AUD', pluralName: 'Australian Dollars', shortName: 'Australian Dollar', symbol: 'A$', purchaseAllowed: true, sellBackAllowed: true, currencyRestrictions: [] },
  { code: 'CAD', pluralName: 'Canadian Dollars', shortName: 'Canadian Dollar', symbol: 'C$', purchaseAllowed: true, sellBackAllowed: true, currencyRestrictions: [] },
  { code: 'CHF', pluralName: 'Swiss Francs', shortName: 'Swiss Franc', symbol: 'CHF', purchaseAllowed: true, sellBackAllowed: true, currencyRestrictions: [] },
  { code: 'JPY', pluralName: 'Japanese Yen', shortName: 'Japanese Yen', symbol: '¥', purchaseAllowed: true, sellBackAllowed: true, currencyRestrictions: [] },
  {
    code: 'TRY',
    pluralName: 'Turkish Lira',
    shortName: 'Turkish Lira',
    symbol: '₺',
    purchaseAllowed: true,
    sellBackAllowed: false,
    currencyRestrictions: [{ message: 'Turkish Lira is limited to £500 per order.' }],
  },
  { code: 'AED', pluralName: 'UAE Dirhams', shortName: 'UAE Dirham', symbol: 'AED', purchaseAllowed: false, sellBackAllowed: true, currencyRestrictions: [] },
  { code: 'THB', pluralName: 'Thai Baht', shortName: 'Thai Baht', symbol: '฿', purchaseAllowed: true, sellBackAllowed: true, currencyRestrictions: [] },
];

/** Foreign units per £1 and the branch's smallest note, by currency. */
export const rates: Readonly<Record<string, { rate: number; increment: number }>> = {
  EUR: { rate: 1.1423, increment: 5 },
  USD: { rate: 1.2561, increment: 1 },
  AUD: { rate: 1.9012, increment: 5 },
  CAD: { rate: 1.711, increment: 5 },
  CHF: { rate: 1.105, increment: 10 },
  JPY: { rate: 186.45, increment: 1000 },
  TRY: { rate: 40.1234, increment: 5 },
  AED: { rate: 4.5812, increment: 5 },
  THB: { rate: 43.87, increment: 100 },
};

export function quoteFor(code: string): QuoteResponse {
  const r = rates[code] ?? { rate: 1.5, increment: 5 };
  // As the server gives them: from £500 and £1,000 worth, the tier's amount in foreign units at its rate.
  const tier = (thresholdGbp: number, bonus: number) => {
    const rate = Math.round((r.rate * (1 + bonus)) * 10_000) / 10_000;
    return { amount: Math.ceil(thresholdGbp * rate), rate, price: Math.round((1 / rate) * 1e6) / 1e6 };
  };
  return {
    rate: r.rate,
    price: Math.round((1 / r.rate) * 1e6) / 1e6,
    increment: r.increment,
    rateTiers: [tier(500, 0.005), tier(1000, 0.01)],
  };
}

export const products: Product[] = [
  { id: 1, name: 'Home delivery', transactionType: 'sell', cartsEnabled: true },
  { id: 2, name: 'Click and collect', transactionType: 'sell', cartsEnabled: true },
  { id: 3, name: 'Sell back', transactionType: 'buy', cartsEnabled: true },
];

export const siteProducts: SiteProduct[] = [
  { siteId: 1, productId: 1, minSpend: 100, maxSpend: 2500 },
  { siteId: 1, productId: 2, minSpend: 50, maxSpend: 2500 },
  { siteId: 1, productId: 3, minSpend: 50, maxSpend: 2500 },
];

export const siteSettings: SiteSettings = {
  siteId: 1,
  name: 'Travel Money',
  isPartner: false,
  isSiteAllowed: true,
  enableSelling: true,
  showMarketingPreference: true,
  marketingDefault: false,
  showAbtaPreference: true,
  showBuybackGuarantee: true,
  showRefundGuarantee: true,
  showLoyaltyCTA: true,
  embeddedMode: false,
  defaultCurrency: 'EUR',
  maxOrderValue: 2500,
  buybackMinimum: 150,
  buyCartId: null,
  sellCartId: null,
  nextUrl: '/checkout/delivery-options',
  errorUrl: '/checkout/payment-unsuccessful',
  abandonCartUrl: '/',
  hmrcMsbNumber: 'XVML00000157019',
  support: { phone: '0808 157 0192', hours: 'Monday to Saturday, 9am to 5.30pm' },
  deliveryPrices: { nextDay: 4.99, later: 3.99 },
  identificationThreshold: 1000,
};

export const partnerSiteSettings: SiteSettings = { ...siteSettings, siteId: 2, name: 'Partner Travel Money', isPartner: true, buybackMinimum: 200 };

export const calculatorContent: CalculatorContent = {
  title: 'Buy travel money',
  sellTitle: 'Sell travel money',
  intro: 'Order by 2pm for next-day delivery, or collect from a branch near you.',
  deliveryOptionLabels: { '1': 'Home delivery', '2': 'Click and collect' },
  reviews: { rating: 4.8, count: 12873, text: 'Excellent' },
  messages: {},
};

export const checkoutContent: CheckoutContent = {
  dateOfBirthTooltip: 'We ask for your date of birth to confirm your identity.',
  dateOfBirthHelpText: 'For example, 27 03 1985',
  marketingConsentPreamble: 'We would like to send you offers and news about travel money by email.',
  marketingCheckboxLabel: 'Yes, send me offers by email',
  privacyLink: { link: '/privacy', title: 'Privacy notice' },
  additionalPrivacyLink: { link: '/cookies', title: 'Cookie policy' },
  termsLink: { link: '/terms', title: 'Terms and conditions' },
  support: { phone: '0808 157 0192', hours: 'Monday to Saturday, 9am to 5.30pm' },
  messages: {},
};

export const openingTimes: OpeningTimes = {
  mondayOpens: '09:00', mondayCloses: '17:30',
  tuesdayOpens: '09:00', tuesdayCloses: '17:30',
  wednesdayOpens: '09:00', wednesdayCloses: '17:30',
  thursdayOpens: '09:00', thursdayCloses: '19:00',
  fridayOpens: '09:00', fridayCloses: '17:30',
  saturdayOpens: '09:30', saturdayCloses: '17:00',
  sundayOpens: '11:00', sundayCloses: '16:00',
  openingTimeComment: 'Closed on bank holidays.',
};

export const closedOpeningTimes: OpeningTimes = {
  mondayOpens: null, mondayCloses: null, tuesdayOpens: null, tuesdayCloses: null,
  wednesdayOpens: null, wednesdayCloses: null, thursdayOpens: null, thursdayCloses: null,
  fridayOpens: null, fridayCloses: null, saturdayOpens: null, saturdayCloses: null,
  sundayOpens: null, sundayCloses: null,
  openingTimeComment: 'Closed for refurbishment.',
};

interface StoreSeed {
  id: number;
  name: string;
  code: string;
  lat: number;
  lon: number;
  miles: number;
  address: [string, string, string];
  postcode: string;
  /** Days until collection; null: closed this week. */
  availableInDays: number | null;
  haveCurrency: boolean;
  /** Step-free access, hearing loop, accessible toilets nearby, today's orders ready from. */
  access: [boolean, boolean, boolean, string | null];
}

const storeSeeds: StoreSeed[] = [
  { id: 12, name: 'Manchester Arndale', code: 'MAN01', lat: 53.4834, lon: -2.2389, miles: 0.4, address: ['Unit 12, Arndale Centre', 'Market Street', 'Manchester'], postcode: 'M4 3AQ', availableInDays: 0, haveCurrency: true, access: [true, true, true, '12:00'] },
  { id: 14, name: 'Manchester Piccadilly', code: 'MAN02', lat: 53.4774, lon: -2.2309, miles: 0.9, address: ['Piccadilly Station', 'Concourse', 'Manchester'], postcode: 'M60 7RA', availableInDays: 0, haveCurrency: false, access: [true, false, true, '14:00'] },
  { id: 15, name: 'Salford Quays', code: 'SAL01', lat: 53.4722, lon: -2.2974, miles: 2.6, address: ['The Lowry Outlet', 'Pier 8', 'Salford'], postcode: 'M50 3AH', availableInDays: null, haveCurrency: true, access: [false, true, true, '14:00'] },
  { id: 16, name: 'Stockport Merseyway', code: 'STK01', lat: 53.4106, lon: -2.1575, miles: 6.1, address: ['Merseyway Shopping Centre', 'Princes Street', 'Stockport'], postcode: 'SK1 1RD', availableInDays: 1, haveCurrency: true, access: [false, false, false, '15:30'] },
  { id: 17, name: 'Bolton Market Place', code: 'BOL01', lat: 53.5785, lon: -2.4299, miles: 11.3, address: ['Market Place Shopping Centre', 'Knowsley Street', 'Bolton'], postcode: 'BL1 2AL', availableInDays: 3, haveCurrency: true, access: [true, true, false, null] },
  { id: 18, name: 'Wigan Grand Arcade', code: 'WIG01', lat: 53.5448, lon: -2.6318, miles: 16.8, address: ['Grand Arcade', 'Millgate', 'Wigan'], postcode: 'WN1 1BH', availableInDays: 2, haveCurrency: true, access: [true, false, true, '13:00'] },
  { id: 19, name: 'Warrington Golden Square', code: 'WAR01', lat: 53.3900, lon: -2.5930, miles: 17.5, address: ['Golden Square', 'Horsemarket Street', 'Warrington'], postcode: 'WA1 1QB', availableInDays: 1, haveCurrency: true, access: [false, true, false, '14:00'] },
];

function storeFrom(seed: StoreSeed, now: Date): Store {
  const closed = seed.availableInDays === null;
  return {
    id: seed.id,
    name: seed.name,
    brand: 'tm',
    brandName: 'Travel Money',
    branchCode: seed.code,
    isMeta: false,
    branchType: 'branch',
    latitude: seed.lat,
    longitude: seed.lon,
    distanceInMiles: seed.miles,
    availableFrom: closed ? null : isoDay(now, seed.availableInDays ?? 0),
    haveCurrency: seed.haveCurrency,
    isBuyTransaction: false,
    haveNoOpeningTimes: false,
    url: `/branches/${seed.code.toLowerCase()}`,
    address: { address1: seed.address[0], address2: seed.address[1], address3: seed.address[2], address4: null, postcode: seed.postcode },
    openingTimes: closed ? closedOpeningTimes : openingTimes,
    ...accessOf(seed.access),
  };
}

function accessOf([stepFree, hearingLoop, accessibleToiletsNearby, ordersReadyFrom]: StoreSeed['access']): BranchAccess {
  return { stepFree, hearingLoop, accessibleToiletsNearby, ordersReadyFrom };
}

function branchFrom(store: Store): Branch {
  const days = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'] as const;
  const times = store.openingTimes ?? closedOpeningTimes;
  return {
    id: store.id,
    name: store.name,
    brand: store.brand,
    brandName: store.brandName,
    branchCode: store.branchCode,
    url: store.url,
    latitude: store.latitude ?? 0,
    longitude: store.longitude ?? 0,
    address: store.address,
    openingTimes: days.map((day, dayOfWeek) => {
      const openTime = times[`${day}Opens`];
      const closeTime = times[`${day}Closes`];
      return { dayOfWeek, isOpen: openTime !== null, openTime, closeTime };
    }),
    openingTimeComment: times.openingTimeComment ?? null,
    stepFree: store.stepFree,
    hearingLoop: store.hearingLoop,
    accessibleToiletsNearby: store.accessibleToiletsNearby,
    ordersReadyFrom: store.ordersReadyFrom,
  };
}

function lineFor(code: string, qty: number, id: string): CartLine {
  const c = currencies.find((x) => x.code === code) ?? currencies[0]!;
  const r = rates[code] ?? { rate: 1.5, increment: 5 };
  return {
    id,
    currency: { code: c.code, pluralName: c.pluralName, symbol: c.symbol },
    qty,
    rate: r.rate,
    total: roundUp2(qty / r.rate),
    increment: r.increment,
  };
}

/** Adds the lines and the chosen guarantee fees (£4 and £3) into the cart's totals. */
export function withTotals(cart: Cart): Cart {
  const linesTotal = Math.round(cart.lines.reduce((sum, l) => sum + l.total, 0) * 100) / 100;
  const fees = (cart.buyBackGuarantee ? 4 : 0) + (cart.refundGuarantee ? 3 : 0);
  return { ...cart, linesTotal, total: Math.round((linesTotal + fees) * 100) / 100, currencyCode: cart.lines[0]?.currency.code ?? null };
}

export interface CartOptions {
  productId?: ProductId;
  storeId?: number;
  lines?: { code: string; qty: number }[];
  expiresInSeconds?: number;
  /** "Need more time?" extensions still allowed (2 unless said). */
  extensionsLeft?: number;
  buyBackGuarantee?: boolean | null;
  refundGuarantee?: boolean | null;
}

export function makeCart(now: Date, options: CartOptions = {}): Cart {
  const productId = options.productId ?? 2;
  const lines = (options.lines ?? [
    { code: 'EUR', qty: 500 },
    { code: 'USD', qty: 300 },
  ]).map((l, i) => lineFor(l.code, l.qty, `line-${i + 1}`));
  return withTotals({
    id: 'cart-1',
    siteId: 1,
    product: { id: productId, transactionType: productId === 3 ? 'buy' : 'sell' },
    store: { id: options.storeId ?? (productId === 1 ? 1 : 12) },
    lines,
    total: 0,
    linesTotal: 0,
    expiresAt: new Date(now.getTime() + (options.expiresInSeconds ?? 18 * 60 + 45) * 1000).toISOString(),
    extensionsLeft: options.extensionsLeft ?? 2,
    extensionMinutes: 30,
    buyBackGuarantee: options.buyBackGuarantee ?? null,
    refundGuarantee: options.refundGuarantee ?? null,
    affiliateCode: null,
    currencyCode: null,
  });
}

function orderLines(cart: Cart): OrderLine[] {
  return cart.lines.map((l) => ({
    currency: { code: l.currency.code, name: l.currency.pluralName, symbol: l.currency.symbol },
    price: Math.round((1 / l.rate) * 1e6) / 1e6,
    rate: l.rate,
    qty: l.qty,
    total: l.total,
  }));
}

export function makeOrder(now: Date, cart: Cart, overrides: Partial<Order> = {}): Order {
  const collect = cart.product.id === 2;
  const names: Record<ProductId, string> = { 1: 'Home delivery', 2: 'Click and collect', 3: 'Sell back' };
  return {
    id: 'order-1',
    externalOrderId: 'TM-100042',
    cartId: cart.id,
    siteId: 1,
    product: { id: cart.product.id, name: names[cart.product.id] },
    state: { value: 0 },
    lines: orderLines(cart),
    total: cart.total,
    expiresAt: cart.expiresAt,
    createdAt: now.toISOString(),
    deliverySlot: null,
    store: collect
      ? { id: 12, isMeta: false, brand: 'tm', brandName: 'Travel Money', name: 'Manchester Arndale' }
      : { id: 1, isMeta: true, brand: 'tm', brandName: 'Travel Money', name: 'Home delivery' },
    deliveryAddress: null,
    customer: null,
    buyBackGuarantee: cart.buyBackGuarantee ?? false,
    refundGuarantee: cart.refundGuarantee ?? false,
    ClickAndCollect: collect,
    paymentAttempt: null,
    ...overrides,
  };
}

export const customer: NonNullable<Order['customer']> = {
  title: null,
  firstName: 'Jane',
  lastName: "O'Connor",
  address: {
    houseNameNumber: '14',
    addressLine1: 'Deansgate',
    addressLine2: null,
    townCity: 'Manchester',
    postcodeZip: 'M3 2BW',
    country: 'United Kingdom',
  },
  dateOfBirth: '1985-03-27',
  email: 'jane.oconnor@example.co.uk',
  phoneNumber: '07700 900123',
};

export function makeSlots(now: Date): DeliverySlot[] {
  return [
    // Today's collection cut-off has passed: tomorrow's holds until an hour before closing.
    { id: 'slot-1', date: isoDay(now, 1), price: 0, isInStock: true, isFirstDay: true, deliveryMethodName: 'Collect from 10am', orderBy: londonAt(isoDay(now, 1), '16:30').toISOString() },
    { id: 'slot-2', date: isoDay(now, 2), price: 0, isInStock: false, isFirstDay: false, deliveryMethodName: 'Collect from 2pm' },
    { id: 'slot-3', date: isoDay(now, 3), price: 0, isInStock: true, isFirstDay: false, deliveryMethodName: 'Collect from 10am' },
    { id: 'slot-4', date: isoDay(now, 4), price: 0, isInStock: true, isFirstDay: false, deliveryMethodName: 'Collect from 10am' },
  ];
}

export function makeHomeDeliverySlots(now: Date): DeliverySlot[] {
  return [
    // Sent today when ordered by 2pm.
    { id: 'hd-1', date: isoDay(now, 1), price: 4.99, isInStock: true, isFirstDay: true, deliveryMethodName: 'Next working day delivery', orderBy: londonAt(isoDay(now, 0), DISPATCH_CUT_OFF).toISOString() },
    { id: 'hd-2', date: isoDay(now, 2), price: 4.99, isInStock: true, isFirstDay: false, deliveryMethodName: 'Standard delivery' },
    { id: 'hd-3', date: isoDay(now, 3), price: 0, isInStock: true, isFirstDay: false, deliveryMethodName: 'Free standard delivery' },
  ];
}

/** Daily EUR-per-GBP style rates for a year, oldest first; inverted gives GBP per unit. */
export function makeChartPoints(now: Date, code = 'EUR', inverted = false, days = 366): ChartPoint[] {
  const base = rates[code]?.rate ?? 1.5;
  return Array.from({ length: days }, (_, i) => {
    const t = days - 1 - i;
    const rate = base * (1 + 0.02 * Math.sin(t / 9) + 0.01 * Math.cos(t / 3.7));
    const value = inverted ? 1 / rate : rate;
    return { date: isoDay(now, -t), rate: Math.round(value * 1e6) / 1e6 };
  });
}

export const places: Place[] = [
  { name: 'Manchester', region: 'Greater Manchester', latitude: 53.4808, longitude: -2.2426 },
  { name: 'Manchester Airport', region: 'Greater Manchester', latitude: 53.3588, longitude: -2.2727 },
  { name: 'Leeds', region: 'West Yorkshire', latitude: 53.7997, longitude: -1.5492 },
  { name: 'London', region: 'Greater London', latitude: 51.5072, longitude: -0.1276 },
  { name: 'Edinburgh', region: 'City of Edinburgh', latitude: 55.9533, longitude: -3.1883 },
];

export const addresses: LookupAddress[] = [
  { houseNameNumber: '14', addressLine1: 'Deansgate', addressLine2: '', townCity: 'Manchester', postcodeZip: 'M3 2BW' },
  { houseNameNumber: '16', addressLine1: 'Deansgate', addressLine2: '', townCity: 'Manchester', postcodeZip: 'M3 2BW' },
  { houseNameNumber: 'Flat 2, 18', addressLine1: 'Deansgate', addressLine2: 'Spinningfields', townCity: 'Manchester', postcodeZip: 'M3 2BW' },
];

export const problems = {
  notFound: { type: 'about:blank', title: 'Not found', status: 404, detail: 'The session has no open cart.' },
  unauthorized: { type: 'about:blank', title: 'Unauthorized', status: 401, detail: 'The session token is missing or has expired.' },
  server: { type: 'about:blank', title: 'Something went wrong', status: 500, detail: 'Please try again in a moment.', requestId: 'req-mock-1' },
  quoteUnavailable: { type: 'about:blank', title: 'Rate unavailable', status: 422, detail: 'We could not get a rate for this branch right now.' },
  validation: {
    type: 'about:blank',
    title: 'Some details need fixing',
    status: 422,
    detail: 'Please check the highlighted fields.',
    errors: { 'lines[0].qty': 'Amount should be greater than 0' },
  },
  extensionLimit: {
    type: 'cart-extension-limit',
    title: serverMessages.moreTimeLimitTitle,
    status: 409,
    detail: formatMessage(serverMessages.moreTimeLimitDetail, { limit: 'twice' }),
  },
} satisfies Record<string, Problem>;

export interface Fixtures {
  now: Date;
  token: string;
  sessionInfo: SessionInfo;
  currencies: Currency[];
  products: Product[];
  siteProducts: SiteProduct[];
  siteSettings: SiteSettings;
  calculatorContent: CalculatorContent;
  checkoutContent: CheckoutContent;
  /** The site's meta store (home delivery) first, then branches. */
  stores: Store[];
  metaStore: Store;
  openStore: Store;
  noStockStore: Store;
  closedStore: Store;
  branches: Branch[];
  cart: Cart;
  cartExists: CartExists;
  sellBackCart: Cart;
  homeDeliveryCart: Cart;
  emptyCart: Cart;
  checkout: CheckoutResponse;
  order: Order;
  completedOrder: Order;
  /** The completed order as manage my order finds it: changeable, with the branch's other dates. */
  managedOrder: ManagedOrder;
  slots: DeliverySlot[];
  homeDeliverySlots: DeliverySlot[];
  customerInfoResult: CustomerInfoResult;
  /** Issue 45 part 1: the branches a home delivery may be collected from instead (cards failing). */
  collectionBranches: CollectionBranches;
  paymentUrl: string;
  places: Place[];
  addresses: LookupAddress[];
  chart: ChartPoint[];
  ratesBoard: RatesBoard;
}

/** The home page's rates board as the server builds it: the popular currencies, a month of mid rates each. */
export function makeRatesBoard(now: Date): RatesBoard {
  return {
    date: isoDay(now, 0),
    sample: false,
    currencies: POPULAR_CURRENCY_CODES.map((code) => {
      const currency = currencies.find((c) => c.code === code);
      const mid = rates[code]?.rate ?? 1.5;
      return {
        code,
        pluralName: currency?.pluralName ?? code,
        buyRate: Math.floor(mid * 0.97 * 1e4) / 1e4,
        sellBackRate: code === 'THB' ? null : Math.ceil(mid * 1.06 * 1e4) / 1e4,
        history: makeChartPoints(now, code, false, 31),
      };
    }),
  };
}

export function makeFixtures(now: Date = new Date()): Fixtures {
  const branches = storeSeeds.map((s) => storeFrom(s, now));
  const metaStore: Store = {
    ...storeFrom({ ...storeSeeds[0]!, id: 1, name: 'Home delivery', code: 'WEB', miles: 0, availableInDays: 1 }, now),
    isMeta: true,
    branchType: 'online',
    distanceInMiles: null,
    latitude: null,
    longitude: null,
    haveNoOpeningTimes: true,
    openingTimes: null,
    url: '/',
  };
  const cart = makeCart(now);
  const slots = makeSlots(now);
  const completedSlot = slots[0]!;
  const completedOrder = makeOrder(now, cart, {
    state: { value: 18 },
    deliverySlot: { date: completedSlot.date, price: completedSlot.price, deliveryMethodName: completedSlot.deliveryMethodName },
    customer,
    buyBackGuarantee: true,
    paymentAttempt: { success: true },
  });
  return {
    now,
    token: sessionToken(now, { cart: cart.id, order: 'order-1' }),
    sessionInfo: { hasProfile: false },
    currencies,
    products,
    siteProducts,
    siteSettings,
    calculatorContent,
    checkoutContent,
    stores: [metaStore, ...branches],
    metaStore,
    openStore: branches[0]!,
    noStockStore: branches[1]!,
    closedStore: branches[2]!,
    branches: branches.map(branchFrom),
    cart,
    cartExists: { id: cart.id, productId: cart.product.id, expiresAt: cart.expiresAt },
    sellBackCart: makeCart(now, { productId: 3, lines: [{ code: 'USD', qty: 240 }] }),
    homeDeliveryCart: makeCart(now, { productId: 1, lines: [{ code: 'EUR', qty: 750 }] }),
    emptyCart: makeCart(now, { lines: [] }),
    checkout: { orderId: 'order-1', externalOrderId: 'TM-100042' },
    order: makeOrder(now, cart),
    completedOrder,
    managedOrder: {
      order: completedOrder,
      access: 'order-1.4102444800000.signature',
      changeBy: londonAt(completedSlot.date).toISOString(),
      cancelledAt: null,
      refusal: null,
      refundAmount: completedOrder.total,
      collectionDates: slots.slice(1).map(({ orderBy: _orderBy, ...slot }) => slot),
      // No step recorded: the page shows no timeline (the stories of its journey add theirs).
      timeline: [],
    },
    slots,
    homeDeliverySlots: makeHomeDeliverySlots(now),
    customerInfoResult: { showAMLPopup: false, state: { value: 3 } },
    collectionBranches: {
      near: customer.address.postcodeZip,
      items: branches.slice(0, 2).map((store, i) => ({
        storeId: store.id,
        name: store.name,
        address: [store.address.address1, store.address.address4, store.address.postcode].filter((part): part is string => typeof part === 'string' && part.length > 0),
        distanceInMiles: [0.4, 2.7][i] ?? null,
        availableFrom: slots[0]?.date ?? null,
        // The cart's lines and guarantees, no delivery charge; the second branch's rate a little better.
        total: Math.round((cart.total - [0, 0.62][i]!) * 100) / 100,
      })),
    },
    paymentUrl: 'http://localhost:3002/pay/session-mock-1',
    places,
    addresses,
    chart: makeChartPoints(now),
    ratesBoard: makeRatesBoard(now),
  };
}

/** Fixtures for "now"; use makeFixtures(fixedDate) in tests that print dates. */
export const fixtures = makeFixtures();
