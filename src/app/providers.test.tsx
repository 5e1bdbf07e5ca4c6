import { act, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { useEffect } from 'react';
import type { RouteObject } from 'react-router-dom';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { SimulatedClock, type InspectionEvent } from 'xstate';
import { AUTH_HEADER } from '#domain/contract/routes.ts';
import { messages } from '#domain/messages.ts';
import { TRACKING_COOKIE } from './tracking.ts';
import { fetchCart } from '#src/api/cart.ts';
import { fetchOrder } from '#src/api/order.ts';
import { ProblemError } from '#src/api/client.ts';
import { sessionToken } from '../../mocks/fixtures.ts';
import { Probe, captured, config, fakeTracker, memoryStorage, renderShop, tokenShown, withProbe, runningCart } from '../../tests/support/composition-root.tsx';
import { handlers, on, problemResponse, routeUrl, variants } from '../../mocks/handlers.ts';
import { fixtures, problems } from '../../mocks/fixtures.ts';
import { selectSessionNotice } from '#machines/session/session.machine.ts';
import { LEGACY_TOKEN_STORAGE_KEY, SESSION_TOKEN_STORAGE_KEY } from './browser-services.ts';
import { inAppPath, shopNavigator } from './navigation.ts';
import type { ErrorReporter } from './errors.ts';
import { usePageActor, type PageActors } from './use-machines.ts';

const server = setupServer(...handlers);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  sessionStorage.clear();
  captured.current = null;
});
afterAll(() => server.close());

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

const systemIdOf = (actor: object) => (actor as { systemId?: string }).systemId;


describe('root actors', () => {
  it('starts no session for a new visitor on a page that only shows the catalogue', async () => {
    const bearers = countSessionCreations();
    const storage = memoryStorage();
    renderShop(withProbe(null), '/', { storage });
    expect(await screen.findByText(fixtures.siteSettings.name)).toBeInTheDocument();
    await waitFor(() => expect(captured.current?.actors.session.getSnapshot().hasTag('none')).toBe(true));
    expect(tokenShown()).toBe('none');
    expect(bearers).toEqual([]);
    expect(captured.current!.actors.cart).toBeNull();
    expect(storage.data.has(SESSION_TOKEN_STORAGE_KEY)).toBe(false);
  });

  it('creates the session and cart actors, each with its system id, once a page needs them', async () => {
    const bearers = countSessionCreations();
    const storage = memoryStorage();
    // The review page shows the cart: the cart's machine loads, and its read needs the session.
    renderShop(withProbe(null), '/checkout/view-cart', { storage });
    await waitFor(() => expect(tokenShown()).not.toBe('none'));
    const actors = captured.current!.actors;
    expect(actors.session.system.get('session')).toBe(actors.session);
    const cart = await runningCart();
    expect(cart.system.get('cart')).toBe(cart);
    // The cart was read with the session's token, and its countdown child runs.
    await waitFor(() => expect(cart.getSnapshot().matches('open')).toBe(true));
    expect(cart.getSnapshot().children.countdown).toBeDefined();
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
    // Both the probe and the cart actor's own read come after the token; wait for them.
    await waitFor(() => expect(captured.current).not.toBeNull());
    await waitFor(() => expect(seen).toHaveLength(1));
    await fetchCart(captured.current!.services.api);
    // The cart actor's own read, then this one.
    expect(seen).toEqual([`Bearer ${stored}`, `Bearer ${stored}`]);
  });

  it.each([401, 403])('on a %s drops the token, hands it over for a new session, says so and makes the call again', async (status) => {
    const bearers = countSessionCreations();
    const sent: (string | null)[] = [];
    server.use(
      http.get(
        routeUrl('cart'),
        ({ request }) => {
          sent.push(request.headers.get(AUTH_HEADER));
          return problemResponse(status === 401 ? problems.unauthorized : { title: 'Forbidden' }, status);
        },
        { once: true },
      ),
    );
    const stored = sessionToken(new Date(), { cart: 'old' });
    const storage = memoryStorage({ [SESSION_TOKEN_STORAGE_KEY]: stored });
    renderShop(withProbe(null), '/', { storage });

    // The cart actor's read is refused.
    await waitFor(() => expect(sent).toEqual([`Bearer ${stored}`]));
    await waitFor(() => expect(storage.removeItem).toHaveBeenCalledWith(SESSION_TOKEN_STORAGE_KEY));
    // The new session is asked for with the refused token, so the server hands the cart over.
    await waitFor(() => expect(bearers).toEqual([`Bearer ${stored}`]));
    await waitFor(() => expect(tokenShown()).not.toBe(stored));
    const fresh = tokenShown();
    expect(fresh).not.toBe('none');
    expect(storage.data.get(SESSION_TOKEN_STORAGE_KEY)).toBe(fresh);
    // The refused read was made again with the new token, and the shopper is told.
    const cart = await runningCart();
    await waitFor(() => expect(cart.getSnapshot().matches('open')).toBe(true));
    const session = captured.current!.actors.session;
    await waitFor(() => expect(selectSessionNotice(session.getSnapshot())).toEqual({ kind: 'sessionEnded', keptCart: true }));

    // The next call carries the new token.
    const seen: (string | null)[] = [];
    server.use(http.get(routeUrl('cart'), ({ request }) => (seen.push(request.headers.get(AUTH_HEADER)), HttpResponse.json(fixtures.cart))));
    await fetchCart(captured.current!.services.api);
    expect(seen).toEqual([`Bearer ${fresh}`]);
  });

  it('answers a call refused with a 401 with the problem', async () => {
    server.use(...variants.unauthorized('order'));
    renderShop(withProbe(null), '/');
    await screen.findByText(fixtures.siteSettings.name);
    let failure: unknown;
    await act(async () => {
      failure = await fetchOrder(captured.current!.services.api).catch((error: unknown) => error);
    });
    expect(failure).toBeInstanceOf(ProblemError);
  });

  it('holds authorised calls until the session has a token', async () => {
    const seen: (string | null)[] = [];
    server.use(
      ...variants.slow('sessionCreate', 50),
      http.get(routeUrl('order'), ({ request }) => (seen.push(request.headers.get(AUTH_HEADER)), HttpResponse.json(fixtures.order))),
    );
    // The shop starts the checkout for the address.
    renderShop(withProbe(null), '/checkout/delivery-options');
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
    renderShop(withProbe(null), '/checkout/customer-information', { inspect });
    await waitFor(() => expect([...inspected]).toEqual(expect.arrayContaining(['shop', 'session', 'effects', 'cart', 'countdown', 'checkout'])));
    // The reads the pages show are actors of the system too.
    await waitFor(() => expect([...inspected]).toEqual(expect.arrayContaining(['checkoutContent', 'read'])));
  });
});

