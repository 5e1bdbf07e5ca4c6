/**
 * The shop's start as the spec (6, 8) describes it, not as the chart does: the page waits for the
 * site's settings (a spinner), says 'Something went wrong' with Retry when they cannot be read,
 * and once they are shows the page, whose screens each have their own actor while they are open.
 */
import type { AnyEventObject } from 'xstate';

export interface ShopSeen {
  shows: 'spinner' | 'somethingWentWrong' | 'page';
  /** The screens open (and so their actors), once the page shows. */
  openPages: string[];
}

export const shopOracle = {
  start(): ShopSeen {
    return { shows: 'spinner', openPages: [] };
  },
  next(seen: ShopSeen, event: AnyEventObject): ShopSeen {
    switch (event.type) {
      case 'xstate.done.actor.loadSettings':
        return seen.shows === 'spinner' ? { ...seen, shows: 'page' } : seen;
      case 'xstate.error.actor.loadSettings':
        return seen.shows === 'spinner' ? { ...seen, shows: 'somethingWentWrong' } : seen;
      case 'settings.retried':
        return seen.shows === 'somethingWentWrong' ? { ...seen, shows: 'spinner' } : seen;
      case 'page.opened': {
        const page = String(event.page);
        if (seen.shows !== 'page' || seen.openPages.includes(page)) return seen;
        return { ...seen, openPages: [...seen.openPages, page].sort() };
      }
      case 'page.closed':
        return { ...seen, openPages: seen.openPages.filter((p) => p !== event.page) };
      default:
        return seen;
    }
  },
};
