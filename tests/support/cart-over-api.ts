/**
 * The cart machine with its actors calling the real API modules (src/api/cart.ts) on a given
 * client, for component tests that run the header cart against the msw handlers.
 */
import { fromPromise } from 'xstate';
import { createApiClient } from '#src/api/client.ts';
import { abandonCart, addCartLine, checkoutCart, createCart, deleteCartLine, extendCart, fetchCart, fetchCartExists, recreateWebCart, setBuybackGuarantee, setRefundGuarantee, updateCartLine } from '#src/api/cart.ts';
import { cartMachine } from '#machines/cart/cart.machine.ts';
import { MOCK_API_BASE } from '../../mocks/handlers.ts';

export function cartOverApi(token = 'token-1') {
  const api = createApiClient({ baseUrl: MOCK_API_BASE, getToken: () => token });
  return cartMachine.provide({
    actors: {
      fetchCart: fromPromise(async ({ signal }) => ((await fetchCartExists(api, { signal })) === null ? null : fetchCart(api, { signal }))),
      createCart: fromPromise(({ input, signal }) => createCart(api, input, { signal })),
      addLine: fromPromise(({ input, signal }) => addCartLine(api, input, { signal })),
      updateLine: fromPromise(({ input, signal }) => updateCartLine(api, input.lineId, input.line, { signal })),
      removeLine: fromPromise(({ input, signal }) => deleteCartLine(api, input.lineId, { signal })),
      setBuyback: fromPromise(({ input, signal }) => setBuybackGuarantee(api, input.choice, { signal })),
      setRefund: fromPromise(({ input, signal }) => setRefundGuarantee(api, input.choice, { signal })),
      recreateCart: fromPromise(({ input, signal }) => recreateWebCart(api, input.webCartId, { signal })),
      abandonCart: fromPromise(({ signal }) => abandonCart(api, { signal })),
      checkoutCart: fromPromise(({ signal }) => checkoutCart(api, { signal })),
      extendCart: fromPromise(({ signal }) => extendCart(api, { signal })),
    },
  });
}

export const cartSettings = { isPartner: false, showBuybackGuarantee: true, showRefundGuarantee: true, identificationThresholdMinor: 100_000 };
