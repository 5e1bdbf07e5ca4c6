import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { appPaths } from '#domain/contract/routes.ts';
import { messages } from '#domain/messages.ts';
import { BranchDetailsPage } from '#src/app/pages.tsx';
import { fixtures } from '../../../mocks/fixtures.ts';
import { handlers, routeUrl, variants } from '../../../mocks/handlers.ts';
import { renderShop } from '../../../tests/support/render-shop.tsx';

const server = setupServer(...handlers);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const open = (code: string, errors?: { report: () => void }) =>
  renderShop(<BranchDetailsPage />, {
    path: `/branches/${code}`,
    pattern: appPaths.branchDetails,
    routes: [
      { path: appPaths.home, element: <p>calculator</p> },
      { path: appPaths.branches, element: <p>branch finder</p> },
    ],
    ...(errors ? { errors } : {}),
  });

describe('BranchDetailsScreen', () => {
  it('shows the branch: name as the heading, address, opening times, and buying at it', async () => {
    let openingTimesAsked = '';
    server.use(
      http.get(routeUrl('storeOpeningTimes'), ({ params }) => {
        openingTimesAsked = `${String(params.siteId)}/${String(params.id)}`;
        return HttpResponse.json({ ...fixtures.openStore.openingTimes, openingTimeComment: 'Late opening on Thursdays.' });
      }),
    );
    // The branch is held until the page (its screen loads with the route) says it is loading it.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    server.use(
      http.get(routeUrl('branchByCode'), async () => {
        await held;
        return undefined;
      }),
    );
    const { router } = open('man01');
    expect(await screen.findByText(messages.loadingBranch, {}, { timeout: 3000 })).toBeInTheDocument();
    release();
    expect(await screen.findByRole('heading', { level: 1, name: 'Manchester Arndale' })).toBeInTheDocument();
    expect(openingTimesAsked).toBe('1/12');
    expect(screen.getByText('Operated by Travel Money')).toBeInTheDocument();
    const address = screen.getByRole('region', { name: messages.branchAddress });
    expect(address).toHaveTextContent('Unit 12, Arndale Centre');
    expect(address).toHaveTextContent('M4 3AQ');
    const hours = screen.getByRole('table', { name: messages.branchOpeningTimesThisWeek });
    expect(within(hours).getAllByRole('row')).toHaveLength(7);
    expect(within(hours).getByRole('row', { name: /Thursday/ })).toHaveTextContent('09:00 - 19:00');
    expect(screen.getByText('Late opening on Thursdays.')).toBeInTheDocument();
    const access = within(screen.getByRole('region', { name: messages.branchAccessTitle })).getByRole('list', { name: messages.branchAccessTitle });
    expect(within(access).getAllByRole('listitem').slice(0, 3).map((item) => item.textContent)).toEqual([
      '✓Step-free access',
      '✓Hearing loop',
      '✓Accessible toilets nearby',
    ]);
    expect(screen.queryByText(/miles/)).not.toBeInTheDocument();
    const buy = screen.getByRole('link', { name: messages.buyCurrencyAtBranch });
    expect(buy).toHaveAttribute('href', '/?store_id=12');
    await userEvent.click(buy);
    expect(router.state.location.pathname).toBe('/');
    expect(router.state.location.search).toBe('?store_id=12');
  });

  it("says so for a closed branch, with the branch's own times when its opening times cannot be read", async () => {
    const reported: unknown[] = [];
    server.use(...variants.problem('storeOpeningTimes'));
    open('sal01', { report: (...args: unknown[]) => void reported.push(args) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Salford Quays' })).toBeInTheDocument();
    expect(screen.getByText(messages.closedThisWeek)).toBeInTheDocument();
    expect(screen.getByText('Closed for refurbishment.')).toBeInTheDocument();
    expect(within(screen.getByRole('table')).getAllByText(messages.closed)).toHaveLength(7);
    expect(reported).toHaveLength(1);
  });

  it("answers an unknown code with 'We couldn't find that branch' and a way back to the finder", async () => {
    const { router } = open('nope99');
    expect(await screen.findByRole('heading', { level: 1, name: messages.branchNotFound })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: messages.backToBranchFinder }));
    expect(router.state.location.pathname).toBe(appPaths.branches);
  });

  it('shows an error with Try again when the branch cannot be read, and loads it on Try again', async () => {
    server.use(...variants.problem('branchByCode'));
    open('man01', { report: () => undefined });
    expect(await screen.findByRole('heading', { level: 1, name: messages.branchLoadFailed })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(messages.somethingWentWrong);
    server.resetHandlers();
    await userEvent.click(screen.getByRole('button', { name: messages.retry }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Manchester Arndale' })).toBeInTheDocument();
  });
});
