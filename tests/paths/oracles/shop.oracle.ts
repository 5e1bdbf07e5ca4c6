/**
 * The shop as the spec (6, 8, 2.14) describes it, not as the chart does: the page waits for the
 * site's settings (a spinner), says 'Something went wrong' with Retry when they cannot be read, and
 * once they are shows the page of the address, whose screens each have their own actor while the
 * shopper is there: the branch finder's page its finder, manage my order its own once its code
 * has loaded (a spinner meanwhile, 'Something went wrong' with Retry when it cannot load), the
 * details form's address search while one is asked for. A failure is reported once, as it happens.
 */
import type { AnyEventObject } from 'xstate';

export interface ShopSeen {
  shows: 'spinner' | 'somethingWentWrong' | 'page' | 'pageSpinner' | 'pageFailed';
  /** The address the router gave last. */
  path: string | null;
  /** Manage my order's code has loaded. */
  manageOrderLoaded: boolean;
  /** The actors the page's screens have. */
  actors: string[];
  /** Failures reported in this step (where). */
  reports: string[];
}

const PAGES = ['page', 'pageSpinner', 'pageFailed'] as const;
const onPage = (seen: ShopSeen) => (PAGES as readonly string[]).includes(seen.shows);

/** The page of an address, once the settings are read. */
function pageAt(seen: ShopSeen): ShopSeen {
  const keepLookup = seen.actors.includes('addressLookup') && seen.path === '/checkout/customer-information';
  const lookup = keepLookup ? ['addressLookup'] : [];
  switch (seen.path) {
    case '/branches':
      return { ...seen, shows: 'page', actors: ['branchFinder', ...lookup].sort() };
    case '/orders/find':
      return seen.manageOrderLoaded ? { ...seen, shows: 'page', actors: ['manageOrder', ...lookup].sort() } : { ...seen, shows: 'pageSpinner', actors: lookup };
    default:
      return { ...seen, shows: 'page', actors: lookup };
  }
}

export const shopOracle = {
  start(): ShopSeen {
    return { shows: 'spinner', path: null, manageOrderLoaded: false, actors: [], reports: [] };
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
      case 'xstate.done.actor.loadPages':
        return seen.shows === 'pageSpinner' ? pageAt({ ...seen, manageOrderLoaded: true }) : seen;
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
