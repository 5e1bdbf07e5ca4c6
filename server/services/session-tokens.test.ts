import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import type { Deps } from '../deps.ts';
import { HttpProblem } from '../errors.ts';
import { issueToken, verifyToken } from './session.ts';

/** A shop instance's token settings on a clock the test moves. */
function shop(secret: string, at: string) {
  let now = new Date(at);
  const deps = {
    db: undefined as unknown as Deps['db'], // the secret is configured: no database is read
    config: { sessionSecret: secret, sessionTtlMinutes: 30 } as Deps['config'],
    clock: { now: () => now },
  };
  return { deps, moveTo: (when: string) => (now = new Date(when)) };
}

const SESSION = { sessionId: '3d00c595-9973-4f42-a67c-338bfa353254', siteId: 1, cartId: null, orderId: null, hasProfile: false };

async function refusal(promise: Promise<unknown>): Promise<string | undefined> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(HttpProblem);
  return (error as HttpProblem).type;
}

describe('session tokens verified once', () => {
  it('still expire on the clock: a token used again is refused from the second its 30 minutes end', async () => {
    const a = shop('secret-one-0123456789abcdef-0123456789', '2026-11-23T09:00:00Z');
    const token = await issueToken(a.deps, SESSION);
    expect((await verifyToken(a.deps, token)).sid).toBe(SESSION.sessionId);
    a.moveTo('2026-11-23T09:29:59Z');
    expect((await verifyToken(a.deps, token)).sid).toBe(SESSION.sessionId);
    a.moveTo('2026-11-23T09:30:00Z');
    expect(await refusal(verifyToken(a.deps, token))).toBe('token-expired');
  });

  it('are good only under the key that checked them: another secret refuses the same token as forged', async () => {
    const a = shop('secret-one-0123456789abcdef-0123456789', '2026-11-23T09:00:00Z');
    const b = shop('secret-two-0123456789abcdef-0123456789', '2026-11-23T09:00:00Z');
    const token = await issueToken(a.deps, SESSION);
    await verifyToken(a.deps, token);
    expect(await refusal(verifyToken(b.deps, token))).toBe('token-forged');
    expect(await refusal(verifyToken(b.deps, token))).toBe('token-forged');
  });

  it("accept another instance's token (same secret) again after its first check, with its claims, until it expires", async () => {
    const a = shop('secret-one-0123456789abcdef-0123456789', '2026-11-23T09:00:00Z');
    const issuedAt = Math.floor(new Date('2026-11-23T09:00:00Z').getTime() / 1000);
    const token = await new SignJWT({ sid: SESSION.sessionId, site: 1, cart: null, order: null, renewable: true, profile: true })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuer('travel-money-shop')
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + 60)
      .sign(new TextEncoder().encode('secret-one-0123456789abcdef-0123456789'));
    const first = await verifyToken(a.deps, token);
    expect(await verifyToken(a.deps, token)).toEqual(first);
    expect(first).toEqual({ sid: SESSION.sessionId, site: 1, cart: null, order: null, renewable: true, profile: true });
    a.moveTo('2026-11-23T09:01:00Z');
    expect(await refusal(verifyToken(a.deps, token))).toBe('token-expired');
  });

  it('refuse a tampered copy of a token that was accepted', async () => {
    const a = shop('secret-one-0123456789abcdef-0123456789', '2026-11-23T09:00:00Z');
    const token = await issueToken(a.deps, SESSION);
    await verifyToken(a.deps, token);
    const [header, , signature] = token.split('.');
    const payload = Buffer.from(JSON.stringify({ sid: SESSION.sessionId, site: 2, iss: 'travel-money-shop', exp: 2_000_000_000 })).toString('base64url');
    expect(await refusal(verifyToken(a.deps, `${header}.${payload}.${signature}`))).toBe('token-forged');
  });
});