describe('page settings', () => {
  it('offers to try again when they cannot be read, and starts the pages once they are', async () => {
    const errors = { report: vi.fn<ErrorReporter['report']>() };
    server.use(http.get(routeUrl('siteSettings'), () => problemResponse(problems.server, 500), { once: true }));
    renderShop(withProbe(null), '/', { errors });
    const retry = await screen.findByRole('button', { name: messages.retry });
    expect(screen.getByRole('alert')).toHaveTextContent(messages.somethingWentWrong);
    expect(errors.report).toHaveBeenCalledWith(expect.any(ProblemError), { where: 'shopSettings' });
    await act(async () => retry.click());
    expect(await screen.findByText(fixtures.siteSettings.name)).toBeInTheDocument();
  });
});

describe('cart side effects', () => {
  it('carries out the cart\'s navigation.requested with the app\'s navigate', async () => {
    const clock = new SimulatedClock();
    const navigate = vi.fn<(to: string) => void>();
    renderShop(withProbe(null), '/', { clock, navigate });
    await screen.findByText(fixtures.siteSettings.name);
    const cart = await runningCart();
    await waitFor(() => expect(cart.getSnapshot().matches('open')).toBe(true));
    act(() => cart.send({ type: 'cart.abandonRequested' }));
    await waitFor(() => expect(cart.getSnapshot().hasTag('cleared')).toBe(true));
    expect(navigate).not.toHaveBeenCalled();
    // Spec 4.3: "We've cleared your cart", then / one second later.
    act(() => clock.increment(1000));
    expect(navigate).toHaveBeenCalledWith('/');
  });
});

