/**
 * The session token (spec 3, 4.4): a signed token with an expiry and the cart and order ids. The
 * client reads its claims without verifying them (the server verifies) only to know whether the
 * token is still worth sending: a missing or expired token is fetched again.
 */
import type { SessionClaims } from './contract/session.ts';
import { isNullishString, isNumber, isOptionalBoolean, isRecord } from './value-checks.ts';

function decodeSegment(segment: string): unknown {
  const base64 = segment.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(segment.length / 4) * 4, '=');
  const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
  return JSON.parse(new TextDecoder().decode(bytes));
}

/**
 * Whether a payload holds session claims, as SessionClaimsSchema says (domain/session.test.ts
 * holds the two equal): checked without the schema, since every page reads its token before it
 * loads valibot (src/api/client.ts).
 */
export function isSessionClaims(value: unknown): value is SessionClaims {
  return (
    isRecord(value) &&
    typeof value.sid === 'string' &&
    isNumber(value.site) &&
    isNullishString(value.cart) &&
    isNullishString(value.order) &&
    isNumber(value.exp) &&
    isOptionalBoolean(value.renewable) &&
    isOptionalBoolean(value.profile)
  );
}

/** The token's claims, or null when it is not a readable session token. */
export function tokenClaims(token: string): SessionClaims | null {
  const payload = token.split('.')[1];
  if (payload === undefined) return null;
  try {
    const claims = decodeSegment(payload);
    return isSessionClaims(claims) ? claims : null;
  } catch {
    return null;
  }
}

/** True when the token expires at or before `now` (exp is in seconds), or cannot be read. */
export function isTokenExpired(token: string, now: Date): boolean {
  const claims = tokenClaims(token);
  return claims === null || claims.exp * 1000 <= now.getTime();
}

/** A token worth sending: present, readable and not expired (spec 4.4). */
export function isTokenUsable(token: string | null | undefined, now: Date): token is string {
  return typeof token === 'string' && token !== '' && !isTokenExpired(token, now);
}

/** Milliseconds until the token expires (0 when it already has, or cannot be read). */
export function msUntilTokenExpiry(token: string, now: Date): number {
  const claims = tokenClaims(token);
  return claims === null ? 0 : Math.max(0, claims.exp * 1000 - now.getTime());
}

/**
 * Whether a read priced for the session (the quote) needs the token: not when the token says the
 * session has no loyalty profile, since the shop then quotes it as anyone (a public, cacheable
 * read). A token that does not say is sent.
 */
export function tokenMayHaveProfile(token: string | null | undefined): boolean {
  if (typeof token !== 'string') return false;
  const claims = tokenClaims(token);
  return claims === null || claims.profile !== false;
}

/**
 * True when the token says its session has no cart (spec 3: the token carries the cart id): a
 * token the shop keeps renewed (`renewable`) with no cart claim. Tokens that cannot be read, or
 * were issued before the shop renewed them, say nothing, so the cart is asked for.
 */
export function tokenSaysNoCart(token: string | null | undefined): boolean {
  if (typeof token !== 'string') return false;
  const claims = tokenClaims(token);
  return claims !== null && claims.renewable === true && (claims.cart ?? null) === null;
}

/** True when the token names its session's cart and the shop keeps it renewed (`renewable`). */
export function tokenNamesCart(token: string | null | undefined): boolean {
  if (typeof token !== 'string') return false;
  const claims = tokenClaims(token);
  return claims !== null && claims.renewable === true && typeof claims.cart === 'string' && claims.cart !== '';
}
