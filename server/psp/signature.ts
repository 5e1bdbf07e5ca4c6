import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * HMAC-SHA256 signatures shared by the shop and the sandbox provider. The provider signs the raw
 * callback body; the shop signs the payment link it hands to the provider, so the provider can
 * trust the amount it shows without a call back to the shop.
 */
export const SIGNATURE_HEADER = 'Psp-Signature';
const PREFIX = 'sha256=';

function hmac(secret: string, data: string): Buffer {
  return createHmac('sha256', secret).update(data, 'utf8').digest();
}

export function signBody(secret: string, body: string): string {
  return PREFIX + hmac(secret, body).toString('hex');
}

/** Constant-time check of a `sha256=<hex>` header against the raw body. */
export function verifyBody(secret: string, body: string, header: string | null | undefined): boolean {
  if (!header?.startsWith(PREFIX)) return false;
  const hex = header.slice(PREFIX.length);
  if (!/^[0-9a-f]{64}$/i.test(hex)) return false;
  const given = Buffer.from(hex, 'hex');
  const expected = hmac(secret, body);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** A compact signed token: base64url(JSON) + '.' + base64url(HMAC). */
export function signToken(secret: string, payload: object): string {
  const data = Buffer.from(JSON.stringify(payload), 'utf8').toString('base64url');
  return `${data}.${hmac(secret, data).toString('base64url')}`;
}

/** The token's payload, or null when it is malformed or its signature does not match. */
export function readToken(secret: string, token: string | null | undefined): unknown {
  if (!token) return null;
  const [data, sig, extra] = token.split('.');
  if (!data || !sig || extra !== undefined) return null;
  const given = Buffer.from(sig, 'base64url');
  const expected = hmac(secret, data);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    return JSON.parse(Buffer.from(data, 'base64url').toString('utf8')) as unknown;
  } catch {
    return null;
  }
}
