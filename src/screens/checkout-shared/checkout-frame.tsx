import type { ReactNode } from 'react';
import type { CheckoutPage as CheckoutPageId } from '#domain/checkout-steps.ts';
import type { ProductId } from '#domain/contract/catalogue.ts';
import { CheckoutHeader, type CountdownActorRef } from '../checkout-header/checkout-header.tsx';
import type { CartRef } from '../header-cart/use-header-cart.ts';
import { CheckoutPage } from './checkout-page.tsx';
import { useCheckoutProblem, useCheckoutTag, type CheckoutActorRef } from './use-checkout.ts';

export interface CheckoutFrameProps {
  checkout: CheckoutActorRef;
  countdown?: CountdownActorRef | null;
  /** The cart, for "Need more time?" in the header. */
  cart?: CartRef | null;
  /** The page this screen is (its step shows while the chart is between pages). */
  page: CheckoutPageId;
  /** The product when the page knows it before the checkout does (the cart's, on the review page). */
  productId?: ProductId | null;
  title: ReactNode;
  aside?: ReactNode;
  printable?: boolean;
  children: ReactNode;
}

/**
 * A checkout page over the checkout actor: its header, the popup for a failed write's problem
 * (a failed load shows its problem in the page instead), and "We've cleared your cart".
 */
export function CheckoutFrame({ checkout, countdown, cart, page, productId, title, aside, printable, children }: CheckoutFrameProps) {
  const problem = useCheckoutProblem(checkout);
  const loadFailed = useCheckoutTag(checkout, 'loadFailed');
  const cartCleared = useCheckoutTag(checkout, 'cartCleared');
  return (
    <CheckoutPage
      header={<CheckoutHeader checkout={checkout} countdown={countdown} cart={cart} page={page} productId={productId} />}
      title={title}
      aside={aside}
      problem={loadFailed ? null : problem}
      onProblemDismissed={() => checkout.send({ type: 'problem.dismissed' })}
      cartCleared={cartCleared}
      printable={printable}
    >
      {children}
    </CheckoutPage>
  );
}
