import { useMemo } from 'react';
import { londonDate, londonDateKey } from '#domain/availability.ts';
import { messages } from '#domain/messages.ts';
import type { CountdownActorRef } from '../checkout-header/checkout-header.tsx';
import { CheckoutFrame } from '../checkout-shared/checkout-frame.tsx';
import { useCheckoutOrder, useCheckoutProblem, useCheckoutTag, type CheckoutActorRef } from '../checkout-shared/use-checkout.ts';
import { confirmationOf, needsStoreDetails, type ConfirmationSettings } from '#domain/order-confirmation.ts';
import { ConfirmationView } from './confirmation-view.tsx';
import { useStoreDetails } from './use-store-details.ts';

/** On confirmation, closing the checkout goes home (spec 2.5), for the close link and 'Back to the shop' alike. */
const CLOSE = { type: 'checkout.closed' } as const;

export interface ConfirmationScreenProps {
  checkout: CheckoutActorRef;
  countdown?: CountdownActorRef | null;
  settings: ConfirmationSettings;
  now?: () => Date;
  print?: () => void;
}

/** The order confirmation page (spec 2.12). */
export function ConfirmationScreen({ checkout, countdown, settings, now = () => new Date(), print = () => window.print() }: ConfirmationScreenProps) {
  const order = useCheckoutOrder(checkout);
  const loading = useCheckoutTag(checkout, 'loading');
  const loadFailed = useCheckoutTag(checkout, 'loadFailed');
  const problem = useCheckoutProblem(checkout);
  const ready = !loading && !loadFailed && order !== null;
  const read = useStoreDetails(checkout);
  const store = ready && needsStoreDetails(order) ? read : null;
  // Today is the shop's (London) date, whatever the browser's time zone.
  const today = londonDateKey(now());
  const confirmation = useMemo(
    () => (ready ? confirmationOf(order, settings, londonDate(today), store) : null),
    [ready, order, settings, store, today],
  );

  return (
    <CheckoutFrame checkout={checkout} countdown={countdown} page="confirmation" title={messages.orderConfirmation} printable>
      <ConfirmationView
        status={loadFailed ? 'loadFailed' : ready ? 'ready' : 'loading'}
        confirmation={confirmation}
        loadProblem={problem}
        onPrint={print}
        onBackToShop={() => checkout.send(CLOSE)}
        onRetry={() => {
          checkout.send({ type: 'problem.dismissed' });
          checkout.send({ type: 'order.reloadRequested' });
        }}
      />
    </CheckoutFrame>
  );
}
