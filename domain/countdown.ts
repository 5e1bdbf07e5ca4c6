/**
 * The cart countdown (spec 4.3, 9): mm:ss; 'expiring' under 300 s; the readout shakes at each
 * full minute at or below 300 s; 'Cart expired' under 1 s. Whole seconds are floored, so the
 * readout never promises time the cart does not have.
 */
import { messages } from './messages.ts';

export const EXPIRING_BELOW_SECONDS = 300;
export const COUNTDOWN_TICK_MS = 1000;

export interface CountdownView {
  /** 'mm:ss', or 'Cart expired'. */
  text: string;
  seconds: number;
  expiring: boolean;
  expired: boolean;
  shake: boolean;
}

/** Milliseconds left until expiresAt, never below 0. */
export function remainingMs(expiresAt: string | Date, now: Date): number {
  const end = typeof expiresAt === 'string' ? Date.parse(expiresAt) : expiresAt.getTime();
  if (Number.isNaN(end)) return 0;
  return Math.max(0, end - now.getTime());
}

/** 65 -> '01:05'; minutes keep growing past 59 (3600 -> '60:00'). */
export function formatMmSs(totalSeconds: number): string {
  const s = Math.max(0, Math.floor(totalSeconds));
  const minutes = Math.floor(s / 60);
  const seconds = s % 60;
  return `${String(minutes).padStart(2, '0')}:${String(seconds).padStart(2, '0')}`;
}

export function isExpiring(seconds: number): boolean {
  return seconds >= 1 && seconds < EXPIRING_BELOW_SECONDS;
}

/** True at 300, 240, 180, 120 and 60 seconds. */
export function shouldShake(seconds: number): boolean {
  return seconds >= 60 && seconds <= EXPIRING_BELOW_SECONDS && seconds % 60 === 0;
}

export function countdownView(msLeft: number): CountdownView {
  const seconds = Math.max(0, Math.floor(msLeft / 1000));
  const expired = seconds < 1;
  return {
    text: expired ? messages.cartExpired : formatMmSs(seconds),
    seconds,
    expiring: isExpiring(seconds),
    expired,
    shake: shouldShake(seconds),
  };
}

export function countdownAt(expiresAt: string | Date, now: Date): CountdownView {
  return countdownView(remainingMs(expiresAt, now));
}

/** 'Cart expired' (spec 4.3, 8): under 1 s left, when the countdown says so and checkout stops. */
export function isCartExpired(expiresAt: string | Date, now: Date): boolean {
  return countdownAt(expiresAt, now).expired;
}

/**
 * The milliseconds to the next whole minute. Every order-by instant of domain/cut-off.ts is a whole
 * minute (London's offsets are whole hours), so a readout in minutes changes, and a cut-off
 * passes, only then.
 */
export function untilNextMinute(nowMs: number): number {
  return 60_000 - (((nowMs % 60_000) + 60_000) % 60_000);
}
