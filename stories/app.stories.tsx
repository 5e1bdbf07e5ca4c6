import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { appPaths } from '#domain/contract/routes.ts';
import { routes } from '#src/app/router.tsx';
import { ShopProviders } from '#src/app/providers.tsx';
import { formatMessage, messages } from '#domain/messages.ts';
import { playChecks, type StateChecks } from './support/play-checks.ts';

/** The app's real route table in a memory router, opened at one address. */
function ShellAt({ path }: { path: string }) {
  const [router] = useState(() => createMemoryRouter(routes, { initialEntries: [path] }));
  return (
    <ShopProviders>
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

// ------------------------------------------------------------------------------------------------
// What each state shows (spec 2.14): checked by every story's play function.
// ------------------------------------------------------------------------------------------------

/** Every shop page's frame: the skip link and the main navigation. */
const shell = [messages.skipToContent, messages.navBuyCurrency, messages.navSellCurrency, messages.navBranches];

const checks: StateChecks = {
  Home: { texts: [...shell, messages.buyTab] },
  SellTravelMoney: { texts: [...shell, messages.sellTab] },
  Branches: { texts: [...shell, messages.branchFinderTitle] },
  CheckoutStep: { texts: [messages.skipToContent] },
  InsidePaymentFrame: { texts: [messages.checkingPayment], absent: [messages.navBranches] },
  Chart: { texts: [...shell, formatMessage(messages.chartTitle, { from: 'EUR', to: 'GBP' })] },
  NotFound: { texts: [...shell, messages.pageNotFound, messages.goToHomepage] },
};
