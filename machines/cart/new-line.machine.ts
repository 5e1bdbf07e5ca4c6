/**
 * The view-cart page's 'Add new currency' form (spec 2.6, 5.1): the currencies the cart's product
 * trades that are not yet in the cart, the chosen one's quote at the cart's branch and product, an
 * amount and a cost box (each working out the other 500 ms after the last key, Tab aside, or at
 * once when the box is left) and Add, disabled while the target is 0. The cost is capped at the
 * configured maximum and the conversion at £2,500 (domain/pricing.ts priceDrivenAmount); sell-back
 * is floored to whole units.
 *
 * Add sends the cart actor (`systemActor(system, SYSTEM_ID.cart)`) `cart.lineAdded { line, replyTo }` and waits for
 * its answer (`cart.lineSaved`, or `cart.lineRefused`, whose problem the cart itself shows); the
 * cart tells this form its lines, branch and product with `cart.linesChanged`, so the added
 * currency is no longer offered and the form starts again.
 */
import { and, assign, enqueueActions, not, setup, stateIn, type SnapshotFrom } from 'xstate';
import { providedLater } from '../provided-later.ts';
import { SYSTEM_ID, systemActor } from '#machines/system.ts';
import type { Currency, ProductId, QuoteResponse } from '#domain/contract/catalogue.ts';
import { GBP_CODE, formatUnits, toMajor, toMinor } from '#domain/money.ts';
import {
  AMOUNT_DEBOUNCE_MS,
  canAddLine,
  currenciesForNewLine,
  isIgnoredAmountKey,
  parseAmountInput,
  priceDrivenAmount,
  type PricedAmount,
} from '#domain/pricing.ts';
import { serverMessageOf } from '#domain/problem.ts';
import { messages } from '#domain/messages.ts';
import { isSellBack } from '#domain/products.ts';
import { fetchQuoteInput, type FetchQuoteInput, type FetchQuoteOutput } from '../calculator/calculator.types.ts';
import type { CartLineAnswer, NewLine } from './cart.types.ts';

type LineOfCart = { currency: { code: string } };

export interface NewLineInput {
  siteId: number;
  /** The cart's branch and product. */
  storeId: number;
  productId: ProductId;
  /** The cart's lines: their currencies are not offered. */
  lines: LineOfCart[];
  /** The configured GBP maximum, in pounds. */
  maxOrderValue: number;
  affiliateCode?: string | null;
}

export type NewLinePicker = 'foreign' | 'gbp';

export interface NewLineContext {
  siteId: number;
  storeId: number;
  productId: ProductId;
  /** GET /api/currencies: every currency the shop knows. */
  currencies: Currency[];
  currenciesError: string | null;
  lines: LineOfCart[];
  maxOrderValue: number;
  affiliateCode: string | null;
  currencyCode: string | null;
  quote: QuoteResponse | null;
  quoteError: string | null;
  /** The amounts as they will be added, worked out from the last settled or paused text. */
  priced: PricedAmount | null;
  /** The box being typed in and its text, shown as typed until the shopper leaves the box. */
  typed: { picker: NewLinePicker; text: string } | null;
  /** 'Maximum order value is £{max}'. */
  amountError: string | null;
}

export type NewLineEvent =
  | { type: 'newLine.currencyChosen'; currencyCode: string }
  | { type: 'amount.typed'; picker: NewLinePicker; text: string; key?: string }
  /** The shopper left the box: what was typed counts at once. */
  | { type: 'amount.settled' }
  | { type: 'newLine.addRequested' }
  /** The cart as the form needs it: its lines, branch and product. */
  | { type: 'cart.linesChanged'; lines: LineOfCart[]; storeId: number; productId: ProductId }
  /** The cart's answer to Add. */
  | CartLineAnswer;


export type NewLineTag =
  | 'currenciesLoading'
  | 'currenciesFailed'
  | 'quoteLoading'
  | 'quoteFailed'
  | 'typing'
  /** Add was pressed: waiting for the cart's answer. */
  | 'adding';

export type FetchCurrenciesOutput = Currency[];


