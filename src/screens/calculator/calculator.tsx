import { lazy, memo, Suspense, useCallback, useMemo, useRef } from 'react';
import type { AmountPicker } from '#machines/calculator/calculator.types.ts';
import type { Currency, ProductId } from '#domain/contract/catalogue.ts';
import { formatMessage, messages } from '#domain/messages.ts';
import { GBP_CODE, formatRate, formatUnits } from '#domain/money.ts';
import { PRODUCT, isSellBack } from '#domain/products.ts';
import { AmountField, CalculatorView, type AmountInputView } from './calculator-view.tsx';
import { useFocusWhenGone } from '#src/ui/focus-kept.ts';
import { CurrencyPicker } from './currency-picker.tsx';

// The branch modal (and its dialog, list and map code) loads when the shopper first opens it.
const BranchModal = lazy(() => import('#src/screens/branch-modal/branch-modal.tsx').then((m) => ({ default: m.BranchModal })));
import {
  useAddError,
  useAddToCartLink,
  useAdding,
  useAmountNotes,
  useAmounts,
  useBranchFinderRef,
  useCalculatorCan,
  useCalculatorContent,
  useCalculatorStatus,
  useCurrencyNotice,
  useCurrencyOptions,
  useEmbedded,
  useProductId,
  useProductOptions,
  useCutOff,
  useQuoteError,
  useQuoteStatus,
  useRestrictions,
  useSelectedCurrency,
  useStore,
  useTabs,
  useTierHint,
  useToast,
  useTransactionType,
  type CalculatorRef,
} from './use-calculator.ts';

export interface CalculatorProps {
  calculator: CalculatorRef;
  /** The visitor has a loyalty profile: "You're signed in!". */
  signedIn?: boolean;
  /** The loyalty sign-in address when the site shows the CTA and the visitor is not signed in. */
  loyaltyHref?: string | null;
  /** Starts the sign-in (a single-use code first, then the page); without it the link is followed as it is. */
  onLoyaltySignIn?: () => void;
  /** The reviews summary shows on non-store pages. */
  showReviews?: boolean;
  /** The clock of the branch modal's 'today' and 'tomorrow'. */
  now?: Date;
  /** An h2 under a page's own h1 (the home page); the page's h1 otherwise. */
  headingLevel?: 1 | 2;
}

/** Amount box text: plain figures without thousands commas, so the shopper can edit them. */
const plain = (minor: number | null, code: string) => (minor === null ? '' : formatUnits(minor, code).replace(/,/g, ''));

/** The calculator widget (spec 2.1) over its actor. */
export function Calculator({ calculator, signedIn = false, loyaltyHref = null, onLoyaltySignIn, showReviews = true, now, headingLevel = 1 }: CalculatorProps) {
  const status = useCalculatorStatus(calculator);
  // "You're signed in!" after the loyalty sign-in, until closed.
  const toast = useToast(calculator);
  const tabs = useTabs(calculator);
  const type = useTransactionType(calculator);
  const productId = useProductId(calculator);
  const content = useCalculatorContent(calculator);
  const currency = useSelectedCurrency(calculator);
  const unavailable = useCurrencyNotice(calculator);
  const restrictions = useRestrictions(calculator);
  const amounts = useAmountNotes(calculator);
  const tierHint = useTierHint(calculator);
  const quoteStatus = useQuoteStatus(calculator);
  const quoteError = useQuoteError(calculator);
  const products = useProductOptions(calculator);
  const store = useStore(calculator);
  const cutOff = useCutOff(calculator);
  const canOpenBranches = useCalculatorCan(calculator, 'openBranches');
  const canAdd = useCalculatorCan(calculator, 'add');
  const canReturn = useCalculatorCan(calculator, 'returnToCart');
  const canRetry = useCalculatorCan(calculator, 'retry');
  const adding = useAdding(calculator);
  const addError = useAddError(calculator);
  const embedded = useEmbedded(calculator);
  const link = useAddToCartLink(calculator);
  const finder = useBranchFinderRef(calculator);
  // The branch modal closed (Confirm, Escape, the close control): focus back on its button.
  const branchButton = useRef<HTMLButtonElement>(null);
  const bindBranchButton = useCallback((element: HTMLButtonElement | null) => {
    branchButton.current = element;
  }, []);
  useFocusWhenGone(finder === null, branchButton);

  const code = currency?.code ?? '';
  // Stable across renders, so the memoised product choice skips the ones that do not concern it.
  const onProductChange = useCallback((id: ProductId) => calculator.send({ type: 'product.changed', productId: id }), [calculator]);
  const labels = content?.deliveryOptionLabels;
  const productChoice = useMemo(
    () =>
      products.products.length > 1
        ? {
            options: products.products.map((p) => ({ id: p.id, label: labels?.[String(p.id)] ?? p.name, disabled: products.unavailable.includes(p.id) })),
            selected: productId,
            disabled: products.disabled,
          }
        : null,
    [products, labels, productId],
  );
  // The branch matters where the currency is collected or handed in; embedded mode leaves it out.
  const showBranch = !embedded && productId !== PRODUCT.HOME_DELIVERY;

  return (
    <CalculatorView
      status={status}
      onRetry={canRetry ? () => calculator.send({ type: 'calculator.retried' }) : undefined}
      headingLevel={headingLevel}
      tabTitles={{ sell: content?.title ?? messages.buyTab, buy: content?.sellTitle ?? messages.sellTab }}
      transactionTypes={tabs}
      transactionType={type}
      onTransactionTypeChange={(transactionType) => calculator.send({ type: 'transactionType.changed', transactionType })}
      intro={type === 'buy' ? (content?.sellIntro ?? messages.sellBackIntro) : (content?.intro ?? null)}
      currencyPicker={<CalculatorCurrencyPicker calculator={calculator} selected={currency} buying={type === 'sell'} />}
      restrictions={restrictions}
      unavailable={unavailable}
      amountFields={(describe) => <CalculatorAmounts calculator={calculator} productId={productId} code={code} {...describe} />}
      amountError={amounts.error}
      roundingWarning={amounts.roundingWarning}
      quoteStatus={quoteStatus}
      rateLine={amounts.rate === null || currency === null ? null : rateLine(currency, amounts.rate)}
      tierHint={tierHint}
      quoteError={quoteError}
      products={productChoice}
      onProductChange={onProductChange}
      cutOff={cutOff}
      // The site's meta store (home delivery) is no branch to collect from.
      branch={
        showBranch
          ? {
              name: store && !store.isMeta ? store.name : null,
              onOpen: () => calculator.send({ type: 'branch.modalOpened' }),
              canOpen: canOpenBranches,
              bindButton: bindBranchButton,
            }
          : null
      }
      addToCart={
        embedded
          ? { kind: 'link', href: link }
          : { kind: 'button', onPress: () => calculator.send({ type: 'cart.addRequested' }), enabled: canAdd, busy: adding }
      }
      onReturnToCart={canReturn && !embedded ? () => calculator.send({ type: 'cart.returnRequested' }) : null}
      cartError={addError}
      reviews={showReviews && !embedded ? (content?.reviews ?? null) : null}
      signedIn={signedIn}
      toast={toast}
      onDismissToast={() => calculator.send({ type: 'toast.dismissed' })}
      loyaltyHref={embedded ? null : loyaltyHref}
      onLoyaltySignIn={onLoyaltySignIn}
      branchModal={
        finder ? (
          <Suspense fallback={null}>
            <BranchModal finder={finder} now={now} />
          </Suspense>
        ) : null
      }
    />
  );
}

