import { useSelector } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import { messages } from '#domain/messages.ts';
import type { CountdownActorRef } from '../checkout-header/checkout-header.tsx';
import type { CartRef } from '../header-cart/use-header-cart.ts';
import { CheckoutFrame } from '../checkout-shared/checkout-frame.tsx';
import { orderSummaryOf, type FeeLineSettings } from '#domain/order-summary.ts';
import { OrderSummaryView } from '../checkout-shared/order-summary-view.tsx';
import {
  useCheckoutCan,
  useCheckoutOrder,
  useCheckoutProblem,
  useCheckoutTag,
  usePaymentFrameRef,
  usePaymentUrl,
  type CheckoutActorRef,
} from '../checkout-shared/use-checkout.ts';
import { PaymentView } from './payment-view.tsx';
import { ProviderUnavailableView } from './provider-unavailable-view.tsx';

export interface PaymentScreenProps {
  checkout: CheckoutActorRef;
  countdown?: CountdownActorRef | null;
  /** The cart, for "Need more time?" in the checkout header. */
  cart?: CartRef | null;
  settings: FeeLineSettings;
  /** The window whose messages are forwarded (the payment response page posts to it). */
  messageSource?: Pick<Window, 'addEventListener' | 'removeEventListener'>;
}

/** /checkout/payment over the checkout actor and its payment frame child. */
export function PaymentScreen({ checkout, countdown, cart, settings, messageSource = window }: PaymentScreenProps) {
  const order = useCheckoutOrder(checkout);
  const paymentUrl = usePaymentUrl(checkout);
  const formShown = useCheckoutTag(checkout, 'paymentFormShown');
  const loadFailed = useCheckoutTag(checkout, 'loadFailed');
  const problem = useCheckoutProblem(checkout);
  const frame = usePaymentFrameRef(checkout);
  const notice = useSelector(frame, (s) => s?.context.notice ?? null);
  const summary = useMemo(() => (order ? orderSummaryOf(order, settings) : null), [order, settings]);
  // Issue 45 part 1: the card provider is unavailable; the chart says what is offered.
  const providerUnavailable = useCheckoutTag(checkout, 'providerUnavailable');
  const reserveOffered = useCheckoutTag(checkout, 'reserveOffered');
  const reserving = useCheckoutTag(checkout, 'reserving');
  const canReserve = useCheckoutCan(checkout, { type: 'reservation.requested' });
  const canRetryCard = useCheckoutCan(checkout, { type: 'payment.retried' });
  // A home delivery's way to a branch instead (issue 45 part 1).
  const findingBranches = useCheckoutTag(checkout, 'findingBranches');
  const choosingBranch = useCheckoutTag(checkout, 'choosingBranch');
  const switching = useCheckoutTag(checkout, 'switching');
  const collectionBranches = useSelector(checkout, (s) => s.context.collectionBranches);

  // Every message is handed over untouched: the payment frame chart decides whose to trust.
  useEffect(() => {
    const onMessage = (event: MessageEvent) => checkout.send({ type: 'frame.messageReceived', origin: event.origin, data: event.data });
    messageSource.addEventListener('message', onMessage as EventListener);
    return () => messageSource.removeEventListener('message', onMessage as EventListener);
  }, [checkout, messageSource]);

  return (
    <CheckoutFrame
      checkout={checkout}
      countdown={countdown} cart={cart}
      page="payment"
      title={messages.paymentTitle}
      aside={<OrderSummaryView summary={summary} />}
    >
      {providerUnavailable ? (
        <ProviderUnavailableView
          offer={reserveOffered ? 'reserve' : 'switchOrRetry'}
          branchName={order?.store.name ?? ''}
          reserving={reserving}
          canReserve={canReserve}
          canRetry={canRetryCard}
          onReserve={() => checkout.send({ type: 'reservation.requested' })}
          onRetry={() => checkout.send({ type: 'payment.retried' })}
          switchStep={switching ? 'switching' : choosingBranch ? 'choosing' : findingBranches ? 'finding' : 'offered'}
          branches={collectionBranches}
          onSwitch={() => checkout.send({ type: 'collection.switchRequested' })}
          onBranchChosen={(storeId) => checkout.send({ type: 'collection.branchChosen', storeId })}
          onSwitchCancelled={() => checkout.send({ type: 'collection.switchCancelled' })}
        />
      ) : (
        <PaymentView
          status={loadFailed ? 'loadFailed' : formShown ? 'ready' : 'loading'}
          paymentUrl={formShown ? paymentUrl : null}
          notice={notice}
          loadProblem={problem}
          onRetry={() => {
            checkout.send({ type: 'problem.dismissed' });
            checkout.send({ type: 'order.reloadRequested' });
          }}
        />
      )}
    </CheckoutFrame>
  );
}
