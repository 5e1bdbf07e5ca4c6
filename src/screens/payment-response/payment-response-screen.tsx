import { useActorRef, useSelector } from '@xstate/react';
import { useEffect } from 'react';
import type { paymentResponseMachine } from '#machines/payment/payment-response.machine.ts';
import { PaymentResponseView } from './payment-response-view.tsx';

export interface PaymentResponseScreenProps {
  /** The payment response chart with its order reader provided (src/app/actors.ts). */
  machine: typeof paymentResponseMachine;
  orderId: string;
  /** The checkout page holding the iframe: window.parent. */
  target: Pick<Window, 'postMessage'>;
  /**
   * The checkout page's exact origin (the app's configured origin). A message is only ever
   * delivered there, never to '*', so another page framing this one learns nothing.
   */
  targetOrigin: string;
}

/** /checkout/payment-response, loaded by the provider inside the payment iframe (spec 2.10). */
export function PaymentResponseScreen({ machine, orderId, target, targetOrigin }: PaymentResponseScreenProps) {
  const actor = useActorRef(machine, { input: { orderId } });
  const statusUnknown = useSelector(actor, (s) => s.hasTag('statusUnknown'));
  useEffect(() => {
    const subscription = actor.on('payment.reported', (event) => target.postMessage(event.message, targetOrigin));
    return () => subscription.unsubscribe();
  }, [actor, target, targetOrigin]);
  return <PaymentResponseView statusUnknown={statusUnknown} />;
}
