import type { Meta, StoryObj } from '@storybook/react-vite';
import { MemoryRouter } from 'react-router-dom';
import { messages, regulatoryLine } from '#domain/messages.ts';
import { deliveryFacts } from '#domain/shop-facts.ts';
import { HomePanels } from '#src/screens/home/home-panels.tsx';
import { HomeView } from '#src/screens/home/home-view.tsx';
import { makeRatesBoard } from '../../mocks/fixtures.ts';
import { STORY_NOW } from '../support/shop-front-story-support.tsx';
import { playChecks, type StateChecks } from '../support/play-checks.ts';

/** A calculator-sized stand-in: the calculator has its own stories. */
function CalculatorSlot() {
  return <div style={{ minHeight: '24rem', border: '1px dashed #6b7788', borderRadius: 12, background: '#fff' }} aria-hidden="true" />;
}

/**
 * The home page around the calculator: the rate promise, why to trust the shop, delivery and
 * collection facts and the popular currencies, each linking to its chart.
 */
const meta = {
  title: 'Screens/Home',
  component: HomePanels,
  render: (args) => <HomeView calculator={<CalculatorSlot />} panels={<HomePanels {...args} />} />,
  decorators: [
    (Story) => (
      <MemoryRouter>
        <Story />
      </MemoryRouter>
    ),
  ],
  parameters: { layout: 'fullscreen' },
  args: {
    regulatory: regulatoryLine({ name: 'Travel Money Shop', hmrcMsbNumber: 'XVML00000157019' }),
    support: { phone: '0808 157 0192', hours: 'Monday to Saturday, 9am to 5.30pm' },
    facts: deliveryFacts({ now: STORY_NOW, deliveryPrices: { nextDay: 4.99, later: 3.99 } }),
    popular: [
      { code: 'EUR', name: 'Euros', href: '/eur-from-gbp' },
      { code: 'USD', name: 'US Dollars', href: '/usd-from-gbp' },
      { code: 'AED', name: 'UAE Dirhams', href: '/aed-from-gbp' },
      { code: 'THB', name: 'Thai Baht', href: '/thb-from-gbp' },
      { code: 'AUD', name: 'Australian Dollars', href: '/aud-from-gbp' },
      { code: 'JPY', name: 'Japanese Yen', href: '/jpy-from-gbp' },
    ],
  },
  play: playChecks(() => checks),
} satisfies Meta<typeof HomePanels>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The main site: its HMRC registration, customer line, delivery prices. */
export const MainSite: Story = {};

/** With the rates board read: each currency's rates for £1 (a dash where it is not traded) and its last month as a line. */
export const WithRatesBoard: Story = {
  args: {
    popular: makeRatesBoard(STORY_NOW).currencies.slice(0, 6).map((c) => ({
      code: c.code,
      name: c.pluralName,
      href: `/${c.code.toLowerCase()}-from-gbp`,
      rates: { buy: c.buyRate, sellBack: c.sellBackRate, history: c.history.map((p) => p.rate) },
    })),
  },
};

/** The rates board over the demo's sample history: "Sample rates" over it. */
export const WithSampleRates: Story = {
  args: { ...WithRatesBoard.args, sample: true },
};

/** A site whose settings give no registration, customer line or delivery prices (an older API). */
export const WithoutSiteFacts: Story = {
  args: { regulatory: null, support: null, facts: deliveryFacts({ now: STORY_NOW }), popular: [] },
};

// ------------------------------------------------------------------------------------------------
// What each state shows: checked by every story's play function.
// ------------------------------------------------------------------------------------------------

const checks: StateChecks = {
  MainSite: {
    texts: [messages.heroTitle, messages.heroPromise, messages.trustHeading, 'registration number XVML00000157019', 'Home delivery £4.99 next working day', messages.popularHeading],
    absent: [messages.ratesBoardCaption],
    enabled: [['link', /^Euros EUR rate chart$/], ['link', messages.findBranch]],
  },
  WithRatesBoard: {
    texts: [messages.popularHeading, messages.ratesBoardCaption, messages.ratesBoardBuy, messages.ratesBoardSellBack, messages.ratesBoardNotTraded, 'over the last month'],
    absent: [messages.sampleRates],
    enabled: [['link', /^Euros EUR rate chart$/]],
  },
  WithSampleRates: {
    texts: [messages.sampleRates, messages.ratesBoardCaption, messages.ratesBoardBuy],
  },
  WithoutSiteFacts: {
    texts: [messages.heroTitle, messages.securePayment, messages.factFreeCollection],
    absent: ['registration number', messages.popularHeading, 'Home delivery £'],
  },
};
