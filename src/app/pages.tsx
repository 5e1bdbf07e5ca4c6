/**
 * The route elements: each page's screen given its actors, settings and reads. The screens are
 * thin views over actors; this is where a route's actors come from:
 * - the root actors (session, cart) from ShopProviders;
 * - one checkout actor for all the checkout routes, created by CheckoutScope around the checkout
 *   layout, so moving between steps keeps it (and never starts a step's writes twice);
 * - the other page-level actors (calculator, branch finder, payment response) by the page.
 */
import { createContext, lazy, Suspense, useContext, useState, type ComponentType } from 'react';
import { useLocation, useParams } from 'react-router';
import { viewCartRequestOf } from '#domain/cart-link.ts';
import { PRODUCT } from '#domain/products.ts';
import { Calculator } from '#src/screens/calculator/calculator.tsx';
import { usePromiseActorFor } from '#src/screens/checkout-shared/use-promise-actor.ts';
import { useCurrencies } from '#src/screens/calculator/use-calculator.ts';
import { HeaderCart } from '#src/screens/header-cart/header-cart.tsx';
import { HomeView } from '#src/screens/home/home-view.tsx';
import { reportedOrderIdOf } from '#src/screens/payment-response/reported-order-id.ts';
import { SessionNoticeBanner } from '#src/screens/session-notice/session-notice.tsx';
import { CheckoutLayout, ShopLayout } from './layout.tsx';
import { useShopActors, useShopReads, useShopServices, useSiteSettings } from './providers.tsx';
import { affiliateIdFrom } from './tracking.ts';
import {
  useBranchFinderActor,
  useCalculatorActor,
  useCartCountdown,
  useCheckoutActor,
  useLoyaltySignInHref,
  useLoyaltySignInStart,
  useNewLineActor,
  usePaymentResponseActor,
  useSignedIn,
  type CheckoutActorRef,
} from './use-machines.ts';

/**
 * Every screen but the calculator (the first page) and the header loads when its route opens: its
 * own chunk, so the calculator page's first load carries none of the checkout's code (the phone
 * rules of the details form, the delivery calendar, the branch finder's map list...). The layouts
 * show the loading page meanwhile (<Suspense> around their outlet).
 */
function onDemand<P extends object>(load: () => Promise<ComponentType<P>>) {
  return lazy(async () => ({ default: await load() }));
}

const BranchDetailsScreen = onDemand(() => import('#src/screens/branch-details/branch-details-screen.tsx').then((m) => m.BranchDetailsScreen));
const BranchFinder = onDemand(() => import('#src/screens/branch-finder/branch-finder-screen.tsx').then((m) => m.BranchFinder));
const ConfirmationScreen = onDemand(() => import('#src/screens/confirmation/confirmation-screen.tsx').then((m) => m.ConfirmationScreen));
const CustomerInfoScreen = onDemand(() => import('#src/screens/customer-info/customer-info-screen.tsx').then((m) => m.CustomerInfoScreen));
const DeliveryScreen = onDemand(() => import('#src/screens/delivery/delivery-screen.tsx').then((m) => m.DeliveryScreen));
const PaymentResponseScreen = onDemand(() => import('#src/screens/payment-response/payment-response-screen.tsx').then((m) => m.PaymentResponseScreen));
const PaymentUnsuccessfulScreen = onDemand(() => import('#src/screens/payment-unsuccessful/payment-unsuccessful-screen.tsx').then((m) => m.PaymentUnsuccessfulScreen));
const PaymentScreen = onDemand(() => import('#src/screens/payment/payment-screen.tsx').then((m) => m.PaymentScreen));
// Below the calculator: the home page's trust, delivery and currency panels come in their own chunk.
const HomePanelsForSite = onDemand(() => import('#src/screens/home/home-panels.tsx').then((m) => m.HomePanelsForSite));
const InfoPage = onDemand(() => import('#src/screens/info-page/info-page.tsx').then((m) => m.InfoPage));
const ViewCartScreen = onDemand(() => import('#src/screens/view-cart/view-cart-screen.tsx').then((m) => m.ViewCartScreen));

// ------------------------------------------------------------------------------------------------
// Shop pages
// ------------------------------------------------------------------------------------------------

/** The shop's frame with the header cart over the root cart actor. */
export function ShopFrame() {
  const { cart } = useShopActors();
  return <ShopLayout headerEnd={<HeaderCart cart={cart} />} banner={<SessionNoticeBanner />} site={useSiteSettings()} />;
}

export function CalculatorPage({ page }: { page: 'buy' | 'sell' | 'embedded' }) {
  const { calculator, toast, dismissToast } = useCalculatorActor({ page });
  const signedIn = useSignedIn();
  const loyaltyHref = useLoyaltySignInHref();
  const startLoyaltySignIn = useLoyaltySignInStart();
  return (
    <Calculator
      calculator={calculator}
      signedIn={signedIn}
      toast={toast}
      onDismissToast={dismissToast}
      loyaltyHref={loyaltyHref}
      onLoyaltySignIn={startLoyaltySignIn}
      showReviews={page !== 'embedded'}
    />
  );
}

/** The home page: the rate promise beside the buy calculator, trust signals, delivery facts, popular currencies. */
export function HomePage({ now }: { now?: Date }) {
  const { calculator, toast, dismissToast } = useCalculatorActor({ page: 'buy' });
  const signedIn = useSignedIn();
  const loyaltyHref = useLoyaltySignInHref();
  const startLoyaltySignIn = useLoyaltySignInStart();
  const settings = useSiteSettings();
  const currencies = useCurrencies(calculator);
  // The date is read once a page view: the facts say when an order placed now can arrive.
  const [openedAt] = useState(() => now ?? new Date());
  // Preloaded with the page (the app host's reads): no round trip on a first visit.
  const board = usePromiseActorFor(useShopReads().ratesBoard, {}, 'home');
  return (
    <HomeView
      calculator={
        <Calculator
          calculator={calculator}
          signedIn={signedIn}
          toast={toast}
          onDismissToast={dismissToast}
          loyaltyHref={loyaltyHref}
          onLoyaltySignIn={startLoyaltySignIn}
        />
      }
      panels={
        <Suspense fallback={null}>
          <HomePanelsForSite site={settings} currencies={currencies} now={openedAt} board={board.status === 'done' ? board.output : null} />
        </Suspense>
      }
    />
  );
}

/** A page of the footer: help, terms, privacy or cookies. */
export function InfoPageRoute({ page }: { page: 'faq' | 'terms' | 'privacy' | 'cookies' }) {
  return <InfoPage page={page} />;
}

export function BranchFinderPage() {
  return <BranchFinder finder={useBranchFinderActor()} />;
}

/** A branch's page, at the url the branch finder's 'View Details' links to. */
export function BranchDetailsPage() {
  const { branchCode = '' } = useParams();
  const reads = useShopReads();
  return <BranchDetailsScreen branchCode={branchCode} read={reads.branchDetails} />;
}

// ------------------------------------------------------------------------------------------------
// Checkout pages
// ------------------------------------------------------------------------------------------------

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

function sessionStorageOrUndefined(): Storage | undefined {
  try {
    return window.sessionStorage;
  } catch {
    return undefined;
  }
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

// ------------------------------------------------------------------------------------------------
// Inside the payment iframe
// ------------------------------------------------------------------------------------------------

export function PaymentResponsePage() {
  const location = useLocation();
  const [orderId] = useState(() => reportedOrderIdOf(location.search));
  return <PaymentResponseScreen actor={usePaymentResponseActor({ orderId })} />;
}
