/**
 * The facts the home page and footer give a shopper before they start: when home delivery can
 * arrive, what it costs, and the site's regulatory line. The delivery rule is the checkout's
 * (server/services/delivery-slots.ts): the next working day from tomorrow, never a Sunday.
 */
import { TZDate, tz } from '@date-fns/tz';
import { addDays, format, getDay } from 'date-fns';
import { formatMessage, messages } from './messages.ts';
import { formatGbpAmount } from './money.ts';

// Europe/London, as availability.ts (not imported: the home page's first load shares none of its code).
const SHOP_TIME_ZONE = 'Europe/London';
const inLondon = { in: tz(SHOP_TIME_ZONE) };

function londonMidnight(isoDate: string): TZDate {
  const [y = 0, m = 1, d = 1] = isoDate.split('-').map(Number);
  return new TZDate(y, m - 1, d, SHOP_TIME_ZONE);
}

/** The first home delivery date for an order placed at `now`, as 'yyyy-MM-dd' (London). */
export function nextHomeDeliveryDate(now: Date): string {
  let date = addDays(londonMidnight(format(now, 'yyyy-MM-dd', inLondon)), 1, inLondon);
  if (getDay(date, inLondon) === 0) date = addDays(date, 1, inLondon);
  return format(date, 'yyyy-MM-dd', inLondon);
}

/** 'Tuesday 24 November', the way the home page names the next delivery date. */
export function formatDeliveryDay(isoDate: string): string {
  return format(londonMidnight(isoDate), 'EEEE d MMMM', inLondon);
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