/** The amounts the text typed in one box works out to; null while it is not a number. */
function figuresOf(
  context: Pick<NewLineContext, 'quote' | 'currencyCode' | 'productId' | 'maxOrderValue'>,
  typed: { picker: NewLinePicker; text: string },
): { priced: PricedAmount; error: string | null } | null {
  const { quote, currencyCode } = context;
  if (quote === null || currencyCode === null) return null;
  const minor = parseAmountInput(typed.text, typed.picker === 'gbp' ? GBP_CODE : currencyCode);
  if (minor === null) return null;
  return priceDrivenAmount({ side: typed.picker, minor }, currencyCode, quote, {
    sellBack: isSellBack(context.productId),
    maxGbpMinor: toMinor(context.maxOrderValue, GBP_CODE),
  });
}

function pricedTyped(context: NewLineContext): Pick<NewLineContext, 'priced' | 'amountError'> {
  if (context.typed === null) return { priced: context.priced, amountError: context.amountError };
  const figures = figuresOf(context, context.typed);
  return { priced: figures?.priced ?? null, amountError: figures?.error ?? null };
}

/** The currencies the cart's product trades (spec 8), less those already in the cart (spec 5.1). */
function offeredOf(context: Pick<NewLineContext, 'currencies' | 'lines' | 'productId'>): Currency[] {
  const sellBack = isSellBack(context.productId);
  const tradable = context.currencies.filter((c) => (sellBack ? c.sellBackAllowed : c.purchaseAllowed));
  return currenciesForNewLine(tradable, context.lines);
}

/** The line Add asks the cart for. */
export function lineOf(context: NewLineContext): NewLine {
  return {
    currencyCode: context.currencyCode ?? '',
    qty: toMajor(context.priced?.foreignMinor ?? 0, context.currencyCode ?? GBP_CODE),
    productId: context.productId,
    storeId: context.storeId,
  };
}

const EMPTY_FORM = { currencyCode: null, quote: null, quoteError: null, priced: null, typed: null, amountError: null } as const;

