/**
 * The route elements: each page's screen given the actors the shop runs for its address, and its
 * settings. The screens are thin views over actors; this is where a route's actors come from:
 * - the root actors (session, cart) from ShopProviders;
 * - each page's own actors from the shop, which starts them from the address (machines/shop):
 *   a page shows its spinner until its actor is there (its machine may still be loading);
 * - the checkout's pages (./on-demand/checkout-pages.tsx) and the payment response page
 *   (./on-demand/payment-response-page.tsx) load on demand, and so do the chart's and manage my
 *   order's screens.
 */
import { useSelector } from '@xstate/react';
import { lazy, Suspense, useEffect, useState, type ComponentType } from 'react';
import type { RatesBoard, SiteSettings } from '#domain/contract/catalogue.ts';
import { messages } from '#domain/messages.ts';
import { selectRead, type ReadActorRef, type ReadState } from '#machines/read/read.machine.ts';
import { selectCartPresence } from '#machines/shop/shop.machine.ts';
import { Button } from '#src/ui/button.tsx';
import { Notice } from '#src/ui/notice.tsx';
import { Spinner } from '#src/ui/spinner.tsx';
import { Calculator } from '#src/screens/calculator/calculator.tsx';
import { useCurrencies, type CalculatorRef } from '#src/screens/calculator/use-calculator.ts';
import { HeaderCartIdle } from '#src/screens/header-cart/header-cart-idle.tsx';
import { HomeView } from '#src/screens/home/home-view.tsx';
import { SessionNoticeBanner } from '#src/screens/session-notice/session-notice.tsx';
import { ShopLayout } from './layout.tsx';
import { useShopActor, useShopActors, useSiteSettings } from './providers.tsx';
import { useLoyaltySignInHref, useLoyaltySignInStart, usePageActor, usePageLoadFailure, useSignedIn } from './use-machines.ts';

/**
 * Every screen but the calculator (the first page) and the header loads when its route opens: its
 * own chunk, so the calculator page's first load carries none of the checkout's code (the phone
 * rules of the details form, the delivery calendar, the branch finder's map list...). The layouts
 * show the loading page meanwhile (<Suspense> around their outlet).
 */
export function onDemand<P extends object>(load: () => Promise<ComponentType<P>>) {
  return lazy(async () => ({ default: await load() }));
}

const BranchDetailsScreen = onDemand(() => import('#src/screens/branch-details/branch-details-screen.tsx').then((m) => m.BranchDetailsScreen));
const BranchFinder = onDemand(() => import('#src/screens/branch-finder/branch-finder-screen.tsx').then((m) => m.BranchFinder));
// Below the calculator: the home page's trust, delivery and currency panels come in their own chunk.
const HomePanelsForSite = onDemand(() => import('#src/screens/home/home-panels.tsx').then((m) => m.HomePanelsForSite));
const InfoPage = onDemand(() => import('#src/screens/info-page/info-page.tsx').then((m) => m.InfoPage));
// The chart (and @visx with it) loads only on a chart page; manage my order when it is opened.
const ChartContainer = onDemand(() => import('#src/screens/chart/chart-screen.tsx').then((m) => m.ChartContainer));
// The header cart's hooks over the cart actor load with the cart (before it runs, the idle basket shows).
const loadHeaderCart = () => import('#src/screens/header-cart/header-cart.tsx');
const HeaderCart = onDemand(() => loadHeaderCart().then((m) => m.HeaderCart));
const ManageOrderScreen = onDemand(() => import('#src/screens/manage-order/manage-order-screen.tsx').then((m) => m.ManageOrderScreen));

const loading = <Spinner label={messages.loadingPage} size="large" />;

/** A page whose actor the shop has not started yet: the loading page, or why it could not load. */
export function PageWaiting() {
  const { failed, retry } = usePageLoadFailure();
  if (!failed) return loading;
  return (
    <Notice tone="error" title={messages.somethingWentWrong}>
      <Button variant="secondary" onClick={retry}>
        {messages.retry}
      </Button>
    </Notice>
  );
}

const sameRead = <T,>(a: ReadState<T> | null, b: ReadState<T> | null) =>
  a === b || (a !== null && b !== null && a.status === b.status && (a.status !== 'done' || (b.status === 'done' && a.output === b.output)));

/** What a read the shop or the checkout runs shows: null until it runs. */
export function useRead<TOutput, TInput>(read: ReadActorRef<TOutput, TInput> | undefined): ReadState<TOutput> | null {
  return useSelector(read, (snapshot) => (snapshot === undefined ? null : selectRead(snapshot)), sameRead);
}

// ------------------------------------------------------------------------------------------------
// Shop pages
// ------------------------------------------------------------------------------------------------

