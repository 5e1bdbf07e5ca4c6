/**
 * A branch's access facts and the time the orders placed today are ready to collect (issue 45),
 * as the branch lists, the branch's page and the selection modal show them. Only the pages loaded
 * on demand read this: its texts are in texts/pages.ts.
 */
import { tz } from '@date-fns/tz';
import { getDay } from 'date-fns';
import { SHOP_TIME_ZONE, type OpeningDay } from './availability.ts';
import type { BranchAccess, Weekday } from './contract/branches.ts';
import { formatMessage, messages } from './messages.ts';

export type BranchAccessFactKind = 'stepFree' | 'hearingLoop' | 'accessibleToilets' | 'ordersReady';

export interface BranchAccessFact {
  kind: BranchAccessFactKind;
  text: string;
  /** Whether the branch has it (drawn with a tick, else a cross); the ready time always has. */
  has: boolean;
}

/** '14:00' as a shopper says it: '2pm', '3:30pm', '9am', 'midday'. */
export function formatReadyTime(time: string): string {
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  if (hours === 12 && minutes === 0) return messages.midday;
  const hour = hours % 12 === 0 ? 12 : hours % 12;
  return `${hour}${minutes === 0 ? '' : `:${String(minutes).padStart(2, '0')}`}${hours < 12 ? 'am' : 'pm'}`;
}

const SUNDAY_FIRST: readonly Weekday[] = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];

/** The branch's opening day for today in London; null when it has no opening times. */
export function todayOf(days: readonly OpeningDay[], now: Date): OpeningDay | null {
  const weekday = SUNDAY_FIRST[getDay(now, { in: tz(SHOP_TIME_ZONE) })];
  return days.find((d) => d.weekday === weekday) ?? null;
}

/**
 * What a branch shows about getting in and collecting, in this order: step-free access, hearing
 * loop, accessible toilets nearby (each as it has it or not), then the time today's orders are
 * ready, only when the branch published one and is open today until after it (`today` is null
 * when the branch is closed this week).
 */
export function branchAccessFacts(access: BranchAccess, today: OpeningDay | null): BranchAccessFact[] {
  const facts: BranchAccessFact[] = [
    { kind: 'stepFree', has: access.stepFree, text: access.stepFree ? messages.stepFreeAccess : messages.noStepFreeAccess },
    { kind: 'hearingLoop', has: access.hearingLoop, text: access.hearingLoop ? messages.hearingLoop : messages.noHearingLoop },
    {
      kind: 'accessibleToilets',
      has: access.accessibleToiletsNearby,
      text: access.accessibleToiletsNearby ? messages.accessibleToiletsNearby : messages.noAccessibleToiletsNearby,
    },
  ];
  const ready = access.ordersReadyFrom;
  // 'HH:mm' strings compare as times.
  if (ready !== null && today !== null && today.isOpen && today.closes !== null && ready < today.closes) {
    facts.push({ kind: 'ordersReady', has: true, text: formatMessage(messages.ordersReadyFrom, { time: formatReadyTime(ready) }) });
  }
  return facts;
}
