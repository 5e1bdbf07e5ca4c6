import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { appPaths } from '#domain/contract/routes.ts';
import { messages } from '#domain/messages.ts';
import { routes } from './router.tsx';

function renderAt(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(<RouterProvider router={router} />);
  return router;
}

describe('routes', () => {
  it.each([
    [appPaths.home, messages.buyTab],
    [appPaths.sellTravelMoney, messages.sellTab],
    [appPaths.branches, messages.navBranches],
    [appPaths.viewCart, messages.stepReview],
    [appPaths.sellViewCart, messages.stepReview],
    [appPaths.deliveryOptions, messages.stepDelivery],
    [appPaths.customerInformation, messages.stepDetails],
    [appPaths.payment, messages.stepPayment],
    [appPaths.paymentResponse, messages.stepPayment],
    [appPaths.paymentUnsuccessful, messages.paymentUnsuccessful],
    [appPaths.confirmation, messages.orderConfirmation],
    [appPaths.embeddedCalculator, messages.buyTab],
  ])('%s shows its page', async (path, heading) => {
    renderAt(path);
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
  });

  it.each([
    ['/eur-to-gbp', 'EUR to GBP'],
    ['/us-dollar-from-gbp', 'GBP to US-DOLLAR'],
  ])('%s is a chart page, loaded on demand', async (path, heading) => {
    renderAt(path);
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
  });

  it('answers an unknown address with the not-found page inside the shop frame', async () => {
    renderAt('/no-such-page');
    expect(await screen.findByRole('heading', { level: 1, name: messages.pageNotFound })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: messages.mainNavigation })).toBeInTheDocument();
  });

  it('frames shop pages with header navigation, main and footer', async () => {
    const router = renderAt(appPaths.home);
    const nav = await screen.findByRole('navigation', { name: messages.mainNavigation });
    expect(screen.getByRole('main')).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: messages.navBuyCurrency })).toHaveAttribute('aria-current', 'page');
    await userEvent.click(screen.getByRole('link', { name: messages.navBranches }));
    expect(router.state.location.pathname).toBe(appPaths.branches);
    expect(nav).toBeInTheDocument();
  });

  it('keeps checkout steps free of the shop navigation', async () => {
    renderAt(appPaths.payment);
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
