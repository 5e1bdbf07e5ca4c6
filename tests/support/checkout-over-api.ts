/**
 * The checkout machine wired to the real API modules as the app wires it (src/app/actors.ts
 * provideCheckout), against the msw handlers, for the checkout screens' component tests. The
 * session is a fixed token; what the chart asks the app to do is collected for the test to read.
 */
import { createActor, type ActorRefFrom, type SimulatedClock } from 'xstate';
import type { ProductId } from '#domain/contract/catalogue.ts';
import type { TrackedStep } from '#domain/order-state.ts';
import { createShopServices, type SessionLink, type ShopServices } from '#src/app/actors.ts';
import { provideCheckout } from '#src/app/on-demand/checkout.ts';
import type { ShopConfig } from '#src/app/config.ts';
import { silentTracker, type MarketingTracker } from '#src/app/tracking.ts';
import { MOCK_API_BASE } from '../../mocks/handlers.ts';

export const TEST_APP_ORIGIN = 'http://localhost:3000';

const config: ShopConfig = { apiBase: MOCK_API_BASE, siteId: 1, appOrigin: TEST_APP_ORIGIN, pspOrigin: 'http://localhost:3002' };

const fixedSession: SessionLink = {
  getToken: () => 'token-1',
  // No session actor in the system: an authorised call goes out at once, and a refused one fails as it is.
  unauthorized: () => undefined,
  renewed: () => undefined,
};

export function testServices(tracker: MarketingTracker = silentTracker): ShopServices {
  return createShopServices(config, fixedSession, { tracker, errors: { report: () => undefined } });
}

export type TestCheckout = ActorRefFrom<ReturnType<typeof provideCheckout>>;

export interface CheckoutUnderTest {
  checkout: TestCheckout;
  /** Every `navigation.requested` the chart emitted, in order. */
  navigations: string[];
  steps: TrackedStep[];
  confirmedOrders: number;
}

export interface StartCheckoutOptions {
  productId?: ProductId;
  services?: ShopServices;
  /** Drives the chart's timers (the redirect after clearing the cart): the test moves it on with `clock.increment`. */
  clock?: SimulatedClock;
}

export function startCheckout(path: string, options: StartCheckoutOptions = {}): CheckoutUnderTest {
  const checkout = createActor(provideCheckout(options.services ?? testServices()), {
    ...(options.clock ? { clock: options.clock } : {}),
    input: { path, appOrigin: TEST_APP_ORIGIN, abandonCartUrl: '/', productId: options.productId ?? null },
  });
  const result: CheckoutUnderTest = { checkout, navigations: [], steps: [], confirmedOrders: 0 };
  checkout.on('navigation.requested', (event) => result.navigations.push(event.to));
  checkout.on('tracking.stepViewed', (event) => result.steps.push(event.step));
  checkout.on('order.confirmed', () => {
    result.confirmedOrders += 1;
  });
  checkout.start();
  return result;
}
