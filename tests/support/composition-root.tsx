/**
 * The composition root under test: ShopProviders over a memory router of the given routes, on the
 * msw API base, with a probe showing the session's token and capturing the services and root
 * actors. The test file sets up the msw server.
 */
import { render, screen, waitFor } from '@testing-library/react';
import { useSelector } from '@xstate/react';
import { useLayoutEffect, type ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router-dom';
import { expect, vi } from 'vitest';
import type { InspectionEvent, SimulatedClock } from 'xstate';
import { selectToken } from '#machines/session/session.machine.ts';
import type { CartActorRef, ShopServices } from '#src/app/actors.ts';
import { SESSION_TOKEN_STORAGE_KEY, type TokenStorage } from '#src/app/browser-services.ts';
import type { ShopConfig } from '#src/app/config.ts';
import type { ErrorReporter } from '#src/app/errors.ts';
import { ShopProviders, useShopActors, useShopServices, useSiteSettings } from '#src/app/providers.tsx';
import type { MarketingTracker } from '#src/app/tracking.ts';
import { underShopRoot } from '#src/app/route-sync.tsx';
import { MOCK_API_BASE } from '../../mocks/handlers.ts';
import { fixtures } from '../../mocks/fixtures.ts';

/** The shop's configured origin differs from the page's on purpose: postMessage must use the configured one. */
export const config: ShopConfig = {
  apiBase: MOCK_API_BASE,
  siteId: 1,
  appOrigin: 'https://shop.example',
  pspOrigin: 'http://localhost:3002',
};

export function memoryStorage(initial: Record<string, string> = {}): TokenStorage & { data: Map<string, string> } {
  const data = new Map(Object.entries(initial));
  return {
    data,
    getItem: vi.fn((key: string) => data.get(key) ?? null),
    setItem: vi.fn((key: string, value: string) => void data.set(key, value)),
    removeItem: vi.fn((key: string) => void data.delete(key)),
  };
}

/** The handlers' visitor (mocks/handlers.ts): back with the fixtures' session, whose token names the cart. */
export const visitorWithSession = () => memoryStorage({ [SESSION_TOKEN_STORAGE_KEY]: fixtures.token });

export function fakeTracker() {
  return {
    identify: vi.fn<MarketingTracker['identify']>(),
    track: vi.fn<MarketingTracker['track']>(),
    stepViewed: vi.fn<MarketingTracker['stepViewed']>(),
  } satisfies MarketingTracker;
}

export const captured: { current: { services: ShopServices; actors: ReturnType<typeof useShopActors> } | null } = { current: null };

export function Probe() {
  const services = useShopServices();
  const actors = useShopActors();
  // A layout effect runs as the page commits, so a test that has seen the page can use the actors.
  useLayoutEffect(() => {
    captured.current = { services, actors };
  });
  const token = useSelector(actors.session, selectToken);
  const settings = useSiteSettings();
  return (
    <>
      <p data-testid="token">{token ?? 'none'}</p>
      <p data-testid="site">{settings.name}</p>
    </>
  );
}

export interface RenderOptions {
  storage?: TokenStorage | null;
  clock?: SimulatedClock;
  navigate?: (to: string) => void;
  tracker?: MarketingTracker;
  errors?: ErrorReporter;
  inspect?: (event: InspectionEvent) => void;
  /** The page holding the payment frame. */
  parent?: Pick<Window, 'postMessage'>;
}

export function renderShop(routes: RouteObject[], path: string, options: RenderOptions = {}) {
  const router = createMemoryRouter(underShopRoot(routes), { initialEntries: [path] });
  const view = render(
    <ShopProviders
      config={config}
      storage={options.storage ?? visitorWithSession()}
      overrides={{
        ...(options.tracker ? { tracker: options.tracker } : {}),
        ...(options.errors ? { errors: options.errors } : {}),
        ...(options.parent ? { parent: options.parent } : {}),
      }}
      inspect={options.inspect ? { inspect: options.inspect } : {}}
      {...(options.clock ? { clock: options.clock } : {})}
      {...(options.navigate ? { navigate: options.navigate } : {})}
      openingPath={path.split(/[?#]/)[0]}
    >
      <RouterProvider router={router} />
    </ShopProviders>,
  );
  return { router, ...view };
}

export const withProbe = (element: ReactNode): RouteObject[] => [
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

export const tokenShown = () => screen.getByTestId('token').textContent;

/** The cart actor once the shop runs it (its machine loads on demand: the session may have a cart, a line was asked for, or the page shows the cart). */
export async function runningCart(): Promise<CartActorRef> {
  let cart: CartActorRef | null = null;
  await waitFor(() => {
    cart = captured.current?.actors.cart ?? null;
    expect(cart, 'the cart actor').not.toBeNull();
  });
  return cart!;
}
