/**
 * The shop as the spec (6, 8, 2.14) describes it, not as the chart does: the page waits for the
 * site's settings (a spinner), says 'Something went wrong' with Retry when they cannot be read, and
 * once they are shows the page of the address, whose screens each have their own actor while the
 * shopper is there (`screensAt`): a page whose code loads on demand (the checkout, 'Add new
 * currency', a chart, the payment response, manage my order, the branch finder) shows a spinner
 * until it has loaded,
 * 'Something went wrong' with Retry when it cannot load; the details form's address search runs
 * while one is asked for. A failure is reported once, as it happens.
 */
import type { AnyEventObject } from 'xstate';

export interface ShopSeen {
  shows: 'spinner' | 'somethingWentWrong' | 'page' | 'pageSpinner' | 'pageFailed';
  /** The address the router gave last. */
  path: string | null;
  /** The on-demand pages whose code has loaded. */
  loaded: string[];
  /** The actors the page's screens have. */
  actors: string[];
  /** Failures reported in this step (where). */
  reports: string[];
}

const PAGES = ['page', 'pageSpinner', 'pageFailed'] as const;
const onPage = (seen: ShopSeen) => (PAGES as readonly string[]).includes(seen.shows);

/** Pages whose code loads when the shopper first goes there. */
const ON_DEMAND = ['checkout', 'newLine', 'chart', 'paymentResponse', 'manageOrder', 'branchFinder'];
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
  const running = screens.filter((a) => !waiting.includes(a));
  return { ...seen, shows: waiting.length > 0 ? 'pageSpinner' : 'page', actors: [...running, ...lookup].sort() };
}

export const shopOracle = {
  start(): ShopSeen {
    return { shows: 'spinner', path: null, loaded: [], actors: [], reports: [] };
  },
  next(before: ShopSeen, event: AnyEventObject): ShopSeen {
    const seen = { ...before, reports: [] };
    switch (event.type) {
      case 'xstate.done.actor.loadSettings':
        return seen.shows === 'spinner' ? pageAt(seen) : seen;
      case 'xstate.error.actor.loadSettings':
        return seen.shows === 'spinner' ? { ...seen, shows: 'somethingWentWrong', reports: ['shopSettings'] } : seen;
      case 'settings.retried':
        return seen.shows === 'somethingWentWrong' ? { ...seen, shows: 'spinner' } : seen;
      case 'route.changed': {
        const moved = { ...seen, path: String(event.path) };
        return onPage(seen) ? pageAt(moved) : moved;
      }
      case 'xstate.done.actor.loadPages': {
        if (seen.shows !== 'pageSpinner') return seen;
        const loaded = Object.keys((event.output ?? {}) as object).filter((k) => ON_DEMAND.includes(k));
        const opened = pageAt({ ...seen, loaded: [...new Set([...seen.loaded, ...loaded])].sort() });
        // An answer without the page waited for fails the page (asking again would never end).
        return opened.shows === 'pageSpinner' ? { ...seen, shows: 'pageFailed', reports: ['loadPages'] } : opened;
      }
      case 'xstate.error.actor.loadPages':
        return seen.shows === 'pageSpinner' ? { ...seen, shows: 'pageFailed', reports: ['loadPages'] } : seen;
      case 'pages.retried':
        return seen.shows === 'pageFailed' ? pageAt(seen) : seen;
      case 'addressLookup.requested':
        return onPage(seen) ? { ...seen, actors: [...seen.actors.filter((a) => a !== 'addressLookup'), 'addressLookup'].sort() } : seen;
      case 'addressLookup.cleared':
        return onPage(seen) ? { ...seen, actors: seen.actors.filter((a) => a !== 'addressLookup') } : seen;
      default:
        return seen;
    }
  },
};
