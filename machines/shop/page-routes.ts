/**
 * Which actors an address runs (spec 2.14): the shop machine's route table, read from the router's
 * location (`route.changed`). The React route table (src/app/router.tsx) draws the screens at the
 * same addresses; this one says which of the shop's children those screens select.
 *
 * Each actor a route runs has a key: while the next address gives it the same key it keeps running
 * (one checkout for every checkout step, the calculator while only the query changes); another key
 * starts it afresh (the sell page's calculator after the home page's, another currency's chart).
 */
import { checkoutPageOf } from '#domain/checkout-pages.ts';
import { appPaths } from '#domain/contract/routes.ts';
import { chartPathOf } from '#domain/currency-flags.ts';
import { formatMessage, messages } from '#domain/messages.ts';

/** Where the visitor is: the router's location and the matched route's params. */
export interface ShopRoute {
  path: string;
  /** '' or the query with its '?'. */
  search: string;
  /** The matched route's params, decoded (a branch's page: branchCode). */
  params: Readonly<Record<string, string | undefined>>;
}

/** An actor a route runs, with what of the address it starts from. */
export type RoutedActor =
  | { id: 'calculator'; page: 'buy' | 'sell' | 'embedded' }
  | { id: 'ratesBoard' }
  | { id: 'branchFinder' }
  | { id: 'branchDetails'; branchCode: string }
  | { id: 'checkout' }
  | { id: 'newLine' }
  | { id: 'checkoutContent' }
  | { id: 'paymentResponse' }
  | { id: 'chart'; path: string }
  | { id: 'manageOrder' };

export type RoutedActorId = RoutedActor['id'];

/** An address as the router matches it: any case, with or without a trailing slash. */
export function normalisedPath(path: string): string {
  const trimmed = path.length > 1 ? path.replace(/\/+$/, '') : path;
  return trimmed.toLowerCase() || '/';
}

const BRANCH_PAGE = /^\/branches\/([^/]+)$/i;

function decoded(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** The actors the page at this address runs, in the order they start. */
export function actorsOfRoute(route: ShopRoute): RoutedActor[] {
  const path = normalisedPath(route.path);
  switch (path) {
    case appPaths.home:
      return [{ id: 'calculator', page: 'buy' }, { id: 'ratesBoard' }];
    case appPaths.sellTravelMoney:
      return [{ id: 'calculator', page: 'sell' }];
    case appPaths.embeddedCalculator:
      return [{ id: 'calculator', page: 'embedded' }];
    case appPaths.branches:
      return [{ id: 'branchFinder' }];
    case appPaths.manageOrder:
      return [{ id: 'manageOrder' }];
    case appPaths.paymentResponse:
      return [{ id: 'paymentResponse' }];
  }
  switch (checkoutPageOf(path)) {
    case null:
      break;
    case 'review':
      return [{ id: 'checkout' }, { id: 'newLine' }];
    case 'details':
      return [{ id: 'checkout' }, { id: 'checkoutContent' }];
    default:
      return [{ id: 'checkout' }];
  }
  const branch = BRANCH_PAGE.exec(route.path.replace(/\/+$/, ''));
  if (branch?.[1] !== undefined) return [{ id: 'branchDetails', branchCode: route.params['branchCode'] ?? decoded(branch[1]) }];
  if (chartPathOf(path)) return [{ id: 'chart', path }];
  return [];
}

/** The page's own name at each fixed address (spec 2.14), for its document title. */
const TITLE_BY_PATH: ReadonlyMap<string, string> = new Map([
  [appPaths.home, messages.buyTab],
  [appPaths.sellTravelMoney, messages.sellTab],
  [appPaths.embeddedCalculator, messages.titleEmbeddedCalculator],
  [appPaths.branches, messages.titleBranches],
  [appPaths.viewCart, messages.titleReview],
  [appPaths.sellViewCart, messages.titleSellBackReview],
  [appPaths.deliveryOptions, messages.titleDelivery],
  [appPaths.customerInformation, messages.titleDetails],
  [appPaths.payment, messages.titlePayment],
  [appPaths.paymentResponse, messages.titlePaymentResponse],
  [appPaths.paymentUnsuccessful, messages.titleUnsuccessful],
  [appPaths.confirmation, messages.titleConfirmation],
  [appPaths.manageOrder, messages.titleManageOrder],
  [appPaths.faq, messages.faqTitle],
  [appPaths.terms, messages.termsTitle],
  [appPaths.privacy, messages.privacyTitle],
  [appPaths.cookies, messages.cookiesTitle],
]);

/**
 * The document title of the page at this address (WCAG 2.4.2): 'Review your order – Travel Money'.
 * Matched as the router matches; a branch's page, a chart and an unknown address have theirs.
 */
export function titleOfRoute(path: string): string {
  const normal = normalisedPath(path);
  const page =
    TITLE_BY_PATH.get(normal) ??
    (BRANCH_PAGE.test(normal) ? messages.titleBranchDetails : chartPathOf(normal) ? messages.titleChart : messages.pageNotFound);
  return formatMessage(messages.pageTitle, { page, site: messages.appName });
}

/** Same key on the next address: the actor keeps running. */
export function keyOf(actor: RoutedActor): string {
  return JSON.stringify(actor);
}

/** The view-cart page (spec 2.6): its address says what the cart is asked to do as it opens. */
export function isViewCartPage(route: ShopRoute): boolean {
  return checkoutPageOf(route.path) === 'review';
}

/** A positive whole number from the query, or null. */
export function positiveIntOf(text: string | null): number | null {
  return text !== null && /^\d+$/.test(text) && Number(text) > 0 ? Number(text) : null;
}
