/** The home page's popular currencies and where each one's rate chart is. */
/** The currencies most shoppers come for, in the order the home page lists them. */
export const POPULAR_CURRENCY_CODES = ['EUR', 'USD', 'AED', 'THB', 'AUD', 'JPY', 'CAD', 'CHF'] as const;

/** The rate chart page of a currency against the pound ('/eur-from-gbp', spec 2.13). */
export function chartPathOfCurrency(code: string): string {
  return `/${code.toLowerCase()}-from-gbp`;
}
