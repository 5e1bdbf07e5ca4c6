/**
 * Where the router's location enters the shop: one small component under the router, at the root
 * of the route table, sends the shop `route.changed { path, search, params }` from an effect
 * whenever the address changes (never while rendering), and connects the router's navigate for
 * the effects actor. The shop decides from there which page actors run (machines/shop).
 *
 * A layout effect: the page the new address draws gets its actors before the browser paints, so
 * it never shows the actor of the page it replaced. The same effect gives the document the page's
 * own title from the shop's route table (WCAG 2.4.2: 'Review your order – Travel Money').
 */
import { useLayoutEffect } from 'react';
import { Outlet, useLocation, useNavigate, useParams, type RouteObject } from 'react-router-dom';
import { titleOfRoute } from '#machines/shop/page-routes.ts';
import { useRouterLink, useShopActor } from './providers.tsx';

export function RouteSync() {
  const shop = useShopActor();
  const link = useRouterLink();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  // At the root, the params of the whole match (React Router gives a layout its children's).
  const params = JSON.stringify(useParams());

  useLayoutEffect(() => link.connect((path, options) => void navigate(path, options)), [link, navigate]);
  useLayoutEffect(() => {
    link.moved({ pathname, search });
    document.title = titleOfRoute(pathname);
    shop.send({ type: 'route.changed', path: pathname, search, params: JSON.parse(params) as Record<string, string> });
  }, [shop, link, pathname, search, params]);
  return null;
}

/** The root of every route table: the route sync, and the page matched below it. */
export function ShopRoot() {
  return (
    <>
      <RouteSync />
      <Outlet />
    </>
  );
}

/** A route table under the shop's root (the app's, and the tables tests and stories draw). */
export function underShopRoot(routes: RouteObject[]): RouteObject[] {
  return [{ element: <ShopRoot />, children: routes }];
}
