/**
 * The country (or union) whose flag stands for a currency, and that flag as an emoji made of two
 * regional-indicator letters. Decorative only: the currency's code and name always say it in words.
 */
const COUNTRY_OF_CURRENCY: Readonly<Record<string, string>> = {
  EUR: 'EU',
  USD: 'US',
  AUD: 'AU',
  CAD: 'CA',
  NZD: 'NZ',
  CHF: 'CH',
  JPY: 'JP',
  DKK: 'DK',
  NOK: 'NO',
  SEK: 'SE',
  PLN: 'PL',
  CZK: 'CZ',
  HUF: 'HU',
  HKD: 'HK',
  SGD: 'SG',
  THB: 'TH',
  ZAR: 'ZA',
  AED: 'AE',
  INR: 'IN',
  MXN: 'MX',
  CNY: 'CN',
  ILS: 'IL',
  PHP: 'PH',
  MYR: 'MY',
  KRW: 'KR',
  BRL: 'BR',
  SAR: 'SA',
  QAR: 'QA',
  OMR: 'OM',
  KWD: 'KW',
  MUR: 'MU',
  LKR: 'LK',
  TWD: 'TW',
  CLP: 'CL',
  PEN: 'PE',
  TRY: 'TR',
  ISK: 'IS',
  EGP: 'EG',
  MAD: 'MA',
  IDR: 'ID',
  VND: 'VN',
  GBP: 'GB',
};

/** The two-letter country (EU for the euro) of a currency, or null when the shop has none for it. */
export function countryOfCurrency(code: string): string | null {
  return COUNTRY_OF_CURRENCY[code.toUpperCase()] ?? null;
}

const REGIONAL_INDICATOR_A = 0x1f1e6;

/** The flag emoji of a two-letter country code: each letter as its regional-indicator symbol. */
export function flagEmojiOfCountry(country: string): string {
  return [...country.toUpperCase()].map((letter) => String.fromCodePoint(REGIONAL_INDICATOR_A + letter.charCodeAt(0) - 65)).join('');
}

/** The flag emoji of a currency, or null when the shop knows no country for it. */
export function flagEmojiOfCurrency(code: string): string | null {
  const country = countryOfCurrency(code);
  return country ? flagEmojiOfCountry(country) : null;
}

/** The currencies most shoppers come for, in the order the home page lists them. */
export const POPULAR_CURRENCY_CODES = ['EUR', 'USD', 'AED', 'THB', 'AUD', 'JPY', 'CAD', 'CHF'] as const;

/** The rate chart page of a currency against the pound ('/eur-from-gbp', spec 2.13). */
export function chartPathOfCurrency(code: string): string {
  return `/${code.toLowerCase()}-from-gbp`;
}

/** The chart request a page path stands for: '/euro-to-gbp' -> { slug: 'euro', inverted: true }. */
export function chartPathOf(pathname: string): { slug: string; inverted: boolean } | null {
  const m = /^\/([a-z0-9-]+?)-(to|from)-gbp\/?$/i.exec(pathname);
  if (!m?.[1] || !m[2]) return null;
  return { slug: m[1].toLowerCase(), inverted: m[2].toLowerCase() === 'to' };
}
