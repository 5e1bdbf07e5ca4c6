/**
 * The composition root of the statecharts. This file is where each machine of machines/ gets its
 * real I/O through `.provide({ actors })`, calling the API modules of src/api/, e.g.
 *
 *   checkoutMachine.provide({
 *     actors: {
 *       loadOrder: fromPromise(({ signal }) => fetchOrder(services.api, { signal })),
 *       createPaymentIntent: fromPromise(({ signal }) => createPaymentIntent(services.api, { signal })),
 *     },
 *   })
 *
 * The root actors are created inside ShopProviders (providers.tsx), never at module level, and
 * get `inspectOptions(...)` from inspector.ts. The session actor supplies the API client's token
 * and receives `session.unauthorized` from `onUnauthorized` (the SessionLink below).
 *
 * Nothing is wired yet: ShopActors grows one entry per machine as the machines land.
 */
import { createApiClient, type ApiClient } from '#src/api/client.ts';
import type { ShopConfig } from './config.ts';
import { createConsoleReporter, type ErrorReporter } from './errors.ts';
import { silentTracker, type MarketingTracker } from './tracking.ts';

/** How the API client reaches the session actor, which owns the token (spec 4.4). */
export interface SessionLink {
  getToken(): string | null;
  unauthorized(status: 401 | 403): void;
}

/** What every actor implementation needs from the outside world. */
export interface ShopServices {
  config: ShopConfig;
  api: ApiClient;
  errors: ErrorReporter;
  tracker: MarketingTracker;
}

export function createShopServices(
  config: ShopConfig,
  session: SessionLink,
  overrides: Partial<Pick<ShopServices, 'errors' | 'tracker'>> = {},
): ShopServices {
  return {
    config,
    api: createApiClient({
      baseUrl: config.apiBase,
      getToken: () => session.getToken(),
      onUnauthorized: (status) => session.unauthorized(status),
    }),
    errors: overrides.errors ?? createConsoleReporter(),
    tracker: overrides.tracker ?? silentTracker,
  };
}

/** The running root actors, one per machine (session, cart, calculator, branch finder, chart, checkout, payment). */
export type ShopActors = Record<string, never>;