export const newLineMachine = setup({
  types: {
    input: {} as NewLineInput,
    context: {} as NewLineContext,
    events: {} as NewLineEvent,
    tags: {} as NewLineTag,
  },
  actors: {
    fetchCurrencies: providedLater<FetchCurrenciesOutput, Record<string, never>>('fetchCurrencies'),
    fetchQuote: providedLater<FetchQuoteOutput, FetchQuoteInput>('fetchQuote'),
  },
  actions: {
    applyCurrencies: assign({ currencies: (_, params: { currencies: Currency[] }) => params.currencies, currenciesError: null }),
    rememberCurrenciesError: assign({
      currenciesError: (_, params: { error: unknown }) => serverMessageOf(params.error) ?? messages.somethingWentWrong,
    }),
    chooseCurrency: assign((_, params: { currencyCode: string }) => ({ ...EMPTY_FORM, currencyCode: params.currencyCode })),
    applyQuote: assign(({ context }, params: { quote: QuoteResponse }) => {
      const next = { ...context, quote: params.quote, quoteError: null };
      return { ...next, ...pricedTyped(next) };
    }),
    rememberQuoteError: assign({
      quoteError: (_, params: { error: unknown }) => serverMessageOf(params.error) ?? messages.somethingWentWrong,
    }),
    rememberTyped: assign({ typed: (_, params: { picker: NewLinePicker; text: string }) => params }),
    /** The pause after the last key: the other box shows what the text works out to. */
    priceTyped: assign(({ context }) => pricedTyped(context)),
    /** Leaving the box (or Add): both boxes show the amounts as they will be added. */
    settleTyped: assign(({ context }) => ({ ...pricedTyped(context), typed: null })),
    rememberCart: assign((_, params: { lines: LineOfCart[]; storeId: number; productId: ProductId }) => params),
    // The cart adds it (`systemActor(system, SYSTEM_ID.cart)`), tells this form its new lines and answers.
    requestLine: enqueueActions(({ context, enqueue, system, self }) => {
      const cart = systemActor(system, SYSTEM_ID.cart);
      if (cart) enqueue.sendTo(cart, { type: 'cart.lineAdded', line: lineOf(context), replyTo: self });
      else enqueue.raise({ type: 'cart.lineRefused', problem: { title: messages.somethingWentWrong } });
    }),
    clearForm: assign(EMPTY_FORM),
  },
  guards: {
    isOffered: ({ context }, params: { currencyCode: string }) => offeredOf(context).some((c) => c.code === params.currencyCode),
    isOtherBranchOrProduct: ({ context }, params: { storeId: number; productId: ProductId }) =>
      params.storeId !== context.storeId || params.productId !== context.productId,
    isChosenCurrencyInCart: ({ context }, params: { lines: LineOfCart[] }) =>
      context.currencyCode !== null && params.lines.some((l) => l.currency.code === context.currencyCode),
    /** A key the amount takes (not an arrow or Tab), once a currency is chosen. */
    isAmountKey: ({ context }, params: { key: string | undefined }) => context.currencyCode !== null && !isIgnoredAmountKey(params.key),
    hasCurrency: ({ context }) => context.currencyCode !== null,
    canRequestLine: and([stateIn('#newLine.form.quote.loaded'), not(stateIn('#newLine.form.adding.waiting')), 'hasCurrency']),
    hasTarget: ({ context }) => context.priced !== null && canAddLine(context.priced.foreignMinor),
  },
  delays: {
    AMOUNT_DEBOUNCE: AMOUNT_DEBOUNCE_MS,
  },
}).createMachine({
  id: 'newLine',
  context: ({ input }) => ({
    siteId: input.siteId,
    storeId: input.storeId,
    productId: input.productId,
    currencies: [],
    currenciesError: null,
    lines: input.lines,
    maxOrderValue: input.maxOrderValue,
    affiliateCode: input.affiliateCode ?? null,
    ...EMPTY_FORM,
  }),
  type: 'parallel',
  states: {
    currencies: {
      initial: 'loading',
      states: {
        loading: {
          tags: ['currenciesLoading'],
          invoke: {
            id: 'fetchCurrencies',
            src: 'fetchCurrencies',
            input: () => ({}),
            onDone: { target: 'loaded', actions: { type: 'applyCurrencies', params: ({ event }) => ({ currencies: event.output }) } },
            onError: { target: 'failed', actions: { type: 'rememberCurrenciesError', params: ({ event }) => ({ error: event.error }) } },
          },
        },
        loaded: {},
        failed: { tags: ['currenciesFailed'] },
      },
    },
    // The form proper: its transitions stay inside it, so choosing a currency never reads the list again.
    form: {
      type: 'parallel',
      on: {
        'newLine.currencyChosen': {
          guard: { type: 'isOffered', params: ({ event }) => ({ currencyCode: event.currencyCode }) },
          target: ['.quote.loading', '.amount.idle'],
          actions: { type: 'chooseCurrency', params: ({ event }) => ({ currencyCode: event.currencyCode }) },
        },
        'cart.linesChanged': [
          {
            // Another branch or product prices differently and trades other currencies: start again.
            guard: { type: 'isOtherBranchOrProduct', params: ({ event }) => ({ storeId: event.storeId, productId: event.productId }) },
            target: ['.quote.none', '.amount.idle'],
            actions: [{ type: 'rememberCart', params: ({ event }) => ({ lines: event.lines, storeId: event.storeId, productId: event.productId }) }, 'clearForm'],
          },
          {
            // The chosen currency just went into the cart: the form starts again.
            guard: { type: 'isChosenCurrencyInCart', params: ({ event }) => ({ lines: event.lines }) },
            target: ['.quote.none', '.amount.idle'],
            actions: [{ type: 'rememberCart', params: ({ event }) => ({ lines: event.lines, storeId: event.storeId, productId: event.productId }) }, 'clearForm'],
          },
          { actions: { type: 'rememberCart', params: ({ event }) => ({ lines: event.lines, storeId: event.storeId, productId: event.productId }) } },
        ],
      },
      states: {
        quote: {
          initial: 'none',
          states: {
            none: {},
            loading: {
              tags: ['quoteLoading'],
              invoke: {
                id: 'fetchQuote',
                src: 'fetchQuote',
                input: ({ context }) => fetchQuoteInput(context, context.storeId),
                onDone: { target: 'loaded', actions: { type: 'applyQuote', params: ({ event }) => ({ quote: event.output }) } },
                onError: { target: 'failed', actions: { type: 'rememberQuoteError', params: ({ event }) => ({ error: event.error }) } },
              },
            },
            loaded: {},
            failed: { tags: ['quoteFailed'] },
          },
        },
        amount: {
          initial: 'idle',
          on: {
            // A key the box ignores (an arrow, Tab) leaves the amount and its pause alone.
            'amount.typed': {
              guard: { type: 'isAmountKey', params: ({ event }) => ({ key: event.key }) },
              target: '.typing',
              actions: { type: 'rememberTyped', params: ({ event }) => ({ picker: event.picker, text: event.text }) },
            },
            'amount.settled': { target: '.idle', actions: 'settleTyped' },
            // Add takes what was typed at once: no pause left to wait for.
            'newLine.addRequested': { guard: 'canRequestLine', target: '.idle' },
          },
          states: {
            idle: {},
            typing: {
              tags: ['typing'],
              after: { AMOUNT_DEBOUNCE: { target: 'idle', actions: 'priceTyped' } },
            },
          },
        },
        adding: {
          initial: 'idle',
          states: {
            idle: {
              on: {
                // What was typed counts even inside its 500 ms pause; the target must be above 0.
                'newLine.addRequested': { guard: 'canRequestLine', target: 'checking', actions: 'settleTyped' },
              },
            },
            checking: {
              always: [{ guard: 'hasTarget', target: 'waiting', actions: 'requestLine' }, { target: 'idle' }],
            },
            /** Until the cart answers; a refusal's problem is the cart's to show. */
            waiting: {
              tags: ['adding'],
              on: {
                'cart.lineSaved': { target: 'idle' },
                'cart.lineRefused': { target: 'idle' },
              },
            },
          },
        },
      },
    },
  },
});

