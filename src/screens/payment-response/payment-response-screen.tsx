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

