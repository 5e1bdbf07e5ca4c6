/**
 * The shop as the spec (6, 8, 2.14) describes it, not as the chart does: the page waits for the
 * site's settings (nothing at first, a spinner once the wait is long enough to notice), says
 * 'Something went wrong' with Retry when they cannot be read, and once they are shows the page of
 * the address, whose screens each have their own actor while the
 * shopper is there (`screensAt`): a page whose code loads on demand (the checkout, 'Add new
 * currency', a chart, the payment response, manage my order, the branch finder) shows a spinner
 * until it has loaded,
 * 'Something went wrong' with Retry when it cannot load; the details form's address search runs
 * while one is asked for. A failure is reported once, as it happens.
 *
 * The cart (spec 2.3, decision 062): once the page shows, the shop asks whether the session may
 * have a cart; one that may (or cannot say) has its cart's code loaded and the cart runs from then
 * on; one that has none runs no cart until the shopper asks for a line or opens a page that shows
 * the cart (the review, the checkout's steps), which waits for the cart. A line asked for while
 * the cart's code loads is handed to the cart; when the code cannot load, the line is refused,
 * the failure reported, and the next line tries again.
 */
import type { AnyEventObject } from 'xstate';

export interface ShopSeen {
  shows: 'nothing' | 'spinner' | 'somethingWentWrong' | 'page' | 'pageSpinner' | 'pageFailed';
  /** The address the router gave last. */
  path: string | null;
  /** The on-demand pages whose code has loaded. */
  loaded: string[];
  /** The actors the page's screens have. */
  actors: string[];
  /** Failures reported in this step (where). */
  reports: string[];
  /** The cart: not yet (before the page shows), being asked about, none, its code on its way, failed, or running. */
  cart: 'off' | 'asking' | 'none' | 'loading' | 'failed' | 'running';
  /** A line asked for waits for the cart. */
  lineWaiting: boolean;
}

const PAGES = ['page', 'pageSpinner', 'pageFailed'] as const;
const onPage = (seen: ShopSeen) => (PAGES as readonly string[]).includes(seen.shows);

/** Waiting for the settings, with or without the spinner. */
const waitingForSettings = (seen: ShopSeen) => seen.shows === 'nothing' || seen.shows === 'spinner';

/** Pages whose code loads when the shopper first goes there. */
const ON_DEMAND = ['checkout', 'newLine', 'chart', 'paymentResponse', 'manageOrder', 'branchFinder'];
/** Pages that show the cart: they open once it runs. */
const SHOW_THE_CART = ['checkout', 'newLine'];
const CHECKOUT_STEPS = ['/checkout/delivery-options', '/checkout/payment', '/checkout/payment-unsuccessful', '/checkout/order-confirmation'];

/**
 * The screens of each address (spec 2.1, 2.6, 2.14, 3, 4): the calculator pages (the home page with
 * its rates board), the branch finder and a branch's page, the review (with 'Add new currency'),
 * the details step (with the checkout's content), the other checkout steps, the payment response,
 * manage my order and a currency's chart; any other address (the footer's pages, an unknown one)
 * has none.
 */
function screensAt(path: string): string[] {
  const p = path.length > 1 ? path.replace(/\/+$/, '') : path;
  switch (p) {
    case '/':
      return ['calculator', 'ratesBoard'];
    case '/sell-travel-money':
    case '/embed/calculator':
      return ['calculator'];
    case '/branches':
      return ['branchFinder'];
    case '/orders/find':
      return ['manageOrder'];
    case '/checkout/payment-response':
      return ['paymentResponse'];
    case '/checkout/view-cart':
    case '/selling/view-cart':
      return ['checkout', 'newLine'];
    case '/checkout/customer-information':
      return ['checkout', 'checkoutContent'];
  }
  if (CHECKOUT_STEPS.includes(p)) return ['checkout'];
  if (/^\/branches\/[^/]+$/i.test(p)) return ['branchDetails'];
  if (/^\/(?:.*\/)?[a-z]{3}-(to|from)-gbp$/i.test(p)) return ['chart'];
  return [];
}

/** The page of an address, once the settings are read: a spinner while a page's code loads. */
function pageAt(seen: ShopSeen): ShopSeen {
  const keepLookup = seen.actors.includes('addressLookup') && seen.path === '/checkout/customer-information';
  const lookup = keepLookup ? ['addressLookup'] : [];
  const screens = seen.path === null ? [] : screensAt(seen.path);
  const waiting = screens.filter((a) => ON_DEMAND.includes(a) && !seen.loaded.includes(a));
  const showsCart = screens.some((a) => SHOW_THE_CART.includes(a));
  if (showsCart && seen.cart !== 'running' && !seen.loaded.includes('cart')) waiting.push('cart');
  const running = screens.filter((a) => !waiting.includes(a));
  // A page that shows the cart wants it now (unless its code failed: its page asks for it again).
  const cart = showsCart && (seen.cart === 'asking' || seen.cart === 'none') ? 'loading' : seen.cart;
  return { ...seen, cart, shows: waiting.length > 0 ? 'pageSpinner' : 'page', actors: [...running, ...lookup].sort() };
}

