import { describe, expect, it } from 'vitest';
import {
  TRACKING_COOKIE,
  TRACKING_COOKIE_MAX_AGE,
  affiliateIdFrom,
  captureAffiliateId,
  captureTracking,
  readTrackingCookie,
  silentTracker,
  trackingCookieString,
  trackingFromSearch,
  withBasketReminder,
  trackingPayload,
} from './tracking.ts';
import { storeTransaction, truncateRate } from './order-tracking.ts';

/** A document whose cookie setter keeps the last written cookie, like a browser for one name. */
function fakeDocument(initial = '') {
  const written: string[] = [];
  let jar = initial;
  return {
    written,
    get cookie() {
      return jar;
    },
    set cookie(value: string) {
      written.push(value);
      jar = value.split(';')[0] ?? '';
    },
  };
}

describe('tracking values', () => {
  it('reads the eight values of the spec from the URL, whatever their case', () => {
    const search =
      '?utm_source=newsletter&UTM_Medium=email&utm_campaign=summer&utm_content=hero&utm_term=euros&utm_id=42&gclid=G-1&msclkid=M-1&other=x';
    expect(trackingFromSearch(search)).toEqual({
      UTM_Source: 'newsletter',
      UTM_Medium: 'email',
      UTM_Campaign: 'summer',
      UTM_Content: 'hero',
      UTM_Term: 'euros',
      UTM_Id: '42',
      Gclid: 'G-1',
      Msclkid: 'M-1',
    });
  });

  it('ignores blank values', () => {
    expect(trackingFromSearch('?utm_source=&gclid=%20')).toEqual({});
  });

  it('keeps them in a cookie for 2592000 seconds', () => {
    expect(TRACKING_COOKIE_MAX_AGE).toBe(2_592_000);
    const doc = fakeDocument();
    captureTracking('?utm_source=newsletter&gclid=G-1', doc, true);
    expect(doc.written).toHaveLength(1);
    expect(doc.written[0]).toContain(`${TRACKING_COOKIE}=`);
    expect(doc.written[0]).toContain('Max-Age=2592000');
    expect(doc.written[0]).toContain('Path=/');
    expect(doc.written[0]).toContain('Secure');
    expect(readTrackingCookie(doc.cookie)).toEqual({ UTM_Source: 'newsletter', Gclid: 'G-1' });
  });

  it('leaves the cookie and its age alone on a visit without tracking parameters', () => {
    const doc = fakeDocument(`other=1; ${trackingCookieString({ UTM_Source: 'ads' }, false).split(';')[0]}`);
    expect(captureTracking('?currency=EUR', doc, false)).toEqual({ UTM_Source: 'ads' });
    expect(doc.written).toEqual([]);
  });

  it('replaces the stored set when a new campaign brings parameters', () => {
    const doc = fakeDocument(trackingCookieString({ UTM_Source: 'ads', Gclid: 'old' }, false).split(';')[0]);
    captureTracking('?utm_source=newsletter', doc, false);
    expect(readTrackingCookie(doc.cookie)).toEqual({ UTM_Source: 'newsletter' });
  });

  it('reads a damaged cookie as empty', () => {
    expect(readTrackingCookie(`${TRACKING_COOKIE}=%7Bnot-json`)).toEqual({});
    expect(readTrackingCookie(`${TRACKING_COOKIE}=5`)).toEqual({});
  });

  it('sends every key to ga-info, null when unknown', () => {
    expect(trackingPayload({ UTM_Source: 'newsletter' })).toEqual({
      UTM_Source: 'newsletter',
      UTM_Medium: null,
      UTM_Campaign: null,
      UTM_Content: null,
      UTM_Term: null,
      UTM_Id: null,
      Gclid: null,
      Msclkid: null,
    });
  });
});

describe('marketing tracker', () => {
  it('truncates the rate to 4 decimals', () => {
    expect(truncateRate(1.14239)).toBe(1.1423);
    expect(truncateRate(1.1423)).toBe(1.1423);
    expect(truncateRate(186.45678)).toBe(186.4567);
  });

  it('by default sends nothing anywhere', () => {
    const doc = fakeDocument();
    expect(() => {
      silentTracker.identify('jane@example.co.uk');
      silentTracker.track('Started Checkout Buy or Sell', { lineItems: [], value: 0, checkoutUrl: '/checkout/view-cart?id=c1' });
    }).not.toThrow();
    expect(doc.written).toEqual([]);
    expect(sessionStorage.length).toBe(0);
    expect(localStorage.length).toBe(0);
  });

  it('reads the affiliate id from session storage', () => {
    sessionStorage.setItem('affiliateid', 'AFF1');
    expect(affiliateIdFrom(sessionStorage)).toBe('AFF1');
    sessionStorage.clear();
    expect(affiliateIdFrom(sessionStorage)).toBeNull();
    expect(affiliateIdFrom(undefined)).toBeNull();
  });

  it('stores the confirmed transaction in session storage', () => {
    const transaction = { transactionId: 'TM-1', affiliation: 'Travel Money', total: 437.72, shipping: 0, products: [] };
    storeTransaction(sessionStorage, transaction);
    expect(JSON.parse(sessionStorage.getItem('transaction') ?? 'null')).toEqual(transaction);
    sessionStorage.clear();
  });
});

describe('affiliate id', () => {
  it('keeps the id a visitor arrives with for the visit, at most 50 characters', () => {
    expect(captureAffiliateId('?currency=EUR&affiliateid=AFF1', sessionStorage)).toBe('AFF1');
    expect(affiliateIdFrom(sessionStorage)).toBe('AFF1');
    // A later page without one keeps it.
    expect(captureAffiliateId('?currency=USD', sessionStorage)).toBeNull();
    expect(affiliateIdFrom(sessionStorage)).toBe('AFF1');
    expect(captureAffiliateId(`?affiliateid=${'x'.repeat(80)}`, sessionStorage)).toHaveLength(50);
    sessionStorage.clear();
  });
});

describe('the basket reminder (spec 4.6\'s note)', () => {
  const properties = { lineItems: [], value: 0, checkoutUrl: 'https://shop.example/checkout/view-cart?id=c1', affiliateId: null };

  it("tells the shop the address the email field was left with, once 'Started Checkout' is tracked", async () => {
    const remembered: string[] = [];
    const inner: string[] = [];
    const tracker = withBasketReminder(
      { identify: (e) => inner.push(`identify ${e}`), track: (e) => inner.push(e), stepViewed: () => undefined },
      async (email) => {
        remembered.push(email);
      },
      () => undefined,
    );
    tracker.track('Started Checkout Buy or Sell', properties);
    expect(remembered).toEqual([]);
    tracker.identify('ann@example.com');
    tracker.track('Started Checkout Buy or Sell', properties);
    tracker.track('Order Completed Buy or Sell', properties);
    expect(remembered).toEqual(['ann@example.com']);
    // The marketing tracker still hears everything.
    expect(inner).toEqual(['Started Checkout Buy or Sell', 'identify ann@example.com', 'Started Checkout Buy or Sell', 'Order Completed Buy or Sell']);
  });

  it('reports a failed call and carries on', async () => {
    const reported: unknown[] = [];
    const tracker = withBasketReminder(silentTracker, () => Promise.reject(new Error('offline')), (error) => reported.push(error));
    tracker.identify('bea@example.com');
    tracker.track('Started Checkout Buy or Sell', properties);
    await Promise.resolve();
    await Promise.resolve();
    expect(reported).toHaveLength(1);
  });
});
