/**
 * The checkout's actors (spec 2.5-2.12, 7.5): the checkout of the checkout routes (the payment
 * frame is its child and does no I/O) and the view-cart page's 'Add new currency' form. Their
 * machines and their I/O load with the checkout's pages.
 */
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import { checkoutPageOf } from '#domain/checkout-steps.ts';
import type { Currency, ProductId } from '#domain/contract/catalogue.ts';
import { appPaths } from '#domain/contract/routes.ts';
import { PRODUCT, viewCartPath, transactionTypeOf } from '#domain/products.ts';
import { abandonCart } from '#src/api/cart.ts';
import { fetchCurrencies, fetchQuote } from '#src/api/catalogue.ts';
import { chooseDeliverySlot, createPaymentIntent, fetchDeliverySlots, fetchOrder, submitCustomerInfo } from '#src/api/order.ts';
import { newLineMachine, type NewLineInput } from '#machines/cart/new-line.machine.ts';
import { checkoutMachine } from '#machines/checkout/checkout.machine.ts';
import type { CheckoutInput } from '#machines/checkout/checkout.types.ts';
import { authorised, fromPromise, type CartActorRef, type ShopServices } from '../actors.ts';
import { inAppPath } from '../navigation.ts';
import { isStoredTransaction, orderCompletedProperties, storeTransaction, transactionOf } from '../order-tracking.ts';
import { useShopActors, useShopServices, useSiteSettings } from '../providers.tsx';
import { affiliateIdFrom } from '../tracking.ts';
import { sessionStorageOrUndefined, usePageActor, usePageEmitted, useShopNavigate, type PageActors } from '../use-machines.ts';
import { providedOnce } from './provided.ts';

export function provideCheckout(services: ShopServices) {
  return checkoutMachine.provide({
    actors: {
      loadOrder: authorised(fromPromise(({ signal }) => fetchOrder(services.api, { signal }))),
      loadDeliverySlots: authorised(fromPromise(({ signal }) => fetchDeliverySlots(services.api, { signal }))),
      saveDeliverySlot: authorised(fromPromise(({ input, signal }) => chooseDeliverySlot(services.api, input.slotId, { signal }))),
      saveCustomerInfo: authorised(fromPromise(({ input, signal }) => submitCustomerInfo(services.api, input.details, { signal }))),
      createPaymentIntent: authorised(fromPromise(({ signal }) => createPaymentIntent(services.api, { signal }))),
      abandonCart: authorised(fromPromise(({ signal }) => abandonCart(services.api, { signal }))),
    },
  });
}

/** 'Add new currency' on the view-cart page: quotes at the cart's branch and product. */
export function provideNewLine(services: ShopServices) {
  return newLineMachine.provide({
    actors: {
      fetchCurrencies: fromPromise<Currency[], Record<string, never>>(({ signal }) => fetchCurrencies(services.api, { signal })),
      fetchQuote: fromPromise(({ input, signal }) =>
        fetchQuote(services.api, { ...input, transactionType: transactionTypeOf(input.productId) }, { signal }),
      ),
    },
  });
}

const checkoutOf = providedOnce(provideCheckout);
const newLineOf = providedOnce(provideNewLine);

// ------------------------------------------------------------------------------------------------
// Checkout
// ------------------------------------------------------------------------------------------------

export type CheckoutActorRef = PageActors['checkout'];

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
  const { cart } = useShopActors();
  const actor = usePageActor({
    page: 'checkout',
    input: {
      path: input.path ?? location.pathname,
      appOrigin: input.appOrigin ?? services.config.appOrigin,
      abandonCartUrl: input.abandonCartUrl ?? settings.abandonCartUrl ?? appPaths.home,
      productId: input.productId ?? productOnOpening(cart, location.pathname),
    },
    logic: checkoutOf(services),
  });

  // The path the chart last asked for: arriving there is the chart's own move, not the visitor's.
  const requested = useRef<string>(location.pathname);
  usePageEmitted('checkout', 'navigation.requested', (event) => {
    requested.current = inAppPath(event.to, window.location.origin)?.split(/[?#]/)[0] ?? event.to;
    go(event.to);
  });
  useEffect(() => {
    if (location.pathname === requested.current) return;
    requested.current = location.pathname;
    actor.send({ type: 'checkout.pageOpened', path: location.pathname });
  }, [actor, location.pathname]);

  usePageEmitted('checkout', 'tracking.stepViewed', (event) => services.tracker.stepViewed(event.step));
  usePageEmitted('checkout', 'order.confirmed', ({ order }) => {
    const storage = sessionStorageOrUndefined();
    const transaction = transactionOf(order, settings.name);
    // Reloading the confirmation, or coming back to it, does not report the order a second time.
    if (isStoredTransaction(storage, transaction.transactionId)) return;
    services.tracker.track('Order Completed Buy or Sell', orderCompletedProperties(order, services.config.appOrigin, affiliateIdFrom(storage)));
    storeTransaction(storage, transaction);
  });

  return actor;
}

/** The product before the order is read: the cart's, or sell-back on its own view-cart page. */
function productOnOpening(cart: CartActorRef, pathname: string): ProductId | null {
  const fromCart = cart.getSnapshot().context.cart?.product.id;
  if (fromCart !== undefined) return fromCart;
  return checkoutPageOf(pathname) === 'review' && pathname.replace(/\/+$/, '') === viewCartPath(PRODUCT.SELL_BACK) ? PRODUCT.SELL_BACK : null;
}

// ------------------------------------------------------------------------------------------------
// New line ('Add new currency' on the view-cart page)
// ------------------------------------------------------------------------------------------------

export type NewLineActorRef = PageActors['newLine'];

/**
 * The 'Add new currency' form's actor: it hands its lines to the cart actor, which tells it its
 * lines (both through the shop's system).
 */
export function useNewLineActor(input: Omit<NewLineInput, 'siteId'>): NewLineActorRef {
  const services = useShopServices();
  return usePageActor({ page: 'newLine', input: { siteId: services.config.siteId, ...input }, logic: newLineOf(services) });
}
