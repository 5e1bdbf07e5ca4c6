/**
 * Visitor sessions (spec 7.1, 4.4). A session is a database row; the visitor holds a signed token
 * (HS256) naming it, with the session's site, cart and order and an expiry. The row is the truth:
 * the token's claims are checked against it on every authorised call.
 */
import { and, eq, gt, isNull, or, sql, type SQL } from 'drizzle-orm';
import { createHash, randomBytes } from 'node:crypto';
import { SignJWT, compactVerify, errors as joseErrors, jwtVerify } from 'jose';
import type { Db } from '../db/client.ts';
import { reusable } from '../db/reusable.ts';
import * as t from '../db/schema.ts';
import type { Deps } from '../deps.ts';
import { forbidden, HttpProblem, notFound, unauthorized } from '../errors.ts';
import { storedSecret } from './app-secrets.ts';

/** What an authorised route knows about its caller (`c.get('session')`). */
export interface SessionContext {
  sessionId: string;
  siteId: number;
  cartId: string | null;
  orderId: string | null;
  /** A loyalty profile (better rates): read once, with the session, when the call is authorised. */
  hasProfile: boolean;
}

export interface SessionRow extends SessionContext {
  /** Revoked or handed over: its tokens are refused. */
  revoked: boolean;
}

/** A session with the cart and order its token named (the row may have moved on). */
export interface AuthenticatedSession extends SessionRow {
  claims: { cart: string | null; order: string | null; renewable: boolean; profile: boolean | null };
}

/**
 * True when the token's claims no longer say which cart and order the session has, or come from a
 * token issued before tokens were renewed (whose cart claim cannot be trusted).
 */
export function claimsAreStale(claims: AuthenticatedSession['claims'], session: Pick<SessionContext, 'cartId' | 'orderId' | 'hasProfile'>): boolean {
  return !claims.renewable || claims.cart !== session.cartId || claims.order !== session.orderId || claims.profile !== session.hasProfile;
}

/** Opaque tokens of the old system look like `legacy.<anything>`. */
export const LEGACY_TOKEN = /^legacy\.[A-Za-z0-9._~-]{1,200}$/;
const SECRET_NAME = 'session-signing-key';
const ISSUER = 'travel-money-shop';

const keys = new WeakMap<Db, Promise<CryptoKey>>();
const configuredKeys = new Map<string, Promise<CryptoKey>>();

/**
 * The HMAC key tokens are signed with: SESSION_SECRET, or a random key made on first use and kept
 * in app_secrets. Imported once (signing with raw bytes would import them on every call).
 */
export function signingKey(deps: Pick<Deps, 'db' | 'config'>): Promise<CryptoKey> {
  const secret = deps.config.sessionSecret;
  if (secret !== null) {
    let key = configuredKeys.get(secret);
    if (key === undefined) {
      key = hmacKey(new TextEncoder().encode(secret));
      configuredKeys.set(secret, key);
    }
    return key;
  }
  let key = keys.get(deps.db);
  if (key === undefined) {
    key = loadOrCreateSecret(deps.db).then(hmacKey);
    keys.set(deps.db, key);
    key.catch(() => keys.delete(deps.db));
  }
  return key;
}

const hmacKey = (bytes: Uint8Array<ArrayBuffer>): Promise<CryptoKey> =>
  crypto.subtle.importKey('raw', bytes, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);

async function loadOrCreateSecret(db: Db): Promise<Uint8Array<ArrayBuffer>> {
  return new Uint8Array(Buffer.from(await storedSecret(db, SECRET_NAME), 'base64url'));
}

function toRow(r: typeof t.sessions.$inferSelect): SessionRow {
  return {
    sessionId: r.id,
    siteId: r.siteId,
    cartId: r.cartId,
    orderId: r.orderId,
    hasProfile: r.hasProfile,
    revoked: r.revokedAt !== null,
  };
}

