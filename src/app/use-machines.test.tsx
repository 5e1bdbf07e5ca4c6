import { act, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { useEffect } from 'react';
import type { RouteObject } from 'react-router-dom';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SimulatedClock } from 'xstate';
import { messages } from '#domain/messages.ts';
import { AUTH_HEADER } from '#domain/contract/routes.ts';
import { fixtures } from '../../mocks/fixtures.ts';
import { handlers, routeUrl, variants } from '../../mocks/handlers.ts';
import { Probe, captured, memoryStorage, renderShop, runningCart } from '../../tests/support/composition-root.tsx';
import { useSelector } from '@xstate/react';
import { useLoyaltySignInHref, useLoyaltySignInStart, usePageActor, useSignedIn, type PageActorId, type PageActors } from './use-machines.ts';

const server = setupServer(...handlers);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  sessionStorage.clear();
});
afterAll(() => server.close());

/** The page actors the shop runs for the address, as the pages select them. */
const running: { [Id in PageActorId]?: PageActors[Id] } = {};
function PageActor({ id }: { id: PageActorId }) {
  const actor = usePageActor(id);
  useEffect(() => {
    (running as Record<string, unknown>)[id] = actor;
  });
  return null;
}
afterEach(() => {
  for (const id of Object.keys(running)) delete running[id as PageActorId];
});

