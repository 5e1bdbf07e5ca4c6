/**
 * The order summary beside the delivery, details and payment pages, and the figures of the
 * confirmation: what the order holds, formatted for reading. No rule is decided here: the fee
 * lines come from domain/guarantees.ts and the totals from the server.
 */
import type { Order } from './contract/order.ts';
import { guaranteeFeeLines } from './guarantees.ts';
import { messages } from './messages.ts';
import { formatForeign, formatGbp, formatGbpAmount, formatRate, toMinor } from './money.ts';
import { noteChoiceText } from './note-mix.ts';
import { isSellBack } from './products.ts';

export interface SummaryLine {
  code: string;
  /** 'Euros'. */
  name: string;
  /** '€500'. */
  amount: string;
  /** '1.1423'. */
  rate: string;
  /** '£437.72'. */
  cost: string;
  /** The notes the shopper chose ('6 × €50', 'Smaller notes'); null for mixed notes (the default). */
  notes: string | null;
}

export interface SummaryExtra {
  label: string;
  /** '£4.00', or 'Free'. */
  amount: string;
}

export interface OrderSummary {
  lines: SummaryLine[];
  /** Guarantee fees and the delivery charge. */
  extras: SummaryExtra[];
  /** 'Total', or "Total you'll receive" for sell-back. */
  totalLabel: string;
  total: string;
  sellBack: boolean;
}

/** The site settings that decide whether the guarantee fee lines show (spec 9). */
export interface FeeLineSettings {
  showBuybackGuarantee: boolean;
  showRefundGuarantee: boolean;
}

function foreignAmount(qty: number, currency: { code: string; symbol: string }): string {
  return formatForeign(toMinor(qty, currency.code), currency, { wholeUnits: true });
}

export function orderSummaryOf(order: Order, settings: FeeLineSettings): OrderSummary {
  const sellBack = isSellBack(order.product.id);
  const extras: SummaryExtra[] = guaranteeFeeLines(order, settings).map((fee) => ({
    label: fee.label,
    amount: formatGbp(fee.feeMinor),
  }));
  if (order.deliverySlot && !sellBack) {
    extras.push({
      label: order.deliverySlot.deliveryMethodName,
      amount: order.deliverySlot.price > 0 ? formatGbpAmount(order.deliverySlot.price) : messages.free,
    });
  }
  return {
    lines: order.lines.map((line) => ({
      code: line.currency.code,
      name: line.currency.name,
      amount: foreignAmount(line.qty, line.currency),
      rate: formatRate(line.rate),
      cost: formatGbpAmount(line.total),
      notes: line.notes === undefined || line.notes.kind === 'mixed' ? null : noteChoiceText(line.notes, line.currency.symbol),
    })),
    extras,
    totalLabel: sellBack ? messages.totalYoullReceive : messages.total,
    total: formatGbpAmount(order.total),
    sellBack,
  };
}
