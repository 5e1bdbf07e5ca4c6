/**
 * The shop's routing, on wouter: the address bar (or a memory location in tests and stories), the
 * route table of router.tsx matched in order, layouts drawing their page where they put <Outlet />,
 * links, and the location and navigation hooks the pages use.
 *
 * Every visitor's first load carries it: wouter with this module is about 3 KB (gzip), where React
 * Router's declared routes were about 13 KB, and the shop used nothing more of React Router than
 * this (its pages load their data through their actors, not through a data router).
 *
 * Matching: a route's path is matched against the whole address without its query, ignoring case
 * (as React Router did: /Branches is the branch finder), with or without a trailing slash; ':name'
 * is one segment, given to the page by useParams() decoded; '*' matches any address. The first
 * route that matches wins, so the table lists the catch-all last.
 */
import { createContext, useContext, useMemo, useState, type AnchorHTMLAttributes, type ReactNode } from 'react';
import { parse } from 'regexparam';
import { Link as WouterLink, Router, useLocation as useWouterLocation, useSearch } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';

/** A route of the table: a page at a path, or a layout (no path) around the routes it holds. */
export interface RouteObject {
  path?: string;
  /** The layout's own address ('/' at the top of the table). */
  index?: boolean;
  element: ReactNode;
  children?: RouteObject[];
}

export type RouteParams = Readonly<Record<string, string | undefined>>;

/** Case-insensitive, like the shop's addresses have always been matched. */
const parser = (route: string, loose?: boolean) => {
  const { keys, pattern } = parse(route, loose);
  return { keys, pattern: new RegExp(pattern.source, 'i') };
};

const decode = (value: string): string => {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
};

/** The params of a path matching `path`, or null when it does not match. */
export function matchPath(path: string, pathname: string): Record<string, string> | null {
  if (path === '*') return {};
  const { keys, pattern } = parser(path);
  const found = pattern.exec(pathname);
  if (!found) return null;
  return Object.fromEntries(keys.map((key, i) => [key, decode(found[i + 1] ?? '')]));
}

interface Match {
  /** From the outermost layout to the page. */
  routes: RouteObject[];
  /** Where each route sits in its list: a layout keeps its page's state only while it is the same layout. */
  indexes: number[];
  params: Record<string, string>;
}

function matchRoutes(routes: RouteObject[], pathname: string): Match | null {
  for (const [i, route] of routes.entries()) {
    if (route.children) {
      const inner = matchRoutes(route.children, pathname);
      if (inner) return { routes: [route, ...inner.routes], indexes: [i, ...inner.indexes], params: inner.params };
      continue;
    }
    const params = route.index ? (matchPath('/', pathname) ?? null) : route.path === undefined ? null : matchPath(route.path, pathname);
    if (params) return { routes: [route], indexes: [i], params };
  }
  return null;
}

const OutletContext = createContext<ReactNode>(null);
const ParamsContext = createContext<RouteParams>({});

/** Where a layout draws the page matched inside it. */
export function Outlet() {
  return <>{useContext(OutletContext)}</>;
}

/** The page of a route table that matches the address. */
export function RouteTable({ routes }: { routes: RouteObject[] }) {
  return useRoutes(routes);
}

/** The page of `routes` that matches the address (nothing when none does). */
export function useRoutes(routes: RouteObject[]): ReactNode {
  const [pathname] = useWouterLocation();
  const match = useMemo(() => matchRoutes(routes, pathname), [routes, pathname]);
  if (!match) return null;
  const page = match.routes.reduceRight<ReactNode>(
    (inner, route) => <OutletContext.Provider value={inner}>{route.element}</OutletContext.Provider>,
    null,
  );
  return (
    <ParamsContext.Provider value={match.params} key={match.indexes.slice(0, -1).join('.')}>
      {page}
    </ParamsContext.Provider>
  );
}

/** The matched route's params (decoded). */
export function useParams(): RouteParams {
  return useContext(ParamsContext);
}

/** The address bar. */
export function BrowserRouter({ children }: { children: ReactNode }) {
  return <Router parser={parser}>{children}</Router>;
}

type MemoryLocation = ReturnType<typeof memoryLocation>;

const memoryAt = (initialEntries: string[]): MemoryLocation => memoryLocation({ path: initialEntries.at(-1) ?? '/', record: true });

/** An address kept in memory (tests, stories): starts at the last of `initialEntries`. */
export function MemoryRouter({ initialEntries = ['/'], children }: { initialEntries?: string[]; children: ReactNode }) {
  const [memory] = useState(() => memoryAt(initialEntries));
  return (
    <Router hook={memory.hook} searchHook={memory.searchHook} parser={parser}>
      {children}
    </Router>
  );
}

/** A route table over an address kept in memory, and where it is now (tests and stories). */
export interface MemoryRouterHandle {
  routes: RouteObject[];
  memory: MemoryLocation;
  readonly state: { location: ShopLocation };
  navigate(to: string, options?: NavigateOptions): void;
}

export function createMemoryRouter(routes: RouteObject[], { initialEntries = ['/'] }: { initialEntries?: string[] } = {}): MemoryRouterHandle {
  const memory = memoryAt(initialEntries);
  return {
    routes,
    memory,
    get state() {
      const [pathname = '/', search = ''] = (memory.history?.at(-1) ?? '/').split('?');
      return { location: { pathname, search: search ? `?${search}` : '' } };
    },
    navigate: (to, options) => memory.navigate(to, options),
  };
}

/** Draws a memory router's route table at its address. */
export function RouterProvider({ router }: { router: MemoryRouterHandle }) {
  return (
    <Router hook={router.memory.hook} searchHook={router.memory.searchHook} parser={parser}>
      <RouteTable routes={router.routes} />
    </Router>
  );
}

export interface ShopLocation {
  pathname: string;
  /** '' or the query with its '?'. */
  search: string;
}

/** Where the visitor is. */
export function useLocation(): ShopLocation {
  const [pathname] = useWouterLocation();
  const search = useSearch();
  return useMemo(() => ({ pathname, search: search ? `?${search}` : '' }), [pathname, search]);
}

export interface NavigateOptions {
  /** In place of the current entry of the history (the back button skips it). */
  replace?: boolean;
}

/** Goes to one of the shop's addresses (path, with its query) without loading the page again. */
export function useNavigate(): (to: string, options?: NavigateOptions) => void {
  return useWouterLocation()[1];
}

/** A link to one of the shop's addresses. */
export function Link({ to, replace, ...props }: Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & { to: string; replace?: boolean }) {
  return <WouterLink {...props} href={to} {...(replace ? { replace } : {})} />;
}

/**
 * A navigation link that says when it leads to the page the visitor is on (aria-current="page"):
 * on that address or, unless `end`, anywhere under it.
 */
export function NavLink({ to, end = false, className, children }: { to: string; end?: boolean; className?: string; children: ReactNode }) {
  const [pathname] = useWouterLocation();
  const here = pathname.toLowerCase().replace(/\/+$/, '') || '/';
  const target = to.toLowerCase().replace(/\/+$/, '') || '/';
  const current = here === target || (!end && target !== '/' && here.startsWith(`${target}/`));
  return (
    <WouterLink href={to} className={className} aria-current={current ? 'page' : undefined}>
      {children}
    </WouterLink>
  );
}
