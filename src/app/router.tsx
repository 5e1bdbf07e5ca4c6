/**
 * Every page of the shop (spec 2.14 and domain/contract appPaths), each a route element of
 * pages.tsx that gives its screen the actors it runs on.
 *
 * Three frames: the shop layout (header, navigation, footer) for the shop's pages, the checkout
 * layout for the checkout steps (which draw their own checkout header), and no frame at all for
 * the pages that live inside another page's iframe (payment response, embedded calculator).
 */
import { Suspense } from 'react';
import { useLocation, useRoutes, type RouteObject } from 'react-router-dom';
import { appPaths } from '#domain/contract/routes.ts';
import { messages } from '#domain/messages.ts';
import { chartPathOf } from '#domain/currency-flags.ts';
import { Spinner } from '#src/ui/spinner.tsx';
import { NotFoundScreen } from '#src/screens/not-found/not-found-screen.tsx';
import { EmbedLayout, RouteErrors } from './layout.tsx';
import {
  BranchDetailsPage,
  BranchFinderPage,
  CalculatorPage,
  ChartPage,
  HomePage,
  InfoPageRoute,
  ManageOrderPage,
  onDemand,
  ShopFrame,
} from './pages.tsx';
import { underShopRoot } from './route-sync.tsx';

// The checkout's pages load in one chunk as a checkout route opens (the shop loads their machines).
const checkoutPages = () => import('./on-demand/checkout-pages.tsx');
const CheckoutScope = onDemand(() => checkoutPages().then((m) => m.CheckoutScope));
const ViewCartPage = onDemand(() => checkoutPages().then((m) => m.ViewCartPage));
const DeliveryPage = onDemand(() => checkoutPages().then((m) => m.DeliveryPage));
const CustomerInfoPage = onDemand(() => checkoutPages().then((m) => m.CustomerInfoPage));
const PaymentPage = onDemand(() => checkoutPages().then((m) => m.PaymentPage));
const PaymentUnsuccessfulPage = onDemand(() => checkoutPages().then((m) => m.PaymentUnsuccessfulPage));
const ConfirmationPage = onDemand(() => checkoutPages().then((m) => m.ConfirmationPage));
const PaymentResponsePage = onDemand(() => import('./on-demand/payment-response-page.tsx').then((m) => m.PaymentResponsePage));

/** '/{...}-to-gbp' and '/{...}-from-gbp' are chart pages; any other unknown path is a 404. */
export function ChartOrNotFound() {
  const { pathname } = useLocation();
  return chartPathOf(pathname) ? <ChartPage /> : <NotFoundScreen />;
}

export const routes: RouteObject[] = underShopRoot([
  {
    // Inside the payment provider's iframe: no header, no footer.
    element: (
      <RouteErrors>
        <EmbedLayout />
      </RouteErrors>
    ),
    children: [
      { path: appPaths.paymentResponse, element: <PaymentResponsePage /> },
      { path: appPaths.embeddedCalculator, element: <CalculatorPage page="embedded" /> },
    ],
  },
  {
    // One checkout actor for every checkout step, kept while the visitor moves between them.
    element: (
      <RouteErrors>
        <Suspense fallback={<Spinner label={messages.loadingPage} size="large" />}>
          <CheckoutScope />
        </Suspense>
      </RouteErrors>
    ),
    children: [
      { path: appPaths.viewCart, element: <ViewCartPage /> },
      { path: appPaths.sellViewCart, element: <ViewCartPage /> },
      { path: appPaths.deliveryOptions, element: <DeliveryPage /> },
      { path: appPaths.customerInformation, element: <CustomerInfoPage /> },
      { path: appPaths.payment, element: <PaymentPage /> },
      { path: appPaths.paymentUnsuccessful, element: <PaymentUnsuccessfulPage /> },
      { path: appPaths.confirmation, element: <ConfirmationPage /> },
    ],
  },
  {
    element: (
      <RouteErrors>
        <ShopFrame />
      </RouteErrors>
    ),
    children: [
      { index: true, element: <HomePage /> },
      { path: appPaths.sellTravelMoney, element: <CalculatorPage page="sell" /> },
      { path: appPaths.branches, element: <BranchFinderPage /> },
      { path: appPaths.branchDetails, element: <BranchDetailsPage /> },
      { path: appPaths.faq, element: <InfoPageRoute page="faq" /> },
      { path: appPaths.terms, element: <InfoPageRoute page="terms" /> },
      { path: appPaths.privacy, element: <InfoPageRoute page="privacy" /> },
      { path: appPaths.cookies, element: <InfoPageRoute page="cookies" /> },
      { path: appPaths.manageOrder, element: <ManageOrderPage /> },
      { path: '*', element: <ChartOrNotFound /> },
    ],
  },
]);

/**
 * The shop's pages under the app's router. Declared routes, not a data router: the shop loads
 * its data through its actors, and the data router's loaders, actions and fetchers would only add
 * to every visitor's first load. The table's root sends the router's location to the shop, which
 * opens and closes the pages' actors (./route-sync.tsx).
 */
export function ShopRoutes() {
  return useRoutes(routes);
}
