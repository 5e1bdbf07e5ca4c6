import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { formatMessage, messages } from '#domain/messages.ts';
import { Calculator, type CalculatorProps } from '#src/screens/calculator/calculator.tsx';
import { playChecks, type StateChecks } from '../support/play-checks.ts';
import {
  STORY_NOW,
  calculatorStory,
  catalogue,
  f,
  fail,
  ok,
  pending,
  quoteOf,
  type CalculatorStoryOptions,
} from '../support/shop-front-story-support.tsx';

type Loaded = { calculator: Awaited<ReturnType<typeof calculatorStory>> };
type Args = Omit<CalculatorProps, 'calculator'>;

const meta = {
  title: 'Shop front/Calculator',
  parameters: { layout: 'padded' },
  args: { now: STORY_NOW } as Args,
  render: (args, { loaded }) => <Calculator {...(args as Args)} calculator={(loaded as Loaded).calculator} />,
  play: playChecks(() => checks),
} satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

/** Why an open currency list sets axe's aria-hidden-focus aside. */
const story = (options: CalculatorStoryOptions) => [async () => ({ calculator: await calculatorStory(options) })];
const settled = ['calculator.ready.amount.idle', 'calculator.ready.adding.idle', 'calculator.ready.branchModal.closed'];

export const Loading: Story = {
  parameters: { machineStates: ['calculator.loading'], shows: ['Loading the calculator'] },
  loaders: story({ load: pending }),
};

export const LoadFailed: Story = {
  parameters: { machineStates: ['calculator.failed'], shows: ['Something went wrong', 'Try again'] },
  loaders: story({ load: fail() }),
};

export const QuoteLoading: Story = {
  parameters: { machineStates: ['calculator.ready.quote.loading', ...settled], shows: ['Getting your rate'] },
  loaders: story({ quote: pending }),
};

/** The buy tab with click and collect at the default branch, £1000 of euros. */
export const BuyTravelMoney: Story = {
  parameters: {
    machineStates: ['calculator.ready.quote.loaded', ...settled],
    shows: ['Buy travel money', 'Sell travel money', '£1 = €1.', 'Click and collect', 'Manchester Arndale', 'Rated 4.8 out of 5'],
  },
  loaders: story({}),
};

/** The sell tab: sell back, the foreign amount drives and the pounds are what the shopper receives. */
export const SellTravelMoney: Story = {
  parameters: { machineStates: ['calculator.ready.quote.loaded', ...settled], shows: ['You sell (EUR)', 'You receive (£)', 'Sell your leftover currency back to us'] },
  loaders: story({ events: [{ type: 'transactionType.changed', transactionType: 'buy' }] }),
};

/** enableSelling off: no sell tab. */
export const SellingDisabled: Story = {
  parameters: { machineStates: ['calculator.ready.quote.loaded'] },
  loaders: story({ settings: { enableSelling: false } }),
};

/** Home delivery: no branch to choose; the line counts down to the 2pm dispatch cut-off (the story's clock stands at 10am). */
export const HomeDelivery: Story = {
  parameters: {
    machineStates: ['calculator.ready.quote.loaded', 'calculator.ready.cutOff.counting'],
    shows: ['Order within 4 h 0 m for delivery on Thursday 5 March'],
  },
  loaders: story({ events: [{ type: 'product.changed', productId: 1 }] }),
};

/** The quote failed: the server's message. */
export const QuoteFailed: Story = {
  parameters: { machineStates: ['calculator.ready.quote.failed'], shows: ['We could not get a rate for this branch right now.'] },
  loaders: story({ quote: fail({ title: 'Rate unavailable', detail: 'We could not get a rate for this branch right now.', status: 422 }) }),
};

/** A currency the shop does not sell: "Oh snap! We don't have any UAE Dirhams right now - check back soon!". */
export const CurrencyNotSellable: Story = {
  parameters: { machineStates: ['calculator.ready.quote.unavailable'], shows: ["Oh snap! We don't have any UAE Dirhams right now - check back soon!"] },
  loaders: story({ events: [{ type: 'currency.changed', currencyCode: 'AED' }] }),
};

/** Selling back a currency the shop does not buy: "Oh snap! We can't buy Turkish Lira right now - check back soon!". */
export const CurrencyNotBuyable: Story = {
  parameters: { machineStates: ['calculator.ready.quote.unavailable'], shows: ["Oh snap! We can't buy Turkish Lira right now - check back soon!"] },
  loaders: story({
    events: [
      { type: 'transactionType.changed', transactionType: 'buy' },
      { type: 'currency.changed', currencyCode: 'TRY' },
    ],
  }),
};

