/**
 * The view-cart page's 'Add new currency' form as the spec (2.6, 5.1, 8) describes it, not as the
 * chart does: fed the same inputs as a path (the currencies read, a currency chosen, the rate read
 * or refused, a key, leaving a box, the pause, Add, the cart's lines), it says what the shopper
 * sees after each (the currencies offered, the chosen one, the spinner, the message, whether the
 * boxes and Add can be used) and which line the cart is asked to add.
 */
import type { AnyEventObject } from 'xstate';

/** Spec 8: a failure without the server's words. */
export const SOMETHING_WENT_WRONG = 'Something went wrong';
/** Spec 2.6: the sell-back product. */
const SELL_BACK = 3;

export interface ShopCurrency {
  code: string;
  purchaseAllowed: boolean;
  sellBackAllowed: boolean;
}

export interface NewLineSeen {
  currencies: 'reading' | 'read' | 'failed';
  /** The shop's currencies as the read answered them. */
  shopCurrencies: readonly ShopCurrency[];
  lines: string[];
  storeId: number;
  productId: number;
  chosen: string | null;
  rate: 'none' | 'reading' | 'read' | 'failed';
  /** The server's words for a failed read. */
  problem: string | null;
  /** The box the shopper is typing in and its text, shown as typed until the box is left. */
  typed: { picker: 'foreign' | 'gbp'; text: string } | null;
  /** Within the 500 ms pause after the last key. */
  pausing: boolean;
  /** The foreign units the form would add now; null while nothing (or not a number) is worked out. */
  target: number | null;
  /** The lines the cart is asked to add by this step. */
  effects: AnyEventObject[];
  /** Add was pressed and the cart has not answered yet: Add waits (spec 8: one request at a time). */
  adding: boolean;
}

export interface NewLineOracleOptions {
  /** The cart at the start (a replayed journey's own cart: `start(cart)`). */
  storeId: number;
  productId: number;
  lines: readonly string[];
  /**
   * What a typed text works out to in foreign units, at the path's rate (the pricing rules of 5.1
   * are the calculator's, tested on their own): keyed `foreign:100`, `gbp:0`.
   */
  amounts: Record<string, number | null>;
}

const serverWords = (error: unknown): string => {
  const problem = (typeof error === 'object' && error !== null && 'problem' in error ? error.problem : error) as { title?: string; detail?: string } | null;
  return problem?.detail ?? problem?.title ?? SOMETHING_WENT_WRONG;
};

