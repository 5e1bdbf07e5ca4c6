/**
 * Named selector hooks over the calculator actor: each reads one plain value; the chart decides
 * (searching, pricing, caps, notices, what can be sent), the view shows.
 *
 * Every key typed in an amount box is a new snapshot, and every hook here looks at it twice (when
 * the actor tells the page, and when the calculator renders). So the selectors and comparisons are
 * module constants (a selector made during render is a new one each time, and useSelector runs it
 * afresh), and the ones that search, sort, format or walk the chart remember their last answer
 * while what they read is the same (decision 036).
 */
import { useSelector } from '@xstate/react';
import { useCallback, useEffect, useState } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { Store } from '#domain/contract/branches.ts';
import type { CalculatorContent, Currency, Product, ProductId, TransactionType } from '#domain/contract/catalogue.ts';
import { selectAddToCartLink, selectAmounts, selectBranchFinderRef, selectCurrency, selectCurrencyNotice, selectCurrencyOptions, selectProductOptions, selectRestrictions, selectTabs, type AmountsView } from '#machines/calculator/calculator.selectors.ts';
import type { CalculatorMachine, CalculatorSnapshot } from '#machines/calculator/calculator.machine.ts';
import type { CutOffReadout } from '#domain/cut-off.ts';

import { tierHintFor, type TierHint } from '#domain/rate-tiers.ts';

export type CalculatorRef = ActorRefFrom<CalculatorMachine>;

/** The signed-in toast's message while it shows. */
export function useToast(calculator: CalculatorRef): string | null {
  return useSelector(calculator, (s) => s.context.toast);
}

const sameList = <T>(a: readonly T[], b: readonly T[]) => a.length === b.length && a.every((x, i) => x === b[i]);

/**
 * A selector that answers its last result again while the parts of the snapshot it reads (`reads`)
 * are the same objects and values.
 */
function rememberLast<R>(reads: (s: CalculatorSnapshot) => readonly unknown[], select: (s: CalculatorSnapshot) => R): (s: CalculatorSnapshot) => R {
  let last: { read: readonly unknown[]; result: R } | null = null;
  return (s) => {
    const read = reads(s);
    if (last && last.read.length === read.length && last.read.every((x, i) => Object.is(x, read[i]))) return last.result;
    const result = select(s);
    last = { read, result };
    return result;
  };
}

const selectStatus = (s: CalculatorSnapshot): 'loading' | 'ready' | 'error' => (s.hasTag('loading') ? 'loading' : s.hasTag('failed') ? 'error' : 'ready');

export function useCalculatorStatus(calculator: CalculatorRef): 'loading' | 'ready' | 'error' {
  return useSelector(calculator, selectStatus);
}

export function useTabs(calculator: CalculatorRef): readonly TransactionType[] {
  return useSelector(calculator, selectTabs, sameList);
}

const selectTransactionType = (s: CalculatorSnapshot): TransactionType => s.context.transactionType;
const selectProductId = (s: CalculatorSnapshot): ProductId => s.context.productId;
const selectContent = (s: CalculatorSnapshot): CalculatorContent | null => s.context.content;
const selectCurrencies = (s: CalculatorSnapshot): Currency[] => s.context.currencies;

export function useTransactionType(calculator: CalculatorRef): TransactionType {
  return useSelector(calculator, selectTransactionType);
}

export function useProductId(calculator: CalculatorRef): ProductId {
  return useSelector(calculator, selectProductId);
}

export function useCalculatorContent(calculator: CalculatorRef): CalculatorContent | null {
  return useSelector(calculator, selectContent);
}

type CurrencyOptions = { currencies: Currency[]; noResults: string | null };
// The search filters and sorts the whole list: only again when the list or the search text changed.
const selectSearchedOptions = rememberLast((s) => [s.context.currencies, s.context.currencySearch], selectCurrencyOptions);
const sameOptions = (a: CurrencyOptions, b: CurrencyOptions) => a === b || (a.noResults === b.noResults && sameList(a.currencies, b.currencies));

export function useCurrencyOptions(calculator: CalculatorRef): CurrencyOptions {
  return useSelector(calculator, selectSearchedOptions, sameOptions);
}

/** Every currency the shop trades (the home page's popular currencies come from these). */
export function useCurrencies(calculator: CalculatorRef): Currency[] {
  return useSelector(calculator, selectCurrencies);
}

export function useSelectedCurrency(calculator: CalculatorRef): Currency | null {
  return useSelector(calculator, selectCurrency);
}

/** 'Oh snap! ...' when the currency cannot be traded in this direction. */
export function useCurrencyNotice(calculator: CalculatorRef): string | null {
  return useSelector(calculator, selectCurrencyNotice);
}

export function useRestrictions(calculator: CalculatorRef): string[] {
  return useSelector(calculator, selectRestrictions, sameList);
}

const sameAmounts = (a: AmountsView, b: AmountsView) =>
  a.foreignMinor === b.foreignMinor &&
  a.gbpMinor === b.gbpMinor &&
  a.typed?.picker === b.typed?.picker &&
  a.typed?.text === b.typed?.text &&
  a.rate === b.rate &&
  a.error === b.error &&
  a.roundingWarning === b.roundingWarning;

/** The amounts, with the text being typed: the amount boxes' own subscription. */
export function useAmounts(calculator: CalculatorRef): AmountsView {
  return useSelector(calculator, selectAmounts, sameAmounts);
}

export type AmountNotes = Pick<AmountsView, 'rate' | 'error' | 'roundingWarning'>;
const sameNotes = (a: AmountNotes, b: AmountNotes) => a.rate === b.rate && a.error === b.error && a.roundingWarning === b.roundingWarning;

