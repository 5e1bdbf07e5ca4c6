/**
 * Renders a screen as the app does (ShopProviders over a memory router, the route table under the
 * shop's root, which tells the shop the address) against the msw handlers, with a fresh session
 * store each time holding the handlers' session (a visitor back with a cart) unless told otherwise, for the views project's component tests. The shop starts the page's actors from
 * the address, so the path is the page's own.
 */
import { render, type RenderResult } from '@testing-library/react';
import { StrictMode, type ReactElement } from 'react';
import type { SimulatedClock } from 'xstate';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router-dom';
import type { ShopConfig } from '#src/app/config.ts';
import { ShopProviders } from '#src/app/providers.tsx';
import { SESSION_TOKEN_STORAGE_KEY, type TokenStorage } from '#src/app/browser-services.ts';
import type { ErrorReporter } from '#src/app/errors.ts';
import { underShopRoot } from '#src/app/route-sync.tsx';
import { MOCK_API_BASE } from '../../mocks/handlers.ts';
import { fixtures } from '../../mocks/fixtures.ts';

export const testConfig: ShopConfig = {
  apiBase: MOCK_API_BASE,
  siteId: 1,
  appOrigin: 'http://localhost:3000',
  pspOrigin: 'http://localhost:3002',
};

export function memoryStorage(initial: Record<string, string> = {}): TokenStorage & { items: Map<string, string> } {
  const items = new Map(Object.entries(initial));
  return {
    items,
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
    removeItem: (key) => void items.delete(key),
  };
}

export interface RenderShopOptions {
  /** The address the page opens on, with its query. */
  path?: string;
  /** The route pattern the element sits at (defaults to the path without its query). */
  pattern?: string;
  /** Other routes, e.g. the page a link leads to. */
  routes?: RouteObject[];
  storage?: TokenStorage | null;
  errors?: ErrorReporter;
  /** Wrap the app in StrictMode as main.tsx does (effects run twice in development). */
  strict?: boolean;
  /** Drives every actor's timers (debounces, redirects, retries): the test moves it on with `clock.increment`. */
  clock?: SimulatedClock;
}

export function renderShop(element: ReactElement, options: RenderShopOptions = {}): RenderResult & { router: ReturnType<typeof createMemoryRouter> } {
  const path = options.path ?? '/';
  const router = createMemoryRouter(
    underShopRoot([{ path: options.pattern ?? path.split(/[?#]/)[0], element }, ...(options.routes ?? []), { path: '*', element: <p>elsewhere</p> }]),
    { initialEntries: [path] },
  );
  const app = (
    <ShopProviders
      config={testConfig}
      storage={options.storage === undefined ? memoryStorage({ [SESSION_TOKEN_STORAGE_KEY]: fixtures.token }) : options.storage}
      overrides={options.errors ? { errors: options.errors } : {}}
      inspect={{}}
      {...(options.clock ? { clock: options.clock } : {})}
    >
      <RouterProvider router={router} />
    </ShopProviders>
  );
  const result = render(options.strict ? <StrictMode>{app}</StrictMode> : app);
  return { ...result, router };
}
