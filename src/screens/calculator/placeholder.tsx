import { messages } from '#domain/messages.ts';

/** Stands in for the calculator page until its screen lands; see src/app/router.tsx. */
export function CalculatorPlaceholder({ page }: { page: 'buy' | 'sell' | 'embedded' }) {
  return <h1>{page === 'sell' ? messages.sellTab : messages.buyTab}</h1>;
}
