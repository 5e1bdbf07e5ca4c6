import type { Meta, StoryObj } from '@storybook/react-vite';
import { withTotals } from '../../mocks/fixtures.ts';
import { ViewCartScreen } from '#src/screens/view-cart/view-cart-screen.tsx';
import {
  STORY_NOW,
  cartStory,
  checkoutStory,
  f,
  fail,
  inCheckoutLayout,
  ok,
  newLineStory,
  pending,
  type Answer,
  type CartStoryOptions,
  type NewLineStoryOptions,
  type StoryCart,
  type StoryCheckout,
  type StoryNewLine,
} from './checkout-story-support.tsx';
import { makeCart } from '../../mocks/fixtures.ts';
import { formatMessage, messages } from '#domain/messages.ts';
import { addMoreTimeLabel, moreTimeAddedText } from '#domain/more-time.ts';
import { opening, playChecks, type StateChecks } from '../support/play-checks.ts';
import type { CartNotes } from '#domain/note-mix.ts';
import type { NoteMixEvent } from '#machines/note-mix/note-mix.machine.ts';
import { mockNotesOf } from '../../mocks/handlers.ts';

type Loaded = { cart: StoryCart; checkout: StoryCheckout; newLine: StoryNewLine };

const REVIEW = 'checkout.inCheckout.review';

const meta = {
  title: 'Checkout/View cart',
  decorators: [inCheckoutLayout],
  parameters: { layout: 'fullscreen', machineStates: [REVIEW] },
  render: (_args, { loaded }) => {
    const { cart, checkout, newLine } = loaded as Loaded;
    return <ViewCartScreen cart={cart} checkout={checkout} newLine={newLine} />;
  },
  play: playChecks(() => checks),
} satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

/** The notes you want (issue 45 part 3): what the review's notes read and save, and what the shopper does there. */
interface NotesStoryOptions {
  notes?: Answer<CartNotes>;
  saveNotes?: Answer<CartNotes>;
  noteEvents?: NoteMixEvent[];
}

const story = (options: CartStoryOptions, path = '/checkout/view-cart', newLine: NewLineStoryOptions = {}, notes: NotesStoryOptions = {}) => [
  async () => {
    const cart = await cartStory(options);
    return {
      cart,
      checkout: await checkoutStory({
        path,
        productId: path.startsWith('/selling') ? 3 : 2,
        notes: notes.notes ?? ok(mockNotesOf(cart.getSnapshot().context.cart ?? f.cart)),
        ...(notes.saveNotes === undefined ? {} : { saveNotes: notes.saveNotes }),
        ...(notes.noteEvents === undefined ? {} : { noteEvents: notes.noteEvents }),
      }),
      newLine: await newLineStory(cart, newLine),
    };
  },
];

const answered = withTotals({ ...f.cart, buyBackGuarantee: false, refundGuarantee: true });
const small = makeCart(STORY_NOW, { lines: [{ code: 'EUR', qty: 100 }] });
const tooLittle = makeCart(STORY_NOW, { lines: [{ code: 'EUR', qty: 40 }] });
const tooMuch = makeCart(STORY_NOW, { lines: [{ code: 'EUR', qty: 2500 }, { code: 'USD', qty: 1000 }] });

export const LoadingCart: Story = { loaders: story({ cart: pending }) };

/** 'You have no cart' (in the shop, / follows a second later; the story holds it). */
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

/** Two lines, both questions still to answer; 'Add new currency' waits for a currency. */
export const Review: Story = {
  loaders: story({}),
  parameters: { machineStates: [REVIEW, 'newLine.currencies.loaded', 'newLine.form.quote.none', 'newLine.form.amount.idle', 'newLine.form.adding.idle'] },
};

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

const large = makeCart(STORY_NOW, { lines: [{ code: 'EUR', qty: 1500 }] });
const largeDelivery = makeCart(STORY_NOW, { productId: 1, lines: [{ code: 'EUR', qty: 1500 }] });

/** £1,000 or more to collect: what to bring to the branch, said before payment. */
export const IdentificationNeeded: Story = { loaders: story({ cart: ok(large) }) };

/** £1,000 or more delivered: the identification is asked for after payment, before the currency is sent. */
export const IdentificationNeededDelivery: Story = { loaders: story({ cart: ok(largeDelivery) }) };

/** A typed amount at 0: 'Amount should be greater than 0'. */
export const LineAmountInvalid: Story = { loaders: story({ events: [{ type: 'cart.lineChanged', lineId: 'line-1', qty: 0 }] }) };

/** A typed amount is being saved. */
export const UpdatingLine: Story = {
  loaders: story({ updateLine: pending, events: [{ type: 'cart.lineChanged', lineId: 'line-1', qty: 600 }] }),
};

