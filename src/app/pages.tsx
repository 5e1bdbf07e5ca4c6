/**
 * The route elements: each page's screen given its actors, settings and reads. The screens are
 * thin views over actors; this is where a route's actors come from:
 * - the root actors (session, cart) from ShopProviders;
 * - the calculator's and the branch finder's actors by the page;
 * - the checkout's pages (./on-demand/checkout-pages.tsx) and the payment response page
 *   (./on-demand/payment-response-page.tsx) load on demand with their machines, and so do the
 *   chart's and manage my order's screens (./on-demand/).
 */
import { lazy, Suspense, useState, type ComponentType } from 'react';
import { useParams } from 'react-router-dom';
import { Calculator } from '#src/screens/calculator/calculator.tsx';
import { usePromiseActorFor } from '#src/screens/checkout-shared/use-promise-actor.ts';
import { useCurrencies } from '#src/screens/calculator/use-calculator.ts';
import { HeaderCart } from '#src/screens/header-cart/header-cart.tsx';
import { HomeView } from '#src/screens/home/home-view.tsx';
import { SessionNoticeBanner } from '#src/screens/session-notice/session-notice.tsx';
import { ShopLayout } from './layout.tsx';
import { useShopActors, useShopReads, useSiteSettings } from './providers.tsx';
import {
  useBranchFinderActor,
  useCalculatorActor,
  useLoyaltySignInHref,
  useLoyaltySignInStart,
  useSignedIn,
} from './use-machines.ts';

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
