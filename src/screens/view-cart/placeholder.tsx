import { messages } from '#domain/messages.ts';

/** Stands in for the view-cart page until its screen lands; see src/app/router.tsx. */
export function ViewCartPlaceholder({ flow }: { flow: 'buy' | 'sellBack' }) {
  return <h1 data-flow={flow}>{messages.stepReview}</h1>;
}
