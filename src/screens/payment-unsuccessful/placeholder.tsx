import { messages } from '#domain/messages.ts';

/** Stands in for the payment unsuccessful page until its screen lands; see src/app/router.tsx. */
export function PaymentUnsuccessfulPlaceholder() {
  return <h1>{messages.paymentUnsuccessful}</h1>;
}
