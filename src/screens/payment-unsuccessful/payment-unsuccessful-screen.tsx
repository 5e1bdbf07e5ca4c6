import { useState } from 'react';
import { messages } from '#domain/messages.ts';
import type { CountdownActorRef } from '../checkout-header/checkout-header.tsx';
import type { CartRef } from '../header-cart/use-header-cart.ts';
import { CheckoutFrame } from '../checkout-shared/checkout-frame.tsx';
import { useCheckoutCan, useCheckoutProblem, useCheckoutTag, type CheckoutActorRef } from '../checkout-shared/use-checkout.ts';
import { PaymentUnsuccessfulView } from './payment-unsuccessful-view.tsx';

const TRY_AGAIN = { type: 'payment.retried' } as const;
const LEAVE = { type: 'checkout.left' } as const;
const VELOCITY_HOME = { type: 'velocity.homeRequested' } as const;

export interface PaymentUnsuccessfulScreenProps {
  checkout: CheckoutActorRef;
  countdown?: CountdownActorRef | null;
  /** The cart, for "Need more time?" in the checkout header. */
  cart?: CartRef | null;
}

/** /checkout/payment-unsuccessful, the checkout's error address (spec 2.11). */
export function PaymentUnsuccessfulScreen({ checkout, countdown, cart }: PaymentUnsuccessfulScreenProps) {
  const loading = useCheckoutTag(checkout, 'loading');
  const loadFailed = useCheckoutTag(checkout, 'loadFailed');
  const velocityLimited = useCheckoutTag(checkout, 'velocityLimited');
  const abandoning = useCheckoutTag(checkout, 'abandoning');
  const cartCleared = useCheckoutTag(checkout, 'cartCleared');
  const leaving = abandoning || cartCleared;
  const canTryAgain = useCheckoutCan(checkout, TRY_AGAIN);
  const canLeave = useCheckoutCan(checkout, LEAVE);
  const problem = useCheckoutProblem(checkout);
  const [velocityDismissed, setVelocityDismissed] = useState(false);
  // The modal stays open, its button busy, while the checkout it asked to leave is abandoned.
  const [homeRequested, setHomeRequested] = useState(false);

  return (
    // An order the velocity check refused never reached payment: the page does not say it failed.
    <CheckoutFrame checkout={checkout} countdown={countdown} cart={cart} page="unsuccessful" title={velocityLimited ? messages.velocityTitle : messages.unsuccessfulTitle}>
      <PaymentUnsuccessfulView
        status={loadFailed ? 'loadFailed' : loading ? 'loading' : 'ready'}
        canTryAgain={canTryAgain}
        canLeave={canLeave}
        leaving={leaving && !homeRequested}
        leavingHome={leaving && homeRequested}
        velocityModalOpen={(velocityLimited && !velocityDismissed) || (leaving && homeRequested)}
        loadProblem={problem}
        onTryAgain={() => checkout.send(TRY_AGAIN)}
        onLeave={() => checkout.send(LEAVE)}
        onVelocityHome={() => {
          setHomeRequested(true);
          checkout.send(VELOCITY_HOME);
        }}
        onVelocityDismiss={() => setVelocityDismissed(true)}
        onRetryLoad={() => {
          checkout.send({ type: 'problem.dismissed' });
          checkout.send({ type: 'order.reloadRequested' });
        }}
      />
    </CheckoutFrame>
  );
}
