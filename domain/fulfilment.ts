/**
 * The order's journey after payment (issue 45, part 2): the steps a paid order goes through, by
 * its kind, and which move staff may make next. Pure: the server decides every move with
 * `moveOf` (an out-of-order move is refused), the fulfilment chart (machines/fulfilment/) draws
 * the same steps, and a path test checks the two agree on every step and move.
 *
 * - Home delivery: being prepared, dispatched (with the courier's tracking reference), delivered.
 * - Click and collect: being prepared, ready to collect, collected.
 * - Sell back: waiting for your currency, received, paid out.
 */
import { tz } from '@date-fns/tz';
import { format } from 'date-fns';
import { messages } from './messages.ts';
import { PRODUCT } from './products.ts';

export type FulfilmentKind = 'homeDelivery' | 'clickAndCollect' | 'sellBack';

export const FULFILMENT_STEPS = {
  homeDelivery: ['beingPrepared', 'dispatched', 'delivered'],
  clickAndCollect: ['beingPrepared', 'readyToCollect', 'collected'],
  sellBack: ['waitingForCurrency', 'received', 'paidOut'],
} as const satisfies Record<FulfilmentKind, readonly string[]>;

export type FulfilmentStep = (typeof FULFILMENT_STEPS)[FulfilmentKind][number];

/** Every step, each kind's in the order they happen (so a step's place here orders a timeline). */
export const ALL_FULFILMENT_STEPS: readonly FulfilmentStep[] = [
  'beingPrepared',
  'dispatched',
  'delivered',
  'readyToCollect',
  'collected',
  'waitingForCurrency',
  'received',
  'paidOut',
];

export function isFulfilmentStep(value: unknown): value is FulfilmentStep {
  return typeof value === 'string' && (ALL_FULFILMENT_STEPS as readonly string[]).includes(value);
}

/** What staff do to move an order on: the event each step after the first is reached by. */
export const STAFF_MOVES = {
  dispatched: 'staff.dispatched',
  delivered: 'staff.delivered',
  readyToCollect: 'staff.readyToCollect',
  collected: 'staff.collected',
  received: 'staff.received',
  paidOut: 'staff.paidOut',
} as const;

export type StaffMove = (typeof STAFF_MOVES)[keyof typeof STAFF_MOVES];
export const ALL_STAFF_MOVES: readonly StaffMove[] = Object.values(STAFF_MOVES);

export function isStaffMove(value: unknown): value is StaffMove {
  return typeof value === 'string' && (ALL_STAFF_MOVES as readonly string[]).includes(value);
}

/** The fulfilment of an order of this product. */
export function fulfilmentKindOf(productId: number): FulfilmentKind {
  if (productId === PRODUCT.HOME_DELIVERY) return 'homeDelivery';
  return productId === PRODUCT.SELL_BACK ? 'sellBack' : 'clickAndCollect';
}

export function isHomeDelivery(kind: FulfilmentKind): boolean {
  return kind === 'homeDelivery';
}

export function isClickAndCollect(kind: FulfilmentKind): boolean {
  return kind === 'clickAndCollect';
}

/** The step an order takes when its payment completes. */
export function firstStep(kind: FulfilmentKind): FulfilmentStep {
  return FULFILMENT_STEPS[kind][0];
}

/** The step after this one for this kind, or null at the last step (or a step of another kind). */
export function nextStep(kind: FulfilmentKind, step: FulfilmentStep): FulfilmentStep | null {
  const steps: readonly FulfilmentStep[] = FULFILMENT_STEPS[kind];
  const at = steps.indexOf(step);
  return at < 0 ? null : (steps[at + 1] ?? null);
}

/** The move staff make next, or null when the order's journey is over. */
export function nextMove(kind: FulfilmentKind, step: FulfilmentStep): StaffMove | null {
  const next = nextStep(kind, step);
  return next === null ? null : STAFF_MOVES[next as keyof typeof STAFF_MOVES];
}

export function isLastStep(kind: FulfilmentKind, step: FulfilmentStep): boolean {
  return nextStep(kind, step) === null;
}

/** A courier's tracking reference: letters, digits, spaces and dashes, 6 to 40 characters. */
const TRACKING_REFERENCE = /^[A-Z0-9][A-Z0-9 -]{4,38}[A-Z0-9]$/;

/** The tracking reference as kept (trimmed, upper case), or null when it does not read as one. */
export function readTrackingReference(value: string | null | undefined): string | null {
  const reference = (value ?? '').trim().toUpperCase().replace(/\s+/g, ' ');
  return TRACKING_REFERENCE.test(reference) ? reference : null;
}

export function isTrackingReference(value: string | null | undefined): boolean {
  return readTrackingReference(value) !== null;
}

export type MoveOutcome =
  | { allowed: true; step: FulfilmentStep; reference: string | null }
  | { allowed: false; reason: 'outOfOrder' | 'finished' | 'trackingReferenceMissing' };

/**
 * Whether `move` may take an order of `kind` on from `step`: only the next step of its own kind,
 * and a dispatch only with a tracking reference that reads as one.
 */
export function moveOf(kind: FulfilmentKind, step: FulfilmentStep, move: StaffMove, reference: string | null = null): MoveOutcome {
  const expected = nextMove(kind, step);
  if (expected === null) return { allowed: false, reason: 'finished' };
  if (move !== expected) return { allowed: false, reason: 'outOfOrder' };
  const next = nextStep(kind, step)!;
  if (next !== 'dispatched') return { allowed: true, step: next, reference: null };
  const read = readTrackingReference(reference);
  return read === null ? { allowed: false, reason: 'trackingReferenceMissing' } : { allowed: true, step: next, reference: read };
}

/** One step of an order's timeline, as manage my order shows it. */
export interface TimelineStep {
  step: FulfilmentStep;
  /** When it happened (ISO 8601). */
  at: string;
  /** The courier's tracking reference (dispatched only). */
  reference: string | null;
}

/** The shopper's name of a step. */
export function stepLabel(step: FulfilmentStep): string {
  switch (step) {
    case 'beingPrepared':
      return messages.stepBeingPrepared;
    case 'dispatched':
      return messages.stepDispatched;
    case 'delivered':
      return messages.stepDelivered;
    case 'readyToCollect':
      return messages.stepReadyToCollect;
    case 'collected':
      return messages.stepCollected;
    case 'waitingForCurrency':
      return messages.stepWaitingForCurrency;
    case 'received':
      return messages.stepReceived;
    case 'paidOut':
      return messages.stepPaidOut;
  }
}

const inLondon = { in: tz('Europe/London') };

/** 'Friday 27 November, 10:05am' in London. */
export function formatStepTime(at: string | Date): string {
  const instant = typeof at === 'string' ? new Date(at) : at;
  return format(instant, 'EEEE d MMMM, h:mmaaa', inLondon);
}

/** The steps of an order's journey, done (with their time) and still to come, in order. */
export function timelineOf(kind: FulfilmentKind, done: readonly TimelineStep[]): Array<{ step: FulfilmentStep; done: TimelineStep | null }> {
  return FULFILMENT_STEPS[kind].map((step) => ({ step, done: done.find((d) => d.step === step) ?? null }));
}