export const RemovingLine: Story = { loaders: story({ removeLine: pending, events: [{ type: 'cart.lineRemoved', lineId: 'line-2' }] }) };

/** 'Add currency' pressed: the cart is adding the line ('Adding to cart'); the form waits for its answer. */
export const AddingLine: Story = {
  loaders: story({ addLine: pending }, '/checkout/view-cart', {
    events: [{ type: 'newLine.currencyChosen', currencyCode: 'CHF' }, { type: 'amount.typed', picker: 'foreign', text: '200' }, { type: 'newLine.addRequested' }],
  }),
  parameters: { machineStates: [REVIEW, 'cart.open.lines.addingLine', 'newLine.form.adding.waiting'], shows: ['Adding to cart'] },
};

// ------------------------------------------------------------------------------------------------
// 'Add new currency' (spec 2.6, 5.1)
// ------------------------------------------------------------------------------------------------

const chooseChf = { type: 'newLine.currencyChosen', currencyCode: 'CHF' } as const;

/** The list of currencies is still being read: nothing to choose yet. */
export const NewLineReadingCurrencies: Story = {
  loaders: story({}, '/checkout/view-cart', { currencies: pending }),
  parameters: { machineStates: [REVIEW, 'newLine.currencies.loading'], shows: ['Add new currency', 'Choose a currency'] },
};

/** The list of currencies could not be read: the server's words. */
export const NewLineCurrenciesFailed: Story = {
  loaders: story({}, '/checkout/view-cart', { currencies: fail({ title: 'Service unavailable', detail: 'Currencies are unavailable at the moment.', status: 503 }) }),
  parameters: { machineStates: [REVIEW, 'newLine.currencies.failed'], shows: ['Currencies are unavailable at the moment.'] },
};

/** A currency chosen: 'Getting your rate' at the cart's branch. */
export const NewLineGettingRate: Story = {
  loaders: story({}, '/checkout/view-cart', { quote: pending, events: [chooseChf] }),
  parameters: { machineStates: [REVIEW, 'newLine.form.quote.loading'], shows: ['Getting your rate'] },
};

/** The branch's rate could not be read: the server's words, the boxes stay closed. */
export const NewLineRateRefused: Story = {
  loaders: story({}, '/checkout/view-cart', {
    quote: fail({ title: 'Not found', detail: 'This branch has no Swiss Francs today.', status: 404 }),
    events: [chooseChf],
  }),
  parameters: { machineStates: [REVIEW, 'newLine.form.quote.failed'], shows: ['This branch has no Swiss Francs today.'] },
};

/** The rate is read: the amount and cost boxes are open, Add waits for an amount above 0. */
export const NewLineRateRead: Story = {
  loaders: story({}, '/checkout/view-cart', { events: [chooseChf] }),
  parameters: { machineStates: [REVIEW, 'newLine.form.quote.loaded'], shows: ['Amount (CHF)', 'Cost (£)'] },
};

/** Within the 500 ms after the last key: the cost is not worked out yet, Add already counts '195'. */
export const NewLineTyping: Story = {
  loaders: story({}, '/checkout/view-cart', { holdPause: true, events: [chooseChf, { type: 'amount.typed', picker: 'foreign', text: '195' }] }),
  parameters: { machineStates: [REVIEW, 'newLine.form.amount.typing'] },
};

/** The box left: CHF 195 rounded up to the branch's CHF 10 notes, and its cost. */
export const NewLineWorkedOut: Story = {
  loaders: story({}, '/checkout/view-cart', { events: [chooseChf, { type: 'amount.typed', picker: 'foreign', text: '195' }, { type: 'amount.settled' }] }),
  parameters: { machineStates: [REVIEW, 'newLine.form.quote.loaded', 'newLine.form.amount.idle'] },
};

/** A cost above the site's maximum: capped, with 'Maximum order value is £2,500'. */
export const NewLineOverMaximum: Story = {
  loaders: story({}, '/checkout/view-cart', { events: [chooseChf, { type: 'amount.typed', picker: 'gbp', text: '3000' }, { type: 'amount.settled' }] }),
};

