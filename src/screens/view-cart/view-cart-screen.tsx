import { useSelector } from '@xstate/react';
import { useEffect, useMemo, useState } from 'react';
import { formatMessage, messages } from '#domain/messages.ts';
import { formatForeign, formatGbpAmount, formatRate, formatUnits, toMajor, toMinor } from '#domain/money.ts';
import { parseAmountInput } from '#domain/pricing.ts';
import { PRODUCT, isSellBack } from '#domain/products.ts';
import { ProblemDialog } from '#src/ui/problem-dialog.tsx';
import { selectNoteMixRef } from '#machines/checkout/checkout.selectors.ts';
import { NoteMixPanel } from '../note-mix/note-mix-panel.tsx';
import { CheckoutFrame } from '../checkout-shared/checkout-frame.tsx';
import type { CheckoutActorRef } from '../checkout-shared/use-checkout.ts';
import type { NewLineActorRef } from './new-line-form.tsx';
import {
  useAddingLine,
  useCart,
  useCartCan,
  useCartCountdownRef,
  useCartProblem,
  useCheckingOut,
  useInvalidLine,
  useRemovableLineIds,
  useRemovingLineId,
  useReviewLines,
  useSavingGuarantee,
  useViewCartRules,
  useViewCartStatus,
  type CartActorRef,
} from './use-view-cart.ts';
import { ViewCartView, type GuaranteeQuestions, type ReviewLine } from './view-cart-view.tsx';

const PROCEED = { type: 'cart.checkoutRequested' } as const;

/** A typed amount as foreign units; null when it is not a number (the chart answers with its message). */
function quantityOf(text: string, code: string): number | null {
  const minor = parseAmountInput(text, code);
  return minor === null ? null : toMajor(minor, code);
}

export interface ViewCartScreenProps {
  cart: CartActorRef;
  checkout: CheckoutActorRef;
  /** The 'Add new currency' form's actor (machines/cart/new-line.machine.ts). */
  newLine: NewLineActorRef;
}

/**
 * What the review says once in its live region: a guarantee answer saved with the total it made,
 * or a total that changed by itself (a line's amount saved). Nothing while an answer is saved.
 */
function useReviewAnnouncement(saving: boolean, total: string): string {
  const [seen, setSeen] = useState({ saving, total, text: '' });
  if (seen.saving !== saving || (!saving && seen.total !== total)) {
    const saved = seen.saving && !saving;
    const changed = !saving && seen.total !== '' && seen.total !== total;
    const text = saved ? formatMessage(messages.answerSavedTotal, { total }) : changed ? formatMessage(messages.totalChanged, { total }) : seen.text;
    setSeen({ saving, total: saving ? seen.total : total, text });
  }
  return seen.text;
}

/** /checkout/view-cart and /selling/view-cart over the cart actor (spec 2.6). */
export function ViewCartScreen({ cart, checkout, newLine }: ViewCartScreenProps) {
  const noteMix = useSelector(checkout, selectNoteMixRef);
  const status = useViewCartStatus(cart);
  // 'You have no cart' is on the screen: the cart goes to / one second from now (spec 4.3).
  useEffect(() => {
    if (status === 'noCart') cart.send({ type: 'cart.noCartShown' });
  }, [status, cart]);
  const current = useCart(cart);
  const lines = useReviewLines(cart);
  const rules = useViewCartRules(cart);
  const removable = useRemovableLineIds(cart).split(' ');
  const removingLineId = useRemovingLineId(cart);
  const adding = useAddingLine(cart);
  const savingGuarantee = useSavingGuarantee(cart);
  const checkingOut = useCheckingOut(cart);
  const canProceed = useCartCan(cart, PROCEED);
  const canChooseBuyback = useCartCan(cart, { type: 'cart.buybackChosen', choice: true });
  const canChooseRefund = useCartCan(cart, { type: 'cart.refundChosen', choice: true });
  const problem = useCartProblem(cart);
  const countdown = useCartCountdownRef(cart);
  // What the shopper is typing, per line, so a half-typed amount is not overwritten by the cart.
  const [drafts, setDrafts] = useState<Record<string, string>>({});
  // An amount not above 0: focus returns to its box.
  const invalid = useInvalidLine(cart);

  const productId = current?.product.id ?? PRODUCT.CLICK_AND_COLLECT;
  const sellBack = isSellBack(productId);

  const reviewLines: ReviewLine[] = lines.map((line) => {
    const code = line.currency.code;
    return {
      id: line.id,
      code,
      name: line.currency.pluralName,
      amount: drafts[line.id] ?? formatUnits(toMinor(line.shownQty, code), code).replace(/,/g, ''),
      roundedUpTo: formatForeign(toMinor(line.increment, code), line.currency, { wholeUnits: true }),
      rate: formatRate(line.rate),
      cost: formatGbpAmount(line.total),
      error: line.error,
      saving: line.saving,
      canRemove: removable.includes(line.id),
      removing: removingLineId === line.id,
    };
  });

  const guarantees: GuaranteeQuestions | null = useMemo(
    () =>
      rules
        ? {
            buybackOffered: rules.buybackOffered,
            buybackEligible: rules.buybackEligible,
            buybackNotice: rules.buybackNotice,
            buybackChoice: rules.buybackChoice,
            buybackError: rules.guaranteeErrors.buyback,
            refundOffered: rules.refundOffered,
            refundChoice: rules.refundChoice,
            refundError: rules.guaranteeErrors.refund,
            canChoose: (canChooseBuyback || canChooseRefund) && !savingGuarantee,
          }
        : null,
    [rules, canChooseBuyback, canChooseRefund, savingGuarantee],
  );

  const total = current ? formatGbpAmount(current.total) : '';
  const announcement = useReviewAnnouncement(savingGuarantee, total);

  return (
    <CheckoutFrame
      checkout={checkout}
      countdown={countdown}
      cart={cart}
      page="review"
      productId={current?.product.id ?? null}
      title={sellBack ? messages.sellBackReviewTitle : messages.reviewTitle}
    >
      <ViewCartView
        status={status}
        sellBack={sellBack}
        lines={reviewLines}
        invalidLine={invalid}
        onLineAmount={(lineId, text) => {
          setDrafts((d) => ({ ...d, [lineId]: text }));
          const code = lines.find((l) => l.id === lineId)?.currency.code ?? 'GBP';
          cart.send({ type: 'cart.lineChanged', lineId, qty: quantityOf(text, code) });
        }}
        onLineAmountDone={(lineId) => setDrafts(({ [lineId]: _done, ...rest }) => rest)}
        onRemove={(lineId) => cart.send({ type: 'cart.lineRemoved', lineId })}
        newLine={status === 'ready' || status === 'empty' ? { newLine, sellBack, adding, cartTakesLines: current !== null && !checkingOut } : null}
        guarantees={sellBack ? null : guarantees}
        identification={rules?.identification ?? null}
        onBuyback={(choice) => cart.send({ type: 'cart.buybackChosen', choice })}
        onRefund={(choice) => cart.send({ type: 'cart.refundChosen', choice })}
        total={total}
        announcement={announcement}
        spendMessage={rules?.spend.message ?? null}
        canProceed={canProceed && !checkingOut}
        proceeding={checkingOut}
        onProceed={() => cart.send(PROCEED)}
        notes={noteMix && !sellBack ? <NoteMixPanel noteMix={noteMix} cartLines={lines.map((l) => ({ id: l.id, name: l.currency.pluralName }))} /> : null}
      />
      <ProblemDialog problem={problem} onClose={() => cart.send({ type: 'problem.dismissed' })} closeLabel={messages.close} />
    </CheckoutFrame>
  );
}