/**
 * The currency picker over the actor: the one part of the calculator that follows the currency
 * search, so a key typed in its box re-renders the picker and not the form.
 */
const CalculatorCurrencyPicker = memo(function CalculatorCurrencyPicker({ calculator, selected, buying }: { calculator: CalculatorRef; selected: Currency | null; buying: boolean }) {
  const options = useCurrencyOptions(calculator);
  const onSearch = useCallback((text: string) => calculator.send({ type: 'currency.searched', text }), [calculator]);
  const onSelect = useCallback((currencyCode: string) => calculator.send({ type: 'currency.changed', currencyCode }), [calculator]);
  return <CurrencyPicker options={options.currencies} noResults={options.noResults} selected={selected} onSearch={onSearch} onSelect={onSelect} buying={buying} />;
});

/**
 * The amount boxes over the actor: the one part of the calculator that follows each key typed (the
 * text waits in the chart for its 500 ms pause); the rest of the form re-renders once it is priced.
 */
function CalculatorAmounts({ calculator, productId, code, invalid, describedBy }: { calculator: CalculatorRef; productId: ProductId; code: string; invalid: boolean; describedBy: string | undefined }) {
  const amounts = useAmounts(calculator);
  const typedIn = (picker: AmountPicker) => (amounts.typed?.picker === picker ? amounts.typed.text : null);
  const send = (picker: AmountPicker) => (text: string, key: string | undefined) =>
    calculator.send({ type: 'amount.typed', picker, text, ...(key === undefined ? {} : { key }) });
  const views: AmountInputView[] = isSellBack(productId)
    ? [
        { id: 'sellBack', label: formatMessage(messages.youSellForeign, { code }), value: typedIn('sellBack') ?? plain(amounts.foreignMinor, code), onChange: send('sellBack') },
        { id: 'gbp', label: messages.youReceiveGbp, value: plain(amounts.gbpMinor, GBP_CODE), onChange: () => {}, readOnly: true },
      ]
    : [
        { id: 'gbp', label: messages.youPayGbp, value: typedIn('gbp') ?? plain(amounts.gbpMinor, GBP_CODE), onChange: send('gbp'), maxLength: 4 },
        { id: 'foreign', label: formatMessage(messages.youGetForeign, { code }), value: typedIn('foreign') ?? plain(amounts.foreignMinor, code), onChange: send('foreign') },
      ];
  return views.map((amount) => <AmountField key={amount.id} amount={amount} invalid={invalid} describedBy={describedBy} />);
}

/** '£1 = €1.1423': the rate to 4 decimals. */
export function rateLine(currency: Pick<Currency, 'symbol'>, rate: number): string {
  return formatMessage(messages.exchangeRate, { symbol: currency.symbol, rate: formatRate(rate) });
}
