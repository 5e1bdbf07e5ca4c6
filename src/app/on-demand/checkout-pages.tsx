/**
 * The checkout's pages (spec 2.5-2.12): one checkout actor for all the checkout routes, which the
 * shop keeps while the visitor moves between them (so a step's writes never start twice), handed
 * to the steps by CheckoutScope around the checkout layout; the view-cart page's 'Add new currency'
 * form and the details page's reads have their own actors. This module loads when a checkout route
 * opens (src/app/router.tsx); each step's screen loads in its own chunk as its route opens.
 */
import { createContext, useCallback, useContext } from 'react';
import { SessionNoticeBanner } from '#src/screens/session-notice/session-notice.tsx';
import type { CheckoutActorRef } from '#src/screens/checkout-shared/use-checkout.ts';
import type { CartActorRef } from './cart.ts';
import { CheckoutLayout } from '../layout.tsx';
import { onDemand, PageWaiting, useRead } from '../pages.tsx';
import { useShopActor, useShopActors, useSiteSettings } from '../providers.tsx';
import { useCartCountdown, usePageActor } from '../use-machines.ts';

const ConfirmationScreen = onDemand(() => import('#src/screens/confirmation/confirmation-screen.tsx').then((m) => m.ConfirmationScreen));
const CustomerInfoScreen = onDemand(() => import('#src/screens/customer-info/customer-info-screen.tsx').then((m) => m.CustomerInfoScreen));
const DeliveryScreen = onDemand(() => import('#src/screens/delivery/delivery-screen.tsx').then((m) => m.DeliveryScreen));
const PaymentUnsuccessfulScreen = onDemand(() => import('#src/screens/payment-unsuccessful/payment-unsuccessful-screen.tsx').then((m) => m.PaymentUnsuccessfulScreen));
const PaymentScreen = onDemand(() => import('#src/screens/payment/payment-screen.tsx').then((m) => m.PaymentScreen));
const ViewCartScreen = onDemand(() => import('#src/screens/view-cart/view-cart-screen.tsx').then((m) => m.ViewCartScreen));

const CheckoutContext = createContext<CheckoutActorRef | null>(null);
const CartContext = createContext<CartActorRef | null>(null);

/**
 * The checkout actor the shop runs for the checkout's routes, and the cart (the shop starts it
 * before the checkout on these routes), around the checkout layout.
 */
export function CheckoutScope() {
  const checkout = usePageActor('checkout');
  const { cart } = useShopActors();
  const site = useSiteSettings();
  if (!checkout || !cart) {
    return (
      <CheckoutLayout banner={<SessionNoticeBanner />} site={site}>
        <PageWaiting />
      </CheckoutLayout>
    );
  }
  return (
    <CheckoutContext value={checkout}>
      <CartContext value={cart}>
        <CheckoutLayout banner={<SessionNoticeBanner />} site={site} />
      </CartContext>
    </CheckoutContext>
  );
}

/** The checkout actor of the checkout routes. */
export function useCheckout(): CheckoutActorRef {
  const checkout = useContext(CheckoutContext);
  if (!checkout) throw new Error('useCheckout needs <CheckoutScope> above it.');
  return checkout;
}

/** The cart, on the checkout routes. */
function useCart(): CartActorRef {
  const cart = useContext(CartContext);
  if (!cart) throw new Error('useCart needs <CheckoutScope> above it.');
  return cart;
}

export function ViewCartPage() {
  const cart = useCart();
  const checkout = useCheckout();
  const newLine = usePageActor('newLine');
  if (!newLine) return <PageWaiting />;
  return <ViewCartScreen cart={cart} checkout={checkout} newLine={newLine} />;
}

export function DeliveryPage() {
  return <DeliveryScreen checkout={useCheckout()} countdown={useCartCountdown()} cart={useCart()} settings={useSiteSettings()} />;
}

export function CustomerInfoPage() {
  const shop = useShopActor();
  const settings = useSiteSettings();
  const content = useRead(usePageActor('checkoutContent'));
  const lookup = useRead(usePageActor('addressLookup'));
  const searchAddress = useCallback((postcode: string) => shop.send({ type: 'addressLookup.requested', postcode }), [shop]);
  const clearAddressSearch = useCallback(() => shop.send({ type: 'addressLookup.cleared' }), [shop]);
  return (
    <CustomerInfoScreen
      checkout={useCheckout()}
      countdown={useCartCountdown()}
      cart={useCart()}
      settings={settings}
      marketingDefault={settings.marketingDefault}
      content={content?.status === 'done' ? content.output : null}
      addressLookup={lookup}
      onAddressSearch={searchAddress}
      onAddressSearchCleared={clearAddressSearch}
    />
  );
}

export function PaymentPage() {
  return <PaymentScreen checkout={useCheckout()} countdown={useCartCountdown()} cart={useCart()} settings={useSiteSettings()} />;
}

export function PaymentUnsuccessfulPage() {
  return <PaymentUnsuccessfulScreen checkout={useCheckout()} countdown={useCartCountdown()} cart={useCart()} />;
}

export function ConfirmationPage() {
  return <ConfirmationScreen checkout={useCheckout()} countdown={useCartCountdown()} settings={useSiteSettings()} />;
}