/** The cart's code is here: the cart runs (and is given the line that waited). */
const cartRuns = (seen: ShopSeen): ShopSeen => (seen.cart === 'off' ? seen : { ...seen, cart: 'running', lineWaiting: false });

/** The cart's code loaded by the cart's own load: the pages know it is here too. */
const withCart = (seen: ShopSeen): ShopSeen => ({ ...seen, loaded: [...new Set([...seen.loaded, 'cart'])].sort() });

export const shopOracle = {
  start(): ShopSeen {
    return { shows: 'nothing', path: null, loaded: [], actors: [], reports: [], cart: 'off', lineWaiting: false };
  },
  next(before: ShopSeen, event: AnyEventObject): ShopSeen {
    const seen: ShopSeen = { ...before, reports: [] };
    switch (event.type) {
      case 'xstate.done.actor.loadSettings':
        return waitingForSettings(seen) ? pageAt({ ...seen, cart: 'asking' }) : seen;
      case 'xstate.done.actor.cartExpected':
        return seen.cart === 'asking' ? { ...seen, cart: event.output === true ? 'loading' : 'none' } : seen;
      case 'xstate.error.actor.cartExpected':
        return seen.cart === 'asking' ? { ...seen, cart: 'loading' } : seen;
      case 'cart.lineAdded':
        if (seen.cart === 'off' || seen.cart === 'running') return seen;
        return { ...seen, cart: 'loading', lineWaiting: true };
      case 'xstate.done.actor.loadCart':
        if (seen.cart !== 'loading') return seen;
        if ((event.output as { cart?: unknown } | undefined)?.cart !== undefined) return withCart(cartRuns(seen));
        return { ...seen, cart: 'failed', lineWaiting: false, reports: ['loadCart'] };
      case 'xstate.error.actor.loadCart':
        return seen.cart === 'loading' ? { ...seen, cart: 'failed', lineWaiting: false, reports: ['loadCart'] } : seen;
      case 'xstate.error.actor.loadSettings':
        return waitingForSettings(seen) ? { ...seen, shows: 'somethingWentWrong', reports: ['shopSettings'] } : seen;
      case 'settings.retried':
        return seen.shows === 'somethingWentWrong' ? { ...seen, shows: 'nothing' } : seen;
      case 'route.changed': {
        const moved = { ...seen, path: String(event.path) };
        return onPage(seen) ? pageAt(moved) : moved;
      }
      case 'xstate.done.actor.loadPages': {
        if (seen.shows !== 'pageSpinner') return seen;
        const loaded = Object.keys((event.output ?? {}) as object).filter((k) => ON_DEMAND.includes(k) || k === 'cart');
        const withLoaded = { ...seen, loaded: [...new Set([...seen.loaded, ...loaded])].sort() };
        const opened = pageAt(loaded.includes('cart') ? cartRuns(withLoaded) : withLoaded);
        // An answer without the page waited for fails the page (asking again would never end).
        return opened.shows === 'pageSpinner' ? { ...seen, shows: 'pageFailed', reports: ['loadPages'] } : opened;
      }
      case 'xstate.error.actor.loadPages':
        return seen.shows === 'pageSpinner' ? { ...seen, shows: 'pageFailed', reports: ['loadPages'] } : seen;
      case 'pages.retried':
        return seen.shows === 'pageFailed' ? pageAt(seen) : seen;
      // The lookup comes with the checkout's pages: before they load, there is no form to ask.
      case 'addressLookup.requested':
        return onPage(seen) && seen.loaded.includes('checkout') ? { ...seen, actors: [...seen.actors.filter((a) => a !== 'addressLookup'), 'addressLookup'].sort() } : seen;
      case 'addressLookup.cleared':
        return onPage(seen) ? { ...seen, actors: seen.actors.filter((a) => a !== 'addressLookup') } : seen;
      default:
        // Half a second without the settings (SPINNER_DELAY_MS): the spinner shows.
        if (event.type.startsWith('xstate.after.SPINNER_DELAY.') && seen.shows === 'nothing') return { ...seen, shows: 'spinner' };
        return seen;
    }
  },
};