/** Sell-back: only the currencies the shop buys back, and 'You will receive (£)'. */
export const NewLineSellBack: Story = {
  loaders: story({ cart: ok(f.sellBackCart) }, '/selling/view-cart', { events: [{ type: 'newLine.currencyChosen', currencyCode: 'AED' }, { type: 'amount.typed', picker: 'foreign', text: '500' }, { type: 'amount.settled' }] }),
  parameters: { machineStates: [REVIEW, 'newLine.form.quote.loaded'], shows: ['You will receive (£)', 'AED - UAE Dirhams'] },
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

/** Under 5 minutes left: the checkout header offers "Need more time?" beside the countdown. */
export const MoreTimeOffered: Story = {
  parameters: { machineStates: ['cart.open.time.held'] },
  loaders: story({ cart: ok({ ...f.cart, expiresAt: new Date(STORY_NOW.getTime() + 245_000).toISOString() }) }),
};

/** The hold extended: the header says until when. */
export const TimeAdded: Story = {
  parameters: { machineStates: ['cart.open.time.extended'] },
  loaders: story({
    cart: ok({ ...f.cart, expiresAt: new Date(STORY_NOW.getTime() + 245_000).toISOString() }),
    extendCart: ok({ ...f.cart, expiresAt: new Date(STORY_NOW.getTime() + 245_000 + 30 * 60_000).toISOString(), extensionsLeft: 1 }),
    events: [{ type: 'cart.extendRequested' }],
  }),
};

// The notes you want (issue 45 part 3): €500 and $300 at the branch, each line mixed until chosen.
const notesFor = (notes: NotesStoryOptions) => story({}, '/checkout/view-cart', {}, notes);
const openEuros: NoteMixEvent = { type: 'notes.editOpened', lineId: 'line-1' };
const tenFifties: NoteMixEvent[] = [openEuros, { type: 'notes.kindChosen', kind: 'exact' }, { type: 'notes.countChanged', value: 50, count: 10 }];
const savedFifties: CartNotes = (() => {
  const read = mockNotesOf(f.cart);
  return { lines: read.lines.map((l) => (l.lineId === 'line-1' ? { ...l, choice: { kind: 'exact' as const, counts: [{ value: 50, count: 10 }] } } : l)) };
})();

/** The notes each line may have are on their way: the rows say mixed notes, their buttons wait. */
export const NotesLoading: Story = { parameters: { machineStates: ['noteMix.loading'] }, loaders: notesFor({ notes: pending }) };

/** They could not be read: the order keeps mixed notes unless the shopper tries again. */
export const NotesUnavailable: Story = { parameters: { machineStates: ['noteMix.failed'] }, loaders: notesFor({ notes: fail() }) };

/** The euros' choice open on 'Smaller notes'. */
export const NotesChoosing: Story = {
  parameters: { machineStates: ['noteMix.ready.editing'] },
  loaders: notesFor({ noteEvents: [openEuros, { type: 'notes.kindChosen', kind: 'smaller' }] }),
};

/** Each note counted: six €50 notes so far, '€300 of €500 chosen'. */
export const NotesCounting: Story = {
  loaders: notesFor({ noteEvents: [openEuros, { type: 'notes.kindChosen', kind: 'exact' }, { type: 'notes.countChanged', value: 50, count: 6 }] }),
};

/** Save with notes that do not add up: the rule says why, nothing is sent. */
export const NotesDoNotAddUp: Story = {
  loaders: notesFor({ noteEvents: [openEuros, { type: 'notes.kindChosen', kind: 'exact' }, { type: 'notes.countChanged', value: 50, count: 6 }, { type: 'notes.saveRequested' }] }),
};

/** Ten €50 notes being saved. */
export const NotesSaving: Story = {
  parameters: { machineStates: ['noteMix.ready.saving'] },
  loaders: notesFor({ saveNotes: pending, noteEvents: [...tenFifties, { type: 'notes.saveRequested' }] }),
};

/** Saved: the euros' row says '10 × €50'. */
export const NotesSaved: Story = {
  parameters: { machineStates: ['noteMix.ready.viewing'] },
  loaders: notesFor({ saveNotes: ok(savedFifties), noteEvents: [...tenFifties, { type: 'notes.saveRequested' }] }),
};

/** The server refused them: the notes went meanwhile. */
export const NotesGoneMeanwhile: Story = {
  loaders: notesFor({
    saveNotes: fail({ title: 'Unprocessable request', detail: 'We have only 4 of the €50 notes for this order. Choose fewer of them.', status: 422 }),
    noteEvents: [...tenFifties, { type: 'notes.saveRequested' }],
  }),
};

/** The cart ran out of time. */
export const Expired: Story = { loaders: story({ cart: ok({ ...f.cart, expiresAt: STORY_NOW.toISOString() }) }) };

// ------------------------------------------------------------------------------------------------
// What each state shows (spec 2.6, 5.1): checked by every story's play function.
// ------------------------------------------------------------------------------------------------

const proceed = ['button', messages.proceedToCheckout] as const;
const addCurrency = ['button', messages.addCurrency] as const;
const amountBox = ['textbox', formatMessage(messages.newLineAmount, { code: 'CHF' })] as const;
/** The two-line cart under review: both questions, Proceed allowed, the new-line form below. */
const review = {
  texts: [messages.reviewTitle, messages.buybackQuestion, messages.refundQuestion, messages.addNewCurrency],
  enabled: [proceed, ['button', formatMessage(messages.deleteLine, { code: 'EUR' })]],
} as const;

const checks: StateChecks = {
  LoadingCart: { absent: [messages.proceedToCheckout] },
  NoCart: { texts: [messages.noCart], absent: [messages.proceedToCheckout] },
  LinkRefused: { texts: [messages.noCart, 'Choose a branch for this product.'] },
  CartUnavailable: { texts: [messages.cartFetchFailed], absent: [messages.proceedToCheckout] },
  EmptyCart: { texts: [messages.viewCartEmpty, messages.leaveCheckout] },
  Review: { ...review, disabled: [addCurrency] },
  GuaranteesAnswered: review,
  GuaranteesRequired: { texts: [messages.buybackRequired, messages.refundRequired] },
  BuybackTooSmall: { texts: [opening(messages.buybackTooSmall)], disabled: [['radio', messages.yes]] },
  BelowMinimumSpend: { texts: [opening(messages.minimumSpendNotMet)] },
  AboveMaximumSpend: { texts: [opening(messages.maximumSpendExceeded)] },
  GuaranteesOff: { texts: [messages.reviewTitle], absent: [messages.buybackQuestion, messages.refundQuestion], enabled: [proceed] },
  SellBack: { texts: [messages.sellBackReviewTitle, messages.youWillReceive, messages.sellBackChecksTitle, messages.sellBackChecksBody], absent: [messages.buybackQuestion, messages.identificationTitle], enabled: [proceed] },
  HomeDelivery: { ...review, absent: [messages.identificationTitle] },
  IdentificationNeeded: { texts: [messages.identificationTitle, formatMessage(messages.identificationBody, { threshold: '£1,000' }), messages.identificationCollect], enabled: [proceed] },
  IdentificationNeededDelivery: { texts: [messages.identificationTitle, messages.identificationDelivery], enabled: [proceed] },
  LineAmountInvalid: { texts: [messages.amountGreaterThanZero] },
  UpdatingLine: { texts: [messages.reviewTitle] },
  RemovingLine: { texts: [messages.reviewTitle] },
  AddingLine: { texts: [messages.addingToCart] },
  NewLineReadingCurrencies: { texts: [messages.addNewCurrency, messages.chooseCurrency], disabled: [addCurrency] },
  NewLineCurrenciesFailed: { disabled: [addCurrency] },
  NewLineGettingRate: { texts: [messages.gettingRate], disabled: [addCurrency] },
  NewLineRateRefused: { disabled: [addCurrency] },
  NewLineRateRead: { texts: [messages.newLineCost], enabled: [amountBox], disabled: [addCurrency] },
  NewLineTyping: { enabled: [amountBox, addCurrency] },
  NewLineWorkedOut: { enabled: [amountBox, addCurrency] },
  NewLineOverMaximum: { texts: [formatMessage(messages.maximumOrderValue, { max: '2,500' })] },
  NewLineSellBack: { texts: [messages.newLineReceive], enabled: [addCurrency] },
  CheckingOut: { texts: [messages.proceedingToCheckout] },
  CheckoutFailed: { texts: ['Your cart has expired', 'Please add your currency again.'] },
  Expired: { texts: [messages.reviewTitle] },
  NotesLoading: { texts: [messages.notesLabel, messages.notesMixed], disabled: [['button', formatMessage(messages.notesChange, { name: 'Euros' })]] },
  NotesUnavailable: { texts: [messages.notesLoadFailed], enabled: [['button', messages.notesRetry]] },
  NotesChoosing: { texts: [messages.notesLegend, messages.notesSmallerHint], enabled: [['radio', new RegExp(`^${messages.notesLarger}`)], ['button', messages.notesSave], ['button', messages.notesCancel]] },
  NotesCounting: {
    texts: [formatMessage(messages.notesChosenOfAmount, { chosen: '€300', amount: '€500' })],
    enabled: [['spinbutton', formatMessage(messages.notesCountLabel, { symbol: '€', value: 50 })]],
  },
  NotesDoNotAddUp: { texts: [formatMessage(messages.notesMustAddUp, { chosen: '€300', amount: '€500' })] },
  NotesSaving: { texts: [messages.notesSaving] },
  NotesSaved: { texts: [formatMessage(messages.notesOneNote, { count: 10, symbol: '€', value: 50 })], absent: [messages.notesLegend] },
  NotesGoneMeanwhile: { texts: ['We have only 4 of the €50 notes for this order. Choose fewer of them.'], enabled: [['button', messages.notesSave]] },
  MoreTimeOffered: { texts: [messages.needMoreTime, '04:05'], enabled: [['button', addMoreTimeLabel(30)], proceed] },
  TimeAdded: {
    texts: [moreTimeAddedText(30, new Date(STORY_NOW.getTime() + 245_000 + 30 * 60_000).toISOString()), '34:05'],
    absent: [messages.needMoreTime],
  },
};