describe('calculator page', () => {
  const navigations: string[] = [];
  const goneTo = (url: string) => void navigations.push(url);
  afterEach(() => {
    navigations.length = 0;
    captured.current = null;
  });
  function CalculatorPage() {
    const calculator = usePageActor('calculator');
    const toast = useSelector(calculator, (s) => s?.context.toast ?? null);
    const signedIn = useSignedIn();
    const loyalty = useLoyaltySignInHref();
    const startSignIn = useLoyaltySignInStart(goneTo);
    return (
      <>
        <PageActor id="calculator" />
        <p data-testid="toast">{toast ?? 'none'}</p>
        <p data-testid="signed-in">{String(signedIn)}</p>
        <p data-testid="loyalty">{loyalty ?? 'none'}</p>
        <button type="button" onClick={startSignIn}>
          sign in
        </button>
      </>
    );
  }
  const routes: RouteObject[] = [
    {
      path: '/',
      element: (
        <>
          <Probe />
          <CalculatorPage />
        </>
      ),
    },
    { path: '/checkout/view-cart', element: <h1>view cart</h1> },
  ];
  const calculator = () => running.calculator!;
  const ready = () => waitFor(() => expect(running.calculator?.getSnapshot().can({ type: 'cart.addRequested' })).toBe(true));

  it('reads the loyalty flag, shows the signed-in toast and removes signedIn from the address', async () => {
    server.use(...variants.signedIn());
    const { router } = renderShop(routes, '/?signedIn&store_id=12');
    await waitFor(() => expect(screen.getByTestId('signed-in')).toHaveTextContent('true'));
    expect(screen.getByTestId('toast')).toHaveTextContent(messages.signedIn);
    await waitFor(() => expect(router.state.location.search).toBe('?store_id=12'));
    expect(calculator().getSnapshot().context.storeId).toBe(12);
    act(() => calculator().send({ type: 'toast.dismissed' }));
    expect(screen.getByTestId('toast')).toHaveTextContent('none');
    // Signed in: no sign-in call to action.
    expect(screen.getByTestId('loyalty')).toHaveTextContent('none');
  });

  it('offers the loyalty sign-in, without the session token in its address, when the visitor has no profile', async () => {
    renderShop(routes, '/');
    await waitFor(() => expect(screen.getByTestId('loyalty')).not.toHaveTextContent('none'));
    const href = new URL(screen.getByTestId('loyalty').textContent ?? '');
    expect(href.pathname).toBe('/session/1/loyalty-signin');
    expect(href.searchParams.get('returnUrl')).toBe('/?signedIn');
    expect(href.searchParams.has('token')).toBe(false);
    expect(href.toString()).not.toContain(fixtures.token);
  });

  it('starts the loyalty sign-in with a single-use code, then goes to the sign-in page', async () => {
    renderShop(routes, '/');
    await waitFor(() => expect(screen.getByTestId('loyalty')).not.toHaveTextContent('none'));
    act(() => screen.getByRole('button', { name: 'sign in' }).click());
    await waitFor(() => expect(navigations).toHaveLength(1));
    const url = new URL(navigations[0] ?? '');
    expect(url.pathname).toBe('/session/1/loyalty-signin');
    expect(url.searchParams.get('code')).toMatch(/^[\w-]{43}$/);
    expect(url.toString()).not.toContain(fixtures.token);
  });

  it('offers a new visitor the loyalty sign-in too: the click starts the session, then the sign-in', async () => {
    const created: (string | null)[] = [];
    server.use(http.post(routeUrl('sessionCreate'), ({ request }) => (created.push(request.headers.get(AUTH_HEADER)), HttpResponse.json({ token: fixtures.token }))));
    renderShop(routes, '/', { storage: memoryStorage() });
    await waitFor(() => expect(screen.getByTestId('loyalty')).not.toHaveTextContent('none'));
    expect(created).toEqual([]);
    act(() => screen.getByRole('button', { name: 'sign in' }).click());
    await waitFor(() => expect(navigations).toHaveLength(1));
    expect(created).toEqual([null]);
    expect(new URL(navigations[0] ?? '').searchParams.get('code')).toMatch(/^[\w-]{43}$/);
  });

  it('adds to the cart through the cart actor, creating the cart, then goes to the cart', async () => {
    server.use(...variants.noCart());
    const created: unknown[] = [];
    const added: unknown[] = [];
    server.use(
      http.post(routeUrl('cartCreate'), async ({ request }) => (created.push(await request.json()), HttpResponse.json(fixtures.emptyCart))),
      http.post(routeUrl('cartAdd'), async ({ request }) => (added.push(await request.json()), HttpResponse.json(fixtures.cart))),
    );
    const { router } = renderShop(routes, '/');
    await ready();
    const cart = await runningCart();
    await waitFor(() => expect(cart.getSnapshot().matches('none')).toBe(true));
    act(() => calculator().send({ type: 'cart.addRequested' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/checkout/view-cart'));
    expect(created).toEqual([expect.objectContaining({ productId: 2 })]);
    expect(added).toEqual([expect.objectContaining({ currencyCode: fixtures.siteSettings.defaultCurrency })]);
    expect(cart.getSnapshot().context.cart).toEqual(fixtures.cart);
  });

  it('shows the cart\'s problem when the line cannot be added', async () => {
    server.use(...variants.problem('cartAdd', { title: 'Bad amount', detail: 'That amount is not available.' }, 422));
    renderShop(routes, '/');
    await ready();
    act(() => calculator().send({ type: 'cart.addRequested' }));
    await waitFor(() => expect(calculator().getSnapshot().context.addError).toBe('That amount is not available.'));
  });

  it('follows the cart: a cart read after the calculator started forces its product', async () => {
    server.use(...variants.slow('cart', 50), ...variants.sellBackCart());
    renderShop(routes, '/');
    await waitFor(() => expect(running.calculator?.getSnapshot().context.cart).toMatchObject({ productId: 3 }));
    expect(calculator().getSnapshot().context.productId).toBe(3);
  });

  it('abandons the cart when the tab changes under it', async () => {
    renderShop(routes, '/');
    await ready();
    const cart = await runningCart();
    await waitFor(() => expect(cart.getSnapshot().matches('open')).toBe(true));
    act(() => calculator().send({ type: 'transactionType.changed', transactionType: 'buy' }));
    await waitFor(() => expect(cart.getSnapshot().hasTag('cleared')).toBe(true));
  });
});

describe('add new currency', () => {
  it('quotes at the cart\'s branch and product, hands the line to the cart and is told the cart\'s lines', async () => {
    const clock = new SimulatedClock();
    const added: unknown[] = [];
    const quoted: string[] = [];
    server.use(
      http.get(routeUrl('quote'), ({ request }) => (quoted.push(new URL(request.url).pathname), undefined)),
      http.post(routeUrl('cartAdd'), async ({ request }) => {
        added.push(await request.json());
        const cart = fixtures.cart;
        return HttpResponse.json({ ...cart, lines: [...cart.lines, { ...cart.lines[0]!, id: 'line-3', currency: { code: 'CAD', pluralName: 'Canadian Dollars', symbol: 'C$' } }] });
      }),
    );
    const form = { get current() { return running.newLine ?? null; } };
    // The view-cart page: the shop starts the form from the cart's lines, branch and product.
    renderShop([{ path: '*', element: <><Probe /><PageActor id="newLine" /></> }], '/checkout/view-cart', { clock });
    const cart = await runningCart();
    await waitFor(() => expect(cart.getSnapshot().matches('open')).toBe(true));
    await waitFor(() => expect(form.current).not.toBeNull());
    // The form reads the currencies with the shop's read.
    await waitFor(() => expect(form.current!.getSnapshot().matches({ currencies: 'loaded' })).toBe(true));
    act(() => form.current!.send({ type: 'newLine.currencyChosen', currencyCode: 'CAD' }));
    await waitFor(() => expect(form.current!.getSnapshot().matches({ form: { quote: 'loaded' } })).toBe(true));
    expect(quoted).toEqual([`/api/sites/1/stores/${fixtures.cart.store.id}/products/2/rates/currency/CAD`]);
    act(() => form.current!.send({ type: 'amount.typed', picker: 'foreign', text: '300' }));
    act(() => clock.increment(500));
    act(() => form.current!.send({ type: 'newLine.addRequested' }));
    await waitFor(() => expect(added).toEqual([{ currencyCode: 'CAD', qty: 300 }]));
    // The cart now holds CAD: the form starts again and no longer offers it.
    await waitFor(() => expect(form.current!.getSnapshot().context.lines).toHaveLength(3));
    expect(form.current!.getSnapshot().context.currencyCode).toBeNull();
  });
});

describe('branch finder page', () => {
  it('finds branches near a place through the API', async () => {
    const finder = { get current() { return running.branchFinder ?? null; } };
    renderShop([{ path: '*', element: <PageActor id="branchFinder" /> }], '/branches');
    await waitFor(() => expect(finder.current).not.toBeNull());
    const place = fixtures.places[0]!;
    act(() => finder.current!.send({ type: 'place.selected', place }));
    await waitFor(() => expect(finder.current!.getSnapshot().context.result?.kind).toBe('branches'));
  });
});