/** What the form says about the amounts (rate, cap, rounding): the same while a key is typed. */
export function useAmountNotes(calculator: CalculatorRef): AmountNotes {
  return useSelector(calculator, selectAmounts, sameNotes);
}

// The hint sorts the tiers and formats money: again only when the quote, the amount or the currency changed.
const selectTierHint = rememberLast(
  (s) => [s.context.quote, s.context.priced?.gbpMinor, s.context.currencies, s.context.currencyCode],
  (s): TierHint | null => {
    const currency = selectCurrency(s);
    const quote = s.context.quote;
    return quote && currency ? tierHintFor(quote, selectAmounts(s).gbpMinor, currency) : null;
  },
);
const sameHint = (a: TierHint | null, b: TierHint | null) => a?.text === b?.text;

/** 'Better rate over £500: €1.1800' from the quote's tiers and the GBP amount (null without tiers or a quote). */
export function useTierHint(calculator: CalculatorRef): TierHint | null {
  return useSelector(calculator, selectTierHint, sameHint);
}

const selectQuoteStatus = (s: CalculatorSnapshot): 'idle' | 'loading' | 'ready' | 'error' =>
  s.hasTag('quoteLoading') ? 'loading' : s.hasTag('quoteFailed') ? 'error' : s.hasTag('currencyUnavailable') ? 'idle' : 'ready';
const selectQuoteError = (s: CalculatorSnapshot): string | null => s.context.quoteError;

export function useQuoteStatus(calculator: CalculatorRef): 'idle' | 'loading' | 'ready' | 'error' {
  return useSelector(calculator, selectQuoteStatus);
}

export function useQuoteError(calculator: CalculatorRef): string | null {
  return useSelector(calculator, selectQuoteError);
}

type ProductOptions = { products: Product[]; disabled: boolean; unavailable: ProductId[] };
const sameProductOptions = (a: ProductOptions, b: ProductOptions) =>
  a.disabled === b.disabled && sameList(a.products, b.products) && a.unavailable.join() === b.unavailable.join();

export function useProductOptions(calculator: CalculatorRef): ProductOptions {
  return useSelector(calculator, selectProductOptions, sameProductOptions);
}

const selectStore = (s: CalculatorSnapshot): Store | null => s.context.store;

export function useStore(calculator: CalculatorRef): Store | null {
  return useSelector(calculator, selectStore);
}

/**
 * What decides whether the chart takes an event now: its states, and its context but the text being
 * typed in an amount box (only read once its pause is over) and the currency search (only read by
 * the list's selector); no guard of the buttons' events reads either. A key typed changes nothing
 * here, so the buttons' can() checks, which walk the chart, are not run again for it.
 */
const readsAllButTyped = (s: CalculatorSnapshot): readonly unknown[] => {
  const { typed: _typed, currencySearch: _search, ...rest } = s.context;
  return [JSON.stringify(s.value), ...Object.values(rest)];
};
const canTake = (type: 'branch.modalOpened' | 'cart.addRequested' | 'cart.returnRequested' | 'calculator.retried') =>
  rememberLast(readsAllButTyped, (s) => s.can({ type }));

/** What the calculator's buttons ask: whether the chart takes the event now. */
const canSelectors = {
  openBranches: canTake('branch.modalOpened'),
  add: canTake('cart.addRequested'),
  returnToCart: canTake('cart.returnRequested'),
  retry: canTake('calculator.retried'),
};

export function useCalculatorCan(calculator: CalculatorRef, what: keyof typeof canSelectors): boolean {
  return useSelector(calculator, canSelectors[what]);
}

const selectAdding = (s: CalculatorSnapshot): boolean => s.hasTag('adding');
const selectAddError = (s: CalculatorSnapshot): string | null => s.context.addError;
const selectEmbedded = (s: CalculatorSnapshot): boolean => s.context.settings.embeddedMode;

export function useAdding(calculator: CalculatorRef): boolean {
  return useSelector(calculator, selectAdding);
}

export function useAddError(calculator: CalculatorRef): string | null {
  return useSelector(calculator, selectAddError);
}

export function useEmbedded(calculator: CalculatorRef): boolean {
  return useSelector(calculator, selectEmbedded);
}

/** Embedded mode's add-to-cart link, once there is an amount to add. */
export function useAddToCartLink(calculator: CalculatorRef): string | null {
  return useSelector(calculator, selectAddToCartLink);
}

/** The branch modal's actor while it is open. */
export function useBranchFinderRef(calculator: CalculatorRef) {
  return useSelector(calculator, selectBranchFinderRef);
}

type SelectCutOff = (snapshot: CalculatorSnapshot) => CutOffReadout | null;

/**
 * "Order within 2 h 14 m for delivery on Tuesday 25 November", or null; undefined while the
 * calendar and its wording load (after the calculator's first paint), so the view can keep the
 * line's place until it appears.
 */
export function useCutOff(calculator: CalculatorRef): string | null | undefined {
  const [select, setSelect] = useState<SelectCutOff | null>(null);
  useEffect(() => {
    let live = true;
    void import('#machines/calculator/calculator-cut-off.ts').then((module) => {
      if (live) setSelect(() => module.selectCutOff);
    });
    return () => {
      live = false;
    };
  }, []);
  const selectText = useCallback((s: CalculatorSnapshot) => (select === null ? undefined : (select(s)?.text ?? null)), [select]);
  return useSelector(calculator, selectText);
}
