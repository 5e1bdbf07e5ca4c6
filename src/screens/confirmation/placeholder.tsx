import { messages } from '#domain/messages.ts';

/** Stands in for the order confirmation page until its screen lands; see src/app/router.tsx. */
export function ConfirmationPlaceholder() {
  return <h1>{messages.orderConfirmation}</h1>;
}
