import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { makeFixtures } from '../../../mocks/fixtures.ts';
import { handlers, routeUrl, variants } from '../../../mocks/handlers.ts';
import { renderShop } from '../../../tests/support/render-shop.tsx';
import { BranchFinderPage as BranchFinderScreen } from '#src/app/pages.tsx';
import { loadPagePlaceSearch } from './page-place-search.tsx';

const server = setupServer(...handlers);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
// The page as a shopper meets it once it has been idle: with its place search's combobox
// (page-place-search.test.tsx draws it before the combobox arrives).
beforeAll(async () => {
  await loadPagePlaceSearch();
});
afterEach(() => server.resetHandlers());
afterAll(() => {
  server.close();
  // The next test file in this worker meets the browser's own navigator again.
  Reflect.deleteProperty(navigator, 'geolocation');
});

function setGeolocation(result: { latitude: number; longitude: number } | { code: number }) {
  const geolocation = {
    getCurrentPosition: (ok: PositionCallback, fail: PositionErrorCallback) => {
      if ('code' in result) fail({ code: result.code, message: 'no', PERMISSION_DENIED: 1, POSITION_UNAVAILABLE: 2, TIMEOUT: 3 });
      else ok({ coords: { ...result, accuracy: 10 } } as GeolocationPosition);
    },
  };
  Object.defineProperty(navigator, 'geolocation', { value: geolocation, configurable: true });
}

// Twelve branches, for three pages of five.
const many = (() => {
  const f = makeFixtures(new Date('2026-03-04T10:00:00Z'));
  const items = Array.from({ length: 12 }, (_, i) => {
    const branch = f.branches[i % f.branches.length]!;
    return { branch: { ...branch, id: 100 + i, name: `${branch.name} ${i + 1}`, url: `/branches/b${i + 1}` }, distanceInMiles: i + 0.5 };
  });
  return { items };
})();

