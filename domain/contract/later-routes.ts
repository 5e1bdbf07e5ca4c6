/**
 * The routes only the pages and actors loaded on demand call (the cart, the chart, the branch
 * finder's searches, the order and its payment, manage my order, the notes you want): kept apart
 * from ./routes.ts's so the first page's code does not carry them. ./api-routes.ts's `apiRoutes`
 * holds both.
 */
import type { ApiRoute } from './routes.ts';

const enc = encodeURIComponent;

export const laterApiRoutes = {
  // 7.4 Cart (its code loads when the session has a cart, a line is added or a page shows it)
  cartExists: { method: 'GET', pattern: '/cart', url: () => '/cart' },
  cart: { method: 'GET', pattern: '/api/cart', url: () => '/api/cart' },
  cartCreate: { method: 'POST', pattern: '/cart', url: () => '/cart' },
  cartAdd: { method: 'POST', pattern: '/api/cart/add', url: () => '/api/cart/add' },
  cartLineUpdate: { method: 'PUT', pattern: '/api/cart/line/:id', url: (id: string) => `/api/cart/line/${enc(id)}` },
  cartLineDelete: { method: 'DELETE', pattern: '/api/cart/line/:id', url: (id: string) => `/api/cart/line/${enc(id)}` },
  cartBuyback: { method: 'GET', pattern: '/api/cart/buyback', url: (isBuyBack: boolean) => `/api/cart/buyback?isBuyBack=${isBuyBack}` },
  cartRefund: { method: 'GET', pattern: '/api/cart/refund', url: (isRefund: boolean) => `/api/cart/refund?isRefund=${isRefund}` },
  cartRecreate: { method: 'GET', pattern: '/api/cart/recreatewebcart', url: (id: string) => `/api/cart/recreatewebcart?id=${enc(id)}` },
  cartAbandon: { method: 'DELETE', pattern: '/cart', url: () => '/cart' },
  cartCheckout: { method: 'POST', pattern: '/cart/checkout', url: () => '/cart/checkout' },
  /** "Need more time?": the cart's hold extended by its TTL (ours, not in spec 7.4). */
  cartExtend: { method: 'POST', pattern: '/api/cart/extend', url: () => '/api/cart/extend' },

  currencyConverter: {
    method: 'GET',
    pattern: '/api/currency-converter/:code',
    url: (code: string, inverted: boolean) => `/api/currency-converter/${enc(code.toLowerCase())}?inverted=${inverted}`,
  },

  // 7.3 The branch finder's searches (its code loads when the finder or the branch chooser opens)
  nearbyStores: { method: 'POST', pattern: '/api/sites/:siteId/stores/nearby', url: (siteId: number) => `/api/sites/${siteId}/stores/nearby` },
  nearbyBranches: { method: 'POST', pattern: '/api/branches/nearby', url: () => '/api/branches/nearby' },

  /** The embedded place search standing in for the maps autocomplete (country gb). */
  places: { method: 'GET', pattern: '/api/places', url: (q: string) => `/api/places?q=${enc(q)}` },

  // 7.5 Order and payment
  order: { method: 'GET', pattern: '/api/order', url: () => '/api/order' },
  deliverySlots: { method: 'GET', pattern: '/api/order/delivery-slots', url: () => '/api/order/delivery-slots' },
  deliverySlot: { method: 'PUT', pattern: '/api/order/delivery-slot', url: () => '/api/order/delivery-slot' },
  customerInfo: { method: 'PUT', pattern: '/api/order/customer-info', url: () => '/api/order/customer-info' },
  /** The basket email's one-click opt-out (signed link; POST too, for List-Unsubscribe-Post). */
  emailOptOut: { method: 'GET', pattern: '/api/emails/opt-out', url: () => '/api/emails/opt-out' },
  /** "Email me when 1 GBP buys {rate} {code} or more" from the chart page (ours). */
  rateAlert: { method: 'POST', pattern: '/api/rate-alerts', url: () => '/api/rate-alerts' },
  /** A new rate alert's confirmation link (signed): GET shows a page with a button, which POSTs here. */
  rateAlertConfirm: { method: 'GET', pattern: '/api/rate-alerts/:id/confirm', url: (id: string) => `/api/rate-alerts/${encodeURIComponent(id)}/confirm` },
  /** A rate alert's cancel link (signed; POST too, for List-Unsubscribe-Post). */
  rateAlertCancel: { method: 'GET', pattern: '/api/rate-alerts/:id/cancel', url: (id: string) => `/api/rate-alerts/${encodeURIComponent(id)}/cancel` },
  createPaymentIntent: { method: 'POST', pattern: '/api/order/create-payment-intent', url: () => '/api/order/create-payment-intent' },
  /** Reserve now, pay at the branch (issue 45; ours): a click-and-collect order, when the card provider is unavailable. */
  reserveAtBranch: { method: 'POST', pattern: '/api/order/reserve-at-branch', url: () => '/api/order/reserve-at-branch' },
  /** Collect from a branch instead (issue 45; ours): the branches that hold a home delivery's currency, and the switch to one. */
  collectionBranches: { method: 'GET', pattern: '/api/order/collection-branches', url: () => '/api/order/collection-branches' },
  switchToCollection: { method: 'POST', pattern: '/api/order/switch-to-collection', url: () => '/api/order/switch-to-collection' },
  /** Manage my order (ours): a paid order found by its reference, email address and date of birth. */
  orderFind: { method: 'POST', pattern: '/api/orders/find', url: () => '/api/orders/find' },
  orderCancel: { method: 'POST', pattern: '/api/orders/cancel', url: () => '/api/orders/cancel' },
  orderCollectionDate: { method: 'PUT', pattern: '/api/orders/collection-date', url: () => '/api/orders/collection-date' },
  // The notes you want (issue 45; ours): what each line of the cart may have, and the shopper's choice for a line.
  cartNotes: { method: 'GET', pattern: '/api/cart/notes', url: () => '/api/cart/notes' },
  cartLineNotes: { method: 'PUT', pattern: '/api/cart/line/:id/notes', url: (id: string) => `/api/cart/line/${enc(id)}/notes` },
} as const satisfies Record<string, ApiRoute & { url: (...args: never[]) => string }>;
