/**
 * Every path of spec section 7, relative to the configured API base. `pattern` is the server's
 * route pattern; `url(...)` builds the concrete path for the client. Query strings are built by
 * the caller from the documented parameters.
 *
 * Every answer of the API is personal (`Cache-Control: no-store`: it may carry a shopper's data or
 * a key) unless its route is one of the shared reads in ./shared-routes.ts. A new route is
 * personal until listed there.
 */
const enc = encodeURIComponent;

/** The routes the first page calls: the session, the catalogue, the branches and what the details form sends as the shopper goes. */
export const firstPageApiRoutes = {
  // 7.1 Session
  sessionToken: { method: 'GET', pattern: '/session/:siteId/token', url: (siteId: number) => `/session/${siteId}/token` },
  sessionCreate: { method: 'POST', pattern: '/session/:siteId', url: (siteId: number) => `/session/${siteId}` },
  sessionInfo: { method: 'GET', pattern: '/session/:siteId', url: (siteId: number) => `/session/${siteId}` },
  /** A browser navigation, not a fetch: query returnUrl (/?signedIn) and a single-use sign-in code. */
  loyaltySignIn: { method: 'GET', pattern: '/session/:siteId/loyalty-signin', url: (siteId: number) => `/session/${siteId}/loyalty-signin` },
  /** With the bearer: a short-lived, single-use sign-in code and the address to go to with it. */
  loyaltySignInStart: {
    method: 'POST',
    pattern: '/session/:siteId/loyalty-signin/code',
    url: (siteId: number) => `/session/${siteId}/loyalty-signin/code`,
  },

  // 7.2 Catalogue, rates and content
  quote: {
    method: 'GET',
    pattern: '/api/sites/:siteId/stores/:storeId/products/:productId/rates/currency/:currency',
    url: (siteId: number, storeId: number, productId: number, currency: string) =>
      `/api/sites/${siteId}/stores/${storeId}/products/${productId}/rates/currency/${enc(currency)}`,
  },
  currencies: { method: 'GET', pattern: '/api/currencies', url: () => '/api/currencies' },
  products: { method: 'GET', pattern: '/api/products', url: () => '/api/products' },
  siteProducts: { method: 'GET', pattern: '/api/sites/:siteId/products', url: (siteId: number) => `/api/sites/${siteId}/products` },
  calculatorContent: { method: 'GET', pattern: '/api/content/calculator', url: () => '/api/content/calculator' },
  checkoutContent: { method: 'GET', pattern: '/api/content/checkout', url: () => '/api/content/checkout' },
  /** The home page's rates board (not in the spec: the shop's own). */
  ratesBoard: { method: 'GET', pattern: '/api/sites/:siteId/rates-board', url: (siteId: number) => `/api/sites/${siteId}/rates-board` },
  siteSettings: { method: 'GET', pattern: '/api/sites/getsitesettings', url: (id: number) => `/api/sites/getsitesettings?id=${id}` },
  // 7.3 Branches
  defaultStore: { method: 'GET', pattern: '/api/sites/:siteId/stores/default', url: (siteId: number) => `/api/sites/${siteId}/stores/default` },
  branchByCode: { method: 'GET', pattern: '/branches/:branchCode', url: (code: string) => `/branches/${enc(code)}` },
  metaStores: { method: 'GET', pattern: '/api/sites/:siteId/stores', url: (siteId: number) => `/api/sites/${siteId}/stores` },
  store: { method: 'GET', pattern: '/api/sites/:siteId/stores/:id', url: (siteId: number, id: number) => `/api/sites/${siteId}/stores/${id}` },
  storeOpeningTimes: {
    method: 'GET',
    pattern: '/api/sites/:siteId/stores/:id/opening-times',
    url: (siteId: number, id: number) => `/api/sites/${siteId}/stores/${id}/opening-times`,
  },
  storeAddress: {
    method: 'GET',
    pattern: '/api/sites/:siteId/stores/:id/address',
    url: (siteId: number, id: number) => `/api/sites/${siteId}/stores/${id}/address`,
  },
  /** The demo address lookup behind the customer form's address search. */
  addressLookup: { method: 'GET', pattern: '/api/address-lookup', url: (postcode: string) => `/api/address-lookup?postcode=${enc(postcode)}` },

  // 7.5 Order: what the details form sends as the shopper goes (its code comes with the first page)
  gaInfo: { method: 'PUT', pattern: '/api/order/ga-info', url: () => '/api/order/ga-info' },
  /** The address the shopper left the email field with: the basket link, if they break off (spec 4.6's note; ours). */
  basketEmail: { method: 'PUT', pattern: '/api/order/basket-email', url: () => '/api/order/basket-email' },
} as const satisfies Record<string, ApiRoute & { url: (...args: never[]) => string }>;

