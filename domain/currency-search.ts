/** The calculator's currency search (spec 2.1): by code or plural name, else 'No results found'. */
import type { Currency } from './contract/catalogue.ts';
import { messages } from './messages.ts';

type Searchable = Pick<Currency, 'code' | 'pluralName'>;

export function matchesCurrencySearch(currency: Searchable, text: string): boolean {
  const q = text.trim().toLowerCase();
  return q === '' || currency.code.toLowerCase().includes(q) || currency.pluralName.toLowerCase().includes(q);
}

export function searchCurrencies<C extends Searchable>(currencies: readonly C[], text: string): { currencies: C[]; noResults: string | null } {
  const found = currencies.filter((c) => matchesCurrencySearch(c, text));
  return { currencies: found, noResults: found.length === 0 ? messages.noResults : null };
}