export async function issueToken(deps: Pick<Deps, 'db' | 'config' | 'clock'>, session: SessionContext): Promise<string> {
  const now = Math.floor(deps.clock.now().getTime() / 1000);
  const exp = now + deps.config.sessionTtlMinutes * 60;
  const payload = { sid: session.sessionId, site: session.siteId, cart: session.cartId, order: session.orderId, renewable: true, profile: session.hasProfile };
  const key = await signingKey(deps);
  const token = await new SignJWT(payload).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).setIssuer(ISSUER).setIssuedAt(now).setExpirationTime(exp).sign(key);
  // The shopper's next call sends it back: this instance signed it, so it needs no second check.
  rememberVerified(key, token, claimsOf(payload), exp);
  return token;
}

/** The claims of a token whose signature and issuer were checked, and its expiry (seconds). */
interface VerifiedToken {
  claims: Claims;
  exp: number;
}

/** How many verified tokens each key remembers; the longest unused go first. */
export const VERIFIED_TOKENS_KEPT = 10_000;
const verifiedTokens = new WeakMap<CryptoKey, Map<string, VerifiedToken>>();

/**
 * Tokens this instance signed or verified, per key: the app sends the same token with every call
 * until it changes, and checking its HMAC again (an asynchronous webcrypto job) was about a
 * fourteenth of a cart add's CPU. A token is known good only under the key it was checked with; its
 * expiry is checked on every use against the clock, as jose checks it, so nothing expired is let
 * through; the session row is still read on every call (revocation, cart, order).
 */
function rememberVerified(key: CryptoKey, token: string, claims: Claims, exp: number): void {
  let tokens = verifiedTokens.get(key);
  if (tokens === undefined) {
    tokens = new Map();
    verifiedTokens.set(key, tokens);
  }
  tokens.delete(token);
  // Shared by every call that sends the token: frozen, so no caller can change what the next one reads.
  tokens.set(token, { claims: Object.freeze(claims), exp });
  if (tokens.size > VERIFIED_TOKENS_KEPT) tokens.delete(tokens.keys().next().value as string);
}

function recallVerified(key: CryptoKey, token: string): VerifiedToken | undefined {
  const tokens = verifiedTokens.get(key);
  const found = tokens?.get(token);
  if (tokens === undefined || found === undefined) return undefined;
  // Most recently used last, so the bound drops the tokens nobody sends any more.
  tokens.delete(token);
  tokens.set(token, found);
  return found;
}

async function assertSite(db: Db, siteId: number): Promise<void> {
  const [site] = await db.select({ id: t.sites.id }).from(t.sites).where(eq(t.sites.id, siteId));
  if (site === undefined) throw notFound(`There is no site ${siteId}.`);
}

export async function createSession(deps: Deps, siteId: number, options: { hasProfile?: boolean } = {}): Promise<SessionRow> {
  await assertSite(deps.db, siteId);
  const now = deps.clock.now();
  const [row] = await deps.db
    .insert(t.sessions)
    .values({ siteId, hasProfile: options.hasProfile ?? false, createdAt: now, updatedAt: now })
    .returning();
  if (row === undefined) throw new Error('The session was not created');
  return toRow(row);
}

/**
 * Exchanges an old system's token for a new session, once: the token is marked in the same
 * statement that checks it, so two racing exchanges cannot both succeed.
 */
export async function exchangeLegacyToken(deps: Deps, siteId: number, token: string): Promise<SessionRow> {
  if (!LEGACY_TOKEN.test(token)) throw unauthorized('The legacy token is not recognised.', 'legacy-token-unrecognised');
  await assertSite(deps.db, siteId);
  return deps.db.transaction(async (tx) => {
    const now = deps.clock.now();
    const [session] = await tx.insert(t.sessions).values({ siteId, createdAt: now, updatedAt: now }).returning();
    if (session === undefined) throw new Error('The session was not created');
    const [claimed] = await tx
      .insert(t.legacyTokens)
      .values({ token, exchangedAt: now, sessionId: session.id })
      .onConflictDoUpdate({
        target: t.legacyTokens.token,
        set: { exchangedAt: now, sessionId: session.id },
        setWhere: isNull(t.legacyTokens.exchangedAt),
      })
      .returning();
    if (claimed === undefined) throw unauthorized('This legacy token has already been exchanged.', 'legacy-token-used');
    if (!claimed.hasProfile) return toRow(session);
    const [upgraded] = await tx.update(t.sessions).set({ hasProfile: true }).where(eq(t.sessions.id, session.id)).returning();
    return toRow(upgraded ?? session);
  });
}

