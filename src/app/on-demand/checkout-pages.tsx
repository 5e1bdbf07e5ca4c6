/**
 * The checkout's pages (spec 2.5-2.12): one checkout actor for all the checkout routes, created by
 * CheckoutScope around the checkout layout, so moving between steps keeps it (and never starts a
 * step's writes twice); the view-cart page's 'Add new currency' form has its own actor. This module
 * loads when a checkout route opens (src/app/router.tsx), with the checkout's machines
 * (./checkout.ts); each step's screen loads in its own chunk as its route opens.
 */
import { createContext, useContext, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { viewCartRequestOf } from '#domain/view-cart-request.ts';
import { PRODUCT } from '#domain/products.ts';
import { usePromiseActorFor } from '#src/screens/checkout-shared/use-promise-actor.ts';
import { SessionNoticeBanner } from '#src/screens/session-notice/session-notice.tsx';
import { CheckoutLayout } from '../layout.tsx';
import { onDemand } from '../pages.tsx';
import { useShopActors, useShopReads, useShopServices, useSiteSettings } from '../providers.tsx';
import { affiliateIdFrom } from '../tracking.ts';
import { sessionStorageOrUndefined, useCartCountdown } from '../use-machines.ts';
import { useCheckoutActor, useNewLineActor, type CheckoutActorRef } from './checkout.ts';

const ConfirmationScreen = onDemand(() => import('#src/screens/confirmation/confirmation-screen.tsx').then((m) => m.ConfirmationScreen));
const CustomerInfoScreen = onDemand(() => import('#src/screens/customer-info/customer-info-screen.tsx').then((m) => m.CustomerInfoScreen));
const DeliveryScreen = onDemand(() => import('#src/screens/delivery/delivery-screen.tsx').then((m) => m.DeliveryScreen));
const PaymentUnsuccessfulScreen = onDemand(() => import('#src/screens/payment-unsuccessful/payment-unsuccessful-screen.tsx').then((m) => m.PaymentUnsuccessfulScreen));
const PaymentScreen = onDemand(() => import('#src/screens/payment/payment-screen.tsx').then((m) => m.PaymentScreen));
const ViewCartScreen = onDemand(() => import('#src/screens/view-cart/view-cart-screen.tsx').then((m) => m.ViewCartScreen));

const CheckoutContext = createContext<CheckoutActorRef | null>(null);

/** One checkout actor for the checkout's routes, around the checkout layout. */
export function CheckoutScope() {
  const checkout = useCheckoutActor();
  return (
    <CheckoutContext value={checkout}>
      <CheckoutLayout banner={<SessionNoticeBanner />} site={useSiteSettings()} />
    </CheckoutContext>
  );
}

/** The checkout actor of the checkout routes. */
export function useCheckout(): CheckoutActorRef {
  const checkout = useContext(CheckoutContext);
  if (!checkout) throw new Error('useCheckout needs <CheckoutScope> above it.');
  return checkout;
}

export function ViewCartPage() {
  const { cart } = useShopActors();
  const checkout = useCheckout();
  const settings = useSiteSettings();
  const location = useLocation();
  // The address is read once, when the page opens.
  const [request] = useState(() => viewCartRequestOf(location.pathname, location.search));
  // The cart as the page opens; the cart tells the form its lines, branch and product as they come.
  const [opening] = useState(() => cart.getSnapshot().context.cart);
  const newLine = useNewLineActor({
    storeId: opening?.store.id ?? 1,
    productId: opening?.product.id ?? PRODUCT.CLICK_AND_COLLECT,
    lines: opening?.lines ?? [],
    maxOrderValue: settings.maxOrderValue,
  });
  return <ViewCartScreen cart={cart} checkout={checkout} request={request} newLine={newLine} />;
}

export function DeliveryPage() {
  const reads = useShopReads();
  return <DeliveryScreen checkout={useCheckout()} countdown={useCartCountdown()} cart={useShopActors().cart} settings={useSiteSettings()} storeDetails={reads.storeDetails} />;
}

export function CustomerInfoPage() {
  const services = useShopServices();
  const reads = useShopReads();
  const content = usePromiseActorFor(reads.checkoutContent, {}, 'checkout');
  const settings = useSiteSettings();
  return (
    <CustomerInfoScreen
      checkout={useCheckout()}
      countdown={useCartCountdown()}
      cart={useShopActors().cart}
      settings={settings}
      marketingDefault={settings.marketingDefault}
      content={content.status === 'done' ? content.output : null}
      addressLookup={reads.addressLookup}
      tracker={services.tracker}
      appOrigin={services.config.appOrigin}
      affiliateId={() => affiliateIdFrom(sessionStorageOrUndefined())}
    />
  );
}

export function PaymentPage() {
  return <PaymentScreen checkout={useCheckout()} countdown={useCartCountdown()} cart={useShopActors().cart} settings={useSiteSettings()} />;
}

export function PaymentUnsuccessfulPage() {
  return <PaymentUnsuccessfulScreen checkout={useCheckout()} countdown={useCartCountdown()} cart={useShopActors().cart} />;
}

export function ConfirmationPage() {
  const reads = useShopReads();
  return (
    <ConfirmationScreen checkout={useCheckout()} countdown={useCartCountdown()} settings={useSiteSettings()} storeDetails={reads.storeDetails} />
  );
}
