/**
 * Manage my order (/orders/find): until when a paid order can still be changed or cancelled
 * online, and what the page says once it cannot. Pure: `now` and the bank holidays are arguments;
 * the server decides with it and the page shows what it decided.
 *
 * - Home delivery: until the order is sent, the dispatch cut-off (2pm) of the last working day
 *   before its delivery date (domain/cut-off.ts).
 * - Click and collect and sell back: until the start of the collection or drop-off date.
 * Only click and collect can move its date (to another date the same branch offers).
 */
import { tz } from '@date-fns/tz';
import { format } from 'date-fns';
import { DISPATCH_CUT_OFF, formatCutOffDay, isDispatchDay, londonAt, londonDay, plusDays, type BankHolidays } from './cut-off.ts';
import { formatMessage, messages } from './messages.ts';
import { PRODUCT } from './products.ts';

/** The last moment an order can be changed or cancelled online; null without a date. */
export function changeDeadline(productId: number, slotDate: string | null, holidays: BankHolidays): Date | null {
  if (slotDate === null) return null;
  if (productId !== PRODUCT.HOME_DELIVERY) return londonAt(slotDate);
  let dispatch = plusDays(slotDate, -1);
  for (let i = 0; i < 31 && !isDispatchDay(holidays, dispatch); i++) dispatch = plusDays(dispatch, -1);
  return londonAt(dispatch, DISPATCH_CUT_OFF);
}

export type ManageRefusal = 'cancelled' | 'tooLate' | 'notPaid';

/** Why an order cannot be changed or cancelled now, or null when it can. */
export function manageRefusal(order: { completed: boolean; cancelledAt: Date | null; deadline: Date | null }, now: Date): ManageRefusal | null {
  if (order.cancelledAt !== null) return 'cancelled';
  if (!order.completed) return 'notPaid';
  if (order.deadline === null || order.deadline.getTime() <= now.getTime()) return 'tooLate';
  return null;
}

const inLondon = { in: tz('Europe/London') };

/** '2pm on Friday 27 November'; a midnight deadline reads 'the end of Monday 30 November'. */
export function formatDeadline(deadline: Date): string {
  const time = format(deadline, 'HH:mm', inLondon);
  if (time === '00:00') return formatMessage(messages.deadlineEndOf, { date: formatCutOffDay(plusDays(londonDay(deadline), -1)) });
  const clock = format(deadline, deadline.getMinutes() === 0 ? 'haaa' : 'h:mmaaa', inLondon);
  return formatMessage(messages.deadlineAt, { time: clock, date: formatCutOffDay(londonDay(deadline)) });
}

/** What the page says when the order cannot be changed, in the shopper's words. */
export function refusalText(refusal: ManageRefusal, productId: number): string {
  if (refusal === 'notPaid') return messages.orderNotPaid;
  if (refusal === 'cancelled') return messages.orderCancelled;
  if (productId === PRODUCT.HOME_DELIVERY) return messages.tooLateDelivery;
  return productId === PRODUCT.SELL_BACK ? messages.tooLateSellBack : messages.tooLateCollection;
}
