import { act, render, screen, waitFor } from '@testing-library/react';
import { useSelector } from '@xstate/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { useEffect, type ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { InspectionEvent } from 'xstate';
import { AUTH_HEADER } from '#domain/contract/routes.ts';
import { selectToken } from '#machines/session/session.machine.ts';
import { fetchCart } from '#src/api/cart.ts';
import { ProblemError } from '#src/api/client.ts';
import { sessionToken } from '../../mocks/fixtures.ts';
import { MOCK_API_BASE, handlers, on, problemResponse, routeUrl, variants } from '../../mocks/handlers.ts';
import { fixtures, problems } from '../../mocks/fixtures.ts';
import { LEGACY_TOKEN_STORAGE_KEY, SESSION_TOKEN_STORAGE_KEY, type ShopServices, type TokenStorage } from './actors.ts';
import type { ShopConfig } from './config.ts';
import { ShopProviders, useShopActors, useShopServices, useSiteSettings } from './providers.tsx';
import { inAppPath, useChartActor, useCheckoutActor, usePaymentResponseActor } from './use-machines.ts';
import type { ErrorReporter } from './errors.ts';
import type { MarketingTracker } from './tracking.ts';

const server = setupServer(...handlers);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  sessionStorage.clear();
});
afterAll(() => server.close());

/** The shop's configured origin differs from the page's on purpose: postMessage must use the configured one. */
const config: ShopConfig = {
  apiBase: MOCK_API_BASE,
  siteId: 1,
  appOrigin: 'https://shop.example',
  pspOrigin: 'http://localhost:3002',
};

function memoryStorage(initial: Record<string, string> = {}): TokenStorage & { data: Map<string, string> } {
  const data = new Map(Object.entries(initial));
  return {
    data,
    getItem: vi.fn((key: string) => data.get(key) ?? null),
    setItem: vi.fn((key: string, value: string) => void data.set(key, value)),
    removeItem: vi.fn((key: string) => void data.delete(key)),
  };
}

function fakeTracker() {
  return {
    identify: vi.fn<MarketingTracker['identify']>(),
    track: vi.fn<MarketingTracker['track']>(),
    stepViewed: vi.fn<MarketingTracker['stepViewed']>(),
  } satisfies MarketingTracker;
}

/** Records every session creation with the bearer it carried, answering a new token each time. */
function countSessionCreations() {
  const bearers: (string | null)[] = [];
  server.use(
    http.post(routeUrl('sessionCreate'), ({ request }) => {
      bearers.push(request.headers.get(AUTH_HEADER));
      return HttpResponse.json({ token: sessionToken(new Date(), { cart: `cart-${bearers.length}` }) }, { status: 201 });
    }),
  );
  return bearers;
}

const captured: { current: { services: ShopServices; actors: ReturnType<typeof useShopActors> } | null } = { current: null };

function Probe() {
  const services = useShopServices();
  const actors = useShopActors();
  useEffect(() => {
    captured.current = { services, actors };
  });
  const token = useSelector(actors.session, selectToken);
  const settings = useSiteSettings();
  return (
    <>
      <p data-testid="token">{token ?? 'none'}</p>
      <p data-testid="site">{settings?.name ?? 'unknown'}</p>
    </>
  );
}

interface RenderOptions {
  storage?: TokenStorage | null;
  tracker?: MarketingTracker;
  errors?: ErrorReporter;
  inspect?: (event: InspectionEvent) => void;
}

function renderShop(routes: RouteObject[], path: string, options: RenderOptions = {}) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const view = render(
    <ShopProviders
      config={config}
      storage={options.storage ?? memoryStorage()}
      overrides={{ ...(options.tracker ? { tracker: options.tracker } : {}), ...(options.errors ? { errors: options.errors } : {}) }}
      inspect={options.inspect ? { inspect: options.inspect } : {}}
    >
      <RouterProvider router={router} />
    </ShopProviders>,
  );
  return { router, ...view };
}

const withProbe = (element: ReactNode): RouteObject[] => [
  {
    path: '*',
    element: (
      <>
        <Probe />
        {element}
      </>
    ),
  },
];

const systemIdOf = (actor: object) => (actor as { systemId?: string }).systemId;

const tokenShown = () => screen.getByTestId('token').textContent;

