/** The calculator's catalogue and quotes (domain/contract/catalogue.ts), for machine tests and paths. */
import type { Currency, Product, QuoteResponse } from '#domain/contract/catalogue.ts';
import type { CalculatorSettings, LoadCalculatorOutput } from '#machines/calculator/calculator.types.ts';
import { makeStore } from './branch-fixtures.ts';

const currency = (code: string, pluralName: string, symbol: string, overrides: Partial<Currency> = {}): Currency => ({
  code,
  pluralName,
  shortName: code,
  symbol,
  purchaseAllowed: true,
  sellBackAllowed: true,
  currencyRestrictions: [],
  ...overrides,
});

export const currencies: Currency[] = [
  currency('EUR', 'Euros', '€'),
  currency('USD', 'US Dollars', '$', { currencyRestrictions: [{ message: 'Only $20 notes and above' }] }),
  currency('TRY', 'Turkish Lira', '₺', { purchaseAllowed: false }),
  currency('THB', 'Thai Baht', '฿', { sellBackAllowed: false }),
];

export const products: Product[] = [
  { id: 1, name: 'Home delivery', transactionType: 'sell', cartsEnabled: true },
  { id: 2, name: 'Click and collect', transactionType: 'sell', cartsEnabled: true },
  { id: 3, name: 'Sell back', transactionType: 'buy', cartsEnabled: true },
];

export const settings: CalculatorSettings = {
  enableSelling: true,
  embeddedMode: false,
  defaultCurrency: 'EUR',
  maxOrderValue: 2500,
};

/** The site's default store: the home-delivery centre, no branch to collect from. */
export const deliveryCentre = makeStore(1, { name: 'Home delivery', isMeta: true });

export const catalogue = (storeId = 1): LoadCalculatorOutput => ({
  currencies,
  products,
  store: makeStore(storeId),
  deliveryCentre,
  content: null,
});

/** 1.2 foreign units per £1; branch 12 sells in 10s, every other branch in 5s. */
export const quoteFor = (storeId: number): QuoteResponse => ({
  rate: 1.2,
  price: 0.8333,
  increment: storeId === 12 ? 10 : 5,
  rateTiers: [],
});
