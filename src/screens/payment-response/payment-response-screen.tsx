import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { paymentResponseMachine } from '#machines/payment/payment-response.machine.ts';
import { PaymentResponseView } from './payment-response-view.tsx';

export interface PaymentResponseScreenProps {
  /**
   * The payment response actor. Whoever creates it delivers its reports to the checkout page
   * holding the iframe, at that page's exact origin (src/app/use-machines.ts).
   */
  actor: ActorRefFrom<typeof paymentResponseMachine>;
}

/** /checkout/payment-response, loaded by the provider inside the payment iframe (spec 2.10). */
export function PaymentResponseScreen({ actor }: PaymentResponseScreenProps) {
  const statusUnknown = useSelector(actor, (s) => s.hasTag('statusUnknown'));
  return <PaymentResponseView statusUnknown={statusUnknown} />;
}

/**
 * The order the report names: the provider returns with its payment id; an order id in the
 * address wins when there is one. The checkout page does not read it, so a placeholder will do.
 */
export function reportedOrderIdOf(search: string): string {
  const query = new URLSearchParams(search);
  return query.get('orderId')?.trim() || query.get('paymentId')?.trim() || 'unknown';
}
