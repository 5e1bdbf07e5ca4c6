/**
 * Signed links in the shop's emails (the basket link's opt-out, a rate alert's cancel link): an
 * HMAC of what the link acts on, with a key the shop keeps (app_secrets), so nobody can act on
 * another address or alert by changing the link.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Db } from '../db/client.ts';
import { storedSecret } from './app-secrets.ts';

const SECRET_NAME = 'email-links';

export async function signLink(db: Db, purpose: string, value: string): Promise<string> {
  return createHmac('sha256', await storedSecret(db, SECRET_NAME)).update(`${purpose}:${value}`).digest('base64url');
}

export async function isSignedLink(db: Db, purpose: string, value: string, sig: string): Promise<boolean> {
  const expected = Buffer.from(await signLink(db, purpose, value));
  const given = Buffer.from(sig);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
