/**
 * "Need more time?" (WCAG 2.2.1 Timing Adjustable): in the countdown's last 5 minutes (spec 4.3's
 * 'expiring', under 300 s) the shopper may extend the cart's hold, each time by the cart's TTL, up
 * to the shop's limit (CART_EXTENSION_LIMIT). The server and the cart chart use the same rule.
 */
import { TZDateMini } from '@date-fns/tz/date/mini';
import { countdownAt } from './countdown.ts';
import { formatMessage, messages } from './messages.ts';

export type ExtensionRefusal = 'expired' | 'used-up' | 'too-early';

/** Why more time cannot be added now; null when it can. */
export function extensionRefusal(expiresAt: string | Date, now: Date, extensionsLeft: number): ExtensionRefusal | null {
  const view = countdownAt(expiresAt, now);
  if (view.expired) return 'expired';
  if (extensionsLeft <= 0) return 'used-up';
  if (!view.expiring) return 'too-early';
  return null;
}

export function canExtendCart(expiresAt: string | Date, now: Date, extensionsLeft: number): boolean {
  return extensionRefusal(expiresAt, now, extensionsLeft) === null;
}

/** The new expiry: the cart's TTL added to the current one. */
export function extendedExpiry(expiresAt: Date, ttlMinutes: number): Date {
  return new Date(expiresAt.getTime() + ttlMinutes * 60_000);
}

/** '30 minutes', '1 minute'. */
export function formatMinutes(minutes: number): string {
  return minutes === 1 ? messages.moreTimeMinute : formatMessage(messages.moreTimeMinutes, { count: minutes });
}

/** 'Add 30 minutes'. */
export function addMoreTimeLabel(minutes: number): string {
  return formatMessage(messages.addMoreTime, { minutes: formatMinutes(minutes) });
}

const twoDigits = (n: number) => String(n).padStart(2, '0');

/**
 * '14:32' in London. Read from the zoned date's hours and minutes, not date-fns' format: this rule
 * is on every page (the cart's chart), and format with its locale data is 7 KB of the first load.
 */
export function londonClock(instant: string | Date): string {
  const d = new TZDateMini(new Date(instant).getTime(), 'Europe/London');
  return `${twoDigits(d.getHours())}:${twoDigits(d.getMinutes())}`;
}

/** "We've added 30 minutes. Your cart is now held until 14:32." (London time). */
export function moreTimeAddedText(minutes: number, expiresAt: string): string {
  return formatMessage(messages.moreTimeAdded, {
    minutes: formatMinutes(minutes),
    time: londonClock(expiresAt),
  });
}

/** What the polite live region says once, as the countdown enters its last 5 minutes. */
export function moreTimeWarningText(minutes: number, extensionsLeft: number): string {
  return extensionsLeft > 0 ? formatMessage(messages.moreTimeWarningOffer, { minutes: formatMinutes(minutes) }) : messages.moreTimeWarning;
}
