import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { appPaths } from '#domain/contract/routes.ts';
import { messages } from '#domain/messages.ts';
import { fixtures } from '../../mocks/fixtures.ts';
import { handlers, variants } from '../../mocks/handlers.ts';
import { renderShop } from '../../tests/support/composition-root.tsx';
import { titleOfRoute } from '#machines/shop/page-routes.ts';
import { routes } from './router.tsx';

const server = setupServer(...handlers);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

// jsdom has no layout: the chart measures its parent with ResizeObserver.
class NoResize {
  observe() {}
  unobserve() {}
  disconnect() {}
}
vi.stubGlobal('ResizeObserver', NoResize);

const renderAt = (path: string) => renderShop(routes, path).router;

describe('routes', () => {
  it.each([
    [appPaths.home, messages.buyTab],
    [appPaths.sellTravelMoney, messages.sellTab],
    [appPaths.embeddedCalculator, messages.buyTab],
  ])('%s shows the calculator on its tab', async (path, tab) => {
    renderAt(path);
    expect(await screen.findByRole('tab', { name: tab, selected: true })).toBeInTheDocument();
  });

  it.each([
    [appPaths.branches, messages.branchFinderTitle],
    [appPaths.viewCart, messages.reviewTitle],
    [appPaths.sellViewCart, messages.reviewTitle],
    [appPaths.deliveryOptions, messages.collectionTitle],
    [appPaths.customerInformation, messages.detailsTitle],
    [appPaths.paymentResponse, messages.checkingPayment],
    [appPaths.paymentUnsuccessful, messages.paymentUnsuccessful],
    [appPaths.faq, messages.faqTitle],
    [appPaths.terms, messages.termsTitle],
    [appPaths.privacy, messages.privacyTitle],
    [appPaths.cookies, messages.cookiesTitle],
  ])('%s shows its page', async (path, heading) => {
    const router = renderAt(path);
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(path);
  });

  it.each([
    [appPaths.home, 'Buy travel money – Travel Money'],
    [appPaths.viewCart, 'Review your order – Travel Money'],
    [appPaths.customerInformation, 'Your details – Travel Money'],
    [appPaths.faq, 'Frequently asked questions – Travel Money'],
    ['/euro-to-gbp', 'Exchange rate chart – Travel Money'],
    ['/no-such-page', 'Page not found – Travel Money'],
  ])('%s gives the document its own title, "%s" (WCAG 2.4.2)', async (path, title) => {
    document.title = 'Travel Money';
    renderAt(path);
    await waitFor(() => expect(document.title).toBe(title));
    expect(titleOfRoute(path)).toBe(title);
  });

  it('titles the next page as the shopper moves on', async () => {
    const router = renderAt(appPaths.home);
    await waitFor(() => expect(document.title).toBe(titleOfRoute(appPaths.home)));
    await router.navigate(appPaths.branches);
    await waitFor(() => expect(document.title).toBe('Find a branch – Travel Money'));
  });

  it("the home page's headings start with its one h1, the rate promise (WCAG 1.3.1)", async () => {
    renderAt(appPaths.home);
    await screen.findByRole('tab', { name: messages.buyTab, selected: true });
    const main = screen.getByRole('main');
    const headings = within(main).getAllByRole('heading');
    expect(headings[0]).toHaveAccessibleName(messages.heroTitle);
    expect(headings[0]?.tagName).toBe('H1');
    expect(within(main).getAllByRole('heading', { level: 1 })).toHaveLength(1);
  });

  it(`${appPaths.confirmation} shows its page for a completed order`, async () => {
    // Spec 4.1: only a completed order is confirmed (any other goes on to where the spec sends it).
    server.use(...variants.orderCompleted());
    const router = renderAt(appPaths.confirmation);
    expect(await screen.findByRole('heading', { level: 1, name: messages.orderConfirmation })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(appPaths.confirmation);
  });

  it('the home page gives the rate promise beside the calculator, the HMRC registration, delivery facts and popular currencies with their charts', async () => {
    renderAt(appPaths.home);
    expect(await screen.findByRole('heading', { name: messages.heroTitle })).toBeInTheDocument();
    expect(await screen.findByRole('tab', { name: messages.buyTab, selected: true })).toBeInTheDocument();
    expect(screen.getByTestId('regulatory-line')).toHaveTextContent(
      `${fixtures.siteSettings.name} is registered with HM Revenue & Customs as a money service business, registration number XVML00000157019.`,
    );
    const facts = screen.getByRole('region', { name: messages.factsHeading });
    expect(within(facts).getByText(/^Order now for home delivery as soon as \w+day \d+ \w+$/)).toBeInTheDocument();
    expect(within(facts).getByText('Home delivery £4.99 next working day, £3.99 on a later date')).toBeInTheDocument();
    const popular = screen.getByRole('region', { name: messages.popularHeading });
    const euro = await within(popular).findByRole('link', { name: /Euros EUR rate chart/ });
    expect(euro).toHaveAttribute('href', '/eur-from-gbp');
  });

  it('the footer gives the customer line, the help and legal pages and the regulatory line, each link a real page', async () => {
    renderAt(appPaths.home);
    const footer = await screen.findByRole('contentinfo');
    expect(within(footer).getByRole('link', { name: 'Call 0808 157 0192' })).toHaveAttribute('href', 'tel:08081570192');
    expect(within(footer).getByTestId('footer-regulatory')).toHaveTextContent('registration number XVML00000157019');
    for (const [name, path] of [
      [messages.faqTitle, appPaths.faq],
      [messages.termsTitle, appPaths.terms],
      [messages.privacyTitle, appPaths.privacy],
      [messages.cookiesTitle, appPaths.cookies],
    ] as const) {
      expect(within(footer).getByRole('link', { name })).toHaveAttribute('href', path);
    }
    await userEvent.click(within(footer).getByRole('link', { name: messages.cookiesTitle }));
    expect(await screen.findByRole('heading', { level: 1, name: messages.cookiesTitle })).toBeInTheDocument();
  });

  it("/checkout/view-cart adds a new currency through 'Add new currency' to the cart, which then lists it", async () => {
    renderAt(appPaths.viewCart);
    const form = (await screen.findByRole('heading', { name: messages.addNewCurrency })).closest('section')!;
    const select = within(form).getByRole('combobox', { name: messages.newLineCurrency });
    await waitFor(() => expect(within(select).getByRole('option', { name: 'CHF - Swiss Francs' })).toBeInTheDocument());
    await userEvent.selectOptions(select, 'CHF');
    const amount = within(form).getByRole('textbox', { name: 'Amount (CHF)' });
    await waitFor(() => expect(amount).toBeEnabled());
    await userEvent.type(amount, '195');
    await userEvent.tab();
    expect(amount).toHaveValue('200');
    await userEvent.click(within(form).getByRole('button', { name: messages.addCurrency }));
    expect(await screen.findByRole('rowheader', { name: /CHF/ })).toBeInTheDocument();
    // The cart told the form: it starts again and no longer offers Swiss Francs.
    await waitFor(() => expect(select).toHaveValue(''));
    expect(within(select).queryByRole('option', { name: 'CHF - Swiss Francs' })).not.toBeInTheDocument();
  });

  it("/branches/{branchCode} shows that branch's page, linking to the calculator preset to it", async () => {
    const router = renderAt(fixtures.branches[0]!.url);
    expect(await screen.findByRole('heading', { level: 1, name: fixtures.branches[0]!.name })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: messages.buyCurrencyAtBranch })).toHaveAttribute('href', `/?store_id=${fixtures.branches[0]!.id}`);
    expect(router.state.location.pathname).toBe(fixtures.branches[0]!.url);
  });

  it.each([true, false])('starts the marketing opt-in on the details page as the site setting says (marketingDefault %s)', async (marketingDefault) => {
    server.use(...variants.settings({ marketingDefault }));
    renderAt(appPaths.customerInformation);
    const optIn = await screen.findByRole('checkbox', { name: fixtures.checkoutContent.marketingCheckboxLabel });
    if (marketingDefault) expect(optIn).toBeChecked();
    else expect(optIn).not.toBeChecked();
  });

  it('opens the payment page of an order awaiting payment, and sends any other order to the error step', async () => {
    server.use(...variants.paymentPending());
    const { unmount } = renderShop(routes, appPaths.payment);
    expect(await screen.findByRole('heading', { level: 1, name: messages.paymentTitle })).toBeInTheDocument();
    unmount();
    server.use(...variants.checkoutFailed());
    const router = renderAt(appPaths.payment);
    await waitFor(() => expect(router.state.location.pathname).toBe(appPaths.paymentUnsuccessful));
  });

  it.each([
    ['/eur-to-gbp', 'EUR', 'GBP'],
    ['/eur-from-gbp', 'GBP', 'EUR'],
  ])('%s is a chart page, loaded on demand', async (path, from, to) => {
    renderAt(path);
    expect(await screen.findByRole('heading', { level: 1, name: new RegExp(`${from}.*${to}`) })).toBeInTheDocument();
  });

  it('answers an unknown address with the not-found page inside the shop frame', async () => {
    renderAt('/no-such-page');
    expect(await screen.findByRole('heading', { level: 1, name: messages.pageNotFound })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: messages.mainNavigation })).toBeInTheDocument();
  });

  it('frames shop pages with header navigation, the header cart, main and footer', async () => {
    const router = renderAt(appPaths.home);
    const nav = await screen.findByRole('navigation', { name: messages.mainNavigation });
    expect(screen.getByRole('main')).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: messages.navBuyCurrency })).toHaveAttribute('aria-current', 'page');
    const banner = screen.getByRole('banner');
    expect(await within(banner).findByRole('button', { name: /in your cart/i })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: messages.navBranches }));
    expect(router.state.location.pathname).toBe(appPaths.branches);
    expect(nav).toBeInTheDocument();
  });

  it('keeps checkout steps free of the shop navigation', async () => {
    renderAt(appPaths.customerInformation);
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('navigation', { name: messages.mainNavigation })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: messages.appName })).toHaveAttribute('href', appPaths.home);
  });

  it('shows the payment response page with no header or footer (it runs inside the payment iframe)', async () => {
    renderAt(appPaths.paymentResponse);
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('banner')).not.toBeInTheDocument();
    expect(screen.queryByRole('contentinfo')).not.toBeInTheDocument();
  });
});