describe('root actors', () => {
  it('creates the session and settings actors, each with its system id', async () => {
    const bearers = countSessionCreations();
    const storage = memoryStorage();
    renderShop(withProbe(null), '/', { storage });
    await waitFor(() => expect(tokenShown()).not.toBe('none'));
    expect(captured.current?.actors.session.system.get('session')).toBe(captured.current?.actors.session);
    expect(systemIdOf(captured.current!.actors.siteSettings)).toBe('siteSettings');
    expect(await screen.findByText(fixtures.siteSettings.name)).toBeInTheDocument();
    // A new session, started without a bearer, its token kept for the next page.
    expect(bearers).toEqual([null]);
    expect(storage.data.get(SESSION_TOKEN_STORAGE_KEY)).toBe(tokenShown());
  });

  it('keeps a stored token that has not expired', async () => {
    const bearers = countSessionCreations();
    const stored = sessionToken(new Date(), { cart: 'kept' });
    renderShop(withProbe(null), '/', { storage: memoryStorage({ [SESSION_TOKEN_STORAGE_KEY]: stored }) });
    await waitFor(() => expect(tokenShown()).toBe(stored));
    expect(bearers).toEqual([]);
  });

  it('exchanges a legacy token once, then removes it', async () => {
    const bearers = countSessionCreations();
    const storage = memoryStorage({ [LEGACY_TOKEN_STORAGE_KEY]: 'legacy.demo-visitor' });
    const first = renderShop(withProbe(null), '/', { storage });
    await waitFor(() => expect(storage.data.has(SESSION_TOKEN_STORAGE_KEY)).toBe(true));
    expect(bearers).toEqual(['Bearer legacy.demo-visitor']);
    expect(storage.data.has(LEGACY_TOKEN_STORAGE_KEY)).toBe(false);
    first.unmount();

    // The next page finds the new token and no legacy one.
    renderShop(withProbe(null), '/', { storage });
    await waitFor(() => expect(tokenShown()).toBe(storage.data.get(SESSION_TOKEN_STORAGE_KEY)));
    expect(bearers).toHaveLength(1);
  });

  it('sends the session token with API calls', async () => {
    const seen: (string | null)[] = [];
    server.use(http.get(routeUrl('cart'), ({ request }) => (seen.push(request.headers.get(AUTH_HEADER)), HttpResponse.json(fixtures.cart))));
    const stored = sessionToken(new Date(), { cart: 'c1' });
    renderShop(withProbe(null), '/', { storage: memoryStorage({ [SESSION_TOKEN_STORAGE_KEY]: stored }) });
    await waitFor(() => expect(tokenShown()).toBe(stored));
    await fetchCart(captured.current!.services.api);
    expect(seen).toEqual([`Bearer ${stored}`]);
  });

  it.each([401, 403])('on a %s drops the token, clears it from storage and starts a new session', async (status) => {
    const bearers = countSessionCreations();
    server.use(on('cart', () => problemResponse(status === 401 ? problems.unauthorized : { title: 'Forbidden' }, status)));
    const stored = sessionToken(new Date(), { cart: 'old' });
    const storage = memoryStorage({ [SESSION_TOKEN_STORAGE_KEY]: stored });
    renderShop(withProbe(null), '/', { storage });
    await waitFor(() => expect(tokenShown()).toBe(stored));

    let failure: unknown;
    await act(async () => {
      failure = await fetchCart(captured.current!.services.api).catch((error: unknown) => error);
    });
    expect(failure).toBeInstanceOf(ProblemError);
    expect(storage.removeItem).toHaveBeenCalledWith(SESSION_TOKEN_STORAGE_KEY);
    await waitFor(() => expect(bearers).toHaveLength(1));
    await waitFor(() => expect(tokenShown()).not.toBe(stored));
    expect(tokenShown()).not.toBe('none');
    expect(storage.data.get(SESSION_TOKEN_STORAGE_KEY)).toBe(tokenShown());
  });

  it('holds authorised calls until the session has a token', async () => {
    const seen: (string | null)[] = [];
    server.use(
      ...variants.slow('sessionCreate', 50),
      http.get(routeUrl('order'), ({ request }) => (seen.push(request.headers.get(AUTH_HEADER)), HttpResponse.json(fixtures.order))),
    );
    function Checkout() {
      useCheckoutActor();
      return null;
    }
    renderShop(withProbe(<Checkout />), '/checkout/delivery-options');
    await waitFor(() => expect(seen).toHaveLength(1));
    expect(seen[0]).toBe(`Bearer ${fixtures.token}`);
  });

  it('connects the root actors and page actors to the inspector when asked', async () => {
    const inspected = new Set<string>();
    const inspect = (event: InspectionEvent) => {
      const systemId = systemIdOf(event.actorRef);
      if (systemId) inspected.add(systemId);
      const machineId = (event.actorRef as { logic?: { id?: unknown } }).logic?.id;
      if (typeof machineId === 'string') inspected.add(machineId);
    };
    function Checkout() {
      useCheckoutActor();
      return null;
    }
    renderShop(withProbe(<Checkout />), '/checkout/delivery-options', { inspect });
    await waitFor(() => expect([...inspected]).toEqual(expect.arrayContaining(['session', 'siteSettings', 'checkout'])));
  });
});

