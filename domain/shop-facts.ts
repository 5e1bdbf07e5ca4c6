/**
 * The facts the home page and footer give a shopper before they start: when home delivery can
 * arrive, what it costs, and the site's regulatory line. The delivery rule is the checkout's
 * (domain/cut-off.ts): sent by 2pm on a working day, delivered the next day that is not a Sunday
 * or a bank holiday.
 */
import { deliveryCutOff, formatCutOffDay, NO_BANK_HOLIDAYS, type BankHolidays } from './cut-off.ts';
import { formatMessage, messages } from './messages.ts';
import { formatGbpAmount } from './money.ts';

/** The first home delivery date for an order placed at `now`, as 'yyyy-MM-dd' (London). */
export function nextHomeDeliveryDate(now: Date, holidays: BankHolidays = NO_BANK_HOLIDAYS): string {
  return deliveryCutOff(now, holidays).date;
}

/** 'Tuesday 24 November', the way the home page names the next delivery date. */
export const formatDeliveryDay = formatCutOffDay;

/** The facts of the home page's delivery and collection panel. */
export function deliveryFacts(input: {
  now: Date;
  deliveryPrices?: { nextDay: number; later: number } | undefined;
  bankHolidays?: BankHolidays | undefined;
}): string[] {
  const facts = [formatMessage(messages.factNextDelivery, { date: formatDeliveryDay(nextHomeDeliveryDate(input.now, input.bankHolidays)) })];
  if (input.deliveryPrices) {
    facts.push(
      formatMessage(messages.factDeliveryPrices, {
        nextDay: formatGbpAmount(input.deliveryPrices.nextDay),
        later: formatGbpAmount(input.deliveryPrices.later),
      }),
    );
  }
  facts.push(messages.factFreeCollection, messages.factSellBack);
  return facts;
}
