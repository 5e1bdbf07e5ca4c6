import type { CalculatorContent, CheckoutContent, Currency, Product, ProductId, Quote, RatesBoard, SiteProduct, SiteSettings, TransactionType } from '#domain/contract/catalogue.ts';
import { firstPageApiRoutes as apiRoutes } from '#domain/contract/routes.ts';
import { schemaIn, type ApiClient, type CallOptions } from './client.ts';

/** The contract's schemas, loaded with the HTTP client when a call is made. */
const contract = () => import('#domain/contract/catalogue.ts');

export interface QuoteRequest {
  siteId: number;
  storeId: number;
  productId: ProductId;
  currencyCode: string;
  transactionType: TransactionType;
  affiliateCode?: string | null;
  /**
   * Back from the loyalty sign-in: the token still says the session has no profile until it is
   * renewed, so the quote carries it anyway and the shop reads the session.
   */
  signInReturn?: boolean;
}

/**
 * The rate, price, increment and tiers for one currency at one branch; the client adds what it
 * asked for. The only catalogue read that may carry the session's token: a signed-in loyalty
 * customer is quoted better rates, so it goes with the token when the token says (or does not say
 * otherwise) that the session has a loyalty profile. Every other catalogue, content and branch
 * read, and the quote for everyone else, is public and sent without it (cacheable by any shared
 * cache, and no CORS preflight on another origin).
 */
export async function fetchQuote(api: ApiClient, request: QuoteRequest, options?: CallOptions): Promise<Quote> {
  let path = apiRoutes.quote.url(request.siteId, request.storeId, request.productId, request.currencyCode);
  if (request.affiliateCode) path += `?${new URLSearchParams({ affiliateCode: request.affiliateCode }).toString()}`;
  const quote = await api.json(apiRoutes.quote, path, schemaIn(contract, 'QuoteResponseSchema'), { auth: request.signInReturn === true ? 'session' : 'profile', ...options });
  return { ...quote, currencyCode: request.currencyCode, productId: request.productId, transactionType: request.transactionType };
}

export function fetchCurrencies(api: ApiClient, options?: CallOptions): Promise<Currency[]> {
  return api.json(apiRoutes.currencies, apiRoutes.currencies.url(), schemaIn(contract, 'CurrenciesResponseSchema'), { ...options, auth: 'none' });
}

/** Only products with carts enabled are offered (spec 7.2). */
export async function fetchProducts(api: ApiClient, options?: CallOptions): Promise<Product[]> {
  const products = await api.json(apiRoutes.products, apiRoutes.products.url(), schemaIn(contract, 'ProductsResponseSchema'), { ...options, auth: 'none' });
  return products.filter((p) => p.cartsEnabled);
}

export function fetchSiteProducts(api: ApiClient, siteId: number, options?: CallOptions): Promise<SiteProduct[]> {
  return api.json(apiRoutes.siteProducts, apiRoutes.siteProducts.url(siteId), schemaIn(contract, 'SiteProductsResponseSchema'), { ...options, auth: 'none' });
}

/** Content calls carry no bearer token (spec 6). */
export function fetchCalculatorContent(api: ApiClient, options?: CallOptions): Promise<CalculatorContent> {
  return api.json(apiRoutes.calculatorContent, apiRoutes.calculatorContent.url(), schemaIn(contract, 'CalculatorContentSchema'), { ...options, auth: 'none' });
}

export function fetchCheckoutContent(api: ApiClient, options?: CallOptions): Promise<CheckoutContent> {
  return api.json(apiRoutes.checkoutContent, apiRoutes.checkoutContent.url(), schemaIn(contract, 'CheckoutContentSchema'), { ...options, auth: 'none' });
}

/** The home page's rates board: today's rates of the popular currencies and their last month. */
export function fetchRatesBoard(api: ApiClient, siteId: number, options?: CallOptions): Promise<RatesBoard> {
  return api.json(apiRoutes.ratesBoard, apiRoutes.ratesBoard.url(siteId), schemaIn(contract, 'RatesBoardSchema'), { ...options, auth: 'none' });
}

export function fetchSiteSettings(api: ApiClient, siteId: number, options?: CallOptions): Promise<SiteSettings> {
  return api.json(apiRoutes.siteSettings, apiRoutes.siteSettings.url(siteId), schemaIn(contract, 'SiteSettingsSchema'), { ...options, auth: 'none' });
}