/** Every signed-in call reads its session: built once (server/db/reusable.ts). */
const sessionById = reusable((db) => db.select().from(t.sessions).where(eq(t.sessions.id, sql.placeholder('sessionId'))));

export async function findSession(db: Db, sessionId: string): Promise<SessionRow | null> {
  const [row] = await sessionById(db, { sessionId });
  return row === undefined ? null : toRow(row);
}

interface Claims {
  sid: string;
  site: number;
  cart: string | null;
  order: string | null;
  /** Issued since tokens are renewed on every change of cart or order (Session-Token). */
  renewable: boolean;
  /** The session has a loyalty profile (fixed for its life); null on tokens issued before the claim. */
  profile: boolean | null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** The shape of a JWT: three base64url parts. */
export const JWT_SHAPE = /^[\w-]+\.[\w-]+\.[\w-]+$/;

const optionalId = (x: unknown) => x === null || x === undefined || (typeof x === 'string' && UUID.test(x));

/** The shop's claims from a verified payload; 401 when they are not the shape it signs. */
function claimsOf(payload: Record<string, unknown>): Claims {
  const { sid, site, cart, order, renewable, profile } = payload;
  if (typeof sid !== 'string' || !UUID.test(sid) || typeof site !== 'number' || !optionalId(cart) || !optionalId(order)) {
    throw unauthorized('The session token is malformed.', 'token-malformed');
  }
  return { sid, site, cart: (cart as string | undefined) ?? null, order: (order as string | undefined) ?? null, renewable: renewable === true, profile: typeof profile === 'boolean' ? profile : null };
}

/** Verifies signature, issuer and expiry (against the injected clock); 401 otherwise. */
export async function verifyToken(deps: Pick<Deps, 'db' | 'config' | 'clock'>, token: string): Promise<Claims> {
  if (!JWT_SHAPE.test(token)) throw unauthorized('The session token is malformed.', 'token-malformed');
  const key = await signingKey(deps);
  const currentDate = deps.clock.now();
  const known = recallVerified(key, token);
  if (known !== undefined) {
    // jose's rule: expired once `exp` is at or before the current second.
    if (known.exp <= Math.floor(currentDate.getTime() / 1000)) throw unauthorized('The session token has expired.', 'token-expired');
    return known.claims;
  }
  try {
    const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'], issuer: ISSUER, currentDate, requiredClaims: ['exp', 'sid', 'site'] });
    const claims = claimsOf(payload);
    rememberVerified(key, token, claims, payload.exp as number);
    return claims;
  } catch (error) {
    if (error instanceof joseErrors.JWTExpired) throw unauthorized('The session token has expired.', 'token-expired');
    if (error instanceof joseErrors.JWSSignatureVerificationFailed) {
      throw unauthorized('The session token was not signed by this shop.', 'token-forged');
    }
    if (error instanceof joseErrors.JOSEError) throw unauthorized('The session token is malformed.', 'token-malformed');
    throw error;
  }
}

/**
 * The claims of a token this shop signed, whatever its expiry (an expired or revoked token is what
 * a browser hands over), with its expiry; null for anything it did not sign.
 */
export async function readOwnToken(deps: Pick<Deps, 'db' | 'config'>, token: string): Promise<(Claims & { exp: number }) | null> {
  if (!JWT_SHAPE.test(token)) return null;
  try {
    const { payload, protectedHeader } = await compactVerify(token, await signingKey(deps), { algorithms: ['HS256'] });
    if (protectedHeader.alg !== 'HS256') return null;
    const parsed: unknown = JSON.parse(new TextDecoder().decode(payload));
    if (typeof parsed !== 'object' || parsed === null || (parsed as { iss?: unknown }).iss !== ISSUER) return null;
    const exp = (parsed as { exp?: unknown }).exp;
    if (typeof exp !== 'number' || !Number.isFinite(exp)) return null;
    return { ...claimsOf(parsed as Record<string, unknown>), exp };
  } catch {
    return null;
  }
}

/** The token from an `Authorization: Bearer ...` header, or null when there is none. */
export function bearerToken(header: string | undefined | null): string | null {
  if (header === undefined || header === null || header.trim() === '') return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header.trim());
  if (match === null) throw unauthorized('The Authorization header must be "Bearer <token>".', 'token-malformed');
  return match[1] ?? null;
}

