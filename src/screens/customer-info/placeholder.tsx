import { messages } from '#domain/messages.ts';

/** Stands in for the customer information page until its screen lands; see src/app/router.tsx. */
export function CustomerInfoPlaceholder() {
  return <h1>{messages.stepDetails}</h1>;
}
