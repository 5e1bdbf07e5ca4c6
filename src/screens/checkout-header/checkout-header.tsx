import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { activeStepOf, checkoutSteps, type CheckoutPage } from '#domain/checkout-steps.ts';
import type { ProductId } from '#domain/contract/catalogue.ts';
import type { CountdownView } from '#domain/countdown.ts';
import type { countdownMachine } from '#machines/cart/countdown.machine.ts';
import {
  useCheckoutCan,
  useCheckoutPage,
  useCheckoutProductId,
  useCheckoutStepBar,
  useCheckoutTag,
  type CheckoutActorRef,
} from '../checkout-shared/use-checkout.ts';
import { useMoreTime, type CartRef } from '../header-cart/use-header-cart.ts';
import { CheckoutHeaderView } from './checkout-header-view.tsx';

export type CountdownActorRef = ActorRefFrom<typeof countdownMachine>;

const CLOSE = { type: 'checkout.closed' } as const;

/** The countdown's readout, or null once it has stopped (confirmation) or when there is none. */
export function useCountdownView(countdown: CountdownActorRef | null | undefined): CountdownView | null {
  return useSelector(countdown ?? undefined, (s) => (s === undefined || s.status !== 'active' ? null : s.context.view));
}

export interface CheckoutHeaderProps {
  checkout: CheckoutActorRef;
  /** The cart's countdown child, when the visitor has a cart. */
  countdown?: CountdownActorRef | null;
  /** The cart, for "Need more time?" beside the countdown. */
  cart?: CartRef | null;
  /** The page on screen, for the step bar while the chart is between pages (leaving, opening). */
  page: CheckoutPage;
  /** The product when the page knows it before the checkout does (the cart's, on the review page). */
  productId?: ProductId | null;
}

export function CheckoutHeader({ checkout, countdown, cart, page: shownPage, productId: knownProductId }: CheckoutHeaderProps) {
  const stepBar = useCheckoutStepBar(checkout);
  const chartProductId = useCheckoutProductId(checkout);
  const productId = knownProductId ?? chartProductId;
  const steps = knownProductId != null ? checkoutSteps(productId) : stepBar.steps;
  const { active } = stepBar;
  const page = useCheckoutPage(checkout) ?? shownPage;
  const view = useCountdownView(countdown);
  const moreTime = useMoreTime(cart, view);
  const canClose = useCheckoutCan(checkout, CLOSE);
  const closing = useCheckoutTag(checkout, 'abandoning');
  const onConfirmation = page === 'confirmation';
  return (
    <CheckoutHeaderView
      steps={steps}
      activeStep={active ?? activeStepOf(page, productId)}
      countdown={onConfirmation ? null : view}
      moreTime={onConfirmation ? null : moreTime.view}
      onMoreTime={moreTime.extend}
      closeMode={onConfirmation ? 'home' : 'abandon'}
      canClose={canClose}
      closing={closing}
      onClose={() => checkout.send(CLOSE)}
    />
  );
}
