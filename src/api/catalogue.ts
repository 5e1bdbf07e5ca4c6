import {
  CalculatorContentSchema,
  CheckoutContentSchema,
  CurrenciesResponseSchema,
  ProductsResponseSchema,
  QuoteResponseSchema,
  SiteProductsResponseSchema,
  SiteSettingsSchema,
  type CalculatorContent,
  type CheckoutContent,
  type Currency,
  type Product,
  type ProductId,
  type Quote,
  type SiteProduct,
  type SiteSettings,
  type TransactionType,
} from '#domain/contract/catalogue.ts';
import { apiRoutes } from '#domain/contract/routes.ts';
import type { ApiClient, CallOptions } from './client.ts';

export interface QuoteRequest {
  siteId: number;
  storeId: number;
  productId: ProductId;
  currencyCode: string;
  transactionType: TransactionType;
  affiliateCode?: string | null;
}

/** The rate, price, increment and tiers for one currency at one branch; the client adds what it asked for. */
export async function fetchQuote(api: ApiClient, request: QuoteRequest, options?: CallOptions): Promise<Quote> {
  let path = apiRoutes.quote.url(request.siteId, request.storeId, request.productId, request.currencyCode);
  if (request.affiliateCode) path += `?${new URLSearchParams({ affiliateCode: request.affiliateCode }).toString()}`;
  const quote = await api.json(apiRoutes.quote, path, QuoteResponseSchema, options);
  return { ...quote, currencyCode: request.currencyCode, productId: request.productId, transactionType: request.transactionType };
}

export function fetchCurrencies(api: ApiClient, options?: CallOptions): Promise<Currency[]> {
  return api.json(apiRoutes.currencies, apiRoutes.currencies.url(), CurrenciesResponseSchema, options);
}

/** Only products with carts enabled are offered (spec 7.2). */
export async function fetchProducts(api: ApiClient, options?: CallOptions): Promise<Product[]> {
  const products = await api.json(apiRoutes.products, apiRoutes.products.url(), ProductsResponseSchema, options);
  return products.filter((p) => p.cartsEnabled);
}

export function fetchSiteProducts(api: ApiClient, siteId: number, options?: CallOptions): Promise<SiteProduct[]> {
  return api.json(apiRoutes.siteProducts, apiRoutes.siteProducts.url(siteId), SiteProductsResponseSchema, options);
}

/** Content calls carry no bearer token (spec 6). */
export function fetchCalculatorContent(api: ApiClient, options?: CallOptions): Promise<CalculatorContent> {
  return api.json(apiRoutes.calculatorContent, apiRoutes.calculatorContent.url(), CalculatorContentSchema, { ...options, auth: 'none' });
}

export function fetchCheckoutContent(api: ApiClient, options?: CallOptions): Promise<CheckoutContent> {
  return api.json(apiRoutes.checkoutContent, apiRoutes.checkoutContent.url(), CheckoutContentSchema, { ...options, auth: 'none' });
}

export function fetchSiteSettings(api: ApiClient, siteId: number, options?: CallOptions): Promise<SiteSettings> {
  return api.json(apiRoutes.siteSettings, apiRoutes.siteSettings.url(siteId), SiteSettingsSchema, options);
}