export function newLineOracle(options: NewLineOracleOptions) {
  const amountOf = (typed: { picker: string; text: string }) => options.amounts[`${typed.picker}:${typed.text}`] ?? null;
  /** Spec 5.1, 8: the currencies the cart's product trades, less those already in the cart. */
  const offered = (seen: NewLineSeen): string[] =>
    seen.currencies !== 'read'
      ? []
      : seen.shopCurrencies
          .filter((c) => (seen.productId === SELL_BACK ? c.sellBackAllowed : c.purchaseAllowed))
          .map((c) => c.code)
          .filter((code) => !seen.lines.includes(code));
  const startAgain = (seen: NewLineSeen): NewLineSeen => ({ ...seen, chosen: null, rate: 'none', problem: null, typed: null, pausing: false, target: null });
  const settle = (seen: NewLineSeen): NewLineSeen =>
    seen.typed === null ? seen : { ...seen, typed: null, pausing: false, target: seen.rate === 'read' ? amountOf(seen.typed) : seen.target };

  return {
    offered,
    start(cart: { storeId: number; productId: number; lines: readonly string[] } = options): NewLineSeen {
      return {
        currencies: 'reading',
        shopCurrencies: [],
        lines: [...cart.lines],
        storeId: cart.storeId,
        productId: cart.productId,
        chosen: null,
        rate: 'none',
        problem: null,
        typed: null,
        pausing: false,
        target: null,
        effects: [],
        adding: false,
      };
    },
    next(previous: NewLineSeen, event: AnyEventObject): NewLineSeen {
      const seen: NewLineSeen = { ...previous, effects: [] };
      switch (event.type) {
        case 'xstate.done.actor.fetchCurrencies':
          return seen.currencies === 'reading' ? { ...seen, currencies: 'read', shopCurrencies: event.output as ShopCurrency[] } : seen;
        case 'xstate.error.actor.fetchCurrencies':
          return seen.currencies === 'reading' ? { ...seen, currencies: 'failed', problem: serverWords(event.error) } : seen;
        case 'newLine.currencyChosen':
          // Only a currency on offer can be chosen; its rate is read at the cart's branch and product.
          return offered(seen).includes(event.currencyCode as string) ? { ...startAgain(seen), chosen: event.currencyCode as string, rate: 'reading' } : seen;
        case 'xstate.done.actor.fetchQuote': {
          if (seen.rate !== 'reading') return seen;
          return { ...seen, rate: 'read', target: seen.typed !== null && !seen.pausing ? amountOf(seen.typed) : seen.target };
        }
        case 'xstate.error.actor.fetchQuote':
          return seen.rate === 'reading' ? { ...seen, rate: 'failed', problem: serverWords(event.error) } : seen;
        case 'amount.typed':
          // Tab is not typing (5.1); with no currency chosen there is nothing to type for.
          if (event.key === 'Tab' || seen.chosen === null) return seen;
          return { ...seen, typed: { picker: event.picker as 'foreign' | 'gbp', text: event.text as string }, pausing: true };
        case 'amount.settled':
          return settle(seen);
        case 'newLine.addRequested': {
          // What is typed counts at once; Add does nothing until the rate is read and the target is
          // above 0, nor while the cart is still adding the last line.
          if (seen.chosen === null || seen.rate !== 'read' || seen.adding) return seen;
          const settled = settle(seen);
          const qty = settled.target;
          if (qty === null || qty <= 0) return settled;
          const line = { currencyCode: seen.chosen, qty, productId: seen.productId, storeId: seen.storeId };
          return { ...settled, effects: [{ type: 'cart.lineAdded', line }], adding: true };
        }
        // The cart answered: saved (its lines follow as cart.linesChanged) or refused (the cart shows why).
        case 'cart.lineSaved':
        case 'cart.lineRefused':
          return { ...seen, adding: false };
        case 'cart.linesChanged': {
          const lines = (event.lines as Array<{ currency: { code: string } }>).map((l) => l.currency.code);
          const moved = event.storeId !== seen.storeId || event.productId !== seen.productId;
          const cart = { ...seen, lines, storeId: event.storeId as number, productId: event.productId as number };
          // Another branch or product, or the chosen currency now in the cart: the form starts again.
          return moved || (seen.chosen !== null && lines.includes(seen.chosen)) ? startAgain(cart) : cart;
        }
        default:
          if (/^xstate\.after\./.test(event.type)) {
            // The pause is over: the other box is worked out from what was typed.
            if (!seen.pausing || seen.typed === null) return seen;
            return { ...seen, pausing: false, target: seen.rate === 'read' ? amountOf(seen.typed) : seen.target };
          }
          throw new Error(`The new-line oracle has no rule for ${event.type}`);
      }
    },
    /** The spinner 'Getting your rate'. */
    gettingRate: (seen: NewLineSeen) => seen.rate === 'reading',
    /** The message under the form: why the currencies or the rate could not be read. */
    problemShown: (seen: NewLineSeen) => (seen.currencies === 'failed' || seen.rate === 'failed' ? seen.problem : null),
    /** The amount and cost boxes take input. */
    canType: (seen: NewLineSeen) => seen.chosen !== null && seen.rate === 'read',
    /** 'Add currency' is enabled (the cart's own busy states aside). */
    canAdd: (seen: NewLineSeen) => {
      if (seen.chosen === null || seen.rate !== 'read' || seen.adding) return false;
      const target = seen.typed !== null ? amountOf(seen.typed) : seen.target;
      return target !== null && target > 0;
    },
  };
}
