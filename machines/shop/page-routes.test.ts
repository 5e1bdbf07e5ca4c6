import { describe, expect, it } from 'vitest';
import { appPaths } from '#domain/contract/routes.ts';
import { titleOfRoute } from './page-routes.ts';

describe('titleOfRoute: every page has its own title (WCAG 2.4.2)', () => {
  // Every address of appPaths, and the pages matched by pattern, with the title the shopper reads.
  const titles: [string, string][] = [
    [appPaths.home, 'Buy travel money – Travel Money'],
    [appPaths.sellTravelMoney, 'Sell travel money – Travel Money'],
    [appPaths.embeddedCalculator, 'Currency calculator – Travel Money'],
    [appPaths.branches, 'Find a branch – Travel Money'],
    ['/branches/LON01', 'Branch details – Travel Money'],
    [appPaths.viewCart, 'Review your order – Travel Money'],
    [appPaths.sellViewCart, 'Review your sell back – Travel Money'],
    [appPaths.deliveryOptions, 'Delivery or collection date – Travel Money'],
    [appPaths.customerInformation, 'Your details – Travel Money'],
    [appPaths.payment, 'Payment – Travel Money'],
    [appPaths.paymentResponse, 'Checking your payment – Travel Money'],
    [appPaths.paymentUnsuccessful, 'Your payment was unsuccessful – Travel Money'],
    [appPaths.confirmation, 'Order confirmation – Travel Money'],
    [appPaths.manageOrder, 'Manage my order – Travel Money'],
    [appPaths.faq, 'Frequently asked questions – Travel Money'],
    [appPaths.terms, 'Terms and conditions – Travel Money'],
    [appPaths.privacy, 'Privacy policy – Travel Money'],
    [appPaths.cookies, 'Cookie policy – Travel Money'],
    ['/euro-to-gbp', 'Exchange rate chart – Travel Money'],
    ['/us-dollar-from-gbp', 'Exchange rate chart – Travel Money'],
    ['/no-such-page', 'Page not found – Travel Money'],
  ];

  it.each(titles)('%s is titled "%s"', (path, title) => {
    expect(titleOfRoute(path)).toBe(title);
  });

  it('lists every fixed address of the shop', () => {
    const listed = new Set(titles.map(([path]) => path));
    const fixed = Object.values(appPaths).filter((path) => !path.includes(':'));
    expect(fixed.filter((path) => !listed.has(path))).toEqual([]);
  });

  it('matches as the router does: any case, a trailing slash', () => {
    expect(titleOfRoute('/Checkout/View-Cart/')).toBe('Review your order – Travel Money');
  });

  it('gives no two fixed pages the same title, except the pages that are one page', () => {
    const fixed = titles.filter(([path]) => !path.includes('gbp') && !path.startsWith('/branches/'));
    const seen = new Set(fixed.map(([, title]) => title));
    expect(seen.size).toBe(fixed.length);
  });
});
