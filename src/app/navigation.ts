/**
 * Where the charts' `navigation.requested { to }` go: the shop's own addresses stay in the
 * single-page app (React Router's navigate), any other origin gets a full navigation.
 */

/** An address on this site gives its path (kept in the app); another origin gives null. */
export function inAppPath(to: string, origin: string): string | null {
  if (to.startsWith('/') && !to.startsWith('//')) return to;
  try {
    const url = new URL(to, origin);
    return url.origin === origin ? `${url.pathname}${url.search}${url.hash}` : null;
  } catch {
    return null;
  }
}

export type Navigate = (to: string) => void;

/** A navigate for any address, given the router's for in-app paths. */
export function shopNavigator(routerNavigate: (path: string) => unknown, location: Pick<Location, 'origin' | 'assign'> = window.location): Navigate {
  return (to) => {
    const path = inAppPath(to, location.origin);
    if (path === null) location.assign(to);
    else void routerNavigate(path);
  };
}