describe('checkout side effects', () => {
  function CheckoutPage() {
    useCheckoutActor();
    return <h1>checkout</h1>;
  }
  const routes: RouteObject[] = [
    { path: '/', element: <h1>home</h1> },
    { path: '/checkout/*', element: <CheckoutPage /> },
  ];

  it('carries out navigation.requested with the router', async () => {
    // Spec 4.1: the delivery page of a completed order goes to /.
    server.use(...variants.orderCompleted());
    const { router } = renderShop(routes, '/checkout/delivery-options');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(await screen.findByRole('heading', { name: 'home' })).toBeInTheDocument();
  });

  it('follows the visitor back to a page with checkout.pageOpened', async () => {
    server.use(...variants.paymentPending());
    // Spec 4.1: the information page of a payment-pending order goes to the payment page.
    const { router } = renderShop(routes, '/checkout/customer-information');
    await waitFor(() => expect(router.state.location.pathname).toBe('/checkout/payment'));
    const orders: number[] = [];
    server.use(
      on('order', () => {
        orders.push(1);
        return HttpResponse.json({ ...fixtures.order, state: { value: 0 } });
      }),
    );
    await act(() => router.navigate('/checkout/delivery-options'));
    await waitFor(() => expect(orders.length).toBeGreaterThan(0));
    expect(router.state.location.pathname).toBe('/checkout/delivery-options');
  });

  it('announces the steps to the marketing tracker', async () => {
    const tracker = fakeTracker();
    renderShop(routes, '/checkout/customer-information', { tracker });
    await waitFor(() => expect(tracker.stepViewed).toHaveBeenCalledWith('information'));
  });

  it('reports the confirmed order and keeps the transaction in session storage', async () => {
    server.use(...variants.orderCompleted());
    sessionStorage.setItem('affiliateid', 'AFF1');
    const tracker = fakeTracker();
    renderShop(routes, '/checkout/order-confirmation', { tracker });
    await waitFor(() => expect(tracker.track).toHaveBeenCalledTimes(1));
    const order = fixtures.completedOrder;
    expect(tracker.track).toHaveBeenCalledWith(
      'Order Completed Buy or Sell',
      expect.objectContaining({
        value: order.total,
        affiliateId: 'AFF1',
        orderStatus: 'COMPLETED',
        checkoutUrl: `${config.appOrigin}/checkout/view-cart?id=${order.cartId}`,
      }),
    );
    expect(tracker.stepViewed).toHaveBeenCalledWith('confirmation');
    expect(JSON.parse(sessionStorage.getItem('transaction') ?? 'null')).toMatchObject({
      transactionId: order.externalOrderId,
      total: order.total,
    });
  });
});

describe('payment response page', () => {
  function renderResponse(target: Pick<Window, 'postMessage'>) {
    function PaymentResponse() {
      usePaymentResponseActor({ orderId: fixtures.completedOrder.id }, target);
      return null;
    }
    return renderShop([{ path: '*', element: <PaymentResponse /> }], '/checkout/payment-response');
  }

  it.each([
    ['a completed order', variants.orderCompleted(), 'payment.received'],
    ['any other state', variants.checkoutFailed(), 'payment.failed'],
  ])('reports %s to the parent page at the shop\'s exact origin', async (_label, variant, type) => {
    server.use(...variant);
    const target = { postMessage: vi.fn() };
    renderResponse(target);
    await waitFor(() => expect(target.postMessage).toHaveBeenCalled());
    expect(target.postMessage).toHaveBeenCalledWith(expect.objectContaining({ source: 'travel-money-payment', type }), 'https://shop.example');
    for (const call of target.postMessage.mock.calls) expect(call[1]).not.toBe('*');
  });

  it('reports an unknown state while the order cannot be read', async () => {
    server.use(...variants.networkError('order'));
    const target = { postMessage: vi.fn() };
    renderResponse(target);
    await waitFor(() =>
      expect(target.postMessage).toHaveBeenCalledWith(
        { source: 'travel-money-payment', type: 'payment.stateUnknown', orderId: fixtures.completedOrder.id },
        'https://shop.example',
      ),
    );
  });
});

describe('chart page', () => {
  it('sends a failed load to the error reporter', async () => {
    server.use(...variants.chartError());
    const errors = { report: vi.fn<ErrorReporter['report']>() };
    function Chart() {
      useChartActor({ path: '/eur-to-gbp' });
      return null;
    }
    renderShop([{ path: '*', element: <Chart /> }], '/eur-to-gbp', { errors });
    await waitFor(() => expect(errors.report).toHaveBeenCalledWith(expect.any(ProblemError), { where: 'chart.loadChart' }));
  });
});

describe('inAppPath', () => {
  it.each([
    ['/', '/'],
    ['/checkout/payment?x=1', '/checkout/payment?x=1'],
    ['https://shop.example/basket?id=1', '/basket?id=1'],
    ['https://elsewhere.example/', null],
    ['//elsewhere.example/', null],
  ])('%s -> %s', (to, path) => {
    expect(inAppPath(to, 'https://shop.example')).toBe(path);
  });
});