/** A currency with a restriction message. */
export const Restriction: Story = {
  parameters: { machineStates: ['calculator.ready.quote.loaded'], shows: ['Turkish Lira is limited to £500 per order.'] },
  loaders: story({ quote: ok(quoteOf('TRY')), events: [{ type: 'currency.changed', currencyCode: 'TRY' }] }),
};

/**
 * The list's rows and a search's narrowed list are drawn in React's background work (decision 037),
 * not in the click's or the key's own task: looked for until they are, with room for a busy machine.
 */
const LIST_DRAWN = { timeout: 5_000 };

/** The currency search finds nothing: 'No results found'. */
export const NoResults: Story = {
  parameters: { machineStates: ['calculator.ready.quote.loaded'] },
  loaders: story({}),
  play: async ({ canvasElement }) => {
    const box = within(canvasElement).getByRole('combobox', { name: messages.currencyLabel });
    await userEvent.click(box);
    await userEvent.keyboard('zzz');
    await expect(await within(document.body).findByRole('option', { name: messages.noResults }, LIST_DRAWN)).toBeInTheDocument();
  },
};

/** The currency list open: the popular currencies first, each with its flag; one the shop only buys back says 'Sell back only'. */
export const CurrencyListOpen: Story = {
  parameters: { machineStates: ['calculator.ready.quote.loaded'] },
  loaders: story({}),
  play: async ({ canvasElement }) => {
    const box = within(canvasElement).getByRole('combobox', { name: messages.currencyLabel });
    await userEvent.click(box);
    const options = await within(document.body).findAllByRole('option', {}, LIST_DRAWN);
    await expect(options[0]).toHaveTextContent('Euros');
    await expect(options[1]).toHaveTextContent('US Dollars');
    await expect(within(document.body).getAllByText(messages.currencySellBackOnly).length).toBeGreaterThan(0);
  },
};

/** Within the 500 ms after a key: what was typed shows, the others wait (held here). */
export const Typing: Story = {
  parameters: { machineStates: ['calculator.ready.amount.typing'] },
  loaders: story({ holdPause: true, events: [{ type: 'amount.typed', picker: 'gbp', text: '75', key: '5' }] }),
};

/** Above the site's maximum: capped with 'Maximum order value is £2,500'. */
export const MaximumExceeded: Story = {
  parameters: { machineStates: ['calculator.ready.quote.loaded', 'calculator.ready.amount.idle'], shows: ['Maximum order value is £2,500'] },
  loaders: story({ events: [{ type: 'amount.typed', picker: 'foreign', text: '9000', key: '0' }, { wait: 600 }] }),
};

/** A branch with €20 notes: the amount is rounded and the shopper is told. */
export const RoundingWarning: Story = {
  parameters: {
    machineStates: ['calculator.ready.quote.loaded'],
    shows: ["Due to your chosen location, we've rounded the amount to the nearest €20", 'Stockport Merseyway'],
  },
  loaders: story({
    quote: [ok(quoteOf('EUR')), ok(quoteOf('EUR', 20))],
    events: [{ type: 'branch.selected', store: f.stores[4]! }],
  }),
};

export const AddingToCart: Story = {
  parameters: { machineStates: ['calculator.ready.adding.adding'], shows: ['Adding to cart'] },
  loaders: story({ events: [{ type: 'cart.addRequested' }] }),
};

export const AddToCartFailed: Story = {
  parameters: { machineStates: ['calculator.ready.adding.idle'], shows: ['We could not add this currency to your cart.'] },
  loaders: story({
    addToCart: fail({ title: 'Cart unavailable', detail: 'We could not add this currency to your cart.', status: 502 }),
    events: [{ type: 'cart.addRequested' }],
  }),
};

/** A cart exists: its product and branch hold, the radios are disabled, Return to cart shows. */
export const WithCart: Story = {
  parameters: { machineStates: ['calculator.ready.quote.loaded'], shows: ['Return to cart'] },
  loaders: story({ input: { cart: { productId: 2, storeId: 12, currencyCode: 'EUR' } } }),
};

/** Back from the loyalty sign-in: the toast, and "You're signed in!" for a visitor with a profile. */
export const SignedIn: Story = {
  parameters: { machineStates: ['calculator.ready.quote.loaded'], shows: ["You're signed in!"] },
  args: { signedIn: true },
  loaders: story({ input: { signedIn: true } }),
};

/** showLoyaltyCTA on, no profile: the loyalty sign-in link. */
export const LoyaltyCta: Story = {
  parameters: { machineStates: ['calculator.ready.quote.loaded'], shows: ['Sign in to get better rates'] },
  args: { loyaltyHref: 'http://localhost:3001/session/1/loyalty-signin?returnUrl=%2F%3FsignedIn' },
  loaders: story({}),
};

