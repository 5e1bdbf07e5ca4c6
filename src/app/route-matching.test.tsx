import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { appPaths } from '#domain/contract/routes.ts';
import {
  createMemoryRouter,
  Link,
  matchPath,
  MemoryRouter,
  NavLink,
  Outlet,
  RouterProvider,
  useLocation,
  useNavigate,
  useParams,
  type RouteObject,
} from 'react-router-dom';

/**
 * What the shop relies on from React Router's declared routes (src/app/router.tsx): addresses
 * matched ignoring case and a trailing slash, params decoded, a layout kept while the visitor moves
 * between its pages, the navigation bar's current page.
 */

function Where() {
  const { pathname, search } = useLocation();
  return <p data-testid="where">{`${pathname}${search}`}</p>;
}

function Branch() {
  const { branchCode } = useParams();
  return <p data-testid="branch">{branchCode}</p>;
}

let mounts = 0;

/** A layout with state of its own: which mount of a layout this is. */
function CountingLayout({ name }: { name: string }) {
  const [mount] = useState(() => (mounts += 1));
  return (
    <section aria-label={name} data-mounted={mount}>
      <Outlet />
    </section>
  );
}

const routes: RouteObject[] = [
  {
    element: <CountingLayout name="checkout" />,
    children: [
      { path: appPaths.viewCart, element: <p>review</p> },
      { path: appPaths.deliveryOptions, element: <p>delivery</p> },
    ],
  },
  {
    element: <CountingLayout name="shop" />,
    children: [
      { index: true, element: <p>home</p> },
      { path: appPaths.branches, element: <p>branch finder</p> },
      { path: appPaths.branchDetails, element: <Branch /> },
      { path: '*', element: <p>elsewhere</p> },
    ],
  },
];

describe('matchPath', () => {
  it.each([
    ['/branches', '/branches', {}],
    ['/branches', '/Branches', {}],
    ['/branches', '/branches/', {}],
    ['/branches/:branchCode', '/branches/man01', { branchCode: 'man01' }],
    ['*', '/eur-to-gbp', { '*': 'eur-to-gbp' }],
  ])('%s matches %s with %j', (path, pathname, params) => {
    expect(matchPath(path, pathname)?.params).toEqual(params);
  });

  it.each([
    ['/branches', '/branches/man01'],
    ['/branches/:branchCode', '/branches'],
    ['/', '/help'],
  ])('%s does not match %s', (path, pathname) => {
    expect(matchPath(path, pathname)).toBeNull();
  });
});

describe('the route table', () => {
  it('draws the first route that matches, inside its layout, with its params', () => {
    render(<RouterProvider router={createMemoryRouter(routes, { initialEntries: ['/branches/man01'] })} />);
    expect(screen.getByRole('region', { name: 'shop' })).toContainElement(screen.getByTestId('branch'));
    expect(screen.getByTestId('branch')).toHaveTextContent('man01');
  });

  it('gives a page its params decoded', () => {
    render(<RouterProvider router={createMemoryRouter(routes, { initialEntries: ['/branches/St%20Albans'] })} />);
    expect(screen.getByTestId('branch')).toHaveTextContent('St Albans');
  });

  it('gives an index route its layout\'s own address and anything else to the catch-all', async () => {
    const router = createMemoryRouter(routes, { initialEntries: ['/'] });
    render(<RouterProvider router={router} />);
    expect(screen.getByText('home')).toBeInTheDocument();
    await act(() => router.navigate('/no-such-page'));
    expect(screen.getByText('elsewhere')).toBeInTheDocument();
  });

  it('keeps a layout mounted while the visitor moves between its pages, and starts another layout afresh', async () => {
    const router = createMemoryRouter(routes, { initialEntries: [appPaths.viewCart] });
    render(<RouterProvider router={router} />);
    const checkout = screen.getByRole('region', { name: 'checkout' });
    const mountedAt = checkout.dataset['mounted'];
    await act(() => router.navigate(appPaths.deliveryOptions));
    expect(screen.getByText('delivery')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'checkout' }).dataset['mounted']).toBe(mountedAt);
    await act(() => router.navigate(appPaths.branches));
    expect(screen.queryByRole('region', { name: 'checkout' })).toBeNull();
    expect(screen.getByRole('region', { name: 'shop' })).toContainElement(screen.getByText('branch finder'));
  });

  it('tells where the router is, query included', async () => {
    const router = createMemoryRouter(routes, { initialEntries: ['/?store_id=12'] });
    render(<RouterProvider router={router} />);
    expect(router.state.location).toMatchObject({ pathname: '/', search: '?store_id=12' });
    await act(() => router.navigate('/branches', { replace: true }));
    expect(router.state.location).toMatchObject({ pathname: '/branches', search: '' });
  });
});

describe('links and navigation', () => {
  function Page() {
    const navigate = useNavigate();
    return (
      <>
        <nav aria-label="Main">
          <NavLink end to={appPaths.home}>
            Buy
          </NavLink>
          <NavLink to={appPaths.branches}>Branches</NavLink>
        </nav>
        <Link to="/branches/man01">Manchester</Link>
        <button type="button" onClick={() => navigate('/checkout/view-cart?from=calculator', { replace: true })}>
          Review
        </button>
        <Where />
      </>
    );
  }

  it('follows a link, marks the navigation link of the page the visitor is on (and under it), and navigates with a query', async () => {
    render(
      <MemoryRouter initialEntries={['/']}>
        <Page />
      </MemoryRouter>,
    );
    expect(screen.getByRole('link', { name: 'Buy' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Branches' })).not.toHaveAttribute('aria-current');
    expect(screen.getByRole('link', { name: 'Manchester' })).toHaveAttribute('href', '/branches/man01');

    await userEvent.click(screen.getByRole('link', { name: 'Manchester' }));
    expect(screen.getByTestId('where')).toHaveTextContent('/branches/man01');
    // Under /branches: the branch finder's link is current; the home page's ('end') is not.
    expect(screen.getByRole('link', { name: 'Branches' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Buy' })).not.toHaveAttribute('aria-current');

    await userEvent.click(screen.getByRole('button', { name: 'Review' }));
    expect(screen.getByTestId('where')).toHaveTextContent('/checkout/view-cart?from=calculator');
  });
});
