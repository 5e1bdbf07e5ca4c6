/**
 * The payment response page's actor (spec 2.10): inside the payment iframe, on the shop's origin.
 * Its machine and its I/O load with its screen.
 */
import { fetchOrder } from '#src/api/order.ts';
import { paymentResponseMachine, type PaymentResponseInput } from '#machines/payment/payment-response.machine.ts';
import { authorised, fromPromise, type ShopServices } from '../actors.ts';
import { useShopServices } from '../providers.tsx';
import { usePageActor, usePageEmitted, type PageActors } from '../use-machines.ts';
import { providedOnce } from './provided.ts';

export function providePaymentResponse(services: ShopServices) {
  return paymentResponseMachine.provide({
    actors: {
      loadOrder: authorised(fromPromise(({ signal }) => fetchOrder(services.api, { signal }))),
    },
  });
}

const paymentResponseOf = providedOnce(providePaymentResponse);

export type PaymentResponseActorRef = PageActors['paymentResponse'];

/**
 * The payment response page's actor. Its reports go to the checkout page holding the iframe
 * (window.parent), and only if that page is on the shop's configured origin.
 */
export function usePaymentResponseActor(
  input: PaymentResponseInput,
  target: Pick<Window, 'postMessage'> = window.parent,
): PaymentResponseActorRef {
  const services = useShopServices();
  const actor = usePageActor({ page: 'paymentResponse', input, logic: paymentResponseOf(services) });
  usePageEmitted('paymentResponse', 'payment.reported', (event) => target.postMessage(event.message, services.config.appOrigin));
  return actor;
}
