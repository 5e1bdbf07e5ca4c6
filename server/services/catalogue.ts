/** Currencies, products, site products, site settings and content blocks (spec 7.2). */
import { and, eq } from 'drizzle-orm';
import type {
  CalculatorContent,
  CheckoutContent,
  Currency,
  Product,
  SiteProduct,
  SiteSettings,
} from '#domain/contract/catalogue.ts';
import { isProductId, PRODUCT } from '#domain/products.ts';
import type { Db } from '../db/client.ts';
import * as t from '../db/schema.ts';
import { notFound } from '../errors.ts';
import type { BankHolidays } from '#domain/cut-off.ts';
import { DEFAULT_SLOT_CONFIG } from './delivery-slots.ts';
import type { CurrencyRow, ProductRow, ReferenceData, SiteRow } from './reference.ts';
import type { SessionRow } from './session.ts';

export type { CurrencyRow, SiteRow } from './reference.ts';

/** A currency as the API answers it, with the restriction messages shown with it. */
export function currencyOf(row: CurrencyRow, restrictions: readonly string[] = []): Currency {
  return {
    code: row.code,
    pluralName: row.pluralName,
    shortName: row.shortName,
    symbol: row.symbol,
    purchaseAllowed: row.purchaseAllowed,
    sellBackAllowed: row.sellBackAllowed,
    currencyRestrictions: restrictions.map((message) => ({ message })),
  };
}

export function listCurrencies(ref: ReferenceData): Currency[] {
  return ref.currencies.map((c) => currencyOf(c, ref.restrictions.get(c.code)));
}

export function findCurrency(ref: ReferenceData, code: string): CurrencyRow {
  const row = ref.currencyByCode.get(code.toUpperCase());
  if (row === undefined) throw notFound(`We don't sell or buy the currency ${code.toUpperCase()}.`);
  return row;
}

function toProduct(p: ProductRow): Product {
  if (!isProductId(p.id)) throw new Error(`Unexpected product id ${p.id}`);
  return { id: p.id, name: p.name, transactionType: p.transactionType, cartsEnabled: p.cartsEnabled };
}

export function listProducts(ref: ReferenceData): Product[] {
  return [...ref.products.values()].sort((a, b) => a.id - b.id).map(toProduct);
}

export function findSite(ref: ReferenceData, siteId: number): SiteRow {
  const row = ref.sites.get(siteId);
  if (row === undefined) throw notFound(`There is no site ${siteId}.`);
  return row;
}

export function listSiteProducts(ref: ReferenceData, siteId: number): SiteProduct[] {
  findSite(ref, siteId);
  return [...ref.siteProducts.values()]
    .filter((r) => r.siteId === siteId)
    .sort((a, b) => a.productId - b.productId)
    .flatMap((r) => (isProductId(r.productId) ? [{ siteId: r.siteId, productId: r.productId, minSpend: r.minSpend, maxSpend: r.maxSpend }] : []));
}

/**
 * The page settings of spec 6. buyCartId / sellCartId are the caller's open carts when the request
 * carries a valid session token (the route passes them in), null otherwise.
 */
export function siteSettings(
  ref: ReferenceData,
  siteId: number,
  carts: { buyCartId: string | null; sellCartId: string | null } = { buyCartId: null, sellCartId: null },
  identificationThresholdGbp?: number,
  bankHolidays?: BankHolidays,
): SiteSettings {
  const s = findSite(ref, siteId);
  return {
    siteId: s.id,
    name: s.name,
    isPartner: s.isPartner,
    isSiteAllowed: s.isSiteAllowed,
    enableSelling: s.enableSelling,
    showMarketingPreference: s.showMarketingPreference,
    marketingDefault: s.marketingDefault,
    showAbtaPreference: s.showAbtaPreference,
    showBuybackGuarantee: s.showBuybackGuarantee,
    showRefundGuarantee: s.showRefundGuarantee,
    showLoyaltyCTA: s.showLoyaltyCta,
    embeddedMode: s.embeddedMode,
    defaultCurrency: s.defaultCurrency,
    maxOrderValue: s.maxOrderValue,
    buybackMinimum: s.buybackMinimum,
    buyCartId: carts.buyCartId,
    sellCartId: carts.sellCartId,
    ...(s.nextUrl === null ? {} : { nextUrl: s.nextUrl }),
    ...(s.errorUrl === null ? {} : { errorUrl: s.errorUrl }),
    ...(s.abandonCartUrl === null ? {} : { abandonCartUrl: s.abandonCartUrl }),
    ...(s.hmrcMsbNumber === null ? {} : { hmrcMsbNumber: s.hmrcMsbNumber }),
    ...(s.supportPhone === null ? {} : { support: { phone: s.supportPhone, hours: s.supportHours ?? '' } }),
    deliveryPrices: { nextDay: DEFAULT_SLOT_CONFIG.nextDayPriceMinor / 100, later: DEFAULT_SLOT_CONFIG.laterPriceMinor / 100 },
    ...(identificationThresholdGbp === undefined ? {} : { identificationThreshold: identificationThresholdGbp }),
    ...(bankHolidays === undefined ? {} : { bankHolidays: { englandAndWales: [...bankHolidays.englandAndWales], scotland: [...bankHolidays.scotland], northernIreland: [...bankHolidays.northernIreland] } }),
  };
}

/**
 * The site settings' buyCartId / sellCartId: the session's cart when it is open and on this site,
 * on the side its product says (a sell-back cart or a buy cart); both null without a session.
 */
export async function openCartsOf(db: Db, session: Pick<SessionRow, 'siteId' | 'cartId'> | null, siteId: number): Promise<{ buyCartId: string | null; sellCartId: string | null }> {
  if (session === null || session.siteId !== siteId || session.cartId === null) return { buyCartId: null, sellCartId: null };
  const [cart] = await db
    .select({ productId: t.carts.productId })
    .from(t.carts)
    .where(and(eq(t.carts.id, session.cartId), eq(t.carts.status, 'open')));
  if (cart === undefined) return { buyCartId: null, sellCartId: null };
  return cart.productId === PRODUCT.SELL_BACK ? { buyCartId: null, sellCartId: session.cartId } : { buyCartId: session.cartId, sellCartId: null };
}

function contentBlock(ref: ReferenceData, key: string, siteId: number | undefined): unknown {
  if (siteId !== undefined) {
    const own = ref.content.get(`${key}:${siteId}`);
    if (own !== undefined) return own;
  }
  const body = ref.content.get(key);
  if (body === undefined) throw notFound(`There is no ${key} content.`);
  return body;
}

/** The calculator's content block; a site with its own wording (the partner site) gets its own. */
export function calculatorContent(ref: ReferenceData, siteId?: number): CalculatorContent {
  return contentBlock(ref, 'calculator', siteId) as CalculatorContent;
}

export function checkoutContent(ref: ReferenceData, siteId?: number): CheckoutContent {
  return contentBlock(ref, 'checkout', siteId) as CheckoutContent;
}

/** Site and currency checks for services that read the database directly (branches). */
export async function assertSite(db: Db, siteId: number): Promise<SiteRow> {
  const [row] = await db.select().from(t.sites).where(eq(t.sites.id, siteId));
  if (row === undefined) throw notFound(`There is no site ${siteId}.`);
  return row;
}

export async function currencyRow(db: Db, code: string): Promise<CurrencyRow> {
  const [row] = await db.select().from(t.currencies).where(eq(t.currencies.code, code.toUpperCase()));
  if (row === undefined) throw notFound(`We don't sell or buy the currency ${code.toUpperCase()}.`);
  return row;
}