/** store_id=16 preselects the Stockport branch. */
export const StoreIdPreselected: Story = {
  parameters: { machineStates: ['calculator.ready.quote.loaded'], shows: ['Stockport Merseyway'] },
  loaders: story({ input: { storeId: 16 }, load: ok({ ...catalogue, store: f.stores.find((s) => s.id === 16)! }) }),
};

/** Embedded iframe mode: no branch controls, and an add-to-cart link into the shop's view-cart page. */
export const Embedded: Story = {
  parameters: { machineStates: ['calculator.ready.quote.loaded'], shows: ['Add to cart'] },
  loaders: story({ settings: { embeddedMode: true }, input: { affiliateCode: 'PARTNER42' } }),
};

/**
 * Embedded without store_id: the frame stands at the home-delivery centre, so it offers home
 * delivery and links to it; click and collect needs a branch the frame cannot choose.
 */
export const EmbeddedWithoutBranch: Story = {
  parameters: { machineStates: ['calculator.ready.quote.loaded'], shows: ['Home delivery', 'Click and collect', 'Add to cart'] },
  loaders: story({ settings: { embeddedMode: true }, load: ok({ ...catalogue, store: f.metaStore }) }),
};

/**
 * 'Change branch' pressed for the first time: the chooser's code is on its way (it loads on
 * demand, off the first page), and the button waits until the chooser opens.
 */
export const BranchChooserLoading: Story = {
  parameters: { machineStates: ['calculator.ready.branchModal.loading'], shows: [messages.changeBranch] },
  loaders: story({ holdFinderLoad: true, events: [{ type: 'branch.modalOpened' }] }),
};

/** The branch selection modal is open (its own states are in Shop front/Branch modal). */
export const BranchModalOpen: Story = {
  parameters: { machineStates: ['calculator.ready.branchModal.open'], shows: ['Choose your collection branch'] },
  loaders: story({ events: [{ type: 'branch.modalOpened' }] }),
};

// ------------------------------------------------------------------------------------------------
// What each state shows (spec 2.1, 5.1, 8): checked by every story's play function.
// ------------------------------------------------------------------------------------------------

const add = ['button', messages.addToCart] as const;
const tabs = [messages.buyTab, messages.sellTab];
const quoted = { texts: [...tabs, messages.currencyLabel], enabled: [add] };

const checks: StateChecks = {
  Loading: { texts: [messages.loadingCalculator], absent: [messages.addToCart] },
  LoadFailed: { texts: [messages.somethingWentWrong], absent: [messages.addToCart] },
  QuoteLoading: { texts: [messages.gettingRate, ...tabs], disabled: [add] },
  BuyTravelMoney: { ...quoted, texts: [...quoted.texts, messages.clickAndCollect, messages.homeDelivery, messages.collectionBranch], enabled: [add, ['button', messages.changeBranch]] },
  SellTravelMoney: { texts: [formatMessage(messages.youSellForeign, { code: 'EUR' }), messages.youReceiveGbp], enabled: [add] },
  SellingDisabled: { texts: [messages.buyTab], absent: [messages.sellTab], enabled: [add] },
  HomeDelivery: { ...quoted, absent: [messages.changeBranch] },
  BranchChooserLoading: { texts: tabs, disabled: [['button', messages.changeBranch]], absent: [messages.chooseBranchTitle] },
  QuoteFailed: { texts: tabs, disabled: [add] },
  CurrencyNotSellable: { texts: [formatMessage(messages.currencyNotSellable, { currency: 'UAE Dirhams' })], disabled: [add] },
  CurrencyNotBuyable: { texts: [formatMessage(messages.currencyNotBuyable, { currency: 'Turkish Lira' })], disabled: [add] },
  Restriction: quoted,
  NoResults: {},
  CurrencyListOpen: {},
  Typing: { texts: tabs },
  MaximumExceeded: { texts: [formatMessage(messages.maximumOrderValue, { max: '2,500' })], enabled: [add] },
  RoundingWarning: { texts: [formatMessage(messages.roundingWarning, { symbol: '€', increment: 20 })], enabled: [add] },
  AddingToCart: { texts: [messages.addingToCart] },
  AddToCartFailed: quoted,
  WithCart: { texts: [messages.returnToCart], enabled: [add], disabled: [['radio', messages.homeDelivery], ['radio', messages.clickAndCollect]] },
  SignedIn: { texts: [messages.signedIn], enabled: [add] },
  LoyaltyCta: { texts: [messages.loyaltyCta], enabled: [add] },
  StoreIdPreselected: quoted,
  Embedded: { texts: [messages.addToCart], absent: [messages.changeBranch] },
  EmbeddedWithoutBranch: { texts: [messages.homeDelivery, messages.clickAndCollect, messages.addToCart], absent: [messages.changeBranch] },
  BranchModalOpen: { texts: [messages.chooseBranchTitle], focusIn: messages.chooseBranchTitle },
};
