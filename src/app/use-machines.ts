/**
 * What the app's pages read from the actors: each page's actor as the shop runs it (the shop opens
 * and closes them from the address, machines/shop), and what the screens read of the root actors
 * (the cart's countdown, the session's profile and notice, the loyalty sign-in).
 */
import { useSelector } from '@xstate/react';
import { useCallback } from 'react';
import { selectCountdownRef } from '#machines/cart/cart-summary.ts';
import { selectHasProfile, selectSessionFailed, selectSessionNotice, type SessionNotice } from '#machines/session/session.machine.ts';
import type { ShopSnapshot } from '#machines/shop/shop.machine.ts';
import { loyaltySignInUrl, startLoyaltySignIn } from '#src/api/session.ts';
import { useShopActor, useShopActors, useShopServices, useSiteSettings } from './providers.tsx';
import { sessionStarted } from './session-link.ts';

/** The actors the shop runs for pages, by their systemId. */
type ShopChildren = ShopSnapshot['children'];
export type PageActorId = Exclude<keyof ShopChildren, 'session' | 'effects' | 'loadSettings' | 'loadPages' | 'cart'>;
export type PageActors = { [Id in PageActorId]: NonNullable<ShopChildren[Id]> };

/**
 * A page's actor as the shop runs it for the address, or undefined until it does (its machine may
 * still be loading): the page shows its spinner meanwhile.
 */
export function usePageActor<Id extends PageActorId>(id: Id): PageActors[Id] | undefined {
  const shop = useShopActor();
  return useSelector(shop, (s) => s.children[id]) as PageActors[Id] | undefined;
}

/** A page's machine could not be loaded: 'Something went wrong' and Retry. */
export function usePageLoadFailure(): { failed: boolean; retry: () => void } {
  const shop = useShopActor();
  const failed = useSelector(shop, (s) => s.hasTag('pageFailed'));
  const retry = useCallback(() => shop.send({ type: 'pages.retried' }), [shop]);
  return { failed, retry };
}

// ------------------------------------------------------------------------------------------------
// Cart (root actor): its countdown child
// ------------------------------------------------------------------------------------------------

/** The cart's countdown child while there is a cart (for the checkout header); undefined while the cart does not run. */
export function useCartCountdown() {
  const { cart } = useShopActors();
  return useSelector(cart ?? undefined, (snapshot) => (snapshot === undefined ? undefined : selectCountdownRef(snapshot)));
}

// ------------------------------------------------------------------------------------------------
// Session (root actor): the loyalty profile
// ------------------------------------------------------------------------------------------------

/** The visitor has a loyalty profile: "You're signed in!". */
export function useSignedIn(): boolean {
  const { session } = useShopActors();
  return useSelector(session, selectHasProfile);
}

/** The notice that a refused session was replaced, and how the shopper dismisses it. */
export function useSessionNotice(): { notice: SessionNotice | null; dismiss: () => void; failed: boolean; retry: () => void } {
  const { session } = useShopActors();
  const notice = useSelector(session, selectSessionNotice);
  const failed = useSelector(session, selectSessionFailed);
  const dismiss = useCallback(() => session.send({ type: 'session.noticeDismissed' }), [session]);
  const retry = useCallback(() => session.send({ type: 'session.retried' }), [session]);
  return { notice, dismiss, failed, retry };
}

/** The loyalty sign-in address (spec 7.1), when the site shows the CTA and the visitor is not signed in. */
export function useLoyaltySignInHref(): string | null {
  const { api, config } = useShopServices();
  const settings = useSiteSettings();
  const { session } = useShopActors();
  // A session in place, or none yet (the sign-in starts one): not while one is on its way or failed.
  const settled = useSelector(session, (s) => s.hasTag('ready') || s.hasTag('none'));
  const signedIn = useSelector(session, selectHasProfile);
  if (!settings.showLoyaltyCTA || signedIn || !settled) return null;
  return loyaltySignInUrl(api, config.siteId);
}

const goToAddress = (url: string) => window.location.assign(url);

/**
 * Starts the loyalty sign-in: asks the API for a single-use sign-in code (with the bearer, so the
 * token never goes in the address; a visitor with no session yet gets one first) and then goes to
 * the sign-in page with it. A refused session reaches the session actor through the API client,
 * like any call.
 */
export function useLoyaltySignInStart(navigate: (url: string) => void = goToAddress): () => void {
  const { api, config } = useShopServices();
  const { session } = useShopActors();
  return useCallback(() => {
    sessionStarted(session)
      .then(() => startLoyaltySignIn(api, config.siteId))
      .then(navigate, (error: unknown) => console.warn('The loyalty sign-in could not start', error));
  }, [api, config.siteId, navigate, session]);
}