/**
 * The session behind a token. A token whose cart or order belongs to another session is refused
 * (403); a claim that is merely stale (the session has moved to a newer cart) is not, because the
 * row, not the token, says which cart and order the session has.
 */
export async function authenticate(deps: Pick<Deps, 'db' | 'config' | 'clock'>, token: string | null): Promise<AuthenticatedSession> {
  if (token === null) throw unauthorized('A session token is required.', 'token-missing');
  const claims = await verifyToken(deps, token);
  const session = await findSession(deps.db, claims.sid);
  if (session === null) throw unauthorized('The session no longer exists.', 'session-unknown');
  if (session.revoked) throw unauthorized('This session has ended.', 'session-revoked');
  if (session.siteId !== claims.site) throw unauthorized('The session token does not match its session.', 'token-mismatch');
  if (claims.cart !== null && claims.cart !== session.cartId) {
    const [cart] = await deps.db.select({ sessionId: t.carts.sessionId }).from(t.carts).where(eq(t.carts.id, claims.cart));
    if (cart !== undefined && cart.sessionId !== session.sessionId) throw forbidden('This cart belongs to another session.');
  }
  if (claims.order !== null && claims.order !== session.orderId) {
    const [order] = await deps.db.select({ sessionId: t.orders.sessionId }).from(t.orders).where(eq(t.orders.id, claims.order));
    if (order !== undefined && order.sessionId !== session.sessionId) throw forbidden('This order belongs to another session.');
  }
  return { ...session, claims: { cart: claims.cart, order: claims.order, renewable: claims.renewable, profile: claims.profile } };
}

/**
 * The session for GET /session/{siteId}/token (spec 4.4 and 7.1: the token is fetched when it is
 * missing or expired): the token's own session while the token is good; null when there is no
 * token or it has expired, and the caller starts a new anonymous session (an expired token opens
 * nothing: its cart and order are handed over only through POST /session/{siteId}, within the
 * grace). Every other refusal stands, as on any authorised call: a forged, malformed or revoked
 * token is 401 and one naming another session's cart or order is 403, so no token is turned into
 * a way into someone's cart.
 */
export async function sessionUnlessMissingOrExpired(deps: Pick<Deps, 'db' | 'config' | 'clock'>, token: string | null): Promise<AuthenticatedSession | null> {
  if (token === null) return null;
  try {
    return await authenticate(deps, token);
  } catch (error) {
    if (error instanceof HttpProblem && error.type === 'token-expired') return null;
    throw error;
  }
}

/**
 * Points a session at its current cart and/or order (undefined leaves a field as it is, null
 * clears it). Call it inside the transaction that creates the cart or order; afterwards the
 * client's GET /session/{siteId}/token returns a token carrying the new ids.
 */
export async function setSessionCart(
  db: Db,
  sessionId: string,
  change: { cartId?: string | null; orderId?: string | null },
  now: Date = new Date(),
): Promise<SessionContext> {
  const set: Partial<typeof t.sessions.$inferInsert> = { updatedAt: now };
  if (change.cartId !== undefined) set.cartId = change.cartId;
  if (change.orderId !== undefined) set.orderId = change.orderId;
  const [row] = await db.update(t.sessions).set(set).where(eq(t.sessions.id, sessionId)).returning();
  if (row === undefined) throw notFound('The session no longer exists.');
  return toRow(row);
}