export type NewLineMachine = typeof newLineMachine;
export type NewLineSnapshot = SnapshotFrom<NewLineMachine>;

/** The currencies the form offers: those the cart's product trades, not yet in the cart. */
export function selectOfferedCurrencies(snapshot: NewLineSnapshot): Currency[] {
  return offeredOf(snapshot.context);
}

/** The chosen currency while it is still offered, else null. */
export function selectChosenCurrency(snapshot: NewLineSnapshot): string | null {
  const { currencyCode } = snapshot.context;
  return currencyCode !== null && offeredOf(snapshot.context).some((c) => c.code === currencyCode) ? currencyCode : null;
}

/** A box's amount as the shopper types it: no thousands separators. */
const plain = (minor: number, code: string) => formatUnits(minor, code).replace(/,/g, '');

/** What the amount and cost boxes show: the typed text in the box being typed in, the worked-out amounts elsewhere. */
export function selectBoxes(snapshot: NewLineSnapshot): { amount: string; cost: string } {
  const { typed, priced, currencyCode } = snapshot.context;
  return {
    amount: typed?.picker === 'foreign' ? typed.text : priced !== null && currencyCode !== null ? plain(priced.foreignMinor, currencyCode) : '',
    cost: typed?.picker === 'gbp' ? typed.text : priced !== null ? plain(priced.gbpMinor, GBP_CODE) : '',
  };
}

/** 'Maximum order value is £{max}', or null. */
export function selectAmountError(snapshot: NewLineSnapshot): string | null {
  return snapshot.context.amountError;
}

/** Why the rate (or the list of currencies) could not be read: the server's message. */
export function selectNewLineProblem(snapshot: NewLineSnapshot): string | null {
  if (snapshot.hasTag('currenciesFailed')) return snapshot.context.currenciesError;
  if (snapshot.hasTag('quoteFailed')) return snapshot.context.quoteError;
  return null;
}

/** The amount boxes take input once the chosen currency's rate is read. */
export function selectCanType(snapshot: NewLineSnapshot): boolean {
  return selectChosenCurrency(snapshot) !== null && snapshot.matches({ form: { quote: 'loaded' } });
}

/** Add is enabled once the target is above 0 (what is typed counts at once, before its pause), and not while the cart is adding. */
export function selectCanAdd(snapshot: NewLineSnapshot): boolean {
  const { context } = snapshot;
  if (!snapshot.matches({ form: { quote: 'loaded' } }) || snapshot.hasTag('adding') || selectChosenCurrency(snapshot) === null) return false;
  const target = context.typed === null ? context.priced : (figuresOf(context, context.typed)?.priced ?? null);
  return target !== null && canAddLine(target.foreignMinor);
}
