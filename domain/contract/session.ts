import * as v from 'valibot';

/**
 * POST /session/{siteId} and GET /session/{siteId}/token. handedOver, on POST with a token of the
 * shop's own as the bearer: whether the new session kept that session's cart and order (false: a
 * revoked session, or a token expired longer ago than the hand-over allows; the shopper starts
 * afresh and is told); on GET with an expired token, always false (a new anonymous session).
 */
export const TokenResponseSchema = v.object({ token: v.pipe(v.string(), v.minLength(1)), handedOver: v.optional(v.boolean()) });
export type TokenResponse = v.InferOutput<typeof TokenResponseSchema>;

/** GET /session/{siteId}. */
export const SessionInfoSchema = v.object({ hasProfile: v.boolean() });
export type SessionInfo = v.InferOutput<typeof SessionInfoSchema>;

/** The claims inside the signed session token (readable by the client, verified by the server). */
export const SessionClaimsSchema = v.looseObject({
  sid: v.string(),
  site: v.number(),
  cart: v.nullish(v.string()),
  order: v.nullish(v.string()),
  exp: v.number(),
  /**
   * The shop renews this token whenever its session moves to another cart or order (the
   * Session-Token header), so its `cart` can be trusted: null means there is none.
   */
  renewable: v.optional(v.boolean()),
  /**
   * The session has a loyalty profile (better rates). Fixed for a session's life; absent on tokens
   * issued before the shop said so.
   */
  profile: v.optional(v.boolean()),
});
export type SessionClaims = v.InferOutput<typeof SessionClaimsSchema>;

/** Only a path on the shop's own origin: '/', '/?signedIn', never '//elsewhere' or a full URL. */
const ReturnUrl = v.pipe(
  v.string(),
  v.maxLength(500),
  v.regex(/^\/(?![/\\])[^\s\\]*$/, 'must be a path on the shop, such as /?signedIn'),
);
/** POST /session/{siteId}/loyalty-signin/code: where the browser goes to sign in (single use, short-lived). */
export const LoyaltySignInStartRequestSchema = v.object({
  returnUrl: v.optional(ReturnUrl, '/?signedIn'),
});
export type LoyaltySignInStartRequest = v.InferOutput<typeof LoyaltySignInStartRequestSchema>;
export const LoyaltySignInStartSchema = v.object({ url: v.pipe(v.string(), v.url()), expiresAt: v.string() });
export type LoyaltySignInStart = v.InferOutput<typeof LoyaltySignInStartSchema>;

/** The sign-in page's address (GET) and its form (POST): where to go afterwards, and the single-use code. */
export const LoyaltySignInQuerySchema = v.object({
  returnUrl: v.optional(ReturnUrl, '/?signedIn'),
  code: v.pipe(v.string('is required: the sign-in code'), v.regex(/^[\w-]{43}$/, 'must be the sign-in code the shop gave')),
});
