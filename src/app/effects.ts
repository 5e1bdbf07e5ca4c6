/**
 * The effects actor's logic (machines/shop/effects.ts): the one place the shop's actors reach the
 * world outside the actor system. The shop tells it each actor that may ask for something, before
 * that actor starts; it carries out what they emit:
 *
 * - `navigation.requested` (cart, calculator, checkout): the router for the shop's own addresses, a
 *   full navigation for another origin (./navigation.ts);
 * - `queryParam.removed` (calculator): the address without that parameter, in place of the entry;
 * - `tracking.stepViewed`, `tracking.checkoutStarted`, `order.confirmed` (checkout): the marketing
 *   tracker, and the confirmed order's transaction kept in session storage (once a visit);
 * - `payment.reported` (payment response): postMessage to the page holding the payment frame, at
 *   the shop's configured origin, never '*';
 * - `error.reported` (shop, cart, chart): the error reporter.
 *
 * What the confirmation and the details page report is built by ./order-tracking.ts, which loads
 * with the checkout's pages, not with the first page.
 */
import { fromCallback, type Subscription } from 'xstate';
import type { Order } from '#domain/contract/order.ts';
import type { PaymentFrameMessage } from '#domain/contract/payment-messages.ts';
import { ACTORS_WITH_EFFECTS, type ActorStarted, type EffectsEvent, type EffectsLogic } from '#machines/shop/effects.ts';
import { SYSTEM_ID, systemActor, type SystemLookup } from '#machines/system.ts';
import type { ErrorReporter } from './errors.ts';
import { affiliateIdFrom, type MarketingTracker } from './tracking.ts';

/** Where the router is, for changing its query. */
export interface RouterLocation {
  pathname: string;
  search: string;
}

export interface EffectsServices {
  /** Any address: the router's navigate for the shop's own, a full navigation for another origin. */
  navigate: (to: string) => void;
  /** The router's navigate, in place of the current entry (a changed query). */
  replace: (path: string) => void;
  /** Where the router is now. */
  location: () => RouterLocation;
  tracker: MarketingTracker;
  errors: ErrorReporter;
  /** The shop's configured origin: the payment reports' target, the tracked cart links' origin. */
  appOrigin: string;
  /** The page holding the payment frame (window.parent). */
  parent: Pick<Window, 'postMessage'>;
  /** The tab's session storage, when the browser lets the page have it. */
  storage: () => Storage | undefined;
  /** The address bar's fragment, kept when the query changes (the skip link's #main, say). */
  hash?: (pathname: string) => string;
}

/** The address without one query parameter. */
export function withoutParam(location: RouterLocation, name: string, hash = ''): string {
  const params = new URLSearchParams(location.search);
  params.delete(name);
  const search = params.toString();
  return `${location.pathname}${search ? `?${search}` : ''}${hash}`;
}

const loadOrderTracking = () => import('./order-tracking.ts');

export function createEffects(services: EffectsServices): EffectsLogic {
  const { errors, tracker } = services;
  const report = (event: { error: unknown; where: string }) => errors.report(event.error, { where: event.where });
  const postToParent = (message: PaymentFrameMessage) => services.parent.postMessage(message, services.appOrigin);

  /** Spec 7.6: 'Order Completed Buy or Sell' and the kept transaction, once an order a visit. */
  const confirmOrder = (system: SystemLookup, order: Order) =>
    loadOrderTracking().then(({ isStoredTransaction, orderCompletedProperties, storeTransaction, transactionOf }) => {
      const storage = services.storage();
      const siteName = systemActor(system, SYSTEM_ID.shop)?.getSnapshot().context.shopSettings?.settings.name ?? '';
      const transaction = transactionOf(order, siteName);
      // Reloading the confirmation, or coming back to it, does not report the order a second time.
      if (isStoredTransaction(storage, transaction.transactionId)) return;
      tracker.track('Order Completed Buy or Sell', orderCompletedProperties(order, services.appOrigin, affiliateIdFrom(storage)));
      storeTransaction(storage, transaction);
    });

  /** The effects one actor asks for, for as long as it runs. */
  const follow = (started: ActorStarted, system: SystemLookup): Subscription[] => {
    switch (started.id) {
      case 'cart':
        return [started.actor.on('navigation.requested', (e) => services.navigate(e.to)), started.actor.on('error.reported', report)];
      case 'calculator':
        return [
          started.actor.on('navigation.requested', (e) => services.navigate(e.to)),
          started.actor.on('queryParam.removed', (e) => {
            const location = services.location();
            services.replace(withoutParam(location, e.name, services.hash?.(location.pathname) ?? ''));
          }),
        ];
      case 'checkout':
        return [
          started.actor.on('navigation.requested', (e) => services.navigate(e.to)),
          started.actor.on('tracking.stepViewed', (e) => tracker.stepViewed(e.step)),
          started.actor.on('tracking.checkoutStarted', (e) => {
            tracker.identify(e.email);
            loadOrderTracking().then(
              ({ orderCompletedProperties }) =>
                tracker.track('Started Checkout Buy or Sell', orderCompletedProperties(e.order, services.appOrigin, affiliateIdFrom(services.storage()))),
              (error: unknown) => report({ error, where: 'effects.checkoutStarted' }),
            );
          }),
          started.actor.on('order.confirmed', (e) => {
            confirmOrder(system, e.order).catch((error: unknown) => report({ error, where: 'effects.orderConfirmed' }));
          }),
        ];
      case 'chart':
        return [started.actor.on('error.reported', report)];
      case 'paymentResponse':
        return [started.actor.on('payment.reported', (e) => postToParent(e.message))];
    }
  };

  return fromCallback<EffectsEvent>(({ receive, system }) => {
    const following = new Map<string, { actor: unknown; subscriptions: Subscription[] }>();
    const start = (started: ActorStarted) => {
      const current = following.get(started.id);
      if (current?.actor === started.actor) return;
      current?.subscriptions.forEach((s) => s.unsubscribe());
      following.set(started.id, { actor: started.actor, subscriptions: follow(started, system) });
    };
    // Actors already running when this one (re)starts: a shop started again keeps its children.
    for (const id of ACTORS_WITH_EFFECTS) {
      const actor = systemActor(system, id);
      // The id and the actor are the same member of ActorStarted; TypeScript does not pair them up.
      if (actor) start({ type: 'actor.started', id, actor } as ActorStarted);
    }
    receive((event) => {
      if (event.type === 'actor.started') start(event);
      else report(event);
    });
    return () => following.forEach(({ subscriptions }) => subscriptions.forEach((s) => s.unsubscribe()));
  });
}
