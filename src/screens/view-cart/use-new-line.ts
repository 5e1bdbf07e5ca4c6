/**
 * 'Add new currency' (spec 2.6, 5.1): a currency not yet in the cart, its amount and its cost.
 * Typing either box works out the other with the branch's rate for that currency, by the
 * calculator's rule (domain/pricing.ts priceDrivenAmount: increment, maximum, conversion cap),
 * 500 ms after the last key (spec 5.1). Leaving the box or Add uses what was typed at once.
 */
import { useEffect, useMemo, useState } from 'react';
import type { PromiseActorLogic } from 'xstate';
import type { Currency, ProductId, QuoteResponse } from '#domain/contract/catalogue.ts';
import { formatMessage, messages } from '#domain/messages.ts';
import { GBP_CODE, formatUnits, toMajor, toMinor } from '#domain/money.ts';
import {
  AMOUNT_DEBOUNCE_MS,
  canAddLine,
  currenciesForNewLine,
  parseAmountInput,
  priceDrivenAmount,
  type PricedAmount,
} from '#domain/pricing.ts';
import { isSellBack } from '#domain/products.ts';
import { problemOf } from '#domain/problem.ts';
import { usePromiseActorFor } from '../checkout-shared/use-promise-actor.ts';
import type { NewLineFormProps } from './new-line-form.tsx';

/** GET /api/currencies. */
export type CurrenciesLogic = PromiseActorLogic<Currency[], Record<string, never>>;
/** GET .../stores/{storeId}/products/{productId}/rates/currency/{currency}. */
export type QuoteLogic = PromiseActorLogic<QuoteResponse, { currencyCode: string; productId: ProductId; storeId: number }>;

export interface NewLineOptions {
  productId: ProductId;
  storeId: number;
  /** The currencies already in the cart, never offered again. */
  lines: readonly { currency: { code: string } }[];
  /** The configured GBP maximum of one amount (site settings maxOrderValue), in pounds. */
  maxOrderValue: number;
  currencies?: CurrenciesLogic;
  quote?: QuoteLogic;
  adding: boolean;
  canAddToCart: boolean;
  onAdd: (line: { currencyCode: string; qty: number }) => void;
}

const plain = (minor: number, code: string) => formatUnits(minor, code).replace(/,/g, '');

interface Figures {
  priced: PricedAmount;
  error: string | null;
}

/** The amounts the form holds after the shopper typed `text` in one of its boxes (domain's rule). */
export function newLineFigures(
  edited: 'amount' | 'cost',
  text: string,
  code: string,
  quote: QuoteResponse,
  sellBack: boolean,
  maxGbpMinor: number,
): Figures | null {
  const minor = parseAmountInput(text, edited === 'amount' ? code : GBP_CODE);
  if (minor === null) return null;
  return priceDrivenAmount({ side: edited === 'amount' ? 'foreign' : 'gbp', minor }, code, quote, { sellBack, maxGbpMinor });
}

export function useNewLine(options: NewLineOptions): NewLineFormProps {
  const { productId, storeId, lines, maxOrderValue } = options;
  const sellBack = isSellBack(productId);
  const [code, setCode] = useState<string | null>(null);
  const [edited, setEdited] = useState<'amount' | 'cost' | null>(null);
  const [text, setText] = useState('');
  // The typed text the other box is worked out from: `text` once the shopper pauses for 500 ms;
  // null until the first pause of this edit, when the boxes still show what they showed.
  const [paused, setPaused] = useState<string | null>(null);
  const [settled, setSettled] = useState<Figures | null>(null);
  useEffect(() => {
    if (edited === null || text === paused) return;
    const timer = setTimeout(() => setPaused(text), AMOUNT_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [edited, text, paused]);

  const currencies = usePromiseActorFor(options.currencies, {}, 'currencies');
  const quoteKey = code === null ? null : `${code}:${productId}:${storeId}`;
  const quote = usePromiseActorFor(options.quote, code === null ? null : { currencyCode: code, productId, storeId }, quoteKey);

  const offered = useMemo(() => {
    const all = currencies.status === 'done' ? currencies.output : [];
    const tradable = all.filter((c) => (sellBack ? c.sellBackAllowed : c.purchaseAllowed));
    return currenciesForNewLine(tradable, lines).map((c) => ({ code: c.code, label: `${c.code} - ${c.pluralName}` }));
  }, [currencies, lines, sellBack]);

  const maxGbpMinor = toMinor(maxOrderValue, GBP_CODE);
  const figuresOf = (typed: string) =>
    code !== null && quote.status === 'done' && edited !== null ? newLineFigures(edited, typed, code, quote.output, sellBack, maxGbpMinor) : settled;
  // What the boxes show waits for the pause; leaving a box and Add take what was typed at once.
  const figures = paused === null ? settled : figuresOf(paused);
  const typedFigures = figuresOf(text);

  const reset = () => {
    setEdited(null);
    setText('');
    setPaused(null);
    setSettled(null);
  };
  const edit = (box: 'amount' | 'cost', value: string) => {
    // Typing in the other box starts from nothing worked out yet.
    if (box !== edited) setPaused(null);
    setEdited(box);
    setText(value);
  };

  return {
    currencies: offered,
    currencyCode: code !== null && offered.some((c) => c.code === code) ? code : null,
    onCurrency: (next) => {
      setCode(next);
      reset();
    },
    amountLabel: formatMessage(messages.newLineAmount, { code: code ?? '' }).replace(' ()', ''),
    amount: edited === 'amount' ? text : figures && code ? plain(figures.priced.foreignMinor, code) : '',
    onAmount: (value) => edit('amount', value),
    costLabel: sellBack ? messages.newLineReceive : messages.newLineCost,
    cost: edited === 'cost' ? text : figures ? plain(figures.priced.gbpMinor, GBP_CODE) : '',
    onCost: (value) => edit('cost', value),
    onSettle: () => {
      setSettled(typedFigures);
      setEdited(null);
      setText('');
      setPaused(null);
    },
    loadingRate: quote.status === 'pending',
    rateProblem: quote.status === 'failed' ? (problemOf(quote.error).detail ?? problemOf(quote.error).title) : null,
    error: figures?.error ?? null,
    canAdd: code !== null && typedFigures !== null && canAddLine(typedFigures.priced.foreignMinor) && options.canAddToCart && !options.adding,
    adding: options.adding,
    onAdd: () => {
      if (code === null || typedFigures === null) return;
      options.onAdd({ currencyCode: code, qty: toMajor(typedFigures.priced.foreignMinor, code) });
      setCode(null);
      reset();
    },
  };
}