describe('checkout side effects', () => {
  // The shop starts the checkout for a checkout address; the page only draws.
  function CheckoutPage() {
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

  // Spec 4.1: only a completed order is confirmed; an order refused by the velocity check goes to
  // the error step, one still awaiting payment to the payment page, neither reported nor stored.
  it.each([
    ['velocity-check-failed (1)', '/checkout/payment-unsuccessful', 1],
    ['created (0)', '/checkout/payment-unsuccessful', 0],
    ['checkout-failed (16)', '/checkout/payment-unsuccessful', 16],
    ['payment-pending (3)', '/checkout/payment', 3],
  ] as const)('confirms no %s order: it goes to %s, with no tracking and nothing stored', async (_, to, state) => {
    server.use(...variants.orderState(state));
    const tracker = fakeTracker();
    const { router } = renderShop(routes, '/checkout/order-confirmation', { tracker });
    await waitFor(() => expect(router.state.location.pathname).toBe(to));
    expect(tracker.track).not.toHaveBeenCalled();
    expect(tracker.stepViewed).not.toHaveBeenCalledWith('confirmation');
    expect(sessionStorage.getItem('transaction')).toBeNull();
  });

  it('reports the order once: the confirmation opened again in the same visit tracks nothing more', async () => {
    server.use(...variants.orderCompleted());
    const first = fakeTracker();
    const { unmount } = renderShop(routes, '/checkout/order-confirmation', { tracker: first });
    await waitFor(() => expect(first.track).toHaveBeenCalledTimes(1));
    unmount();

    const again = fakeTracker();
    const reads = vi.spyOn(Storage.prototype, 'getItem');
    try {
      renderShop(routes, '/checkout/order-confirmation', { tracker: again });
      // The confirmed order arrived and the kept transaction was looked at.
      await waitFor(() => expect(reads).toHaveBeenCalledWith('transaction'));
      expect(again.track).not.toHaveBeenCalled();
    } finally {
      reads.mockRestore();
    }
  });
});

describe('checkout and cart together', () => {
  const checkoutRef: { current: PageActors['checkout'] | null } = { current: null };
  function CheckoutPage() {
    const checkout = usePageActor('checkout');
    useEffect(() => {
      checkoutRef.current = checkout ?? null;
    });
    return null;
  }
  const routes: RouteObject[] = [
    { path: '/', element: <Probe /> },
    {
      path: '/checkout/*',
      element: (
        <>
          <Probe />
          <CheckoutPage />
        </>
      ),
    },
  ];

  it('moves the checkout on once the cart has created the order, sending the attribution values', async () => {
    document.cookie = `${TRACKING_COOKIE}=${encodeURIComponent(JSON.stringify({ UTM_Source: 'newsletter' }))}; Path=/`;
    const gaInfo: unknown[] = [];
    server.use(
      ...variants.settings({ showBuybackGuarantee: false, showRefundGuarantee: false }),
      http.put(routeUrl('gaInfo'), async ({ request }) => (gaInfo.push(await request.json()), new HttpResponse(null, { status: 204 }))),
    );
    const { router } = renderShop(routes, '/checkout/view-cart');
    await screen.findByText(fixtures.siteSettings.name);
    const cart = await runningCart();
    await waitFor(() => expect(cart.getSnapshot().matches('open')).toBe(true));
    act(() => cart.send({ type: 'cart.checkoutRequested' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/checkout/delivery-options'));
    expect(gaInfo).toEqual([expect.objectContaining({ UTM_Source: 'newsletter', Gclid: null })]);
    document.cookie = `${TRACKING_COOKIE}=; Max-Age=0; Path=/`;
  });

  it('stops the cart countdown at confirmation, even when the cart is read after the page opened', async () => {
    server.use(...variants.slow('cart', 100), ...variants.orderCompleted());
    const stops: unknown[] = [];
    renderShop(routes, '/checkout/order-confirmation', {
      inspect: (event) => {
        if (event.type === '@xstate.event' && event.event.type === 'countdown.stopRequested') stops.push(event.event);
      },
    });
    await screen.findByText(fixtures.siteSettings.name);
    const cart = await runningCart();
    await waitFor(() => expect(cart.getSnapshot().matches('open')).toBe(true));
    await waitFor(() => expect(stops).toHaveLength(1));
    expect(cart.getSnapshot().children.countdown?.getSnapshot().status ?? 'done').toBe('done');
  });

  it('forgets the cart the checkout abandoned', async () => {
    const clock = new SimulatedClock();
    server.use(...variants.checkoutFailed());
    renderShop(routes, '/checkout/payment-unsuccessful', { clock });
    await screen.findByText(fixtures.siteSettings.name);
    const cart = await runningCart();
    await waitFor(() => expect(cart.getSnapshot().matches('open')).toBe(true));
    await waitFor(() => expect(checkoutRef.current?.getSnapshot().can({ type: 'checkout.left' })).toBe(true));
    act(() => checkoutRef.current!.send({ type: 'checkout.left' }));
    await waitFor(() => expect(cart.getSnapshot().matches('none')).toBe(true));
    expect(cart.getSnapshot().context.cart).toBeNull();
  });
});

describe('payment response page', () => {
  // The provider's return address names the order; the shop starts the page's actor for it.
  function renderResponse(target: Pick<Window, 'postMessage'>) {
    return renderShop([{ path: '*', element: null }], `/checkout/payment-response?orderId=${fixtures.completedOrder.id}`, { parent: target });
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

  // The provider's return page is reached only once the cart is checked out: the session's
  // token still names the cart, which is now the order being paid for, and is not read.
  it('reads no cart: it is checked out, and the order is what the page polls', async () => {
    server.use(...variants.orderCompleted());
    const reads: string[] = [];
    const listener = ({ request }: { request: Request }) => {
      const { pathname } = new URL(request.url);
      if (pathname.endsWith('/cart') || pathname.endsWith('/api/cart')) reads.push(`${request.method} ${pathname}`);
    };
    server.events.on('request:start', listener);
    try {
      const target = { postMessage: vi.fn() };
      renderResponse(target);
      await waitFor(() => expect(target.postMessage).toHaveBeenCalled());
      expect(reads).toEqual([]);
    } finally {
      server.events.removeListener('request:start', listener);
    }
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
    renderShop([{ path: '*', element: null }], '/eur-to-gbp', { errors });
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

  it('keeps in-app addresses in the router and leaves the app for another origin', () => {
    const router = vi.fn();
    const location = { origin: 'https://shop.example', assign: vi.fn() };
    const go = shopNavigator(router, location);
    go('/checkout/payment');
    go('https://shop.example/?signedIn');
    go('https://partner.example/basket');
    expect(router.mock.calls).toEqual([['/checkout/payment'], ['/?signedIn']]);
    expect(location.assign).toHaveBeenCalledExactlyOnceWith('https://partner.example/basket');
  });
});
