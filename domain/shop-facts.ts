/**
 * The facts the home page and footer give a shopper before they start: when home delivery can
 * arrive, what it costs, and the site's regulatory line. The delivery rule is the checkout's
 * (server/services/delivery-slots.ts): the next working day from tomorrow, never a Sunday.
 */
import { tz } from '@date-fns/tz';
import { addDays, format, getDay } from 'date-fns';
import { SHOP_TIME_ZONE, londonDate, londonDateKey } from './availability.ts';
import { formatMessage, messages } from './messages.ts';
import { formatGbpAmount } from './money.ts';

const inLondon = { in: tz(SHOP_TIME_ZONE) };

/** The first home delivery date for an order placed at `now`, as 'yyyy-MM-dd' (London). */
export function nextHomeDeliveryDate(now: Date): string {
  let date = addDays(londonDate(londonDateKey(now)), 1, inLondon);
  if (getDay(date, inLondon) === 0) date = addDays(date, 1, inLondon);
  return format(date, 'yyyy-MM-dd', inLondon);
}

/** 'Tuesday 24 November', the way the home page names the next delivery date. */
export function formatDeliveryDay(isoDate: string): string {
  return format(londonDate(isoDate), 'EEEE d MMMM', inLondon);
}

/** The facts of the home page's delivery and collection panel. */
export function deliveryFacts(input: { now: Date; deliveryPrices?: { nextDay: number; later: number } | undefined }): string[] {
  const facts = [formatMessage(messages.factNextDelivery, { date: formatDeliveryDay(nextHomeDeliveryDate(input.now)) })];
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
