import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { appPaths } from '#domain/contract/routes.ts';
import { routes } from '#src/app/router.tsx';
import { ShopProviders } from '#src/app/providers.tsx';
import { SESSION_TOKEN_STORAGE_KEY, type TokenStorage } from '#src/app/browser-services.ts';
import { fixtures } from '../mocks/fixtures.ts';
import { variants } from '../mocks/handlers.ts';
import { formatMessage, messages } from '#domain/messages.ts';
import { playChecks, type StateChecks } from './support/play-checks.ts';

/**
 * The mocks' visitor (mocks/handlers.ts: the happy path), back with the fixtures' session, whose
 * token names the two-line cart the header shows: kept in memory, so no story leaves a token behind.
 */
function returningVisitor(): TokenStorage {
  const items = new Map([[SESSION_TOKEN_STORAGE_KEY, fixtures.token]]);
  return {
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
    removeItem: (key) => void items.delete(key),
  };
}

/** The app's real route table in a memory router, opened at one address. */
function ShellAt({ path }: { path: string }) {
  const [router] = useState(() => createMemoryRouter(routes, { initialEntries: [path] }));
  const [storage] = useState(returningVisitor);
  return (
    <ShopProviders storage={storage}>
      <RouterProvider router={router} />
    </ShopProviders>
  );
}

const meta = {
  title: 'App/Shell',
  component: ShellAt,
  args: { path: appPaths.home },
  parameters: { layout: 'fullscreen' },
  play: playChecks(() => checks),
} satisfies Meta<typeof ShellAt>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Home: Story = {};
export const SellTravelMoney: Story = { args: { path: appPaths.sellTravelMoney } };
export const Branches: Story = { args: { path: appPaths.branches } };
export const CheckoutStep: Story = { args: { path: appPaths.deliveryOptions } };
export const InsidePaymentFrame: Story = { args: { path: appPaths.paymentResponse } };
export const Chart: Story = { args: { path: '/eur-to-gbp' } };
export const NotFound: Story = { args: { path: '/no-such-page' } };
/** The site's settings not read yet: nothing for half a second (SPINNER_DELAY_MS), then the page's spinner. */
export const SettingsSlow: Story = { parameters: { msw: { handlers: variants.loading('siteSettings') } } };
/** The site's settings could not be read: 'Something went wrong' and Retry (spec 6). */
export const SettingsFailed: Story = { parameters: { msw: { handlers: variants.networkError('siteSettings') } } };
/** The footer's pages: help, terms, privacy, cookies. */
export const Help: Story = { args: { path: appPaths.faq } };
export const Terms: Story = { args: { path: appPaths.terms } };
export const Privacy: Story = { args: { path: appPaths.privacy } };
export const Cookies: Story = { args: { path: appPaths.cookies } };

// ------------------------------------------------------------------------------------------------
// What each state shows (spec 2.14): checked by every story's play function.
// ------------------------------------------------------------------------------------------------

/** Every shop page's frame: the skip link and the main navigation. */
const shell = [messages.skipToContent, messages.navBuyCurrency, messages.navSellCurrency, messages.navBranches];

const checks: StateChecks = {
  Home: {
    texts: [...shell, messages.buyTab, messages.heroTitle, messages.trustHeading, messages.factsHeading, messages.popularHeading, 'registration number XVML00000157019'],
    enabled: [['link', /^Euros EUR rate chart$/], ['link', 'Call 0808 157 0192'], ['link', messages.cookiesTitle]],
  },
  Help: { texts: [...shell, messages.faqTitle, messages.footerContactHeading] },
  Terms: { texts: [...shell, messages.termsTitle] },
  Privacy: { texts: [...shell, messages.privacyTitle] },
  Cookies: { texts: [...shell, messages.cookiesTitle] },
  SellTravelMoney: { texts: [...shell, messages.sellTab] },
  Branches: { texts: [...shell, messages.branchFinderTitle] },
  CheckoutStep: { texts: [messages.skipToContent] },
  InsidePaymentFrame: { texts: [messages.checkingPayment], absent: [messages.navBranches] },
  Chart: { texts: [...shell, formatMessage(messages.chartTitle, { from: 'EUR', to: 'GBP' })] },
  NotFound: { texts: [...shell, messages.pageNotFound, messages.goToHomepage] },
  SettingsSlow: { texts: [messages.loadingPage], absent: [messages.navBranches] },
  SettingsFailed: { texts: [messages.somethingWentWrong], enabled: [['button', messages.retry]], absent: [messages.navBranches] },
};
