import { messages } from '#domain/messages.ts';

/** Stands in for the payment response page (inside the payment iframe) until its screen lands. */
export function PaymentResponsePlaceholder() {
  return <h1>{messages.stepPayment}</h1>;
}
