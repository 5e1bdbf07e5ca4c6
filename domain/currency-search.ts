/**
 * The calculator's currency search (spec 2.1): by code or plural name, else 'No results found';
 * the popular currencies first (in the home page's order), then the rest in the shop's order.
 */
import type { Currency } from './contract/catalogue.ts';
import { POPULAR_CURRENCY_CODES } from './currency-flags.ts';
import { messages } from './messages.ts';

const POPULAR_RANK = new Map<string, number>(POPULAR_CURRENCY_CODES.map((code, i) => [code, i]));

/** Whether a currency is one of the popular ones the picker lists first. */
export function isPopularCurrency(code: string): boolean {
  return POPULAR_RANK.has(code);
}

type Searchable = Pick<Currency, 'code' | 'pluralName'>;

export function matchesCurrencySearch(currency: Searchable, text: string): boolean {
  const q = text.trim().toLowerCase();
  return q === '' || currency.code.toLowerCase().includes(q) || currency.pluralName.toLowerCase().includes(q);
}

export function searchCurrencies<C extends Searchable>(currencies: readonly C[], text: string): { currencies: C[]; noResults: string | null } {
  const rank = (c: C) => POPULAR_RANK.get(c.code) ?? POPULAR_RANK.size;
  // Array.prototype.sort is stable: the rest keep the shop's order.
  const found = currencies.filter((c) => matchesCurrencySearch(c, text)).sort((a, b) => rank(a) - rank(b));
  return { currencies: found, noResults: found.length === 0 ? messages.noResults : null };
}
