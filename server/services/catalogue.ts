/** Currencies, products, site products, site settings and content blocks (spec 7.2). */
import { asc, eq } from 'drizzle-orm';
import type {
  CalculatorContent,
  CheckoutContent,
  Currency,
  Product,
  SiteProduct,
  SiteSettings,
} from '#domain/contract/catalogue.ts';
import { isProductId } from '#domain/products.ts';
import type { Db } from '../db/client.ts';
import * as t from '../db/schema.ts';
import { notFound } from '../errors.ts';

export type CurrencyRow = typeof t.currencies.$inferSelect;
export type SiteRow = typeof t.sites.$inferSelect;

export async function listCurrencies(db: Db): Promise<Currency[]> {
  const rows = await db.select().from(t.currencies).orderBy(asc(t.currencies.sortOrder));
  const restrictions = await db.select().from(t.currencyRestrictions).orderBy(asc(t.currencyRestrictions.id));
  return rows.map((c) => ({
    code: c.code,
    pluralName: c.pluralName,
    shortName: c.shortName,
    symbol: c.symbol,
    purchaseAllowed: c.purchaseAllowed,
    sellBackAllowed: c.sellBackAllowed,
    currencyRestrictions: restrictions.filter((r) => r.currencyCode === c.code).map((r) => ({ message: r.message })),
  }));
}

export async function findCurrency(db: Db, code: string): Promise<CurrencyRow> {
  const [row] = await db.select().from(t.currencies).where(eq(t.currencies.code, code.toUpperCase()));
  if (row === undefined) throw notFound(`We don't sell or buy the currency ${code.toUpperCase()}.`);
  return row;
}

function toProduct(p: typeof t.products.$inferSelect): Product {
  if (!isProductId(p.id)) throw new Error(`Unexpected product id ${p.id}`);
  return { id: p.id, name: p.name, transactionType: p.transactionType, cartsEnabled: p.cartsEnabled };
}

export async function listProducts(db: Db): Promise<Product[]> {
  return (await db.select().from(t.products).orderBy(asc(t.products.id))).map(toProduct);
}

export async function findSite(db: Db, siteId: number): Promise<SiteRow> {
  const [row] = await db.select().from(t.sites).where(eq(t.sites.id, siteId));
  if (row === undefined) throw notFound(`There is no site ${siteId}.`);
  return row;
}

export async function listSiteProducts(db: Db, siteId: number): Promise<SiteProduct[]> {
  await findSite(db, siteId);
  const rows = await db.select().from(t.siteProducts).where(eq(t.siteProducts.siteId, siteId)).orderBy(asc(t.siteProducts.productId));
  return rows.flatMap((r) => (isProductId(r.productId) ? [{ siteId: r.siteId, productId: r.productId, minSpend: r.minSpend, maxSpend: r.maxSpend }] : []));
}

/**
 * The page settings of spec 6. buyCartId / sellCartId are the caller's open carts when the request
 * carries a valid session token (the route passes them in), null otherwise.
 */
export async function siteSettings(
  db: Db,
  siteId: number,
  carts: { buyCartId: string | null; sellCartId: string | null } = { buyCartId: null, sellCartId: null },
): Promise<SiteSettings> {
  const s = await findSite(db, siteId);
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
  };
}

async function contentBlock(db: Db, key: string, siteId: number | undefined): Promise<unknown> {
  if (siteId !== undefined) {
    const [own] = await db.select().from(t.contentBlocks).where(eq(t.contentBlocks.key, `${key}:${siteId}`));
    if (own !== undefined) return own.body;
  }
  const [row] = await db.select().from(t.contentBlocks).where(eq(t.contentBlocks.key, key));
  if (row === undefined) throw notFound(`There is no ${key} content.`);
  return row.body;
}

/** The calculator's content block; a site with its own wording (the partner site) gets its own. */
export async function calculatorContent(db: Db, siteId?: number): Promise<CalculatorContent> {
  return (await contentBlock(db, 'calculator', siteId)) as CalculatorContent;
}

export async function checkoutContent(db: Db, siteId?: number): Promise<CheckoutContent> {
  return (await contentBlock(db, 'checkout', siteId)) as CheckoutContent;
}
