/**
 * The view-cart page's 'Add new currency' form (spec 2.6, 5.1): a currency not yet in the cart,
 * its quote at the cart's branch and product, an amount and a cost input (each waiting 500 ms
 * after the last key, Tab aside) and Add, disabled while the target is 0. The cost is capped at
 * the configured maximum and the conversion at £2,500 (domain/pricing.ts priceDrivenAmount).
 *
 * Add sends the cart actor (`system.get('cart')`) `cart.lineAdded { line }`; the cart tells this
 * form its new lines with `cart.linesChanged`, so the added currency is no longer offered.
 */
import { and, assign, enqueueActions, fromPromise, setup, stateIn, type AnyActorRef, type SnapshotFrom } from 'xstate';
import type { Currency, ProductId, QuoteResponse } from '#domain/contract/catalogue.ts';
import { GBP_CODE, toMajor, toMinor } from '#domain/money.ts';
import {
  AMOUNT_DEBOUNCE_MS,
  canAddLine,
  currenciesForNewLine,
  isIgnoredAmountKey,
  parseAmountInput,
  priceDrivenAmount,
  type AmountDriver,
  type PricedAmount,
} from '#domain/pricing.ts';
import { serverMessageOf } from '#domain/problem.ts';
import { messages } from '#domain/messages.ts';
import { isSellBack } from '#domain/products.ts';
import type { FetchQuoteInput, FetchQuoteOutput } from '../calculator/calculator.machine.ts';
import type { NewLine } from './cart.machine.ts';

type LineOfCart = { currency: { code: string } };

export interface NewLineInput {
  siteId: number;
  /** The cart's branch and product. */
  storeId: number;
  productId: ProductId;
  currencies: Currency[];
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
  currencies: Currency[];
  lines: LineOfCart[];
  maxOrderValue: number;
  affiliateCode: string | null;
  currencyCode: string | null;
  quote: QuoteResponse | null;
  quoteError: string | null;
  driver: AmountDriver;
  priced: PricedAmount | null;
  typed: { picker: NewLinePicker; text: string } | null;
  /** 'Maximum order value is £{max}'. */
  amountError: string | null;
}

export type NewLineEvent =
  | { type: 'newLine.currencyChosen'; currencyCode: string }
  | { type: 'amount.typed'; picker: NewLinePicker; text: string; key?: string }
  | { type: 'newLine.addRequested' }
  | { type: 'cart.linesChanged'; lines: LineOfCart[] };


export type NewLineTag = 'quoteLoading' | 'quoteFailed' | 'typing';

const notProvided = (name: string) => () => Promise.reject(new Error(`${name} not provided`));

const START: AmountDriver = { side: 'foreign', minor: 0 };

function repriced(context: NewLineContext, driver: AmountDriver): Pick<NewLineContext, 'driver' | 'priced' | 'amountError'> {
  if (context.quote === null || context.currencyCode === null) return { driver, priced: null, amountError: null };
  const { priced, error } = priceDrivenAmount(driver, context.currencyCode, context.quote, {
    sellBack: isSellBack(context.productId),
    maxGbpMinor: toMinor(context.maxOrderValue, GBP_CODE),
  });
  return { driver, priced, amountError: error };
}

/** The line Add asks the cart for. */
function lineOf(context: NewLineContext): NewLine {
  return {
    currencyCode: context.currencyCode ?? '',
    qty: toMajor(context.priced?.foreignMinor ?? 0, context.currencyCode ?? GBP_CODE),
    productId: context.productId,
    storeId: context.storeId,
  };
}

