import type { SessionInfo } from '#domain/contract/session.ts';
import { firstPageApiRoutes as apiRoutes } from '#domain/contract/routes.ts';
import { schemaIn, type ApiClient, type CallOptions } from './client.ts';

/** The contract's schemas, loaded with the HTTP client when a call is made. */
const contract = () => import('#domain/contract/session.ts');

/** GET /session/{siteId}/token without a bearer: the token of a new anonymous session (spec 4.4, 7.1). */
export async function fetchSessionToken(api: ApiClient, siteId: number, options?: CallOptions): Promise<string> {
  const r = await api.json(apiRoutes.sessionToken, apiRoutes.sessionToken.url(siteId), schemaIn(contract, 'TokenResponseSchema'), { ...options, auth: 'none' });
  return r.token;
}

/**
 * POST /session/{siteId}: a new session. A token presented as the bearer is handed over: a legacy
 * token is exchanged once (spec 4.4), and a refused or expired token of this shop gives the new
 * session its cart and order (docs/decisions/011).
 */
export async function createSession(
  api: ApiClient,
  siteId: number,
  presentedToken?: string | null,
  options?: CallOptions,
): Promise<string> {
  const r = await api.json(apiRoutes.sessionCreate, apiRoutes.sessionCreate.url(siteId), schemaIn(contract, 'TokenResponseSchema'), {
    ...options,
    auth: presentedToken ? { token: presentedToken } : 'none',
  });
  return r.token;
}

/** GET /session/{siteId}: whether the visitor has a loyalty profile. */
export function fetchSessionInfo(api: ApiClient, siteId: number, options?: CallOptions): Promise<SessionInfo> {
  return api.json(apiRoutes.sessionInfo, apiRoutes.sessionInfo.url(siteId), schemaIn(contract, 'SessionInfoSchema'), options);
}

/**
 * The loyalty sign-in page (spec 7.1), returning to returnUrl (/?signedIn). Without a sign-in
 * code it only says to start from the shop: the browser goes there through startLoyaltySignIn.
 */
export function loyaltySignInUrl(api: ApiClient, siteId: number, returnUrl = '/?signedIn'): string {
  const query = new URLSearchParams({ returnUrl });
  return `${api.url(apiRoutes.loyaltySignIn.url(siteId))}?${query.toString()}`;
}

/**
 * POST /session/{siteId}/loyalty-signin/code with the bearer: the sign-in page's address with a
 * short-lived, single-use code, so the session token never travels in a URL.
 */
export async function startLoyaltySignIn(api: ApiClient, siteId: number, returnUrl = '/?signedIn', options?: CallOptions): Promise<string> {
  const r = await api.json(apiRoutes.loyaltySignInStart, apiRoutes.loyaltySignInStart.url(siteId), schemaIn(contract, 'LoyaltySignInStartSchema'), {
    ...options,
    json: { returnUrl },
  });
  return r.url;
}
