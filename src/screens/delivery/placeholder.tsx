import { messages } from '#domain/messages.ts';

/** Stands in for the delivery-slot page until its screen lands; see src/app/router.tsx. */
export function DeliveryPlaceholder() {
  return <h1>{messages.stepDelivery}</h1>;
}
