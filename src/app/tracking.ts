/**
 * Attribution tracking (spec 3, 7.5, 9): the UTM and click-id parameters a visitor arrives with
 * are kept in a cookie for 30 days and sent with the order (PUT /api/order/ga-info).
 *
 * The marketing tracker (spec 7.6) is an interface: the shop calls identify and track at the
 * moments the spec names, and the default tracker sends nothing anywhere.
 */
import { TRACKING_KEYS } from '#domain/contract/tracking-keys.ts';
import type { Tracking } from '#domain/contract/tracking.ts';
import type { TrackedStep } from '#domain/order-state.ts';

export const TRACKING_COOKIE = 'tm_tracking';
/** Spec 9: 2592000 s (30 days). */
export const TRACKING_COOKIE_MAX_AGE = 2_592_000;

type TrackingKey = (typeof TRACKING_KEYS)[number];

/** URL parameter names, matched without regard to case (utm_source, UTM_Source, gclid...). */
function keyOf(param: string): TrackingKey | undefined {
  const lower = param.toLowerCase();
  return TRACKING_KEYS.find((k) => k.toLowerCase() === lower);
}

/** The tracking values present in a query string; absent ones are left out. */
export function trackingFromSearch(search: string): Partial<Tracking> {
  const found: Partial<Record<TrackingKey, string>> = {};
  for (const [name, value] of new URLSearchParams(search)) {
    const key = keyOf(name);
    const trimmed = value.trim().slice(0, 500);
    if (key && trimmed !== '' && found[key] === undefined) found[key] = trimmed;
  }
  return found;
}

/** Reads the tracking cookie from a document.cookie string; a damaged cookie reads as empty. */
export function readTrackingCookie(cookie: string): Partial<Tracking> {
  for (const part of cookie.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0 || part.slice(0, eq).trim() !== TRACKING_COOKIE) continue;
    try {
      const parsed: unknown = JSON.parse(decodeURIComponent(part.slice(eq + 1).trim()));
      if (typeof parsed !== 'object' || parsed === null) return {};
      const result: Partial<Record<TrackingKey, string>> = {};
      for (const key of TRACKING_KEYS) {
        const value = (parsed as Record<string, unknown>)[key];
        if (typeof value === 'string' && value !== '') result[key] = value.slice(0, 500);
      }
      return result;
    } catch {
      return {};
    }
  }
  return {};
}

export function trackingCookieString(values: Partial<Tracking>, secure: boolean): string {
  const value = encodeURIComponent(JSON.stringify(values));
  return `${TRACKING_COOKIE}=${value}; Max-Age=${TRACKING_COOKIE_MAX_AGE}; Path=/; SameSite=Lax${secure ? '; Secure' : ''}`;
}

export interface CookieDocument {
  cookie: string;
}

/**
 * Keeps the values of this visit's URL. A visit that carries tracking parameters replaces the
 * stored set as a whole (a new campaign click is a new attribution); a visit without any leaves
 * the cookie, and its 30 days, untouched.
 */
export function captureTracking(search: string, doc: CookieDocument, secure: boolean): Partial<Tracking> {
  const fromUrl = trackingFromSearch(search);
  if (Object.keys(fromUrl).length === 0) return readTrackingCookie(doc.cookie);
  doc.cookie = trackingCookieString(fromUrl, secure);
  return fromUrl;
}

/** The body of PUT /api/order/ga-info: every key present, null when unknown. */
export function trackingPayload(values: Partial<Tracking>): Tracking {
  return Object.fromEntries(TRACKING_KEYS.map((k) => [k, values[k] ?? null])) as Tracking;
}

// Marketing tracker (spec 7.6)

export interface TrackedLineItem {
  currencyCode: string;
  currencyName: string;
  quantity: number;
  /** Truncated to 4 decimals (spec 7.6). */
  rate: number;
  /** GBP. */
  value: number;
}

export interface MarketingEventProperties {
  lineItems: TrackedLineItem[];
  /** GBP. */
  value: number;
  /** The cart link, carrying the cart id. */
  checkoutUrl: string;
  affiliateId?: string | null;
  orderStatus?: string | null;
}

export type MarketingEventName = 'Started Checkout Buy or Sell' | 'Order Completed Buy or Sell';

export interface MarketingTracker {
  identify(email: string): void;
  track(event: MarketingEventName, properties: MarketingEventProperties): void;
  /** Spec 4.1: the checkout steps announced to tracking (information, payment, confirmation). */
  stepViewed(step: TrackedStep): void;
}

/** The default: the shop sends nothing to any marketing tool. */
export const silentTracker: MarketingTracker = {
  identify() {},
  track() {},
  stepViewed() {},
};

/**
 * The shop's own basket reminder (spec 4.6's note): 'Started Checkout Buy or Sell', sent when the
 * email field is left with an address in it, also tells the shop's API that address, which emails
 * the basket link if the shopper breaks off (on sites allowed to). Everything else goes on to the
 * marketing tracker given. A failed call is reported and never stops the checkout.
 */
export function withBasketReminder(
  tracker: MarketingTracker,
  remember: (email: string) => Promise<void>,
  report: (error: unknown) => void,
): MarketingTracker {
  let email: string | null = null;
  return {
    identify(address) {
      email = address;
      tracker.identify(address);
    },
    track(event, properties) {
      if (event === 'Started Checkout Buy or Sell' && email !== null) remember(email).catch(report);
      tracker.track(event, properties);
    },
    stepViewed: (step) => tracker.stepViewed(step),
  };
}

/** Spec 7.6: the optional affiliate id is read from session storage. */
export const AFFILIATE_STORAGE_KEY = 'affiliateid';

export function affiliateIdFrom(storage: Pick<Storage, 'getItem'> | undefined): string | null {
  try {
    return storage?.getItem(AFFILIATE_STORAGE_KEY) ?? null;
  } catch {
    return null;
  }
}

/** Keeps the affiliate id a visitor arrives with (?affiliateid=) for the rest of the visit. */
export function captureAffiliateId(search: string, storage: Pick<Storage, 'setItem'> | undefined): string | null {
  const id = new URLSearchParams(search).get(AFFILIATE_STORAGE_KEY)?.trim().slice(0, 50) ?? '';
  if (id === '') return null;
  try {
    storage?.setItem(AFFILIATE_STORAGE_KEY, id);
  } catch {
    // Storage blocked: the id still goes with this page's cart link.
  }
  return id;
}
