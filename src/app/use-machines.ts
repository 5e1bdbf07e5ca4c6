/**
 * One hook a page-level machine: each creates the screen's actor with its real I/O (actors.ts),
 * the inspector options and its input, and carries out the side effects the chart emits:
 *
 * - `navigation.requested`: react-router's navigate for the shop's own addresses, a full
 *   navigation (location.assign) for an absolute URL on another origin;
 * - `tracking.stepViewed`, `order.confirmed`: the marketing tracker and session storage;
 * - `countdown.stopRequested`, `cart.abandoned`: the root cart actor;
 * - `payment.reported`: postMessage to the page holding the payment iframe, at the shop's exact
 *   origin, never '*';
 * - `error.reported`: the error reporter.
 */
import { useActorRef } from '@xstate/react';
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { ActorRef, ActorRefFrom, EventObject, Snapshot } from 'xstate';
import { appPaths } from '#domain/contract/routes.ts';
import { messages } from '#domain/messages.ts';
import type { ChartInput } from '#machines/chart/chart.machine.ts';
import type { CheckoutInput } from '#machines/checkout/checkout.machine.ts';
import type { PaymentResponseInput } from '#machines/payment/payment-response.machine.ts';
import { provideChart, provideCheckout, providePaymentResponse, type ShopServices } from './actors.ts';
import { orderCompletedProperties, transactionOf } from './order-tracking.ts';
import { useShopInspectOptions, useShopServices, useSiteSettings } from './providers.tsx';
import { affiliateIdFrom, storeTransaction } from './tracking.ts';


/**
 * Handles one emitted event of an actor for as long as the component is mounted. Subscribed in a
 * layout effect, so before useActorRef starts the actor: nothing emitted at start is missed. The
 * handler may change between renders without resubscribing.
 */
export function useEmitted<E extends EventObject, T extends E['type']>(
  actor: ActorRef<Snapshot<unknown>, never, E>,
  type: T,
  handler: (event: Extract<E, { type: T }>) => void,
): void {
  const latest = useRef(handler);
  useLayoutEffect(() => {
    latest.current = handler;
  });
  useLayoutEffect(() => {
    const subscription = actor.on(type, (event) => latest.current(event as Extract<E, { type: T }>));
    return () => subscription.unsubscribe();
  }, [actor, type]);
}

/** The page-level logic, provided once per mounted screen. */
function useProvided<L>(provide: (services: ShopServices) => L): L {
  const services = useShopServices();
  const [logic] = useState(() => provide(services));
  return logic;
}

/** An address on this site gives its path (kept in the app); another origin gives null. */
export function inAppPath(to: string, origin: string): string | null {
  if (to.startsWith('/') && !to.startsWith('//')) return to;
  try {
    const url = new URL(to, origin);
    return url.origin === origin ? `${url.pathname}${url.search}${url.hash}` : null;
  } catch {
    return null;
  }
}

/** Goes to an app path with the router, and to an absolute URL elsewhere with a full navigation. */
export function useShopNavigate(): (to: string) => void {
  const navigate = useNavigate();
  return useCallback(
    (to: string) => {
      const path = inAppPath(to, window.location.origin);
      if (path === null) window.location.assign(to);
      else void navigate(path);
    },
    [navigate],
  );
}

// ------------------------------------------------------------------------------------------------
// Chart
// ------------------------------------------------------------------------------------------------

export type ChartActorRef = ActorRefFrom<ReturnType<typeof provideChart>>;

/** The chart of a chart page: `useChartActor({ path: location.pathname })`. */
export function useChartActor(input: ChartInput): ChartActorRef {
  const services = useShopServices();
  const actor = useActorRef(useProvided(provideChart), { input, ...useShopInspectOptions() });
  useEmitted(actor, 'error.reported', (event) => services.errors.report(event.error, { where: event.where }));
  return actor;
}

// ------------------------------------------------------------------------------------------------
// Checkout
// ------------------------------------------------------------------------------------------------

export type CheckoutActorRef = ActorRefFrom<ReturnType<typeof provideCheckout>>;

export type CheckoutActorInput = Partial<CheckoutInput>;

/**
 * The checkout of a checkout page. Every field of the input has a default: the page's path, the
 * shop's origin, the site's abandon-cart address (else /). Mounted once above several checkout
 * routes, the actor follows the address: a move the visitor makes (back, forward) opens that page.
 */
export function useCheckoutActor(input: CheckoutActorInput = {}): CheckoutActorRef {
  const services = useShopServices();
  const settings = useSiteSettings();
  const location = useLocation();
  const go = useShopNavigate();
  const actor = useActorRef(useProvided(provideCheckout), {
    input: {
      path: input.path ?? location.pathname,
      appOrigin: input.appOrigin ?? services.config.appOrigin,
      abandonCartUrl: input.abandonCartUrl ?? settings?.abandonCartUrl ?? appPaths.home,
      productId: input.productId ?? null,
    },
    ...useShopInspectOptions(),
  });

  // The path the chart last asked for: arriving there is the chart's own move, not the visitor's.
  const requested = useRef<string>(location.pathname);
  useEmitted(actor, 'navigation.requested', (event) => {
    requested.current = inAppPath(event.to, window.location.origin)?.split(/[?#]/)[0] ?? event.to;
    go(event.to);
  });
  useEffect(() => {
    if (location.pathname === requested.current) return;
    requested.current = location.pathname;
    actor.send({ type: 'checkout.pageOpened', path: location.pathname });
  }, [actor, location.pathname]);

  useEmitted(actor, 'tracking.stepViewed', (event) => services.tracker.stepViewed(event.step));
  useEmitted(actor, 'order.confirmed', ({ order }) => {
    const storage = sessionStorageOrUndefined();
    services.tracker.track('Order Completed Buy or Sell', orderCompletedProperties(order, services.config.appOrigin, affiliateIdFrom(storage)));
    storeTransaction(storage, transactionOf(order, settings?.name ?? messages.appName));
  });
  // The cart actor's share (countdown stop, abandoned cart) is wired with the cart machine.
  return actor;
}

function sessionStorageOrUndefined(): Storage | undefined {
  try {
    return window.sessionStorage;
  } catch {
    return undefined;
  }
}

// ------------------------------------------------------------------------------------------------
// Payment response (inside the payment iframe)
// ------------------------------------------------------------------------------------------------

export type PaymentResponseActorRef = ActorRefFrom<ReturnType<typeof providePaymentResponse>>;

/**
 * The payment response page's actor. Its reports go to the checkout page holding the iframe
 * (window.parent), and only if that page is on the shop's configured origin.
 */
export function usePaymentResponseActor(
  input: PaymentResponseInput,
  target: Pick<Window, 'postMessage'> = window.parent,
): PaymentResponseActorRef {
  const services = useShopServices();
  const actor = useActorRef(useProvided(providePaymentResponse), { input, ...useShopInspectOptions() });
  useEmitted(actor, 'payment.reported', (event) => target.postMessage(event.message, services.config.appOrigin));
  return actor;
}
