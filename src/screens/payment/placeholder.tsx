import { messages } from '#domain/messages.ts';

/** Stands in for the hosted payment page until its screen lands; see src/app/router.tsx. */
export function PaymentPlaceholder() {
  return <h1>{messages.stepPayment}</h1>;
}
