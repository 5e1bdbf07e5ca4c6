/**
 * The cart's machine (spec 2.3, 2.6, 4.3, 7.4) with its I/O: one actor for the header cart, the
 * view-cart page and the checkout. It loads on demand (the shop's `loadPages`): when the session's
 * token may name a cart, when the shopper first adds a line, or when a page that shows the cart
 * opens; a new visitor's first page carries none of its code (decision 062).
 */
import type { ActorRefFrom } from 'xstate';
import { statusOf } from '#src/api/client.ts';
import {
  abandonCart,
  addCartLine,
  checkoutCart,
  createCart,
  deleteCartLine,
  extendCart,
  fetchCart,
  fetchCartExists,
  recreateWebCart,
  setBuybackGuarantee,
  setRefundGuarantee,
  updateCartLine,
} from '#src/api/cart.ts';
import { sendTrackingInfo } from '#src/api/order-notes.ts';
import type { Cart } from '#domain/contract/cart.ts';
import type { Tracking } from '#domain/contract/tracking.ts';
import { tokenNamesCart, tokenSaysNoCart } from '#domain/session.ts';
import { cartMachine } from '#machines/cart/cart.machine.ts';
import { fromPromise, type ShopServices } from '../actors.ts';
import { authorised } from '../authorised-calls.ts';
import { trackingCookieValues } from '../browser-services.ts';
import { trackingPayload } from '../tracking.ts';


export function provideCart(services: ShopServices, tracking: () => Partial<Tracking> = trackingCookieValues) {
  const { api } = services;
  return cartMachine.provide({
    actors: {
      // The token says whether the session has a cart (spec 3; decision 023): none, no call; one,
      // GET /api/cart reads it at once (a 404 still means none: it expired and was purged since).
      // A token that cannot say: GET /cart says whether there is one (404: none), then GET /api/cart.
      fetchCart: authorised(
        fromPromise<Cart | null>(async ({ signal }) => {
          const token = services.session.getToken();
          if (tokenSaysNoCart(token)) return null;
          if (tokenNamesCart(token)) {
            return fetchCart(api, { signal }).catch((error: unknown) => {
              if (statusOf(error) === 404) return null;
              throw error;
            });
          }
          return (await fetchCartExists(api, { signal })) === null ? null : fetchCart(api, { signal });
        }),
      ),
      createCart: authorised(fromPromise(({ input, signal }) => createCart(api, input, { signal }))),
      addLine: authorised(fromPromise(({ input, signal }) => addCartLine(api, input, { signal }))),
      updateLine: authorised(fromPromise(({ input, signal }) => updateCartLine(api, input.lineId, input.line, { signal }))),
      removeLine: authorised(fromPromise(({ input, signal }) => deleteCartLine(api, input.lineId, { signal }))),
      setBuyback: authorised(fromPromise(({ input, signal }) => setBuybackGuarantee(api, input.choice, { signal }))),
      setRefund: authorised(fromPromise(({ input, signal }) => setRefundGuarantee(api, input.choice, { signal }))),
      recreateCart: authorised(fromPromise(({ input, signal }) => recreateWebCart(api, input.webCartId, { signal }))),
      abandonCart: authorised(fromPromise(({ signal }) => abandonCart(api, { signal }))),
      extendCart: authorised(fromPromise(({ signal }) => extendCart(api, { signal }))),
      checkoutCart: authorised(
        fromPromise(async ({ signal }) => {
          const order = await checkoutCart(api, { signal });
          // Spec 7.5: the order carries the attribution values; the order stands without them.
          await sendTrackingInfo(api, trackingPayload(tracking()), { signal }).catch((error: unknown) =>
            services.errors.report(error, { where: 'cart.checkoutCart.gaInfo' }),
          );
          return order;
        }),
      ),
    },
  });
}

export type CartActorRef = ActorRefFrom<ReturnType<typeof provideCart>>;