/** The loyalty sign-in: the session now has a profile (better rates). */
export async function markProfile(deps: Pick<Deps, 'db' | 'clock'>, sessionId: string): Promise<void> {
  await deps.db
    .update(t.sessions)
    .set({ hasProfile: true, updatedAt: deps.clock.now() })
    .where(and(eq(t.sessions.id, sessionId)));
}

/** What POST /session/{siteId} with a token of the shop's own gives: a new session, and whether it kept the old one's cart and order. */
export interface HandOver {
  session: SessionRow;
  handedOver: boolean;
}

/**
 * POST /session/{siteId} with a token this shop signed: a new session. The new session takes
 * over the old one's cart, order and loyalty profile, and the old session ends (its tokens are
 * refused from then on), only when the old session was neither revoked nor handed over already,
 * is of this site, and the token is unexpired or expired less than SESSION_HANDOVER_GRACE_MINUTES
 * ago. This is how a browser whose token expired while the shopper was away keeps what it had
 * (docs/decisions/011). Anything else gets a fresh session with nothing in it (handedOver false):
 * a revoked session's cart and order stay out of reach of whoever holds its token, and a token
 * found long after its expiry opens nothing. The row lock makes one hand-over of a session.
 */
export async function handOverSession(deps: Deps, siteId: number, token: string): Promise<HandOver> {
  const claims = await readOwnToken(deps, token);
  const fresh = async () => ({ session: await createSession(deps, siteId), handedOver: false });
  if (claims === null || claims.site !== siteId) return fresh();
  const graceEndsMs = (claims.exp + deps.config.sessionHandoverGraceMinutes * 60) * 1000;
  if (deps.clock.now().getTime() >= graceEndsMs) return fresh();
  await assertSite(deps.db, siteId);
  return deps.db.transaction(async (tx) => {
    const now = deps.clock.now();
    const [old] = await tx.select().from(t.sessions).where(eq(t.sessions.id, claims.sid)).for('update');
    const keep = old !== undefined && old.siteId === siteId && old.replacedBy === null && old.revokedAt === null ? old : null;
    const [created] = await tx
      .insert(t.sessions)
      .values({
        siteId,
        hasProfile: keep?.hasProfile ?? false,
        cartId: keep?.cartId ?? null,
        orderId: keep?.orderId ?? null,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    if (created === undefined) throw new Error('The session was not created');
    if (keep === null) return { session: toRow(created), handedOver: false };
    if (keep.cartId !== null) {
      await tx
        .update(t.carts)
        .set({ sessionId: created.id })
        .where(and(eq(t.carts.id, keep.cartId), eq(t.carts.sessionId, keep.id)));
    }
    const ofSession: SQL[] = [];
    if (keep.orderId !== null) ofSession.push(eq(t.orders.id, keep.orderId));
    if (keep.cartId !== null) ofSession.push(eq(t.orders.cartId, keep.cartId));
    if (ofSession.length > 0) {
      await tx
        .update(t.orders)
        .set({ sessionId: created.id })
        .where(and(eq(t.orders.sessionId, keep.id), or(...ofSession)));
    }
    await tx
      .update(t.sessions)
      .set({ revokedAt: now, replacedBy: created.id, updatedAt: now })
      .where(eq(t.sessions.id, keep.id));
    return { session: toRow(created), handedOver: true };
  });
}

/**
 * Revokes a session (the operations route): its tokens authorise nothing from now on, and it is
 * never handed over: the browser holding it gets a fresh, empty session. False when there is none.
 */
export async function revokeSession(deps: Pick<Deps, 'db' | 'clock'>, sessionId: string): Promise<boolean> {
  if (!UUID.test(sessionId)) return false;
  const now = deps.clock.now();
  const [row] = await deps.db
    .update(t.sessions)
    .set({ revokedAt: now, updatedAt: now })
    .where(and(eq(t.sessions.id, sessionId), isNull(t.sessions.revokedAt)))
    .returning({ id: t.sessions.id });
  if (row !== undefined) return true;
  return (await findSession(deps.db, sessionId)) !== null;
}

/** How long a loyalty sign-in code may wait before it is used. */
export const SIGN_IN_CODE_TTL_MS = 5 * 60_000;

const codeHash = (code: string) => createHash('sha256').update(code, 'utf8').digest('hex');

/**
 * A single-use loyalty sign-in code for a session, so the browser navigation to the sign-in page
 * carries this code instead of the session token. Only its hash is kept.
 */
export async function createSignInCode(deps: Pick<Deps, 'db' | 'clock'>, sessionId: string): Promise<{ code: string; expiresAt: Date }> {
  const code = randomBytes(32).toString('base64url');
  const expiresAt = new Date(deps.clock.now().getTime() + SIGN_IN_CODE_TTL_MS);
  await deps.db.insert(t.loyaltySigninCodes).values({ codeHash: codeHash(code), sessionId, expiresAt });
  return { code, expiresAt };
}

/** The session of a sign-in code still unused and unexpired, on a live session of siteId; null otherwise. */
export async function sessionOfSignInCode(deps: Pick<Deps, 'db' | 'clock'>, siteId: number, code: string): Promise<SessionRow | null> {
  const [row] = await deps.db
    .select({ sessionId: t.loyaltySigninCodes.sessionId })
    .from(t.loyaltySigninCodes)
    .where(and(eq(t.loyaltySigninCodes.codeHash, codeHash(code)), isNull(t.loyaltySigninCodes.usedAt), gt(t.loyaltySigninCodes.expiresAt, deps.clock.now())));
  if (row === undefined) return null;
  const session = await findSession(deps.db, row.sessionId);
  return session !== null && !session.revoked && session.siteId === siteId ? session : null;
}

/** Uses a sign-in code, once: the same statement checks and marks it, so two submits cannot both pass. */
export async function useSignInCode(deps: Pick<Deps, 'db' | 'clock'>, siteId: number, code: string): Promise<SessionRow | null> {
  const now = deps.clock.now();
  const [row] = await deps.db
    .update(t.loyaltySigninCodes)
    .set({ usedAt: now })
    .where(and(eq(t.loyaltySigninCodes.codeHash, codeHash(code)), isNull(t.loyaltySigninCodes.usedAt), gt(t.loyaltySigninCodes.expiresAt, now)))
    .returning({ sessionId: t.loyaltySigninCodes.sessionId });
  if (row === undefined) return null;
  const session = await findSession(deps.db, row.sessionId);
  return session !== null && !session.revoked && session.siteId === siteId ? session : null;
}

/**
 * The session of an optional bearer token: content and rate calls work without one, and a token
 * that no longer verifies is treated as none (the client renews it on its own schedule).
 */
export async function optionalSession(deps: Pick<Deps, 'db' | 'config' | 'clock'>, header: string | undefined): Promise<SessionRow | null> {
  try {
    const token = bearerToken(header);
    return token === null ? null : await authenticate(deps, token);
  } catch {
    return null;
  }
}

/**
 * Whether the bearer's session has a loyalty profile, for the quote. A token that says it has is
 * believed without reading the session: a profile is never taken away from a session, and the
 * quote only shows a price (adding to the cart prices again with the session row, revocation
 * checked). A token that says it has not may predate the loyalty sign-in, and one issued before
 * the claim says nothing: both are checked against the session. The app sends the token with the
 * quote only in those cases (src/api/catalogue.ts), so a shopper without a profile is quoted
 * without any read of the session.
 */
export async function quotesWithProfile(deps: Pick<Deps, 'db' | 'config' | 'clock'>, header: string | undefined, siteId: number): Promise<boolean> {
  let claims;
  try {
    const token = bearerToken(header);
    if (token === null) return false;
    claims = await verifyToken(deps, token);
  } catch {
    return false;
  }
  if (claims.profile === true) return claims.site === siteId;
  // A token from before the profile claim: the session row says (the token is verified once).
  const session = await findSession(deps.db, claims.sid);
  return session !== null && !session.revoked && session.siteId === claims.site && session.siteId === siteId && session.hasProfile;
}
