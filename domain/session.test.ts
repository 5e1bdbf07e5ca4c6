import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { SessionClaimsSchema } from './contract/session.ts';
import { isSessionClaims, isTokenExpired, isTokenUsable, msUntilTokenExpiry, tokenClaims, tokenMayHaveProfile } from './session.ts';

const segment = (value: unknown): string =>
  btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
const token = (claims: unknown): string => `${segment({ alg: 'HS256', typ: 'JWT' })}.${segment(claims)}.signature`;

const NOW = new Date('2025-06-02T10:00:00Z');
const exp = (offsetSeconds: number) => Math.floor(NOW.getTime() / 1000) + offsetSeconds;

describe('session token (spec 4.4)', () => {
  it('reads the claims', () => {
    expect(tokenClaims(token({ sid: 's1', site: 1, cart: 'c1', order: null, exp: exp(60) }))).toMatchObject({ sid: 's1', cart: 'c1' });
  });

  it.each([
    ['valid for another minute', token({ sid: 's', site: 1, exp: exp(60) }), true],
    ['expiring now', token({ sid: 's', site: 1, exp: exp(0) }), false],
    ['expired', token({ sid: 's', site: 1, exp: exp(-1) }), false],
    ['without claims', 'not-a-token', false],
    ['with other claims', token({ user: 'x' }), false],
    ['empty', '', false],
    ['missing', null, false],
  ])('a token %s is usable: %s', (_label, value, usable) => {
    expect(isTokenUsable(value, NOW)).toBe(usable);
    if (typeof value === 'string' && value !== '') expect(isTokenExpired(value, NOW)).toBe(!usable);
  });
});

describe('time left on a token', () => {
  it.each([
    [token({ sid: 's', site: 1, exp: exp(90) }), 90_000],
    [token({ sid: 's', site: 1, exp: exp(-5) }), 0],
    ['not-a-token', 0],
  ])('%s has %i ms left', (value, ms) => {
    expect(msUntilTokenExpiry(value, NOW)).toBe(ms);
  });
});

describe('tokenMayHaveProfile: whether the quote needs the token', () => {
  const claims = { sid: 's', site: 1, exp: exp(600) };
  it.each([
    ['says the session has no loyalty profile', token({ ...claims, profile: false }), false],
    ['says it has one', token({ ...claims, profile: true }), true],
    ['was issued before the claim', token(claims), true],
    ['cannot be read', 'not-a-token', true],
  ])('a token that %s: %s', (_name, t, sent) => {
    expect(tokenMayHaveProfile(t)).toBe(sent);
  });

  it('no token: nothing to send', () => {
    expect(tokenMayHaveProfile(null)).toBe(false);
  });
});

describe('isSessionClaims agrees with the contract (SessionClaimsSchema), which the first page does not load', () => {
  const claims = { sid: 's1', site: 1, cart: 'c1', order: null, exp: exp(60) };
  it.each([
    [claims],
    [{ ...claims, cart: undefined, order: undefined, renewable: true, profile: false }],
    [{ ...claims, extra: 'kept' }],
    [{ ...claims, sid: 1 }],
    [{ ...claims, site: '1' }],
    [{ ...claims, site: Number.NaN }],
    [{ ...claims, cart: 3 }],
    [{ ...claims, exp: undefined }],
    [{ ...claims, renewable: 'yes' }],
    [{ ...claims, profile: null }],
    [null],
    ['claims'],
    [[]],
  ])('%j', (value) => {
    expect(isSessionClaims(value)).toBe(v.is(SessionClaimsSchema, value));
  });
});
