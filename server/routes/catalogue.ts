/** Catalogue, rates and content routes (spec 7.2). None needs a session; a valid one improves the quote. */
import { Hono } from 'hono';
import * as v from 'valibot';
import type {
  CalculatorContent,
  ChartPoint,
  CheckoutContent,
  Currency,
  Product,
  QuoteResponse,
  SiteProduct,
  SiteSettings,
} from '#domain/contract/catalogue.ts';
import { BoolParam, IntParam } from '#domain/contract/common.ts';
import { apiRoutes, AUTH_HEADER } from '#domain/contract/routes.ts';
import { and, eq } from 'drizzle-orm';
import type { AppEnv } from '../app-env.ts';
import type { Deps } from '../deps.ts';
import * as t from '../db/schema.ts';
import {
  calculatorContent,
  checkoutContent,
  listCurrencies,
  listProducts,
  listSiteProducts,
  siteSettings,
} from '../services/catalogue.ts';
import { quoteFor, rateHistory } from '../services/rates.ts';
import { authenticate, bearerToken, type SessionRow } from '../services/session.ts';
import { validate } from '../validation.ts';

const CurrencyParam = v.pipe(v.string(), v.regex(/^[A-Za-z]{3}$/, 'must be a three-letter ISO currency code'), v.toUpperCase());

const QuoteParams = v.object({ siteId: IntParam, storeId: IntParam, productId: IntParam, currency: CurrencyParam });
const QuoteQuery = v.object({ affiliateCode: v.optional(v.pipe(v.string(), v.maxLength(50))) });
const SiteParams = v.object({ siteId: IntParam });
const SettingsQuery = v.object({ id: IntParam });
const ContentQuery = v.object({ siteId: v.optional(IntParam) });
const ChartParams = v.object({ code: CurrencyParam });
const ChartQuery = v.object({ inverted: v.optional(BoolParam, 'false') });

/**
 * The session of an optional bearer token: content and rate calls work without one, and a token
 * that no longer verifies is treated as none (the client renews it on its own schedule).
 */
async function optionalSession(deps: Deps, header: string | undefined): Promise<SessionRow | null> {
  try {
    const token = bearerToken(header);
    return token === null ? null : await authenticate(deps, token);
  } catch {
    return null;
  }
}

export function catalogueRoutes() {
  const app = new Hono<AppEnv>();

  app.get(apiRoutes.currencies.pattern, async (c) => c.json<Currency[]>(await listCurrencies(c.get('deps').db)));

  app.get(apiRoutes.products.pattern, async (c) => c.json<Product[]>(await listProducts(c.get('deps').db)));

  app.get(apiRoutes.siteProducts.pattern, validate('param', SiteParams), async (c) =>
    c.json<SiteProduct[]>(await listSiteProducts(c.get('deps').db, c.req.valid('param').siteId)),
  );

  app.get(apiRoutes.calculatorContent.pattern, validate('query', ContentQuery), async (c) =>
    c.json<CalculatorContent>(await calculatorContent(c.get('deps').db, c.req.valid('query').siteId)),
  );

  app.get(apiRoutes.checkoutContent.pattern, validate('query', ContentQuery), async (c) =>
    c.json<CheckoutContent>(await checkoutContent(c.get('deps').db, c.req.valid('query').siteId)),
  );

  app.get(apiRoutes.siteSettings.pattern, validate('query', SettingsQuery), async (c) => {
    const deps = c.get('deps');
    const { id } = c.req.valid('query');
    const session = await optionalSession(deps, c.req.header(AUTH_HEADER));
    let carts = { buyCartId: null as string | null, sellCartId: null as string | null };
    if (session !== null && session.siteId === id && session.cartId !== null) {
      const [cart] = await deps.db
        .select({ productId: t.carts.productId })
        .from(t.carts)
        .where(and(eq(t.carts.id, session.cartId), eq(t.carts.status, 'open')));
      if (cart !== undefined) {
        carts = cart.productId === 3 ? { buyCartId: null, sellCartId: session.cartId } : { buyCartId: session.cartId, sellCartId: null };
      }
    }
    return c.json<SiteSettings>(await siteSettings(deps.db, id, carts));
  });

  app.get(apiRoutes.quote.pattern, validate('param', QuoteParams), validate('query', QuoteQuery), async (c) => {
    const deps = c.get('deps');
    const p = c.req.valid('param');
    const session = await optionalSession(deps, c.req.header(AUTH_HEADER));
    const quote = await quoteFor(deps, {
      siteId: p.siteId,
      storeId: p.storeId,
      productId: p.productId,
      currencyCode: p.currency,
      hasProfile: session !== null && session.siteId === p.siteId && session.hasProfile,
      affiliateCode: c.req.valid('query').affiliateCode ?? null,
    });
    return c.json<QuoteResponse>({ rate: quote.rate, price: quote.price, increment: quote.increment, rateTiers: quote.rateTiers });
  });

  app.get(apiRoutes.currencyConverter.pattern, validate('param', ChartParams), validate('query', ChartQuery), async (c) =>
    c.json<ChartPoint[]>(await rateHistory(c.get('deps').db, c.req.valid('param').code, c.req.valid('query').inverted)),
  );

  return app;
}
