/**
 * The payment response page (spec 2.10), inside the payment provider's iframe: its actor's machine
 * (./payment-response.ts) and its screen load when its route opens.
 */
import { useState } from 'react';
import { useLocation } from 'react-router-dom';
import { reportedOrderIdOf } from '#src/screens/payment-response/reported-order-id.ts';
import { onDemand } from '../pages.tsx';
import { usePaymentResponseActor } from './payment-response.ts';

const PaymentResponseScreen = onDemand(() => import('#src/screens/payment-response/payment-response-screen.tsx').then((m) => m.PaymentResponseScreen));

export function PaymentResponsePage() {
  const location = useLocation();
  const [orderId] = useState(() => reportedOrderIdOf(location.search));
  return <PaymentResponseScreen actor={usePaymentResponseActor({ orderId })} />;
}
