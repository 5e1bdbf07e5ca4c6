/**
 * The payment response page (spec 2.10), inside the payment provider's iframe: its screen loads
 * when its route opens, over the actor the shop starts for it (its machine loads on demand too).
 */
import { onDemand, PageWaiting } from '../pages.tsx';
import { usePageActor } from '../use-machines.ts';

const PaymentResponseScreen = onDemand(() => import('#src/screens/payment-response/payment-response-screen.tsx').then((m) => m.PaymentResponseScreen));

export function PaymentResponsePage() {
  const actor = usePageActor('paymentResponse');
  if (!actor) return <PageWaiting />;
  return <PaymentResponseScreen key={actor.sessionId} actor={actor} />;
}
