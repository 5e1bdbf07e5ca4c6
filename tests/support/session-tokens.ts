/** Unsigned session tokens with the claims the client reads (domain/session.ts), for tests. */
const segment = (value: unknown): string =>
  Buffer.from(JSON.stringify(value)).toString('base64url');

export function fakeSessionToken(expiresAtMs: number, claims: Record<string, unknown> = {}): string {
  const payload = { sid: 'session-1', site: 1, cart: null, order: null, exp: Math.floor(expiresAtMs / 1000), ...claims };
  return `${segment({ alg: 'HS256', typ: 'JWT' })}.${segment(payload)}.unsigned`;
}