/** The header cart: over the cart actor once the shop runs it, the idle basket until then. */
export function HeaderCartSlot() {
  const { cart } = useShopActors();
  const presence = useSelector(useShopActor(), selectCartPresence);
  const loadingCart = useSelector(useShopActor(), (s) => s.hasTag('cartLoading'));
  // The header's code comes beside the cart's machine, not after it.
  useEffect(() => {
    if (loadingCart) void loadHeaderCart();
  }, [loadingCart]);
  if (cart) {
    return (
      <Suspense fallback={<HeaderCartIdle status="loading" />}>
        <HeaderCart cart={cart} />
      </Suspense>
    );
  }
  return <HeaderCartIdle status={presence === 'none' ? 'empty' : presence === 'failed' ? 'error' : 'loading'} />;
}

/** The shop's frame with the header cart. */
export function ShopFrame() {
  return <ShopLayout headerEnd={<HeaderCartSlot />} banner={<SessionNoticeBanner />} site={useSiteSettings()} />;
}

/** The calculator pages: buy (/), sell (/sell-travel-money) and the iframe's (/embed/calculator). */
export function CalculatorPage({ page }: { page: 'buy' | 'sell' | 'embedded' }) {
  const calculator = usePageActor('calculator');
  const signedIn = useSignedIn();
  const loyaltyHref = useLoyaltySignInHref();
  const startLoyaltySignIn = useLoyaltySignInStart();
  if (!calculator) return <PageWaiting />;
  return (
    <Calculator
      key={calculator.sessionId}
      calculator={calculator}
      signedIn={signedIn}
      loyaltyHref={loyaltyHref}
      onLoyaltySignIn={startLoyaltySignIn}
      showReviews={page !== 'embedded'}
    />
  );
}

/** The home page: the rate promise beside the buy calculator, trust signals, delivery facts, popular currencies. */
export function HomePage({ now }: { now?: Date }) {
  const calculator = usePageActor('calculator');
  const signedIn = useSignedIn();
  const loyaltyHref = useLoyaltySignInHref();
  const startLoyaltySignIn = useLoyaltySignInStart();
  const settings = useSiteSettings();
  // The date is read once a page view: the facts say when an order placed now can arrive.
  const [openedAt] = useState(() => now ?? new Date());
  // Preloaded with the page (the app host's reads): no round trip on a first visit.
  const board = useRead(usePageActor('ratesBoard'));
  if (!calculator) return <PageWaiting />;
  return (
    <HomeView
      calculator={<Calculator key={calculator.sessionId} calculator={calculator} signedIn={signedIn} loyaltyHref={loyaltyHref} onLoyaltySignIn={startLoyaltySignIn} headingLevel={2} />}
      panels={
        <Suspense fallback={null}>
          <HomePanelsWithCurrencies calculator={calculator} site={settings} now={openedAt} board={board?.status === 'done' ? board.output : null} />
        </Suspense>
      }
    />
  );
}

interface HomePanelsProps {
  calculator: CalculatorRef;
  site: SiteSettings;
  now: Date;
  board: RatesBoard | null;
}

/** The panels list the calculator's currencies (read from its actor once it has them). */
function HomePanelsWithCurrencies({ calculator, ...props }: HomePanelsProps) {
  return <HomePanelsForSite {...props} currencies={useCurrencies(calculator)} />;
}

/** A page of the footer: help, terms, privacy or cookies. */
export function InfoPageRoute({ page }: { page: 'faq' | 'terms' | 'privacy' | 'cookies' }) {
  return <InfoPage page={page} />;
}

export function BranchFinderPage() {
  const finder = usePageActor('branchFinder');
  if (!finder) return <PageWaiting />;
  return <BranchFinder key={finder.sessionId} finder={finder} />;
}

/** A branch's page, at the url the branch finder's 'View Details' links to. */
export function BranchDetailsPage() {
  const details = usePageActor('branchDetails');
  if (!details) return <PageWaiting />;
  return <BranchDetailsScreen key={details.sessionId} details={details} />;
}

/** A chart page: /{code}-to-gbp and /{code}-from-gbp (spec 2.13). */
export function ChartPage() {
  const chart = usePageActor('chart');
  if (!chart) return <PageWaiting />;
  return (
    <Suspense fallback={loading}>
      <ChartContainer key={chart.sessionId} chart={chart} />
    </Suspense>
  );
}

/** Manage my order (/orders/find): its actor and the site's fee lines. */
export function ManageOrderPage() {
  const manageOrder = usePageActor('manageOrder');
  const settings = useSiteSettings();
  if (!manageOrder) return <PageWaiting />;
  return (
    <Suspense fallback={loading}>
      <ManageOrderScreen key={manageOrder.sessionId} manageOrder={manageOrder} settings={settings} />
    </Suspense>
  );
}
