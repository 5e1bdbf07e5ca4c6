/**
 * Every page of the shop (spec 2.14 and domain/contract appPaths). Screens plug in here: replace
 * a placeholder element with the real screen (and delete the placeholder file).
 *
 * Three frames: the shop layout (header, navigation, footer) for the shop's pages, the checkout
 * layout for the checkout steps (which draw their own checkout header), and no frame at all for
 * the pages that live inside another page's iframe (payment response, embedded calculator).
 */
import { lazy, Suspense } from 'react';
import { createBrowserRouter, useLocation, type RouteObject } from 'react-router';
import { appPaths } from '#domain/contract/routes.ts';
import { messages } from '#domain/messages.ts';
import { chartPathOf } from '#src/api/chart.ts';
import { Spinner } from '#src/ui/spinner.tsx';
import { BranchFinderPlaceholder } from '#src/screens/branch-finder/placeholder.tsx';
import { CalculatorPlaceholder } from '#src/screens/calculator/placeholder.tsx';
import { ConfirmationPlaceholder } from '#src/screens/confirmation/placeholder.tsx';
import { CustomerInfoPlaceholder } from '#src/screens/customer-info/placeholder.tsx';
import { DeliveryPlaceholder } from '#src/screens/delivery/placeholder.tsx';
import { NotFoundScreen } from '#src/screens/not-found/not-found-screen.tsx';
import { PaymentPlaceholder } from '#src/screens/payment/placeholder.tsx';
import { PaymentResponsePlaceholder } from '#src/screens/payment-response/placeholder.tsx';
import { PaymentUnsuccessfulPlaceholder } from '#src/screens/payment-unsuccessful/placeholder.tsx';
import { ViewCartPlaceholder } from '#src/screens/view-cart/placeholder.tsx';
import { CheckoutLayout, EmbedLayout, RouteErrorScreen, ShopLayout } from './layout.tsx';

// The chart (and @visx with it) loads only on a chart page.
const ChartScreen = lazy(() => import('#src/screens/chart/placeholder.tsx').then((m) => ({ default: m.ChartPlaceholder })));

/** '/{...}-to-gbp' and '/{...}-from-gbp' are chart pages; any other unknown path is a 404. */
export function ChartOrNotFound() {
  const { pathname } = useLocation();
  const chart = chartPathOf(pathname);
  if (!chart) return <NotFoundScreen />;
  return (
    <Suspense fallback={<Spinner label={messages.loadingPage} size="large" />}>
      <ChartScreen slug={chart.slug} inverted={chart.inverted} />
    </Suspense>
  );
}

export const routes: RouteObject[] = [
  {
    // Inside the payment provider's iframe: no header, no footer.
    element: <EmbedLayout />,
    errorElement: <RouteErrorScreen />,
    children: [
      { path: appPaths.paymentResponse, element: <PaymentResponsePlaceholder /> },
      { path: appPaths.embeddedCalculator, element: <CalculatorPlaceholder page="embedded" /> },
    ],
  },
  {
    element: <CheckoutLayout />,
    errorElement: <RouteErrorScreen />,
    children: [
      { path: appPaths.viewCart, element: <ViewCartPlaceholder flow="buy" /> },
      { path: appPaths.sellViewCart, element: <ViewCartPlaceholder flow="sellBack" /> },
      { path: appPaths.deliveryOptions, element: <DeliveryPlaceholder /> },
      { path: appPaths.customerInformation, element: <CustomerInfoPlaceholder /> },
      { path: appPaths.payment, element: <PaymentPlaceholder /> },
      { path: appPaths.paymentUnsuccessful, element: <PaymentUnsuccessfulPlaceholder /> },
      { path: appPaths.confirmation, element: <ConfirmationPlaceholder /> },
    ],
  },
  {
    element: <ShopLayout />,
    errorElement: <RouteErrorScreen />,
    children: [
      { index: true, element: <CalculatorPlaceholder page="buy" /> },
      { path: appPaths.sellTravelMoney, element: <CalculatorPlaceholder page="sell" /> },
      { path: appPaths.branches, element: <BranchFinderPlaceholder /> },
      { path: '*', element: <ChartOrNotFound /> },
    ],
  },
];

export function createShopRouter() {
  return createBrowserRouter(routes);
}