export const newLineMachine = setup({
  types: {
    input: {} as NewLineInput,
    context: {} as NewLineContext,
    events: {} as NewLineEvent,
    tags: {} as NewLineTag,
  },
  actors: {
    fetchQuote: fromPromise<FetchQuoteOutput, FetchQuoteInput>(notProvided('fetchQuote')),
  },
  actions: {
    chooseCurrency: assign({
      currencyCode: (_, params: { currencyCode: string }) => params.currencyCode,
      quote: null,
      quoteError: null,
      priced: null,
      typed: null,
      amountError: null,
      driver: START,
    }),
    applyQuote: assign(({ context }, params: { quote: QuoteResponse }) => {
      const next = { ...context, quote: params.quote, quoteError: null };
      return { ...next, ...repriced(next, context.driver) };
    }),
    rememberQuoteError: assign({
      quoteError: (_, params: { error: unknown }) => serverMessageOf(params.error) ?? messages.somethingWentWrong,
    }),
    rememberTyped: assign({ typed: (_, params: { picker: NewLinePicker; text: string }) => params }),
    applyTyped: assign(({ context }) => {
      if (context.typed === null) return {};
      const side = context.typed.picker;
      const minor = parseAmountInput(context.typed.text, side === 'gbp' ? GBP_CODE : (context.currencyCode ?? GBP_CODE)) ?? 0;
      return { ...repriced(context, { side, minor }), typed: null };
    }),
    rememberLines: assign({ lines: (_, params: { lines: LineOfCart[] }) => params.lines }),
    // The cart adds it (`system.get('cart')`) and tells this form its new lines.
    requestLine: enqueueActions(({ context, enqueue, system }) => {
      const cart: AnyActorRef | undefined = system.get('cart');
      if (cart) enqueue.sendTo(cart, { type: 'cart.lineAdded', line: lineOf(context) });
    }),
    clearForm: assign({ currencyCode: null, quote: null, priced: null, typed: null, amountError: null, driver: START }),
  },
  guards: {
    isOffered: ({ context }, params: { currencyCode: string }) =>
      currenciesForNewLine(context.currencies, context.lines).some((c) => c.code === params.currencyCode),
    isChosenCurrencyInCart: ({ context }, params: { lines: LineOfCart[] }) =>
      context.currencyCode !== null && params.lines.some((l) => l.currency.code === context.currencyCode),
    isIgnoredKey: (_, params: { key: string | undefined }) => isIgnoredAmountKey(params.key),
    hasCurrency: ({ context }) => context.currencyCode !== null,
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
    currencies: input.currencies,
    lines: input.lines,
    maxOrderValue: input.maxOrderValue,
    affiliateCode: input.affiliateCode ?? null,
    currencyCode: null,
    quote: null,
    quoteError: null,
    driver: START,
    priced: null,
    typed: null,
    amountError: null,
  }),
  type: 'parallel',
  on: {
    'newLine.currencyChosen': {
      guard: { type: 'isOffered', params: ({ event }) => ({ currencyCode: event.currencyCode }) },
      target: ['.quote.loading', '.amount.idle'],
      actions: { type: 'chooseCurrency', params: ({ event }) => ({ currencyCode: event.currencyCode }) },
    },
    'cart.linesChanged': [
      {
        // The chosen currency just went into the cart: the form starts again.
        guard: { type: 'isChosenCurrencyInCart', params: ({ event }) => ({ lines: event.lines }) },
        target: ['.quote.none', '.amount.idle'],
        actions: [{ type: 'rememberLines', params: ({ event }) => ({ lines: event.lines }) }, 'clearForm'],
      },
      { actions: { type: 'rememberLines', params: ({ event }) => ({ lines: event.lines }) } },
    ],
    'newLine.addRequested': {
      // What was typed counts even inside its 500 ms pause; the target must be above 0.
      guard: and([stateIn('#newLine.quote.loaded'), 'hasCurrency']),
      target: '.adding.checking',
      actions: 'applyTyped',
    },
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
            input: ({ context }) => ({
              siteId: context.siteId,
              storeId: context.storeId,
              productId: context.productId,
              currencyCode: context.currencyCode ?? '',
              affiliateCode: context.affiliateCode,
            }),
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
        'amount.typed': [
          { guard: { type: 'isIgnoredKey', params: ({ event }) => ({ key: event.key }) } },
          {
            guard: 'hasCurrency',
            target: '.typing',
            actions: { type: 'rememberTyped', params: ({ event }) => ({ picker: event.picker, text: event.text }) },
          },
        ],
      },
      states: {
        idle: {},
        typing: {
          tags: ['typing'],
          after: { AMOUNT_DEBOUNCE: { target: 'idle', actions: 'applyTyped' } },
        },
      },
    },
    adding: {
      initial: 'idle',
      states: {
        idle: {},
        checking: {
          always: [
            { guard: 'hasTarget', target: 'idle', actions: 'requestLine' },
            { target: 'idle' },
          ],
        },
      },
    },
  },
});

export type NewLineMachine = typeof newLineMachine;
export type NewLineSnapshot = SnapshotFrom<NewLineMachine>;

/** The currencies the form offers: those not in the cart. */
export function selectOfferedCurrencies(snapshot: NewLineSnapshot): Currency[] {
  return currenciesForNewLine(snapshot.context.currencies, snapshot.context.lines);
}

/** Add is enabled once the target is above 0 (an amount still being typed counts on Add). */
export function selectCanAdd(snapshot: NewLineSnapshot): boolean {
  const { priced, typed } = snapshot.context;
  return snapshot.matches({ quote: 'loaded' }) && (typed !== null || (priced !== null && canAddLine(priced.foreignMinor)));
}
