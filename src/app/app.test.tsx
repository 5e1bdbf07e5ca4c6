import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useRoutes, type RouteObject } from 'react-router-dom';
import { appPaths } from '#domain/contract/routes.ts';
import { describe, expect, it, vi } from 'vitest';
import { messages } from '#domain/messages.ts';
import { RouterLink } from './router-link.ts';
import { RouteErrors } from './layout.tsx';

function RouteTable({ routes }: { routes: RouteObject[] }) {
  return useRoutes(routes);
}

function Boom(): never {
  throw new Error('a page that cannot draw');
}

describe('RouteErrors', () => {
  it("shows 'Something went wrong' in the shop's frame for a page that throws, and leaves it behind on the next address", async () => {
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => {});
    render(
      <MemoryRouter initialEntries={['/boom']}>
        <RouteErrors>
          <RouteTable
            routes={[
              { path: '/boom', element: <Boom /> },
              { path: appPaths.branches, element: <p>A page that draws</p> },
            ]}
          />
        </RouteErrors>
      </MemoryRouter>,
    );
    expect(screen.getByText(messages.somethingWentWrong)).toBeInTheDocument();
    // The frame's navigation still works, and the next page draws.
    await userEvent.click(screen.getByRole('link', { name: messages.navBranches }));
    expect(await screen.findByText('A page that draws')).toBeInTheDocument();
    expect(screen.queryByText(messages.somethingWentWrong)).toBeNull();
    quiet.mockRestore();
  });
});

describe('RouterLink', () => {
  it('keeps the pages asked for before the router is there, and goes to them once it is', () => {
    const link = new RouterLink();
    link.go('/checkout/view-cart');
    const navigate = vi.fn();
    link.connect(navigate);
    expect(navigate).toHaveBeenCalledWith('/checkout/view-cart', { replace: false });
    link.go('/branches');
    link.replace('/branches?x=1');
    expect(navigate.mock.calls).toEqual([
      ['/checkout/view-cart', { replace: false }],
      ['/branches', { replace: false }],
      ['/branches?x=1', { replace: true }],
    ]);
  });

  it('says where the router is', () => {
    const link = new RouterLink();
    link.moved({ pathname: '/sell-travel-money', search: '?signedIn' });
    expect(link.location()).toEqual({ pathname: '/sell-travel-money', search: '?signedIn' });
  });
});
