import type { Meta, StoryObj } from '@storybook/react-vite';
import { withTotals } from '../../mocks/fixtures.ts';
import { ViewCartScreen } from '#src/screens/view-cart/view-cart-screen.tsx';
import {
  STORY_NOW,
  cartStory,
  checkoutStory,
  currenciesRead,
  f,
  fail,
  inCheckoutLayout,
  ok,
  pending,
  quoteRead,
  settings,
  type CartStoryOptions,
  type StoryCart,
  type StoryCheckout,
} from './checkout-story-support.tsx';
import { makeCart } from '../../mocks/fixtures.ts';

type Loaded = { cart: StoryCart; checkout: StoryCheckout };

const meta = {
  title: 'Checkout/View cart',
  decorators: [inCheckoutLayout],
  parameters: { layout: 'fullscreen', machineStates: ['checkout.inCheckout.review'] },
  render: (_args, { loaded }) => {
    const { cart, checkout } = loaded as Loaded;
    return (
      <ViewCartScreen
        cart={cart}
        checkout={checkout}
        request={null}
        maxOrderValue={settings.maxOrderValue}
        currencies={currenciesRead}
        quote={quoteRead}
      />
    );
  },
} satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

const story = (options: CartStoryOptions, path = '/checkout/view-cart') => [
  async () => ({
    cart: await cartStory(options),
    checkout: await checkoutStory({ path, productId: path.startsWith('/selling') ? 3 : 2 }),
  }),
];

const answered = withTotals({ ...f.cart, buyBackGuarantee: false, refundGuarantee: true });
const small = makeCart(STORY_NOW, { lines: [{ code: 'EUR', qty: 100 }] });
const tooLittle = makeCart(STORY_NOW, { lines: [{ code: 'EUR', qty: 40 }] });
const tooMuch = makeCart(STORY_NOW, { lines: [{ code: 'EUR', qty: 2500 }, { code: 'USD', qty: 1000 }] });

export const LoadingCart: Story = { loaders: story({ cart: pending }) };

/** 'You have no cart', then / after 1 second. */
export const NoCart: Story = { loaders: story({ cart: ok(null) }) };

/**
 * The link's line could not create a cart (here a collection link without a branch): the problem
 * pops up over 'You have no cart', and / follows a second later.
 */
export const LinkRefused: Story = {
  loaders: story({
    cart: ok(null),
    createCart: fail({ title: 'Unprocessable request', detail: 'Choose a branch for this product.', status: 422 }),
    request: { kind: 'line', line: { currencyCode: 'USD', amount: 500, productId: 2, storeId: 1, affiliateId: null } },
  }),
};

/** "We couldn't get your cart". */
export const CartUnavailable: Story = { loaders: story({ cart: fail({ title: 'Server error', status: 500 }) }) };

export const EmptyCart: Story = { loaders: story({ cart: ok(f.emptyCart) }) };

/** Two lines, both questions still to answer. */
export const Review: Story = { loaders: story({}) };

export const GuaranteesAnswered: Story = { loaders: story({ cart: ok(answered) }) };

/** Proceed pressed without answering: both required messages. */
export const GuaranteesRequired: Story = { loaders: story({ events: [{ type: 'cart.checkoutRequested' }] }) };

/** Under £150: the Buyback radios are disabled with the warning. */
export const BuybackTooSmall: Story = { loaders: story({ cart: ok(small) }) };

/** Under the product's minimum spend. */
export const BelowMinimumSpend: Story = { loaders: story({ cart: ok(tooLittle) }) };

/** Over the product's maximum spend. */
export const AboveMaximumSpend: Story = { loaders: story({ cart: ok(tooMuch) }) };

/** Guarantees switched off by the site: no questions. */
export const GuaranteesOff: Story = {
  loaders: story({ settings: { showBuybackGuarantee: false, showRefundGuarantee: false } }),
};

/** Sell-back: 'You will receive', no guarantees, Collection and no Payment in the step bar. */
export const SellBack: Story = { loaders: story({ cart: ok(f.sellBackCart) }, '/selling/view-cart') };

export const HomeDelivery: Story = { loaders: story({ cart: ok(f.homeDeliveryCart) }) };

/** A typed amount at 0: 'Amount should be greater than 0'. */
export const LineAmountInvalid: Story = { loaders: story({ events: [{ type: 'cart.lineChanged', lineId: 'line-1', qty: 0 }] }) };

/** A typed amount is being saved. */
export const UpdatingLine: Story = {
  loaders: story({ updateLine: pending, events: [{ type: 'cart.lineChanged', lineId: 'line-1', qty: 600 }] }),
};

export const RemovingLine: Story = { loaders: story({ removeLine: pending, events: [{ type: 'cart.lineRemoved', lineId: 'line-2' }] }) };

export const AddingLine: Story = {
  loaders: story({
    addLine: pending,
    events: [{ type: 'cart.lineAdded', line: { currencyCode: 'CHF', qty: 200, productId: 2, storeId: 12 } }],
  }),
};

/** The order is being created after 'Proceed to checkout'. */
export const CheckingOut: Story = { loaders: story({ cart: ok(answered), checkoutCart: pending, events: [{ type: 'cart.checkoutRequested' }] }) };

/** Creating the order failed: the problem's title and detail pop up. */
export const CheckoutFailed: Story = {
  loaders: story({
    cart: ok(answered),
    checkoutCart: fail({ title: 'Your cart has expired', detail: 'Please add your currency again.', status: 409 }),
    events: [{ type: 'cart.checkoutRequested' }],
  }),
};

/** The cart ran out of time. */
export const Expired: Story = { loaders: story({ cart: ok({ ...f.cart, expiresAt: STORY_NOW.toISOString() }) }) };
