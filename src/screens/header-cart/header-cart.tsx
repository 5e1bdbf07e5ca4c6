import { useState } from 'react';
import { formatMessage, messages } from '#domain/messages.ts';
import { formatGbpAmount, formatUnits, toMajor, toMinor } from '#domain/money.ts';
import { parseAmountInput } from '#domain/pricing.ts';
import { viewCartPath } from '#domain/products.ts';
import { HeaderCartView, type HeaderCartLineView } from './header-cart-view.tsx';
import {
  useCartCan,
  useCartCountdown,
  useCartEmptying,
  useCartLines,
  useCartNotice,
  useCartProblem,
  useCartProductId,
  useCartTotal,
  useHeaderCartState,
  useMoreTime,
  useRemovableLines,
  type CartRef,
} from './use-header-cart.ts';

export interface HeaderCartProps {
  cart: CartRef;
  /** Stories open the dropdown from the start. */
  defaultOpen?: boolean;
}

/** '2 currencies in your cart', '1 currency in your cart', 'No currency in your cart'. */
export function lineCountSummary(count: number): string {
  if (count === 0) return messages.headerCartEmpty;
  return count === 1 ? messages.cartLineCountOne : formatMessage(messages.cartLineCount, { count });
}

/** A typed amount as foreign units; null when it is not a number (the chart answers 'Amount should be greater than 0'). */
function quantityOf(text: string, code: string): number | null {
  const minor = parseAmountInput(text, code);
  return minor === null ? null : toMajor(minor, code);
}

const REVIEW = { type: 'cart.reviewRequested' } as const;

/** The header cart on every page (spec 2.3): the basket, and the mini cart over the cart actor. */
export function HeaderCart({ cart, defaultOpen }: HeaderCartProps) {
  const state = useHeaderCartState(cart);
  const lines = useCartLines(cart);
  const total = useCartTotal(cart);
  const productId = useCartProductId(cart);
  const countdown = useCartCountdown(cart);
  const moreTime = useMoreTime(cart, countdown);
  const notice = useCartNotice(cart);
  const problem = useCartProblem(cart);
  const removable = useRemovableLines(cart).split(' ');
  const canEmpty = useCartCan(cart, { type: 'cart.abandonRequested' });
  // Refused for an empty or expired cart ('Cart expired').
  const canCheckout = useCartCan(cart, REVIEW);
  const emptying = useCartEmptying(cart);
  // What the shopper is typing, per line, so a half-typed amount is not overwritten by the cart.
  const [drafts, setDrafts] = useState<Record<string, string>>({});

  const views: HeaderCartLineView[] = lines.map((line) => ({
    id: line.id,
    code: line.currency.code,
    amount: drafts[line.id] ?? formatUnits(toMinor(line.shownQty, line.currency.code), line.currency.code).replace(/,/g, ''),
    price: formatGbpAmount(line.total),
    error: line.error,
    saving: line.saving,
    canRemove: removable.includes(line.id),
  }));

  return (
    <HeaderCartView
      status={state}
      lines={views}
      summary={lineCountSummary(lines.length)}
      total={total === null ? '' : formatGbpAmount(total)}
      countdown={countdown}
      moreTime={moreTime.view}
      onMoreTime={moreTime.extend}
      checkoutHref={productId === null ? '' : viewCartPath(productId)}
      canCheckout={canCheckout}
      canEmpty={canEmpty}
      emptying={emptying}
      notice={state === 'error' ? null : notice}
      error={state === 'error' ? (notice ?? messages.cartFetchFailed) : problem ? (problem.detail ?? problem.title) : null}
      onAmountChange={(lineId, text) => {
        setDrafts((d) => ({ ...d, [lineId]: text }));
        const code = lines.find((l) => l.id === lineId)?.currency.code ?? 'GBP';
        cart.send({ type: 'cart.lineChanged', lineId, qty: quantityOf(text, code) });
      }}
      onAmountCommit={(lineId) => setDrafts(({ [lineId]: _done, ...rest }) => rest)}
      onRemove={(lineId) => cart.send({ type: 'cart.lineRemoved', lineId })}
      onEmpty={() => cart.send({ type: 'cart.abandonRequested' })}
      onCheckout={() => cart.send(REVIEW)}
      defaultOpen={defaultOpen}
    />
  );
}
