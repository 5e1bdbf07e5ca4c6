/**
 * The payment response page's machine (spec 2.10, inside the payment iframe, on the shop's origin)
 * with its I/O: it loads when the shop opens the page (`loadPages`). Its reports go to the page
 * holding the iframe through the effects actor (../effects.ts).
 */
import { fetchOrder } from '#src/api/order.ts';
import { paymentResponseMachine } from '#machines/payment/payment-response.machine.ts';
import { fromPromise, type ShopServices } from '../actors.ts';
import { authorised } from '../authorised-calls.ts';

export function providePaymentResponse(services: ShopServices) {
  return paymentResponseMachine.provide({
    actors: {
      loadOrder: authorised(fromPromise(({ signal }) => fetchOrder(services.api, { signal }))),
    },
  });
}