/** A route as the table describes it. */
export interface ApiRoute {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  pattern: string;
}

/** The shop's own pages (spec 2.14), on the app's origin. */
export const appPaths = {
  home: '/',
  /** The calculator page that opens on the sell tab (spec 4.2: the sell-travel-money page type). */
  sellTravelMoney: '/sell-travel-money',
  branches: '/branches',
  /** One branch's page (the branch url the API gives: /branches/{branchCode}). */
  branchDetails: '/branches/:branchCode',
  viewCart: '/checkout/view-cart',
  sellViewCart: '/selling/view-cart',
  deliveryOptions: '/checkout/delivery-options',
  customerInformation: '/checkout/customer-information',
  payment: '/checkout/payment',
  paymentResponse: '/checkout/payment-response',
  paymentUnsuccessful: '/checkout/payment-unsuccessful',
  confirmation: '/checkout/order-confirmation',
  embeddedCalculator: '/embed/calculator',
  /** Manage my order: find a paid order, cancel it or move its collection date (ours). */
  manageOrder: '/orders/find',
  /** The footer's pages (the checkout content's privacy, cookie and terms links lead here too). */
  faq: '/help',
  terms: '/terms-and-conditions',
  privacy: '/privacy-policy',
  cookies: '/cookie-policy',
} as const;

/** The session token header and the site the shop runs as unless configured otherwise. */
export const AUTH_HEADER = 'Authorization';
/**
 * A renewed session token, answered by an authorised call that moved the session to another cart
 * or order (or whose token named a cart or order the session no longer has): the token's claims
 * then say again which cart the session has (spec 3), so a page knows without asking.
 */
export const SESSION_TOKEN_HEADER = 'Session-Token';
export const bearer = (token: string) => `Bearer ${token}`;

/** A read the app host writes into the page: its route and the path the client builds for it. */
export interface PreloadedRead {
  route: PreloadedRoute;
  path: string;
}
export type PreloadedRoute =
  | 'siteSettings'
  | 'siteProducts'
  | 'products'
  | 'currencies'
  | 'calculatorContent'
  | 'checkoutContent'
  | 'defaultStore'
  | 'ratesBoard'
  | 'quote'
  | 'chart';

/**
 * The public reads every page of the site starts with (settings, catalogue, content, the default
 * branch), as the client builds their paths: the app host answers them inside the page, so the
 * first screen needs no round trip for them (for a minute; then the client asks the API). The
 * host adds the calculator's first quote, which it reads from these (server/app-host.ts).
 */
export function preloadedReadPaths(siteId: number): PreloadedRead[] {
  const read = (route: PreloadedRoute, path: string): PreloadedRead => ({ route, path });
  return [
    read('siteSettings', firstPageApiRoutes.siteSettings.url(siteId)),
    read('siteProducts', firstPageApiRoutes.siteProducts.url(siteId)),
    read('products', firstPageApiRoutes.products.url()),
    read('currencies', firstPageApiRoutes.currencies.url()),
    read('calculatorContent', firstPageApiRoutes.calculatorContent.url()),
    read('checkoutContent', firstPageApiRoutes.checkoutContent.url()),
    read('defaultStore', firstPageApiRoutes.defaultStore.url(siteId)),
    read('ratesBoard', firstPageApiRoutes.ratesBoard.url(siteId)),
  ];
}
