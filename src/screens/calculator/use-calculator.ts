/**
 * Named selector hooks over the calculator actor: each reads one plain value; the chart decides
 * (searching, pricing, caps, notices, what can be sent), the view shows.
 */
import { useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { Store } from '#domain/contract/branches.ts';
import type { CalculatorContent, Currency, Product, ProductId, TransactionType } from '#domain/contract/catalogue.ts';
import {
  selectAddToCartLink,
  selectAmounts,
  selectBranchFinderRef,
  selectCurrency,
  selectCurrencyNotice,
  selectCurrencyOptions,
  selectProductOptions,
  selectRestrictions,
  selectTabs,
  type AmountsView,
  type CalculatorEvent,
  type CalculatorMachine,
  type CalculatorSnapshot,
} from '#machines/calculator/calculator.machine.ts';
import type { CutOffReadout } from '#domain/cut-off.ts';

import { tierHintFor, type TierHint } from '#domain/rate-tiers.ts';

export type CalculatorRef = ActorRefFrom<CalculatorMachine>;

const sameList = <T>(a: readonly T[], b: readonly T[]) => a.length === b.length && a.every((x, i) => x === b[i]);

export function useCalculatorStatus(calculator: CalculatorRef): 'loading' | 'ready' | 'error' {
  return useSelector(calculator, (s) => (s.hasTag('loading') ? 'loading' : s.hasTag('failed') ? 'error' : 'ready'));
}

export function useTabs(calculator: CalculatorRef): readonly TransactionType[] {
  return useSelector(calculator, selectTabs, sameList);
}

export function useTransactionType(calculator: CalculatorRef): TransactionType {
  return useSelector(calculator, (s) => s.context.transactionType);
}

export function useProductId(calculator: CalculatorRef): ProductId {
  return useSelector(calculator, (s) => s.context.productId);
}

export function useCalculatorContent(calculator: CalculatorRef): CalculatorContent | null {
  return useSelector(calculator, (s) => s.context.content);
}

export function useCurrencyOptions(calculator: CalculatorRef): { currencies: Currency[]; noResults: string | null } {
  return useSelector(calculator, selectCurrencyOptions, (a, b) => a.noResults === b.noResults && sameList(a.currencies, b.currencies));
}

/** Every currency the shop trades (the home page's popular currencies come from these). */
export function useCurrencies(calculator: CalculatorRef): Currency[] {
  return useSelector(calculator, (s) => s.context.currencies);
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

export function useAmounts(calculator: CalculatorRef): AmountsView {
  return useSelector(calculator, selectAmounts, (a, b) =>
    a.foreignMinor === b.foreignMinor &&
    a.gbpMinor === b.gbpMinor &&
    a.typed?.picker === b.typed?.picker &&
    a.typed?.text === b.typed?.text &&
    a.rate === b.rate &&
    a.error === b.error &&
    a.roundingWarning === b.roundingWarning,
  );
}

/** 'Better rate over £500: €1.1800' from the quote's tiers and the GBP amount (null without tiers or a quote). */
export function useTierHint(calculator: CalculatorRef): TierHint | null {
  return useSelector(
    calculator,
    (s) => {
      const currency = selectCurrency(s);
      const quote = s.context.quote;
      return quote && currency ? tierHintFor(quote, selectAmounts(s).gbpMinor, currency) : null;
    },
    (a, b) => a?.text === b?.text,
  );
}

export function useQuoteStatus(calculator: CalculatorRef): 'idle' | 'loading' | 'ready' | 'error' {
  return useSelector(calculator, (s) =>
    s.hasTag('quoteLoading') ? 'loading' : s.hasTag('quoteFailed') ? 'error' : s.hasTag('currencyUnavailable') ? 'idle' : 'ready',
  );
}

export function useQuoteError(calculator: CalculatorRef): string | null {
  return useSelector(calculator, (s) => s.context.quoteError);
}

export function useProductOptions(calculator: CalculatorRef): { products: Product[]; disabled: boolean; unavailable: ProductId[] } {
  return useSelector(
    calculator,
    selectProductOptions,
    (a, b) => a.disabled === b.disabled && sameList(a.products, b.products) && a.unavailable.join() === b.unavailable.join(),
  );
}

export function useStore(calculator: CalculatorRef): Store | null {
  return useSelector(calculator, (s) => s.context.store);
}

export function useCalculatorCan(calculator: CalculatorRef, event: CalculatorEvent): boolean {
  return useSelector(calculator, (s) => s.can(event));
}

export function useAdding(calculator: CalculatorRef): boolean {
  return useSelector(calculator, (s) => s.hasTag('adding'));
}

export function useAddError(calculator: CalculatorRef): string | null {
  return useSelector(calculator, (s) => s.context.addError);
}

export function useEmbedded(calculator: CalculatorRef): boolean {
  return useSelector(calculator, (s) => s.context.settings.embeddedMode);
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
 * "Order within 2 h 14 m for delivery on Tuesday 25 November", or null. The calendar and its
 * wording load after the calculator's first paint, so the line appears a moment later.
 */
export function useCutOff(calculator: CalculatorRef): string | null {
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
  return useSelector(calculator, (s) => (select === null ? null : (select(s)?.text ?? null)));
}