describe('BranchFinderScreen', () => {
  it('searches Great Britain places as a combobox and lists the branches near the chosen one', async () => {
    const asked: string[] = [];
    server.use(
      http.get(routeUrl('places'), ({ request }) => {
        asked.push(new URL(request.url).searchParams.get('q') ?? '');
        return HttpResponse.json([{ name: 'Leeds', region: 'West Yorkshire', latitude: 53.8, longitude: -1.55 }]);
      }),
    );
    let nearbyBody: unknown = null;
    server.use(
      http.post(routeUrl('nearbyBranches'), async ({ request }) => {
        nearbyBody = await request.json();
        return HttpResponse.json(many);
      }),
    );
    renderShop(<BranchFinderScreen />, { path: '/branches' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Find a branch' })).toBeInTheDocument();
    const box = screen.getByRole('combobox', { name: 'Town, city or postcode' });
    await userEvent.type(box, 'Lee');
    await userEvent.click(await screen.findByRole('option', { name: 'Leeds, West Yorkshire' }));
    expect(asked.at(-1)).toBe('Lee');
    const dialog = await screen.findByRole('dialog', { name: 'Branches near you' });
    expect(nearbyBody).toEqual({ latitude: 53.8, longitude: -1.55, stepFreeOnly: false });
    expect(within(dialog).getAllByTestId('branch-card')).toHaveLength(5);
    const first = within(dialog).getAllByTestId('branch-card')[0]!;
    expect(first).toHaveTextContent('0.5 miles');
    expect(within(first).getByRole('link', { name: /^View Details/ })).toHaveAttribute('href', '/branches/b1');
  });

  it('pages through the branches 5 at a time and closes with Escape', async () => {
    server.use(http.post(routeUrl('nearbyBranches'), () => HttpResponse.json(many)));
    setGeolocation({ latitude: 53.48, longitude: -2.24 });
    renderShop(<BranchFinderScreen />, { path: '/branches' });
    await userEvent.click(await screen.findByRole('button', { name: 'Find a branch near me' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Page 1 of 3')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Next' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Next' }));
    expect(within(dialog).getByText('Page 3 of 3')).toBeInTheDocument();
    expect(within(dialog).getAllByTestId('branch-card')).toHaveLength(2);
    expect(within(dialog).getByRole('button', { name: 'Next' })).toBeDisabled();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Previous' }));
    expect(within(dialog).getByText('Page 2 of 3')).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Town, city or postcode' })).toBeInTheDocument();
  });

  it('filters by step-free access: the server is asked for step-free branches only, and each card says what it has', async () => {
    const bodies: unknown[] = [];
    server.use(
      http.post(routeUrl('nearbyBranches'), async ({ request }) => {
        bodies.push(await request.clone().json());
        // On to the fixtures' handler, which filters as the server does.
      }),
    );
    setGeolocation({ latitude: 53.48, longitude: -2.24 });
    renderShop(<BranchFinderScreen />, { path: '/branches' });
    const filter = await screen.findByRole('checkbox', { name: 'Only branches with step-free access' });
    expect(filter).not.toBeChecked();
    await userEvent.click(filter);
    expect(filter).toBeChecked();
    expect(bodies).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Find a branch near me' }));
    const dialog = await screen.findByRole('dialog', { name: 'Branches near you' });
    expect(bodies).toEqual([{ latitude: 53.48, longitude: -2.24, stepFreeOnly: true }]);
    expect(within(dialog).getByText('Showing branches with step-free access only')).toBeInTheDocument();
    const cards = within(dialog).getAllByTestId('branch-card');
    expect(cards).toHaveLength(4);
    for (const card of cards) {
      const facts = within(card).getByRole('list', { name: /^Access and collection: / });
      expect(facts).toHaveTextContent('Step-free access');
      expect(facts).not.toHaveTextContent('No step-free access');
    }
    expect(within(cards[0]!).getByRole('list', { name: 'Access and collection: Manchester Arndale' })).toHaveTextContent('Hearing loop');
    expect(within(cards[1]!).getByRole('list', { name: 'Access and collection: Manchester Piccadilly' })).toHaveTextContent('No hearing loop');

    // Unticked with the list closed: the same place is searched again, every branch this time.
    await userEvent.keyboard('{Escape}');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Only branches with step-free access' }));
    const again = await screen.findByRole('dialog', { name: 'Branches near you' });
    expect(await within(again).findByText('Page 1 of 2')).toBeInTheDocument();
    expect(bodies.at(-1)).toEqual({ latitude: 53.48, longitude: -2.24, stepFreeOnly: false });
    expect(within(again).queryByText('Showing branches with step-free access only')).not.toBeInTheDocument();
    expect(within(again).getAllByTestId('branch-card')[2]).toHaveTextContent('No step-free access');
  });

  it("asks to grant access when the location is refused", async () => {
    setGeolocation({ code: 1 });
    renderShop(<BranchFinderScreen />, { path: '/branches' });
    await userEvent.click(await screen.findByRole('button', { name: 'Find a branch near me' }));
    expect(await screen.findByRole('alert')).toHaveTextContent("Sorry we couldn't get your location. Please grant access when a dialog appears.");
  });

  it("says 'Sorry we couldn't get your location.' when it fails otherwise", async () => {
    setGeolocation({ code: 2 });
    renderShop(<BranchFinderScreen />, { path: '/branches' });
    await userEvent.click(await screen.findByRole('button', { name: 'Find a branch near me' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Sorry we couldn't get your location\.$/);
  });

  it('reports a place it cannot find', async () => {
    server.use(...variants.placesEmpty());
    renderShop(<BranchFinderScreen />, { path: '/branches' });
    const box = await screen.findByRole('combobox', { name: 'Town, city or postcode' });
    await userEvent.type(box, 'Xyzzy');
    expect(await screen.findByRole('option', { name: 'Sorry, we could not find a location based on your search' })).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Sorry, we could not find a location based on your search');
  });
});
